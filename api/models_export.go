package api

import (
	"math"

	explorer "explorer"
	"explorer/internal/tablefile"

	"github.com/gofiber/fiber/v2"
)

// exportModel answers a version of a model (query version, else the
// current one) as a model file: format xlsx (the default) or csv.
func (h *handler) exportModel(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	format, err := tablefile.ParseFormat(c.Query("format"))
	if err != nil {
		return err
	}
	version, given, err := queryInt(c, "version")
	if err != nil {
		return err
	}
	if given && version < 1 {
		return explorer.Invalid("query parameter version must be at least 1", explorer.FieldError{Field: "version", Message: "must be at least 1"})
	}
	e, err := h.svc.ExportModel(c.UserContext(), id, int(min(version, math.MaxInt32)))
	if err != nil {
		return err
	}
	d, err := tablefile.NewDownload(e, format)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, d.ContentType)
	c.Set(fiber.HeaderContentDisposition, d.Disposition)
	return c.Send(d.Body)
}
