package api

import (
	"net/url"

	explorer "explorer"
	"explorer/poles"

	"github.com/gofiber/fiber/v2"
)

// rejectionsBody is the body of POST /poles/{id}/rejections.
type rejectionsBody struct {
	Terms []string `json:"terms"`
}

// rejectionJSON is one declined term on the wire.
type rejectionJSON struct {
	Term    string `json:"term"`
	Created int64  `json:"created"`
}

// rejectionsResponse is the answer of GET and POST /poles/{id}/rejections.
type rejectionsResponse struct {
	Size       int             `json:"size"`
	Rejections []rejectionJSON `json:"rejections"`
}

func rejectionsOf(list []poles.PoleRejection) rejectionsResponse {
	out := rejectionsResponse{Size: len(list), Rejections: make([]rejectionJSON, len(list))}
	for i, r := range list {
		out.Rejections[i] = rejectionJSON{Term: r.Term, Created: r.Created.UnixMilli()}
	}
	return out
}

func (h *handler) listPoleRejections(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	list, err := h.poles.PoleRejections(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(rejectionsOf(list))
}

func (h *handler) rejectPoleTerms(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var b rejectionsBody
	if err := decodeJSON(c, &b, false); err != nil {
		return err
	}
	list, err := h.poles.RejectPoleTerms(c.UserContext(), id, b.Terms)
	if err != nil {
		return err
	}
	return c.JSON(rejectionsOf(list))
}

func (h *handler) unrejectPoleTerm(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	term, err := url.PathUnescape(c.Params("term"))
	if err != nil {
		const msg = "must be a percent-encoded term"
		return explorer.Invalid("term "+msg, explorer.FieldError{Field: "term", Message: msg})
	}
	if err := h.poles.UnrejectPoleTerm(c.UserContext(), id, term); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
