// Package audit is the audit domain: the listing of the audit log for
// admins (its filters checked, its pages and their totals) and its
// retention (the records older than the retention pruned every hour).
// The kernel keeps the record (explorer.AuditEvent, AuditFilter, the
// actions) and the recording every domain calls (explorer.Service.Audit,
// with the folding of sign-ins and refusals); this package only reads and
// prunes what the kernel records. Package domains wires it beside the
// root Service for the edges.
package audit

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"explorer"
)

// Defaults of the audit log's listing and retention.
const (
	// DefaultRetention is how long records are kept (--audit-retention).
	DefaultRetention = 400 * 24 * time.Hour
	// PageDefault is the page of a listing without a limit.
	PageDefault = 100
)

// Store is the persistence the audit domain needs: the kernel's store
// (which records and counts the audit log) and the audit log's listing
// and pruning (LogStore). Package store implements it.
type Store interface {
	explorer.Store
	LogStore
}

// LogStore lists and prunes the audit log.
type LogStore interface {
	// FindAuditEvents lists the records f selects, newest first, reading
	// one more than f.Page's limit (Page.SQL).
	FindAuditEvents(ctx context.Context, f explorer.AuditFilter) ([]*explorer.AuditEvent, error)
	// PruneAuditEvents removes the records older than before and returns
	// how many.
	PruneAuditEvents(ctx context.Context, before time.Time) (int64, error)
}

// Service lists the audit log for admins and prunes it.
type Service struct {
	store Store
	clock explorer.Clock
	log   *slog.Logger
}

// New returns the audit log's Service over store, beside root (made over
// the same store): it takes root's Options (their defaults applied).
func New(root *explorer.Service, store Store) *Service {
	o := root.Options()
	return &Service{store: store, clock: o.Clock, log: o.Logger}
}

// AuditEvents lists the records of the audit log f selects, newest
// first unless f orders otherwise, for admins; more reports whether further records follow. A page
// without a limit is the first 100.
func (s *Service) AuditEvents(ctx context.Context, f explorer.AuditFilter) (events []*explorer.AuditEvent, more bool, err error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return nil, false, err
	}
	if err := checkFilter(&f); err != nil {
		return nil, false, err
	}
	if f.Page.Limit == 0 {
		f.Page.Limit = PageDefault
	}
	list, err := s.store.FindAuditEvents(ctx, f)
	if err != nil {
		return nil, false, err
	}
	events, more = explorer.CutToPage(list, f.Page)
	return events, more, nil
}

// AuditList is the window of the audit log f selects, in f's order, and
// how many records f selects, for admins (the admins' page).
func (s *Service) AuditList(ctx context.Context, f explorer.AuditFilter) ([]*explorer.AuditEvent, int, error) {
	if err := explorer.RequireAdmin(ctx); err != nil {
		return nil, 0, err
	}
	if err := checkFilter(&f); err != nil {
		return nil, 0, err
	}
	events, _, err := s.AuditEvents(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.store.CountAuditEvents(ctx, f)
	return events, total, err
}

// checkFilter validates a filter that came from outside.
func checkFilter(f *explorer.AuditFilter) error {
	f.User = strings.TrimSpace(f.User)
	if err := explorer.CheckText("user", f.User); err != nil {
		return err
	}
	if len(f.User) > 64 {
		return explorer.Invalid("user must be at most 64 characters", explorer.FieldError{Field: "user", Message: "must be at most 64 characters"})
	}
	f.Action = strings.TrimSpace(f.Action)
	if f.Action != "" && !knownAction(f.Action) {
		return explorer.Invalid("action "+f.Action+" is not an audited action", explorer.FieldError{Field: "action", Message: "is not an audited action"})
	}
	if f.Outcome != "" && f.Outcome != explorer.OutcomeSuccess && f.Outcome != explorer.OutcomeFailure {
		return explorer.Invalid("outcome must be success or failure", explorer.FieldError{Field: "outcome", Message: "must be success or failure"})
	}
	return explorer.ListQuery{Sort: f.Sort}.Check(explorer.AuditSorts)
}

func knownAction(a string) bool {
	for _, k := range explorer.AuditActions {
		if k == a {
			return true
		}
	}
	return false
}

// PruneAudit removes the records older than keep and returns how many.
func (s *Service) PruneAudit(ctx context.Context, keep time.Duration) (int64, error) {
	var n int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		n, err = s.store.PruneAuditEvents(ctx, s.clock.Now().Add(-keep))
		return err
	})
	return n, err
}

// RunAuditRetention prunes the records older than keep at once and then
// every hour until ctx ends. cmd/explorer runs it in a goroutine; several
// instances may run it at once (a record is removed once).
func (s *Service) RunAuditRetention(ctx context.Context, keep time.Duration) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := s.PruneAudit(ctx, keep); err != nil {
			if ctx.Err() != nil {
				return
			}
			s.log.Error("pruning the audit log", "err", err)
		} else if n > 0 {
			s.log.Info("pruned the audit log", "records", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
