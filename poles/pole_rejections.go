package poles

import (
	"context"
	"fmt"

	"explorer"
)

// PoleRejections lists the terms declined for a pole the caller may edit,
// newest first.
func (s *Service) PoleRejections(ctx context.Context, id int64) ([]PoleRejection, error) {
	if _, err := s.Pole(ctx, id); err != nil {
		return nil, err
	}
	return s.poleRejections(ctx, id)
}

func (s *Service) poleRejections(ctx context.Context, id int64) ([]PoleRejection, error) {
	list, err := s.store.FindPoleRejections(ctx, id)
	return explorer.NonNil(list), err
}

// RejectPoleTerms declines terms as suggestions for a pole the caller may
// edit; they are never suggested for it again. Terms already declined are
// kept as they are. It answers the pole's declined terms.
func (s *Service) RejectPoleTerms(ctx context.Context, id int64, terms []string) ([]PoleRejection, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	clean, err := validateRejections(terms)
	if err != nil {
		return nil, err
	}
	var out []PoleRejection
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.FindPole(ctx, id, true)
		if err != nil {
			return err
		}
		if _, err := s.PoleRight(ctx, u, p); err != nil {
			return err
		}
		have, err := s.poleRejections(ctx, id)
		if err != nil {
			return err
		}
		if n := countNewKeys(have, clean); len(have)+n > PoleRejectionsMax {
			msg := fmt.Sprintf("a pole keeps at most %d declined terms", PoleRejectionsMax)
			return explorer.Invalid(msg, explorer.FieldError{Field: "terms", Message: msg})
		}
		// What declined terms store counts in the owner's budget.
		if err := s.root.WithinStorage(ctx, p.OwnerID, func() error { return s.store.AddPoleRejections(ctx, id, clean, s.clock.Now()) }); err != nil {
			return err
		}
		out, err = s.poleRejections(ctx, id)
		return err
	})
	return out, err
}

// UnrejectPoleTerm takes term off a pole's declined terms (compared by
// TermKey): it may be suggested again.
func (s *Service) UnrejectPoleTerm(ctx context.Context, id int64, term string) error {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.FindPole(ctx, id, true)
		if err != nil {
			return err
		}
		if _, err := s.PoleRight(ctx, u, p); err != nil {
			return err
		}
		err = s.store.DeletePoleRejection(ctx, id, explorer.TermKey(term))
		if explorer.ErrorCode(err) == explorer.ENOTFOUND {
			return explorer.Errorf(explorer.ENOTFOUND, "pole %d has not declined that term", id)
		}
		return err
	})
}

// validateRejections checks the terms of a rejection request and returns
// them trimmed, each key once.
func validateRejections(terms []string) ([]string, error) {
	var fields []explorer.FieldError
	if len(terms) == 0 {
		fields = append(fields, explorer.FieldError{Field: "terms", Message: "must name at least one term"})
	}
	if len(terms) > PoleRejectionsMax {
		fields = append(fields, explorer.FieldError{Field: "terms", Message: fmt.Sprintf("must name at most %d terms", PoleRejectionsMax)})
		terms = nil
	}
	parts := make([]PartInput, len(terms))
	for i, t := range terms {
		parts[i] = PartInput{Term: t}
	}
	checked, pf := validateParts("terms", parts)
	for _, f := range pf {
		// validateParts names terms[i].term; here the list holds strings.
		f.Field = f.Field[:len(f.Field)-len(".term")]
		fields = append(fields, f)
	}
	if len(fields) > 0 {
		return nil, explorer.Invalid("invalid terms: "+fields[0].Field+" "+fields[0].Message, fields...)
	}
	seen := make(map[string]bool, len(checked))
	out := make([]string, 0, len(checked))
	for _, p := range checked {
		if k := explorer.TermKey(p.Term); !seen[k] {
			seen[k] = true
			out = append(out, p.Term)
		}
	}
	return out, nil
}

// countNewKeys counts the terms whose keys are not among have.
func countNewKeys(have []PoleRejection, terms []string) int {
	known := make(map[string]bool, len(have))
	for _, r := range have {
		known[explorer.TermKey(r.Term)] = true
	}
	n := 0
	for _, t := range terms {
		if !known[explorer.TermKey(t)] {
			n++
		}
	}
	return n
}

// declinedTerms turns a pole's declined terms into the input of
// WordSpaces.Suggest: each is left out of the suggestions with its
// inflections and spelling variants, and moves no other word.
func declinedTerms(list []PoleRejection) []explorer.WeightedTerm {
	out := make([]explorer.WeightedTerm, 0, len(list))
	for _, r := range list {
		out = append(out, explorer.WeightedTerm{Term: r.Term, Weight: DefaultPartWeight, Declined: true})
	}
	return out
}
