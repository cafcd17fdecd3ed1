package explorer

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// StorageBudgetMax is the largest storage budget: 1 PiB.
const StorageBudgetMax = 1 << 50

// StorageStore counts the bytes each user stores. The store methods that
// write a model's versions, a pole or a project charge the bytes they add
// to the owner of the object, in the same transaction, and its deletes
// Give them back (package store says what counts); the Service reads
// what a transaction charged to refuse what passes a budget.
type StorageStore interface {
	// StorageUsed returns the bytes charged to a user.
	StorageUsed(ctx context.Context, userID int64) (int64, error)
	// StorageCharged returns what the transaction of ctx charged a user
	// so far (zero outside a transaction or when nothing).
	StorageCharged(ctx context.Context, userID int64) StorageCharge
}

// StorageCharge is what one transaction charged a user: the bytes added
// (negative when it freed more) and the user's bytes after the last
// charge. A charge also reads the user's storage budget override, in its
// own statement (Override, nil when the server's budget holds; Read
// says a charge read it), so that the check of the budget costs no round
// trip of its own.
type StorageCharge struct {
	Added, Used int64
	Override    *int64
	Read        bool
}

// StorageUse is what a user stores against its storage budget.
type StorageUse struct {
	Used, Budget int64
}

// Storage returns the caller's storage use and budget.
func (s *Service) Storage(ctx context.Context) (StorageUse, error) {
	u, err := Actor(ctx)
	if err != nil {
		return StorageUse{}, err
	}
	used, err := s.store.StorageUsed(ctx, u.ID)
	if err != nil {
		return StorageUse{}, err
	}
	b, err := s.budgetsOf(ctx, u.ID)
	if err != nil {
		return StorageUse{}, err
	}
	return StorageUse{Used: used, Budget: b.Storage}, nil
}

// WithinStorage runs write in the caller's transaction and refuses it
// with ETOOLARGE when it made what owner stores grow past owner's
// storage budget: the transaction then rolls back, so nothing is stored.
// A write that stores less than before (or as much) always passes. It
// reads the budget only when the write's charges did not (StorageCharge).
func (s *Service) WithinStorage(ctx context.Context, owner int64, write func() error) error {
	before := s.store.StorageCharged(ctx, owner)
	if err := write(); err != nil {
		return err
	}
	after := s.store.StorageCharged(ctx, owner)
	grown := after.Added - before.Added
	if grown <= 0 {
		return nil
	}
	budget, err := s.storageBudget(ctx, owner, after)
	if err != nil || after.Used <= budget {
		return err
	}
	return StorageExceeded(ctx, owner, budget, after.Used-grown, grown)
}

// storageBudget is owner's storage budget: with the override the charge c
// read in the transaction when it read one, else read now.
func (s *Service) storageBudget(ctx context.Context, owner int64, c StorageCharge) (int64, error) {
	if c.Read {
		return BudgetOverride{Storage: c.Override}.apply(s.budgets).Storage, nil
	}
	b, err := s.budgetsOf(ctx, owner)
	return b.Storage, err
}

// StorageLeft is what owner may still store, 0 when nothing.
func (s *Service) StorageLeft(ctx context.Context, owner int64) (StorageUse, int64, error) {
	used, err := s.store.StorageUsed(ctx, owner)
	if err != nil {
		return StorageUse{}, 0, err
	}
	b, err := s.budgetsOf(ctx, owner)
	if err != nil {
		return StorageUse{}, 0, err
	}
	return StorageUse{Used: used, Budget: b.Storage}, max(b.Storage-used, 0), nil
}

// StorageExceeded is the error of a write refused by the storage budget:
// it names the budget, what is used and what the write needed.
func StorageExceeded(ctx context.Context, owner, budget, used, more int64) error {
	whose := "storage budget exceeded"
	if u := UserFromContext(ctx); u == nil || u.ID != owner {
		whose = "storage budget of the owner exceeded"
	}
	return Errorf(ETOOLARGE, "%s: %s allowed, %s used, this change needs %s more; delete models, poles or projects to make room (an admin can raise the budget)",
		whose, FormatBytes(budget), FormatBytes(used), FormatBytes(more))
}

// FormatBytes shows a byte count in the largest binary unit it reaches:
// whole units as such ("1 GiB"), below 100 units with one decimal
// ("1.2 GiB", "26.4 MiB"), else whole ("312 MiB"). Values are rounded
// down, so what is used never shows as more than it is.
func FormatBytes(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB"}
	if n < 1024 {
		if n == 1 {
			return "1 byte"
		}
		return fmt.Sprintf("%d bytes", n)
	}
	unit, size := "", int64(1)
	for _, u := range units {
		if n < size*1024 {
			break
		}
		unit, size = u, size*1024
	}
	if n%size == 0 {
		return fmt.Sprintf("%d %s", n/size, unit)
	}
	v := float64(n) / float64(size)
	if v < 100 {
		return fmt.Sprintf("%.1f %s", math.Floor(v*10)/10, unit)
	}
	return fmt.Sprintf("%d %s", n/size, unit)
}

// ParseSize reads a byte count: digits, optionally with a decimal part
// and a unit (B, KiB, MiB, GiB, TiB, or KB, MB, GB, TB in powers of
// ten; any case, spaces allowed). The result is rounded down to whole
// bytes and must be at least 1 byte and at most StorageBudgetMax.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"TIB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1}} {
		if strings.HasSuffix(strings.ToUpper(t), u.suffix) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	bad := fmt.Errorf("invalid size %q: give bytes, or a number with KiB, MiB, GiB or TiB", s)
	if t == "" || strings.ContainsAny(t, "eE+-_xXpP") {
		return 0, bad
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) {
		return 0, bad
	}
	n := math.Floor(v * mult)
	if n < 1 || n > StorageBudgetMax {
		return 0, fmt.Errorf("invalid size %q: give 1 byte to %s", s, FormatBytes(StorageBudgetMax))
	}
	return int64(n), nil
}

// InTxWithinStorage runs fn in one transaction under withinStorage: what
// fn stores for owner is refused, all of it, past owner's budget.
func (s *Service) InTxWithinStorage(ctx context.Context, owner int64, fn func(ctx context.Context) error) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		return s.WithinStorage(ctx, owner, func() error { return fn(ctx) })
	})
}
