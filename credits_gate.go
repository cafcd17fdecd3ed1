package explorer

import (
	"context"
	"fmt"
	"strconv"
)

// CreditCost is what a piece of work costs the account that pays for it:
// Rows verbatims at the configured credits each, against the balance the
// account has and the overdraft an admin allowed it.
type CreditCost struct {
	Rows      int
	Credits   int64
	Balance   int64
	Overdraft int64
	// Enforced is false on a server that only tracks credits
	// (BillingOptions.TrackOnly): nothing is refused there.
	Enforced bool
}

// After is the balance once the work is paid.
func (c *CreditCost) After() int64 { return c.Balance - c.Credits }

// Payable reports whether the account may do the work: the balance after
// it stays at or above minus the overdraft.
func (c *CreditCost) Payable() bool { return !c.Enforced || c.After() >= -c.Overdraft }

// refusal is the EPAYMENT error naming the cost and the balance.
func (c *CreditCost) refusal(what string) error {
	has := "the account has " + CreditsText(c.Balance)
	if c.Overdraft > 0 {
		has += fmt.Sprintf(" and may go %s below zero", CreditsText(c.Overdraft))
	}
	msg := fmt.Sprintf("%s uses %s; %s, which cannot pay it", what, CreditsText(c.Credits), has)
	if c.Credits == 0 {
		msg = fmt.Sprintf("%s, more than it may owe: %s is refused until credits are bought", has, what)
	}
	return &Error{Code: EPAYMENT, Message: msg, Cost: c}
}

// CreditsText writes n credits with thousands separators ("2,000 credits",
// "1 credit").
func CreditsText(n int64) string { return CountText(n, "credit", "credits") }

// CountText writes n with its noun in the singular or the plural, grouped
// by thousands: "1 seat", "2,000 topics".
func CountText(n int64, one, many string) string {
	return GroupThousands(n) + " " + Plural(n, one, many)
}

// Plural is the noun n wants: one for 1 and -1, else many.
func Plural(n int64, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

// GroupThousands writes n with commas between groups of three digits
// (-21,500).
func GroupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return sign + s
}

// costFor is what rows verbatims cost u's paying account now. It settles
// the account's cycle first when it is due (in the caller's transaction,
// if any); otherwise it only reads.
func (s *Service) costFor(ctx context.Context, u *User, rows int) (*CreditCost, error) {
	c := &CreditCost{Rows: rows, Credits: int64(rows) * s.billing.CreditsPerVerbatim, Enforced: !s.billing.TrackOnly}
	p, err := s.Payer(ctx, u)
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
func (s *Service) ChargeRows(ctx context.Context, u *User, p *Project, projects, rows int, what string) error {
	if !s.billing.TrackOnly {
		pay, err := s.Payer(ctx, u)
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
func (s *Service) RequireCredits(ctx context.Context, u *User, rows int, what string) error {
	if s.billing.TrackOnly {
		return nil
	}
	c, err := s.costFor(ctx, u, rows)
	if err != nil {
		return err
	}
	if !c.Payable() {
		return c.refusal(what)
	}
	return nil
}

// CountRows counts the verbatims of a table file within the import
// limits, storing nothing: the header is checked and every further
// non-blank row counted.
func (s *Service) countRows(ctx context.Context, src TableSource) (int, error) {
	if src == nil {
		return 0, Invalid("a file is required", FieldError{Field: "file", Message: "is required"})
	}
	n := 0
	_, err := src.StreamTable(ctx, s.tables.ProjectLimits(), nil, func(h []string) error {
		_, err := CheckHeader(h)
		return err
	}, func(int, []string) error {
		n++
		if n%RowBatch == 0 {
			if err := ctx.Err(); err != nil {
				return Errorf(EUNAVAILABLE, "counting cancelled")
			}
		}
		return nil
	})
	return n, err
}

// ImportCost counts the rows of file and answers what importing (or
// appending) it would cost the caller's paying account, storing nothing.
func (s *Service) ImportCost(ctx context.Context, file TableSource) (*CreditCost, error) {
	u, err := ActiveActor(ctx)
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
func (s *Service) RowsCost(ctx context.Context, rows int) (*CreditCost, error) {
	u, err := ActiveActor(ctx)
	if err != nil {
		return nil, err
	}
	return s.costFor(ctx, u, rows)
}

// CheckImportCredits refuses, before anything is stored, an import the
// caller's account cannot pay. The file is counted only when the most
// rows an import may hold could not be paid: otherwise the charge in the
// import's transaction is the check.
func (s *Service) CheckImportCredits(ctx context.Context, u *User, file TableSource, what string) error {
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
	if err := s.requireAdmin(ctx); err != nil {
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
	if err := s.requireAdmin(ctx); err != nil {
		return err
	}
	if credits < 0 || credits > MaxOverdraft {
		return Invalid("an overdraft is from 0 to "+CreditsText(MaxOverdraft), FieldError{Field: "overdraft", Message: fmt.Sprintf("must be from 0 to %d", MaxOverdraft)})
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
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
		return s.audit(ctx, ActionCreditsOverdraft, u.Username, fmt.Sprintf("overdraft %s (was %s)", CreditsText(credits), CreditsText(a.Overdraft)))
	})
}
