package web

import (
	"strings"
	"time"

	explorer "explorer"
	"explorer/accounts"
	"explorer/views/account"
	"explorer/views/chart"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
)

// overviewTab is the plan, seats and managers page.
func (s *server) overviewTab(c *fiber.Ctx, h account.Header, st *accountState) (templ.Component, templ.Component, error) {
	cx := ctx(c)
	h.Tab = "account"
	v := account.AccountView{Header: h, Preview: st.preview, MailHint: s.mailHint()}
	a, err := s.accounts.Account(cx)
	if err != nil {
		return nil, nil, err
	}
	for _, u := range a.ManagedUsers {
		v.Managed = append(v.Managed, u.Username)
	}
	for _, inv := range a.PendingInvitations {
		v.Sent = append(v.Sent, account.Invitation{ID: inv.ID, Other: inv.Recipient, Created: formatTime(c, inv.Created)})
	}
	window, err := listWindowOf(c, invitationsKey)
	if err != nil {
		return nil, nil, err
	}
	received, more, err := s.accounts.InvitationsPage(cx, window)
	if err != nil {
		return nil, nil, err
	}
	v.ReceivedPrev, v.ReceivedNext = pagerLinksOf("/account", invitationsKey, window, more)
	for _, inv := range received {
		v.Received = append(v.Received, account.Invitation{ID: inv.ID, Other: inv.Sender, Created: formatTime(c, inv.Created)})
	}
	plans, err := s.accounts.Products(cx)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range plans {
		v.Plans = append(v.Plans, toPlanView(p))
	}
	cur, err := s.accounts.Product(cx)
	if err != nil {
		return nil, nil, err
	}
	v.Plan = toPlanView(cur)
	if m, err := s.accounts.ProductMigration(cx); err == nil {
		v.Migration = &account.Migration{Plan: m.Plan.Name, Date: formatTime(c, m.Effective)}
	} else if explorer.ErrorCode(err) != explorer.ENOTFOUND {
		return nil, nil, err
	}
	seats, err := s.accounts.Seats(cx)
	if err != nil {
		return nil, nil, err
	}
	v.Seats, v.SeatsUsed = seats.Seats, seats.InUse
	if v.Storage, err = s.storageView(c); err != nil {
		return nil, nil, err
	}
	return account.Section(v), account.Page(v), nil
}

// storageView is the caller's storage use as the account page shows it.
func (s *server) storageView(c *fiber.Ctx) (account.Storage, error) {
	use, err := s.svc.Storage(ctx(c))
	if err != nil {
		return account.Storage{}, err
	}
	pct := 100
	if use.Used < use.Budget {
		pct = int(use.Used * 100 / use.Budget)
	}
	return account.Storage{Used: explorer.FormatBytes(use.Used), Budget: explorer.FormatBytes(use.Budget), Percent: pct}, nil
}

func toPlanView(p *accounts.Plan) account.Plan {
	return account.Plan{Handle: p.Handle, Name: p.Name, Description: p.Description, Cost: formatMoney(p.MonthlyCostCents, p.Currency),
		IncludedCredits: p.IncludedCredits, SeatPrice: formatMoney(p.SeatPriceCents, p.Currency)}
}

// balanceEntries is how many recent ledger entries the credits page
// shows and draws.
const balanceEntries = 60

// creditsTab is the credits page.
func (s *server) creditsTab(c *fiber.Ctx, h account.Header, st *accountState) (templ.Component, templ.Component, error) {
	cx := ctx(c)
	h.Tab = "credits"
	h.Page.Title = "Credits"
	v := account.CreditsView{Header: h, Preview: st.preview}
	l, err := s.accounts.CreditLedger(cx, balanceEntries)
	if err != nil {
		return nil, nil, err
	}
	plan, err := s.accounts.Product(cx)
	if err != nil {
		return nil, nil, err
	}
	v.Balance, v.UnitPrice = l.Balance, formatMoney(s.accounts.CreditPriceCents(), plan.Currency)
	me, _ := c.Locals("user").(*explorer.User)
	for _, e := range l.Entries {
		en := account.Entry{Date: formatTime(c, e.Created), Kind: e.Kind, Description: e.Description, Credits: e.Credits}
		if me != nil && e.UserID == me.ID {
			en.ProjectID = e.ProjectID
		}
		v.Entries = append(v.Entries, en)
	}
	for _, ch := range l.Charges {
		v.Charges = append(v.Charges, account.Charge{Date: formatTime(c, ch.Created), Kind: ch.Kind, Description: ch.Description, Amount: formatMoney(ch.AmountCents, ch.Currency)})
	}
	points, start, err := s.accounts.BalanceHistory(cx, balanceEntries)
	if err != nil {
		return nil, nil, err
	}
	events := make([]chart.LineInput, len(points))
	for i, p := range points {
		events[i] = chart.LineInput{Value: p.Balance, Change: p.Entry.Credits, Kind: p.Entry.Kind, Label: formatDate(c, p.Entry.Created)}
	}
	v.Chart = chart.NewLine(start, events)
	return account.CreditsSection(v), account.CreditsPage(v), nil
}

