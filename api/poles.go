package api

import (
	"encoding/json"
	"errors"
	"fmt"

	explorer "explorer"
	"explorer/poles"

	"github.com/gofiber/fiber/v2"
)

// polesRoutes registers the poles operations.
func (h *handler) polesRoutes(r fiber.Router) {
	r.Get("/poles", h.listPoles)
	r.Post("/poles", h.createPole)
	r.Get("/poles/:id", h.getPole)
	r.Put("/poles/:id", h.updatePole)
	r.Delete("/poles/:id", h.deletePole)
	r.Get("/poles/:id/suggest", h.suggestPoleTerms)
	r.Get("/poles/:id/rejections", h.listPoleRejections)
	r.Post("/poles/:id/rejections", h.rejectPoleTerms)
	r.Delete("/poles/:id/rejections/:term", h.unrejectPoleTerm)
}

// poleBody is a Pole in a request; an id in it is ignored.
type poleBody struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Language    string `json:"language"`
	// Parts are decoded one by one so that errors name their index.
	Parts []json.RawMessage `json:"parts"`
	// PartsOmitted is set in the pole of a suggestion's answer when its
	// parts were cut: such a body replaces no pole's parts.
	PartsOmitted int `json:"partsOmitted"`
}

type partBody struct {
	Term   string   `json:"term"`
	Weight *float64 `json:"weight"`
}

// decodePole reads a Pole request body. A body whose parts were cut (the
// pole of a suggestion's answer sent back, partsOmitted above 0) is
// refused unless its parts are appended: it would drop the parts left out.
func decodePole(c *fiber.Ctx, appending bool) (poles.PoleInput, error) {
	var b poleBody
	if err := decodeJSON(c, &b, false); err != nil {
		return poles.PoleInput{}, err
	}
	if b.PartsOmitted != 0 && !appending {
		msg := "says the parts are not the whole pole's: read the pole with GET /poles/{id}, or append with clearContents=false"
		return poles.PoleInput{}, explorer.Invalid("invalid pole: partsOmitted "+msg, explorer.FieldError{Field: "partsOmitted", Message: msg})
	}
	in := poles.PoleInput{Name: b.Name, Description: b.Description, Language: b.Language}
	var fields []explorer.FieldError
	for i, raw := range b.Parts {
		var p partBody
		if err := json.Unmarshal(raw, &p); err != nil {
			field, msg := fmt.Sprintf("parts[%d]", i), "must be an object with a term and a weight"
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				field += "." + te.Field
				msg = "must be of type " + jsonType(te.Type.Kind().String())
			}
			fields = append(fields, explorer.FieldError{Field: field, Message: msg})
			continue
		}
		in.Parts = append(in.Parts, poles.PartInput{Term: p.Term, Weight: p.Weight})
	}
	if len(fields) > 0 {
		return in, explorer.Invalid("invalid pole: "+fields[0].Field+" "+fields[0].Message, fields...)
	}
	return in, nil
}

// polesResponse is the answer of GET /poles.
type polesResponse struct {
	Size  int     `json:"size"`
	Poles []*pole `json:"poles"`
}

func (h *handler) listPoles(c *fiber.Ctx) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, more, err := h.poles.PolesPage(c.UserContext(), page)
	if err != nil {
		return err
	}
	return sendList(c, page, more, polesResponse{Size: len(list), Poles: toPoles(list)})
}

func (h *handler) createPole(c *fiber.Ctx) error {
	in, err := decodePole(c, false)
	if err != nil {
		return err
	}
	p, err := h.poles.CreatePole(c.UserContext(), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(toPole(p))
}

func (h *handler) getPole(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := h.poles.Pole(c.UserContext(), id)
	if err != nil {
		return err
	}
	return sendTagged(c, toPole(p))
}

func (h *handler) updatePole(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	clear, err := queryBool(c, "clearContents", true)
	if err != nil {
		return err
	}
	in, err := decodePole(c, !clear)
	if err != nil {
		return err
	}
	p, err := h.poles.UpdatePole(c.UserContext(), id, in, clear)
	if err != nil {
		return err
	}
	return noContentOr(c, func() (any, error) { return toPole(p), nil })
}

func (h *handler) deletePole(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := h.poles.DeletePole(c.UserContext(), id)
	if err != nil {
		return err
	}
	return noContentOr(c, func() (any, error) { return toPole(p), nil })
}

func (h *handler) suggestPoleTerms(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	n, ok, err := queryInt(c, "limit")
	if err != nil {
		return err
	}
	var limit *int
	if ok {
		// Out-of-range values are refused by the service; clamp only what
		// would not fit an int.
		l := int(max(min(n, poles.SuggestLimitMax+1), poles.SuggestLimitMin-1))
		limit = &l
	}
	res, err := h.poles.SuggestPoleTerms(c.UserContext(), id, limit)
	if err != nil {
		return err
	}
	return c.JSON(toPoleSuggestions(res))
}
