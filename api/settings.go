package api

import (
	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// settingsRoutes registers the settings operations.
func (h *handler) settingsRoutes(r fiber.Router) {
	r.Get("/account/settings", h.getSettings)
	r.Put("/account/settings", h.putSettings)
}

func (h *handler) getSettings(c *fiber.Ctx) error {
	list, err := h.svc.Settings(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(list)
}

func (h *handler) putSettings(c *fiber.Ctx) error {
	var in []explorer.UserSetting
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	list, err := h.svc.UpdateSettings(c.UserContext(), in)
	if err != nil {
		return err
	}
	return noContentOr(c, func() (any, error) { return list, nil })
}
