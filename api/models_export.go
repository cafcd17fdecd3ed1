package api

import (
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
	version, err := tablefile.ParseVersion(c.Query("version"))
	if err != nil {
		return err
	}
	e, err := h.models.ExportModel(c.UserContext(), id, version)
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
