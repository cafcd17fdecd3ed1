package poles

import (
	"context"
	"fmt"
	"slices"

	"explorer"
)

// Poles lists the poles the caller may edit, its own and those of the
// users it manages, by id.
func (s *Service) Poles(ctx context.Context) ([]*Pole, error) {
	list, _, err := s.PolesPage(ctx, explorer.Page{})
	return list, err
}

// PolesPage is the window page of Poles and whether more poles follow.
func (s *Service) PolesPage(ctx context.Context, page explorer.Page) ([]*Pole, bool, error) {
	owners, err := s.poleOwners(ctx)
	if err != nil {
		return nil, false, err
	}
	list, err := s.store.FindPoles(ctx, PoleFilter{OwnerIDs: owners, Page: page})
	if err != nil {
		return nil, false, err
	}
	list, more := explorer.CutToPage(explorer.NonNil(list), page)
	return list, more, nil
}

// PoleList is the window of Poles that q selects (searched by name,
// newest first by default) and how many poles q selects.
func (s *Service) PoleList(ctx context.Context, q explorer.ListQuery) ([]*Pole, int, error) {
	if err := q.Check(explorer.PoleSorts); err != nil {
		return nil, 0, err
	}
	owners, err := s.poleOwners(ctx)
	if err != nil {
		return nil, 0, err
	}
	list, total, err := s.store.ListPoles(ctx, owners, q)
	if err != nil {
		return nil, 0, err
	}
	list, _ = explorer.CutToPage(list, q.Page)
	return list, total, nil
}

