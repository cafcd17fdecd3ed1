package projects

import (
	"context"
	"explorer"
	"explorer/poles"
	"fmt"
	"slices"
)

// MaxProjectPoles is the most poles a project is measured with.
const MaxProjectPoles = 20

// MaxPoleProjects is the most projects listed as using one pole.
const MaxPoleProjects = 1000

// ProjectPoles lists the poles a project the caller owns is measured
// with, in the order chosen.
func (s *Service) ProjectPoles(ctx context.Context, id int64) ([]int64, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.root.OwnProject(ctx, u, id); err != nil {
		return nil, err
	}
	return s.store.FindProjectPoles(ctx, id)
}

// SetProjectPoles chooses the poles (at most MaxProjectPoles, each one the
// caller may read, in the language of the project's texts) a project the
// caller owns is measured with; a repeated id counts once. An explored
// project is measured again in the background (its tonality stale until
// then). It answers the poles now chosen.
func (s *Service) SetProjectPoles(ctx context.Context, id int64, poleIDs []int64) ([]int64, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if len(poleIDs) > MaxProjectPoles {
		msg := fmt.Sprintf("a project is measured with at most %d poles", MaxProjectPoles)
		return nil, explorer.Invalid(msg, explorer.FieldError{Field: "poleIds", Message: msg})
	}
	var chosen []int64
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		p, err := s.root.OwnProject(ctx, u, id)
		if err != nil {
			return err
		}
		if chosen, err = s.checkProjectPoles(ctx, u, p, poleIDs); err != nil {
			return err
		}
		if err := s.store.SetProjectPoles(ctx, id, chosen); err != nil {
			return err
		}
		return s.root.MarkStale(ctx, id)
	})
	if err != nil {
		return nil, err
	}
	return chosen, nil
}

// checkProjectPoles returns the distinct poles of ids, each readable by u
// (else ENOTFOUND) and of the project's language (else EINVALID naming
// poleIds[i]).
func (s *Service) checkProjectPoles(ctx context.Context, u *explorer.User, p *explorer.Project, ids []int64) ([]int64, error) {
	lang, err := s.projectLanguage(ctx, u, p)
	if err != nil {
		return nil, err
	}
	chosen := []int64{}
	var fields []explorer.FieldError
	for i, pid := range ids {
		pole, err := s.poles.FindPole(ctx, pid, false)
		if err != nil {
			return nil, err
		}
		if _, err := s.poles.PoleRight(ctx, u, pole); err != nil {
			return nil, err
		}
		if pole.Language != lang {
			fields = append(fields, explorer.FieldError{Field: fmt.Sprintf("poleIds[%d]", i),
				Message: fmt.Sprintf("pole %d is in %s, the project's texts in %s", pid, pole.Language, lang)})
			continue
		}
		if !slices.Contains(chosen, pid) {
			chosen = append(chosen, pid)
		}
	}
	if len(fields) > 0 {
		return nil, explorer.Invalid("a pole's language must be that of the project's texts", fields...)
	}
	return chosen, nil
}

// projectLanguage is the language of a project's texts: that of the
// column last explored, else the project's, else the owner's default.
func (s *Service) projectLanguage(ctx context.Context, u *explorer.User, p *explorer.Project) (string, error) {
	if col := columnIndex(p, p.TextColumn); p.TextColumn != "" && col >= 0 {
		return s.columnLanguage(ctx, u, p, col)
	}
	if p.Language != "" {
		return p.Language, nil
	}
	return s.root.Setting(ctx, u.ID, explorer.SettingDefaultLanguage)
}

// projectPoles loads the poles a project is measured with.
func (s *Service) projectPoles(ctx context.Context, id int64) ([]*poles.Pole, error) {
	ids, err := s.store.FindProjectPoles(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []*poles.Pole
	for _, pid := range ids {
		p, err := s.poles.FindPole(ctx, pid, false)
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// PoleProjects lists the caller's projects measured with a pole it may
// edit.
func (s *Service) PoleProjects(ctx context.Context, poleID int64) ([]*explorer.Project, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	pole, err := s.poles.FindPole(ctx, poleID, false)
	if err != nil {
		return nil, err
	}
	if _, err := s.poles.PoleRight(ctx, u, pole); err != nil {
		return nil, err
	}
	all, err := s.store.FindPoleProjects(ctx, poleID)
	if err != nil {
		return nil, err
	}
	out := []*explorer.Project{}
	for _, p := range all {
		if p.OwnerID == u.ID {
			out = append(out, p)
		}
	}
	return out, nil
}

// TakeDroppedPoles returns, once, the names of the poles deleted while a
// project the caller owns was measured with them.
func (s *Service) TakeDroppedPoles(ctx context.Context, id int64) ([]string, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.root.OwnProject(ctx, u, id); err != nil {
		return nil, err
	}
	return s.store.TakeDroppedPoles(ctx, id)
}

// ProjectTextsLanguage is the language of the texts of a project the
// caller owns, the one its poles must have: the explored column's, else
// the project's, else the caller's default.
func (s *Service) ProjectTextsLanguage(ctx context.Context, id int64) (string, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return "", err
	}
	p, err := s.root.OwnProject(ctx, u, id)
	if err != nil {
		return "", err
	}
	return s.projectLanguage(ctx, u, p)
}
