package web

import (
	"cmp"
	"net/http"
	"net/url"
	"time"

	explorer "explorer"
	"explorer/views/audit"

	"github.com/gofiber/fiber/v2"
)

// auditRoutes registers the admins' page of the audit log.
func (s *server) auditRoutes(r fiber.Router) {
	r.Get("/audit", s.auditPage)
}

// auditFilter reads the filter form: person, action, outcome and the
// days from and to (included), in the viewer's time zone; bad values are
// EINVALID naming the field.
func auditFilter(c *fiber.Ctx, loc *time.Location) (audit.Filter, explorer.AuditFilter, error) {
	v := audit.Filter{User: c.Query("user"), Action: c.Query("action"), Outcome: c.Query("outcome"), From: c.Query("from"), To: c.Query("to")}
	f := explorer.AuditFilter{User: v.User, Action: v.Action, Outcome: v.Outcome}
	day := func(name, s string) (time.Time, error) {
		if s == "" {
			return time.Time{}, nil
		}
		t, err := time.ParseInLocation(time.DateOnly, s, loc)
		if err != nil {
			return t, explorer.Invalid(name+" must be a day yyyy-MM-dd", explorer.FieldError{Field: name, Message: "must be a day yyyy-MM-dd"})
		}
		return t, nil
	}
	var err error
	if f.Since, err = day("from", v.From); err != nil {
		return v, f, err
	}
	if f.Until, err = day("to", v.To); err != nil || f.Until.IsZero() {
		return v, f, err
	}
	f.Until = f.Until.AddDate(0, 0, 1)
	return v, f, nil
}

func (s *server) auditPage(c *fiber.Ctx) error {
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	v := audit.AuditView{Page: page(c, "Audit log", "audit"), Actions: explorer.AuditActions}
	loc := v.Page.Dates.Location
	if loc == nil {
		loc = time.UTC
	}
	form, f, err := auditFilter(c, loc)
	v.Filter = form
	st, q, lerr := readListState(c, "/audit", explorer.AuditSorts)
	st.Q, st.Noun, st.Singular = "", "records", "record"
	st.Filter = url.Values{"user": {form.User}, "action": {form.Action}, "outcome": {form.Outcome}, "from": {form.From}, "to": {form.To}}
	v.List = st
	var list []*explorer.AuditEvent
	if err = cmp.Or(err, lerr); err == nil {
		f.Page, f.Sort, f.Asc = q.Page, q.Sort, !q.Desc
		list, v.List.Total, err = s.auditLog.AuditList(ctx(c), f)
	}
	if err != nil {
		if formStatus(err) == http.StatusInternalServerError || explorer.ErrorCode(err) == explorer.EFORBIDDEN {
			return err
		}
		v.Error = explorer.ErrorMessage(err)
		return render(c, formStatus(err), audit.Page(v))
	}
	for _, e := range list {
		v.Records = append(v.Records, auditRecord(c, e))
	}
	return render(c, http.StatusOK, audit.Page(v))
}

func auditRecord(c *fiber.Ctx, e *explorer.AuditEvent) audit.Record {
	r := audit.Record{Time: dates(c).DateTimeSeconds(e.Time), Count: e.Count, Actor: e.Actor, Action: e.Action, Target: e.Target,
		Failed: e.Outcome == explorer.OutcomeFailure, Addr: e.Addr, Request: e.RequestID, Detail: e.Detail}
	if e.Count > 1 {
		r.Last = dates(c).DateTimeSeconds(e.Last)
	}
	return r
}