// poleOwners are the users whose poles the caller may edit: itself and
// the users it manages.
func (s *Service) poleOwners(ctx context.Context) ([]int64, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	managed, err := s.store.FindManagedUsers(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	owners := []int64{u.ID}
	for _, m := range managed {
		owners = append(owners, m.ID)
	}
	return owners, nil
}

// CreatePole creates a pole owned by the caller.
func (s *Service) CreatePole(ctx context.Context, in PoleInput) (*Pole, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	name, description, lang, fields := validatePoleFields(in.Name, in.Description, in.Language)
	parts, pf := validateParts("parts", in.Parts)
	if fields = append(fields, pf...); len(fields) > 0 {
		return nil, invalidPole(fields)
	}
	parts = mergeParts(nil, parts)
	if err := checkPartsCount(parts); err != nil {
		return nil, err
	}
	now := s.clock.Now()
	p := &Pole{
		Name: name, Description: description, Language: lang, Parts: parts,
		OwnerID: u.ID, Owner: u.Username, Created: now, Updated: now,
	}
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		if err := s.root.CheckOwned(ctx, u.ID, explorer.OwnedPoles); err != nil {
			return err
		}
		return s.root.WithinStorage(ctx, u.ID, func() error { return s.store.CreatePole(ctx, p) })
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Pole returns a pole the caller may edit.
func (s *Service) Pole(ctx context.Context, id int64) (*Pole, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := s.FindPole(ctx, id, false)
	if err != nil {
		return nil, err
	}
	if _, err := s.PoleRight(ctx, u, p); err != nil {
		return nil, err
	}
	return p, nil
}

// UpdatePole replaces the name, description and language of a pole. With
// clearContents its parts are replaced by in.Parts; without, in.Parts are
// appended and terms the pole holds take their new weights. The input is
// validated before the caller's rights are checked.
func (s *Service) UpdatePole(ctx context.Context, id int64, in PoleInput, clearContents bool) (*Pole, error) {
	if _, err := explorer.ActiveActor(ctx); err != nil {
		return nil, err
	}
	name, description, lang, fields := validatePoleFields(in.Name, in.Description, in.Language)
	parts, pf := validateParts("parts", in.Parts)
	if fields = append(fields, pf...); len(fields) > 0 {
		return nil, invalidPole(fields)
	}
	return s.changePole(ctx, id, func(p *Pole) error {
		p.Name, p.Description, p.Language = name, description, lang
		if clearContents {
			p.Parts = mergeParts(nil, parts)
		} else {
			p.Parts = mergeParts(p.Parts, parts)
		}
		return nil
	})
}

// PoleEdit is a partial change of a pole, as the admin pages make them:
// nil fields keep their values.
type PoleEdit struct {
	Name        *string
	Description *string
	Language    *string
	// Set adds parts; terms the pole holds take the new weights.
	Set []PartInput
	// Remove names terms to remove; unknown ones are ignored.
	Remove []string
}

// EditPole changes parts of a pole under the rules of UpdatePole.
func (s *Service) EditPole(ctx context.Context, id int64, e PoleEdit) (*Pole, error) {
	return s.changePole(ctx, id, func(p *Pole) error {
		name, description, lang := p.Name, p.Description, p.Language
		if e.Name != nil {
			name = *e.Name
		}
		if e.Description != nil {
			description = *e.Description
		}
		if e.Language != nil {
			lang = *e.Language
		}
		var fields []explorer.FieldError
		name, description, lang, fields = validatePoleFields(name, description, lang)
		set, pf := validateParts("parts", e.Set)
		if fields = append(fields, pf...); len(fields) > 0 {
			return invalidPole(fields)
		}
		p.Name, p.Description, p.Language = name, description, lang
		p.Parts = mergeParts(removeParts(p.Parts, e.Remove), set)
		return nil
	})
}

// changePole loads a pole the caller may edit, applies change and saves
// it, all in one transaction: a refused change saves nothing.
func (s *Service) changePole(ctx context.Context, id int64, change func(p *Pole) error) (*Pole, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	var out *Pole
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		p, err := s.FindPole(ctx, id, true)
		if err != nil {
			return err
		}
		if _, err := s.PoleRight(ctx, u, p); err != nil {
			return err
		}
		old := slices.Clone(p.Parts)
		if err := change(p); err != nil {
			return err
		}
		if err := checkPartsCount(p.Parts); err != nil {
			return err
		}
		p.Updated = s.clock.Now()
		// Its projects are made stale before the owner's storage counter
		// is charged: the lock order of every transaction (a measurement
		// takes the project, then the counter).
		if _, err := s.root.PoleChanged(ctx, p.ID); err != nil {
			return err
		}
		out = p
		// The pole's owner stores it, also when its manager edits it.
		return s.root.WithinStorage(ctx, p.OwnerID, func() error { return s.store.UpdatePole(ctx, p, old) })
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeletePole deletes a pole; only its owner may. It returns the deleted
// pole.
func (s *Service) DeletePole(ctx context.Context, id int64) (*Pole, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	var out *Pole
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		p, err := s.FindPole(ctx, id, true)
		if err != nil {
			return err
		}
		owner, err := s.PoleRight(ctx, u, p)
		if err != nil {
			return err
		}
		if !owner {
			return explorer.Errorf(explorer.EFORBIDDEN, "only the owner may delete pole %d", id)
		}
		out = p
		if _, err := s.root.PoleChanged(ctx, p.ID); err != nil {
			return err
		}
		if err := s.store.DropPoleFromProjects(ctx, p.ID, p.Name); err != nil {
			return err
		}
		return s.store.DeletePole(ctx, id)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FindPole loads a pole, locked for the transaction when forUpdate.
func (s *Service) FindPole(ctx context.Context, id int64, forUpdate bool) (*Pole, error) {
	var (
		p   *Pole
		err error
	)
	if forUpdate {
		p, err = s.store.FindPoleForUpdate(ctx, id)
	} else {
		p, err = s.store.FindPoleByID(ctx, id)
	}
	if explorer.ErrorCode(err) == explorer.ENOTFOUND {
		return nil, poleNotFound(id)
	}
	return p, err
}

// PoleRight tells whether u owns p; it answers ENOTFOUND when u may not
// edit p at all. The owner and the owner's manager may edit.
func (s *Service) PoleRight(ctx context.Context, u *explorer.User, p *Pole) (owner bool, err error) {
	if p.OwnerID == u.ID {
		return true, nil
	}
	m, err := s.store.FindManager(ctx, p.OwnerID)
	switch {
	case err == nil && m.ID == u.ID:
		return false, nil
	case err != nil && explorer.ErrorCode(err) != explorer.ENOTFOUND:
		return false, err
	}
	return false, poleNotFound(p.ID)
}

func poleNotFound(id int64) error {
	return explorer.Errorf(explorer.ENOTFOUND, "pole %d not found", id)
}

func checkPartsCount(parts []PolePart) error {
	if len(parts) > polePartsMax {
		msg := fmt.Sprintf("a pole holds at most %d terms", polePartsMax)
		return explorer.Invalid(msg, explorer.FieldError{Field: "parts", Message: msg})
	}
	return nil
}
