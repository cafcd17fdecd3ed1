package accounts_test

import (
	"context"
	"testing"

	"explorer"
)

func code(err error) string { return explorer.ErrorCode(err) }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func ledger(t *testing.T, ctx context.Context, svc *explorer.Service) *explorer.Ledger {
	t.Helper()
	l, err := svc.CreditLedger(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func entriesOf(l *explorer.Ledger, kind string) []*explorer.CreditEntry {
	var out []*explorer.CreditEntry
	for _, e := range l.Entries {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}
