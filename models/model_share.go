package models

import (
	"context"
	"strconv"
	"strings"

	"explorer"
)

// normalizeRights reads a rights value in any case; blank is READ.
func normalizeRights(r string) (string, error) {
	switch strings.ToUpper(strings.TrimSpace(r)) {
	case "", explorer.RightsRead:
		return explorer.RightsRead, nil
	case explorer.RightsReadWrite:
		return explorer.RightsReadWrite, nil
	}
	return "", explorer.Invalid("rights must be READ or READ_WRITE", explorer.FieldError{Field: "rights", Message: "must be READ or READ_WRITE"})
}

// ShareModel invites a user to a model with the given rights (blank is
// READ). The caller needs READ_WRITE. Sharing with the owner, or with a
// user who already has access or a pending invitation, is ECONFLICT.
func (s *Service) ShareModel(ctx context.Context, id int64, userID, rights string) (*ModelInvitation, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	userID = strings.TrimSpace(userID)
	if err := explorer.CheckTexts("userId", userID, "rights", rights); err != nil {
		return nil, err
	}
	if userID == "" {
		return nil, explorer.Invalid("userId is required", explorer.FieldError{Field: "userId", Message: "is required"})
	}
	rights, err = normalizeRights(rights)
	if err != nil {
		return nil, err
	}
	var inv *ModelInvitation
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		m, err := s.WritableModel(ctx, u, id)
		if err != nil {
			return err
		}
		to, err := s.store.FindUserByName(ctx, userID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return explorer.Errorf(explorer.ENOTFOUND, "user %s not found", userID)
		}
		if err != nil {
			return err
		}
		if to.ID == m.OwnerID {
			return explorer.Errorf(explorer.ECONFLICT, "%s owns model %d", to.Username, id)
		}
		accesses, err := s.store.FindModelAccesses(ctx, id)
		if err != nil {
			return err
		}
		for _, a := range accesses {
			if a.UserID == to.ID {
				return explorer.Errorf(explorer.ECONFLICT, "%s already has access to model %d", to.Username, id)
			}
		}
		inv = &ModelInvitation{
			Created: s.clock.Now(), Rights: rights, Recipient: explorer.UserRef{UserID: to.Username},
			ModelID: id, SenderID: u.ID, RecipientID: to.ID, Sender: explorer.UserRef{UserID: u.Username},
		}
		err = s.store.CreateModelInvitation(ctx, inv)
		if explorer.ErrorCode(err) == explorer.ECONFLICT {
			return explorer.Errorf(explorer.ECONFLICT, "%s already has a pending invitation to model %d", to.Username, id)
		}
		if err != nil {
			return err
		}
		if err := s.audit(ctx, explorer.ActionModelShare, explorer.ModelTarget(id), "with "+to.Username+" rights "+rights); err != nil {
			return err
		}
		info := m.Info()
		inv.Model = &info
		inv.Delivery, err = s.notifyInvitation(ctx, u, to, inv.ID, *inv.Model, inv.Rights)
		return err
	})
	if err != nil {
		return nil, err
	}
	return inv, nil
}

// ModelInvitationsPage lists the window page of the pending model
// invitations the caller received (all of them for the zero Page) and
// whether more follow.
func (s *Service) ModelInvitationsPage(ctx context.Context, page explorer.Page) ([]ModelInvitation, bool, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, false, err
	}
	list, err := s.store.FindReceivedModelInvitations(ctx, u.ID, page)
	if err != nil {
		return nil, false, err
	}
	list, more := explorer.CutToPage(list, page)
	infos := map[int64]*explorer.ModelInfo{}
	for i := range list {
		info, ok := infos[list[i].ModelID]
		if !ok {
			m, err := s.store.FindModel(ctx, list[i].ModelID, u.ID)
			if err != nil {
				return nil, false, err
			}
			mi := m.Info()
			info = &mi
			infos[m.ID] = info
		}
		list[i].Model = info
	}
	return explorer.NonNil(list), more, nil
}