// usageTab is the usage page. Its form's days are both included: the
// page asks the service until the day after the last one (the interface's
// untilDate is exclusive).
func (s *server) usageTab(c *fiber.Ctx, h account.Header, _ *accountState) (templ.Component, templ.Component, error) {
	h.Tab = "usage"
	h.Page.Title = "Usage"
	v := account.UsageView{Header: h, Period: strings.ToUpper(strings.TrimSpace(c.Query("period"))), Since: c.Query("since"), Until: c.Query("until")}
	// Chosen days win; without them, the period (this month by default).
	if v.Since != "" || v.Until != "" {
		v.Period = ""
	} else if v.Period == "" {
		v.Period = accounts.PeriodMonth
	}
	q := accounts.UsageQuery{Period: v.Period, Since: v.Since, Until: v.Until}
	if v.Period == "" {
		until, err := time.Parse(time.DateOnly, strings.TrimSpace(v.Until))
		if err == nil {
			q.Until = until.AddDate(0, 0, 1).Format(time.DateOnly)
		}
		if err == nil && v.Since != "" && until.Format(time.DateOnly) < strings.TrimSpace(v.Since) {
			v.Error = "The last day must not be before the first day."
			q = accounts.UsageQuery{}
		}
	}
	d, err := s.accounts.Usage(ctx(c), q)
	if explorer.ErrorCode(err) == explorer.EINVALID {
		v.Error = usageError(err)
		d, err = s.accounts.Usage(ctx(c), accounts.UsageQuery{})
	}
	if err != nil {
		return nil, nil, err
	}
	row := func(label string, s accounts.UsageSums) account.UsageRow {
		return account.UsageRow{Label: label, Projects: s.ProjectsNonTrialing, Verbatims: s.VerbatimsNonTrialing, ProjectsTrial: s.ProjectsTrialing, VerbatimsTrial: s.VerbatimsTrialing}
	}
	period := formatDate(c, d.From) + " – " + formatDate(c, d.To.AddDate(0, 0, -1))
	v.Rows = []account.UsageRow{row("Today", d.Today), row("This month", d.Month), row(period, d.Period)}
	hist, err := s.accounts.UsageHistory(ctx(c))
	if err != nil {
		return nil, nil, err
	}
	v.Days, v.DaysProjects = usageBars(hist.Days, func(t time.Time) string { return dayLabel(c, t) })
	v.Months, v.MonthsProj = usageBars(hist.Months, func(t time.Time) string { return t.Format("Jan 2006") })
	return account.UsageSection(v), account.UsagePage(v), nil
}

// usageError names the page's fields in an error of the service.
func usageError(err error) string {
	msg := explorer.ErrorMessage(err)
	msg = strings.ReplaceAll(msg, "untilDate", "the last day")
	return strings.ReplaceAll(msg, "sinceDate", "the first day")
}

// usageBars are the verbatims and the projects charts of usage buckets:
// paid plans first, then the trial.
func usageBars(buckets []accounts.UsageBucket, label func(time.Time) string) (verbatims, projects chart.Bars) {
	labels := make([]string, len(buckets))
	vs, ps := make([][]int64, len(buckets)), make([][]int64, len(buckets))
	for i, b := range buckets {
		labels[i] = label(b.Start)
		vs[i] = []int64{b.VerbatimsNonTrialing, b.VerbatimsTrialing}
		ps[i] = []int64{b.ProjectsNonTrialing, b.ProjectsTrialing}
	}
	return chart.NewBars(labels, vs), chart.NewBars(labels, ps)
}

// dayLabel is a day without its year, in the viewer's date format.
func dayLabel(c *fiber.Ctx, t time.Time) string {
	d := formatDate(c, t)
	if l := dates(c).Layout; l == "02/01/2006" || l == "01/02/2006" {
		return d[:5]
	}
	return strings.TrimPrefix(d, t.In(dates(c).Location).Format("2006-"))
}
