package api

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	explorer "explorer"
	"explorer/audit"
)

// auditEventJSON is one record of the audit log on the wire.
type auditEventJSON struct {
	ID        int64  `json:"id"`
	Time      int64  `json:"time"`
	Last      int64  `json:"last"`
	Count     int64  `json:"count"`
	Actor     string `json:"actor"`
	Action    string `json:"action"`
	Target    string `json:"target"`
	Outcome   string `json:"outcome"`
	Client    string `json:"clientAddress"`
	RequestID string `json:"requestId"`
	Detail    string `json:"detail"`
}

func toAuditEventJSON(e *explorer.AuditEvent) auditEventJSON {
	return auditEventJSON{
		ID: e.ID, Time: e.Time.UnixMilli(), Last: e.Last.UnixMilli(), Count: e.Count,
		Actor: e.Actor, Action: e.Action, Target: e.Target, Outcome: e.Outcome,
		Client: e.Addr, RequestID: e.RequestID, Detail: e.Detail,
	}
}

// auditRoutes are the audit log's operations (admins only).
func (h *handler) auditRoutes(r fiber.Router) {
	r.Get("/admin/audit", h.listAudit)
}

// auditFilter reads the query of GET /admin/audit.
func auditFilter(c *fiber.Ctx) (explorer.AuditFilter, error) {
	limit := c.Query("limit")
	if limit == "" {
		limit = strconv.Itoa(audit.PageDefault)
	}
	page, err := explorer.ParsePage(limit, c.Query("offset"))
	if err != nil {
		return explorer.AuditFilter{}, err
	}
	f := explorer.AuditFilter{Page: page, User: c.Query("user"), Action: c.Query("action"), Outcome: c.Query("outcome")}
	if f.Since, err = parseAuditTime("since", c.Query("since")); err != nil {
		return f, err
	}
	f.Until, err = parseAuditTime("until", c.Query("until"))
	return f, err
}

func (h *handler) listAudit(c *fiber.Ctx) error {
	f, err := auditFilter(c)
	if err != nil {
		return err
	}
	events, more, err := h.audit.AuditEvents(c.UserContext(), f)
	if err != nil {
		return err
	}
	out := make([]auditEventJSON, len(events))
	for i, e := range events {
		out[i] = toAuditEventJSON(e)
	}
	return sendList(c, f.Page, more, out)
}

// parseAuditTime reads the since or until of an audit listing (name is
// the parameter): a day yyyy-MM-dd (its start, UTC) or Unix epoch
// milliseconds; blank is the zero time. Anything else is EINVALID naming
// the parameter.
func parseAuditTime(name, v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.DateOnly, v); err == nil {
		return t, nil
	}
	if strings.Trim(v, "0123456789") == "" && len(v) <= 15 {
		n, err := strconv.ParseInt(v, 10, 64)
		if err == nil {
			return time.UnixMilli(n).UTC(), nil
		}
	}
	msg := "must be a day yyyy-MM-dd or Unix epoch milliseconds"
	return time.Time{}, explorer.Invalid(name+" "+msg, explorer.FieldError{Field: name, Message: msg})
}
