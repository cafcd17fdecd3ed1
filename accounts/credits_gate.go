package accounts

import (
	"context"
	"fmt"

	"explorer/internal/wording"

	"explorer"
)

// refusal is the EPAYMENT error naming the cost c of what and the
// balance.
func refusal(c *explorer.CreditCost, what string) error {
	has := "the account has " + wording.CreditsText(c.Balance)
	if c.Overdraft > 0 {
		has += fmt.Sprintf(" and may go %s below zero", wording.CreditsText(c.Overdraft))
	}
	msg := fmt.Sprintf("%s uses %s; %s, which cannot pay it", what, wording.CreditsText(c.Credits), has)
	if c.Credits == 0 {
		msg = fmt.Sprintf("%s, more than it may owe: %s is refused until credits are bought", has, what)
	}
	return &explorer.Error{Code: explorer.EPAYMENT, Message: msg, Cost: c}
}

// costFor is what rows verbatims cost u's paying account now. It settles
// the account's cycle first when it is due (in the caller's transaction,
// if any); otherwise it only reads.
func (s *Service) costFor(ctx context.Context, u *explorer.User, rows int) (*explorer.CreditCost, error) {
	c := &explorer.CreditCost{Rows: rows, Credits: int64(rows) * s.billing.CreditsPerVerbatim, Enforced: !s.billing.TrackOnly}
	p, err := s.root.Payer(ctx, u)
	if err != nil {
		return nil, err
	}
	a, err := s.settle(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	c.Overdraft = a.Overdraft
	if c.Balance, err = s.store.CreditBalance(ctx, p.ID); err != nil {
		return nil, err
	}
	return c, nil
}

// ChargeRows refuses rows verbatims the paying account of u cannot pay
// and records the step's usage, in the caller's transaction. The paying
// account's row is locked first: imports of several users paid by one
// account check and charge one after the other, so they cannot all pass
// on one balance.
func (s *Service) ChargeRows(ctx context.Context, u *explorer.User, p *explorer.Project, projects, rows int, what string) error {
	if !s.billing.TrackOnly {
		pay, err := s.root.Payer(ctx, u)
		if err != nil {
			return err
		}
		if err := s.store.LockAccount(ctx, pay.ID); err != nil {
			return err
		}
		if err := s.RequireCredits(ctx, u, rows, what); err != nil {
			return err
		}
	}
	return s.recordUsage(ctx, u.ID, p, projects, rows, s.clock.Now())
}

// RequireCredits refuses, with EPAYMENT, work of rows verbatims by u
// that its paying account cannot pay; what names the work in the message.
// Work that costs nothing (rows 0) is refused only while the account is
// below what it may owe.
func (s *Service) RequireCredits(ctx context.Context, u *explorer.User, rows int, what string) error {
	if s.billing.TrackOnly {
		return nil
	}
	c, err := s.costFor(ctx, u, rows)
	if err != nil {
		return err
	}
	if !c.Payable() {
		return refusal(c, what)
	}
	return nil
}

// CountRows counts the verbatims of a table file within the import
// limits, storing nothing: the header is checked and every further
// non-blank row counted.
func (s *Service) countRows(ctx context.Context, src explorer.TableSource) (int, error) {
	if src == nil {
		return 0, explorer.Invalid("a file is required", explorer.FieldError{Field: "file", Message: "is required"})
	}
	n := 0
	_, err := src.StreamTable(ctx, s.tables.ProjectLimits(), nil, func(h []string) error {
		_, err := explorer.CheckHeader(h)
		return err
	}, func(int, []string) error {
		n++
		if n%explorer.RowBatch == 0 {
			if err := ctx.Err(); err != nil {
				return explorer.Errorf(explorer.EUNAVAILABLE, "counting cancelled")
			}
		}
		return nil
	})
	return n, err
}

// ImportCost counts the rows of file and answers what importing (or
// appending) it would cost the caller's paying account, storing nothing.
func (s *Service) ImportCost(ctx context.Context, file explorer.TableSource) (*explorer.CreditCost, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	n, err := s.countRows(ctx, file)
	if err != nil {
		return nil, err
	}
	return s.costFor(ctx, u, n)
}

// RowsCost answers what rows verbatims cost the caller's paying account,
// and its balance now (after an import: what it paid and what is left).
func (s *Service) RowsCost(ctx context.Context, rows int) (*explorer.CreditCost, error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	return s.costFor(ctx, u, rows)
}

// CheckImportCredits refuses, before anything is stored, an import the
// caller's account cannot pay. The file is counted only when the most
// rows an import may hold could not be paid: otherwise the charge in the
// import's transaction is the check.
func (s *Service) CheckImportCredits(ctx context.Context, u *explorer.User, file explorer.TableSource, what string) error {
	if s.billing.TrackOnly {
		return nil
	}
	if worst, err := s.costFor(ctx, u, s.tables.ProjectLimits().MaxRows); err != nil || worst.Payable() {
		return err
	}
	n, err := s.countRows(ctx, file)
	if err != nil {
		return err
	}
	return s.RequireCredits(ctx, u, n, what)
}

// MaxOverdraft is the largest overdraft an admin may allow, in credits.
const MaxOverdraft = 10_000_000

// Overdraft answers how many credits below zero the account of username
// may go, and its balance. Only admins may ask.
func (s *Service) Overdraft(ctx context.Context, username string) (overdraft, balance int64, err error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return 0, 0, err
	}
	u, err := s.store.FindUserByName(ctx, username)
	if err != nil {
		return 0, 0, err
	}
	a, err := s.settle(ctx, u.ID)
	if err != nil {
		return 0, 0, err
	}
	balance, err = s.store.CreditBalance(ctx, u.ID)
	return a.Overdraft, balance, err
}

// SetOverdraft lets the own account of username go credits below zero
// (0: none), from 0 to MaxOverdraft; it is audited. Only admins may. A
// managed user's work is paid by its manager's account: set it there.
func (s *Service) SetOverdraft(ctx context.Context, username string, credits int64) error {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return err
	}
	if credits < 0 || credits > MaxOverdraft {
		return explorer.Invalid("an overdraft is from 0 to "+wording.CreditsText(MaxOverdraft), explorer.FieldError{Field: "overdraft", Message: fmt.Sprintf("must be from 0 to %d", MaxOverdraft)})
	}
	return s.root.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, username)
		if err != nil {
			return err
		}
		a, err := s.settleTx(ctx, u.ID)
		if err != nil {
			return err
		}
		if err := s.store.SetAccountOverdraft(ctx, u.ID, credits); err != nil {
			return err
		}
		return s.root.Audit(ctx, explorer.AuditEvent{Action: explorer.ActionCreditsOverdraft, Target: u.Username, Detail: fmt.Sprintf("overdraft %s (was %s)", wording.CreditsText(credits), wording.CreditsText(a.Overdraft))})
	})
}

// RefusedImports says which imports an account's credits refuse, given
// how far below zero it may go.
func RefusedImports(overdraft int64) string {
	if overdraft > 0 {
		return "Imports that would take the balance below -" + wording.CreditsText(overdraft) + " are refused"
	}
	return "Imports that cost more than the balance are refused"
}