// receivedInvitation returns a pending invitation whose recipient is u;
// any other is ENOTFOUND.
func (s *Service) receivedInvitation(ctx context.Context, u *explorer.User, id int64) (*ModelInvitation, error) {
	inv, err := s.store.FindModelInvitation(ctx, id)
	if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && inv.RecipientID != u.ID) {
		return nil, explorer.Errorf(explorer.ENOTFOUND, "invitation %d not found", id)
	}
	return inv, err
}

// AcceptModelInvitation gives the caller access to the model with the
// invitation's rights and removes the invitation.
func (s *Service) AcceptModelInvitation(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		inv, err := s.receivedInvitation(ctx, u, id)
		if err != nil {
			return err
		}
		if err := s.deleteModelInvitation(ctx, inv.ID); err != nil {
			return err
		}
		err = s.store.CreateModelAccess(ctx, &ModelAccess{
			Rights: inv.Rights, Created: s.clock.Now(), User: explorer.UserRef{UserID: u.Username},
			ModelID: inv.ModelID, UserID: u.ID,
		})
		if explorer.ErrorCode(err) == explorer.ECONFLICT {
			return explorer.Errorf(explorer.ECONFLICT, "you already have access to model %d", inv.ModelID)
		}
		return err
	})
}

// RejectModelInvitation removes an invitation the caller received.
func (s *Service) RejectModelInvitation(ctx context.Context, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		inv, err := s.receivedInvitation(ctx, u, id)
		if err != nil {
			return err
		}
		return s.deleteModelInvitation(ctx, inv.ID)
	})
}

// RevokeModelInvitation removes a pending invitation to a model; the
// caller needs READ_WRITE.
func (s *Service) RevokeModelInvitation(ctx context.Context, modelID, id int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.WritableModel(ctx, u, modelID); err != nil {
			return err
		}
		inv, err := s.store.FindModelInvitation(ctx, id)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && inv.ModelID != modelID) {
			return explorer.Errorf(explorer.ENOTFOUND, "model %d has no invitation %d", modelID, id)
		}
		if err != nil {
			return err
		}
		return s.deleteModelInvitation(ctx, id)
	})
}

// deleteModelInvitation removes an invitation (answered or revoked) and
// withdraws its mail if it was not sent yet.
func (s *Service) deleteModelInvitation(ctx context.Context, id int64) error {
	if err := s.store.DeleteModelInvitation(ctx, id); err != nil {
		return err
	}
	return s.withdrawInvitationMail(ctx, id)
}

// RemoveModelAccess removes a user's access to a model. The caller needs
// READ_WRITE, or removes its own access.
func (s *Service) RemoveModelAccess(ctx context.Context, modelID, accessID int64) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		m, err := s.VisibleModel(ctx, u, modelID)
		if err != nil {
			return err
		}
		a, err := s.store.FindModelAccess(ctx, accessID)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND || (err == nil && a.ModelID != modelID) {
			return explorer.Errorf(explorer.ENOTFOUND, "model %d has no access %d", modelID, accessID)
		}
		if err != nil {
			return err
		}
		if a.UserID != u.ID && m.Rights != explorer.RightsOwner && m.Rights != explorer.RightsReadWrite {
			return explorer.Errorf(explorer.EFORBIDDEN, "you may only read model %d", modelID)
		}
		if err := s.audit(ctx, explorer.ActionModelAccessRemove, explorer.ModelTarget(modelID), "access "+strconv.FormatInt(accessID, 10)); err != nil {
			return err
		}
		return s.store.DeleteModelAccess(ctx, accessID)
	})
}

// audit records a successful action of the caller on target.
func (s *Service) audit(ctx context.Context, action string, target string, detail string) error {
	return s.root.Audit(ctx, explorer.AuditEvent{Action: action, Target: target, Detail: detail})
}
