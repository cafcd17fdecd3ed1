package accounts_test

import (
	"strings"
	"testing"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/internal/testkit"
	"explorer/internal/wording"
	"explorer/projects"
)

// An import the paying account cannot pay is refused before anything is
// stored or queued; an admin's overdraft lets it through, audited; while
// the account is below what it may owe, explore and apply are refused
// too. The ledger names each import's project.
func TestImportRefusedWithoutCredits(t *testing.T) {
	e := testkit.New(t, testkit.EnforceCredits)
	e.AddUser("root", explorer.RoleAdmin)
	e.AddUser("ann", "")
	ann := e.As("ann")
	content, _ := testkit.SurveyCSV(300)
	cost, err := e.Svc.ImportCost(ann, testkit.CSVFile(content))
	if err != nil || cost.Rows != 300 || cost.Credits != 300 || cost.Balance != 500 || !cost.Payable() {
		t.Fatalf("cost %+v %v, want 300 rows for 300 of 500 credits", cost, err)
	}
	p := e.ImportProject("ann", "First", content)
	// 200 credits left: 300 more rows are refused, naming cost and balance.
	cost, err = e.Svc.ImportCost(ann, testkit.CSVFile(content))
	if err != nil || cost.Balance != 200 || cost.Payable() {
		t.Fatalf("second cost %+v %v", cost, err)
	}
	_, err = e.Svc.SubmitImport(ann, projects.ImportProjectInput{Title: "Second", File: testkit.CSVFile(content)}, int64(len(content)), nil)
	if explorer.ErrorCode(err) != explorer.EPAYMENT || !strings.Contains(err.Error(), "300 credits") || !strings.Contains(err.Error(), "200 credits") {
		t.Fatalf("over the balance: %v, want payment_required naming 300 and 200 credits", err)
	}
	if c := explorer.AsError(err).Cost; c == nil || c.Credits != 300 || c.Balance != 200 {
		t.Fatalf("refusal cost %+v", c)
	}
	_, err = e.Svc.ImportProject(ann, projects.ImportProjectInput{Title: "Second", File: testkit.CSVFile(content)})
	if explorer.ErrorCode(err) != explorer.EPAYMENT {
		t.Fatalf("synchronous import: %v", err)
	}
	_, err = e.Svc.AppendProjectRows(ann, p.ID, testkit.CSVFile(content))
	if explorer.ErrorCode(err) != explorer.EPAYMENT {
		t.Fatalf("append over the balance: %v", err)
	}
	list, err := e.Svc.Projects(ann)
	if err != nil || len(list) != 1 {
		t.Fatalf("projects after refusals: %d %v, want only the first", len(list), err)
	}
	jobs, err := e.Svc.Jobs(ann)
	if err != nil || len(jobs) != 0 {
		t.Fatalf("jobs after refusals: %d %v, want none queued", len(jobs), err)
	}
	if got, _ := e.Svc.Credits(ann); got != 200 {
		t.Fatalf("balance %d after refusals, want 200", got)
	}

	// An admin allows 150 credits of overdraft: 300 rows now pass (to -100).
	root := explorer.WithRequest(e.As("root"), explorer.RequestInfo{Addr: "192.0.2.9", ID: "r1"})
	if err := e.Svc.SetOverdraft(ann, "ann", 150); explorer.ErrorCode(err) != explorer.EFORBIDDEN {
		t.Fatalf("overdraft by a user: %v, want forbidden", err)
	}
	if err := e.Svc.SetOverdraft(root, "ann", -1); explorer.ErrorCode(err) != explorer.EINVALID {
		t.Fatalf("negative overdraft: %v", err)
	}
	if err := e.Svc.SetOverdraft(root, "ann", 150); err != nil {
		t.Fatal(err)
	}
	events, _, err := e.Svc.AuditEvents(e.As("root"), explorer.AuditFilter{Action: explorer.ActionCreditsOverdraft})
	if err != nil || len(events) != 1 || events[0].Target != "ann" || !strings.Contains(events[0].Detail, "150 credits") {
		t.Fatalf("audit of the overdraft: %+v %v", events, err)
	}
	q := e.ImportProject("ann", "Second", content)
	if got, _ := e.Svc.Credits(ann); got != -100 {
		t.Fatalf("balance %d, want -100", got)
	}
	l, err := e.Svc.CreditLedger(ann, 10)
	if err != nil || len(l.Entries) < 2 {
		t.Fatalf("ledger %+v %v", l, err)
	}
	if top := l.Entries[0]; top.ProjectID != q.ID || !strings.Contains(top.Description, "“Second”") || top.Credits != -300 {
		t.Fatalf("ledger entry %+v, want the import of Second", top)
	}
	if prev := l.Entries[1]; prev.ProjectID != p.ID || !strings.Contains(prev.Description, "“First”") {
		t.Fatalf("ledger entry %+v, want the import of First", prev)
	}

	// The overdraft withdrawn, the account owes more than it may:
	// exploring and applying are refused until credits are bought.
	if err := e.Svc.SetOverdraft(root, "ann", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.SubmitExplore(ann, p.ID, "", projects.ExploreOptions{}); explorer.ErrorCode(err) != explorer.EPAYMENT {
		t.Fatalf("explore while overdrawn: %v", err)
	}
	if _, err := e.Svc.BuyCredits(ann, 100); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Svc.SubmitExplore(ann, p.ID, "", projects.ExploreOptions{}); err != nil {
		t.Fatalf("explore at zero: %v", err)
	}
}

// A server that only tracks credits refuses nothing: the balance goes
// below zero as before.
func TestTrackedCreditsRefuseNothing(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	content, _ := testkit.SurveyCSV(600)
	e.ImportProject("ann", "Big", content)
	if got, _ := e.Svc.Credits(e.As("ann")); got != -100 {
		t.Fatalf("balance %d, want -100", got)
	}
	// Where credits are only counted, nothing says they are low: nothing
	// is refused and nothing is sold.
	if low, err := e.Svc.CreditsLow(e.As("ann")); err != nil || low != nil {
		t.Fatalf("low credits while tracked: %+v %v", low, err)
	}
}

func TestRefusedImportsNamesTheOverdraft(t *testing.T) {
	if got := accounts.RefusedImports(0); got != "Imports that cost more than the balance are refused" {
		t.Errorf("no overdraft: %q", got)
	}
	if got := accounts.RefusedImports(2000); got != "Imports that would take the balance below -2,000 credits are refused" {
		t.Errorf("overdraft: %q", got)
	}
}

// The low-balance mail goes once per billing cycle, when usage first
// leaves the balance under a tenth of the monthly credits; the banner's
// state says so on every page.
func TestLowCreditsMailOncePerCycle(t *testing.T) {
	srv, sender := testkit.MailServer(t)
	e := testkit.New(t, testkit.EnforceCredits, func(o *explorer.Options) { o.Mailer = sender })
	e.AddUser("ann", "")
	_, err := e.Svc.UpdateSettings(e.As("ann"), []explorer.UserSetting{{Key: "emailAddress", Value: "ann@example.com"}})
	must(t, err)
	ann := e.As("ann")
	low, err := e.Svc.CreditsLow(ann)
	if err != nil || low != nil {
		t.Fatalf("low at 500: %+v %v", low, err)
	}
	rows := func(n int) []byte { b, _ := testkit.SurveyCSV(n); return b }
	e.ImportProject("ann", "Big", rows(440)) // 60 left: not under 50
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("%d mails at 60 credits", n)
	}
	e.ImportProject("ann", "More", rows(20)) // 40 left
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("%d mails at 40 credits, want 1", n)
	}
	msgs := srv.Wait(1, 5*time.Second)
	if len(msgs) != 1 || msgs[0].To[0] != "ann@example.com" || !strings.Contains(msgs[0].Subject, "40 credits left") {
		t.Fatalf("messages %+v", msgs)
	}
	low, err = e.Svc.CreditsLow(ann)
	if err != nil || low == nil || low.Balance != 40 || low.Line != 50 || low.Monthly != 500 {
		t.Fatalf("low %+v %v", low, err)
	}
	e.ImportProject("ann", "Again", rows(10)) // 30 left: no second mail this cycle
	if n := testkit.SendDue(t, e.Services.Notifications); n != 0 {
		t.Fatalf("%d more mails in the same cycle", n)
	}
	// The next cycle brings 500 credits (530); using 490 leaves 40 again:
	// one mail of the new cycle.
	e.Clock.Advance(32 * 24 * time.Hour)
	e.ImportProject("ann", "Next month", rows(490))
	if n := testkit.SendDue(t, e.Services.Notifications); n != 1 {
		t.Fatalf("%d mails in the next cycle, want 1", n)
	}
	if msgs := srv.Wait(2, 5*time.Second); len(msgs) != 2 {
		t.Fatalf("messages %+v", msgs)
	}
}

// The thousands of credits are grouped as people read them.
func TestCreditsText(t *testing.T) {
	for n, want := range map[int64]string{1: "1 credit", 0: "0 credits", 999: "999 credits", 2000: "2,000 credits", -21500: "-21,500 credits", 1234567: "1,234,567 credits"} {
		if got := wording.CreditsText(n); got != want {
			t.Errorf("CreditsText(%d) = %q, want %q", n, got, want)
		}
	}
}
