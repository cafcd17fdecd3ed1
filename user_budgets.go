package explorer

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// The kinds of objects a user owns that UserBudgets bound.
const (
	OwnedModels   = "models"
	OwnedPoles    = "poles"
	OwnedProjects = "projects"
	OwnedTokens   = "tokens"
)

// UserBudgets bound what one user may own and how often it may write.
type UserBudgets struct {
	Models, Poles, Projects, Tokens int
	// WritesPerMinute bounds the writes (requests other than GET, HEAD
	// and OPTIONS) of one user in one minute, counted per instance.
	WritesPerMinute int
	// Storage bounds the bytes the models, poles and projects a user
	// owns store together (storage.go).
	Storage int64
}

// DefaultUserBudgets are the budgets when nothing else is configured.
var DefaultUserBudgets = UserBudgets{Models: 1000, Poles: 10000, Projects: 1000, Tokens: 100, WritesPerMinute: 600, Storage: 1 << 30}

// WithDefaults fills the zero fields of b from DefaultUserBudgets.
func (b UserBudgets) withDefaults() UserBudgets {
	d := DefaultUserBudgets
	for _, f := range []struct{ v, def *int }{{&b.Models, &d.Models}, {&b.Poles, &d.Poles},
		{&b.Projects, &d.Projects}, {&b.Tokens, &d.Tokens}, {&b.WritesPerMinute, &d.WritesPerMinute}} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	if b.Storage <= 0 {
		b.Storage = d.Storage
	}
	return b
}

// BudgetOverride is what an admin set for one user; nil keeps the
// server's budget.
type BudgetOverride struct {
	Models          *int
	Poles           *int
	Projects        *int
	Tokens          *int
	WritesPerMinute *int
	// Storage is in bytes.
	Storage *int64
}

// apply returns b with the override's values.
func (o BudgetOverride) apply(b UserBudgets) UserBudgets {
	for _, f := range []struct {
		v *int
		o *int
	}{{&b.Models, o.Models}, {&b.Poles, o.Poles}, {&b.Projects, o.Projects}, {&b.Tokens, o.Tokens}, {&b.WritesPerMinute, o.WritesPerMinute}} {
		if f.o != nil {
			*f.v = *f.o
		}
	}
	if o.Storage != nil {
		b.Storage = *o.Storage
	}
	return b
}

// BudgetStore keeps the per-user budget overrides and counts what users own.
type BudgetStore interface {
	// CountOwned counts the objects of kind (OwnedModels…) userID owns.
	CountOwned(ctx context.Context, userID int64, kind string) (int, error)
	// FindBudgetOverride returns a user's override (zero when none).
	FindBudgetOverride(ctx context.Context, userID int64) (BudgetOverride, error)
	// SetBudgetOverride replaces a user's override.
	SetBudgetOverride(ctx context.Context, userID int64, o BudgetOverride) error
}

// budgetsOf returns the budgets of a user: the server's, with the user's
// override.
func (s *Service) budgetsOf(ctx context.Context, userID int64) (UserBudgets, error) {
	o, err := s.store.FindBudgetOverride(ctx, userID)
	if err != nil {
		return UserBudgets{}, err
	}
	return o.apply(s.budgets), nil
}

// CheckOwned refuses with ECONFLICT naming the limit when the user already
// owns its budget of kind. Call it in the transaction that creates one.
func (s *Service) CheckOwned(ctx context.Context, userID int64, kind string) error {
	b, err := s.budgetsOf(ctx, userID)
	if err != nil {
		return err
	}
	limit := map[string]int{OwnedModels: b.Models, OwnedPoles: b.Poles, OwnedProjects: b.Projects, OwnedTokens: b.Tokens}[kind]
	n, err := s.store.CountOwned(ctx, userID, kind)
	if err != nil {
		return err
	}
	if n >= limit {
		return Errorf(ECONFLICT, "you own %d %s: the limit of %s per user is %d (an admin can raise it)", n, kind, kind, limit)
	}
	return nil
}

// UserBudgetsOf returns a user's budgets and override; admins only.
func (s *Service) UserBudgetsOf(ctx context.Context, username string) (UserBudgets, BudgetOverride, error) {
	if err := RequireAdmin(ctx); err != nil {
		return UserBudgets{}, BudgetOverride{}, err
	}
	u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
	if err != nil {
		return UserBudgets{}, BudgetOverride{}, err
	}
	o, err := s.store.FindBudgetOverride(ctx, u.ID)
	if err != nil {
		return UserBudgets{}, BudgetOverride{}, err
	}
	return o.apply(s.budgets), o, nil
}

// SetUserBudgets replaces a user's override (nil fields: the server's
// budget); admins only. Values are 1 to 100,000,000, storage 1 byte to
// StorageBudgetMax.
func (s *Service) SetUserBudgets(ctx context.Context, username string, o BudgetOverride) (UserBudgets, error) {
	if err := RequireAdmin(ctx); err != nil {
		return UserBudgets{}, err
	}
	for name, v := range map[string]*int{"models": o.Models, "poles": o.Poles, "projects": o.Projects, "tokens": o.Tokens, "writesPerMinute": o.WritesPerMinute} {
		if v != nil && (*v < 1 || *v > 100_000_000) {
			return UserBudgets{}, Invalid(fmt.Sprintf("%s must be 1 to 100000000", name), FieldError{Field: name, Message: "must be 1 to 100000000"})
		}
	}
	if o.Storage != nil && (*o.Storage < 1 || *o.Storage > StorageBudgetMax) {
		msg := fmt.Sprintf("must be 1 to %d bytes (%s)", int64(StorageBudgetMax), FormatBytes(StorageBudgetMax))
		return UserBudgets{}, Invalid("storage "+msg, FieldError{Field: "storage", Message: msg})
	}
	var b UserBudgets
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
		if err != nil {
			return err
		}
		b = o.apply(s.budgets)
		if err := s.store.SetBudgetOverride(ctx, u.ID, o); err != nil {
			return err
		}
		return s.audit(ctx, ActionUserBudgets, u.Username, o.describe())
	})
	return b, err
}

// UserStorageUsed returns the bytes a user stores; admins only.
func (s *Service) UserStorageUsed(ctx context.Context, username string) (int64, error) {
	if err := RequireAdmin(ctx); err != nil {
		return 0, err
	}
	u, err := s.store.FindUserByName(ctx, strings.TrimSpace(username))
	if err != nil {
		return 0, err
	}
	return s.store.StorageUsed(ctx, u.ID)
}

// ServerBudgets are the budgets of users without an override.
func (s *Service) ServerBudgets() UserBudgets { return s.budgets }

// describe names the override's values for the audit log, such as
// "models=10 storage=server" (server: the server's budget).
func (o BudgetOverride) describe() string {
	var b strings.Builder
	for _, f := range []struct {
		name string
		v    *int64
	}{{"models", intPtr64(o.Models)}, {"poles", intPtr64(o.Poles)}, {"projects", intPtr64(o.Projects)},
		{"tokens", intPtr64(o.Tokens)}, {"writesPerMinute", intPtr64(o.WritesPerMinute)}, {"storage", o.Storage}} {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f.name + "=")
		if f.v == nil {
			b.WriteString("server")
		} else {
			b.WriteString(strconv.FormatInt(*f.v, 10))
		}
	}
	return b.String()
}

func intPtr64(v *int) *int64 {
	if v == nil {
		return nil
	}
	n := int64(*v)
	return &n
}
