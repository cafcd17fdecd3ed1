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

// userSetting is a setting on the wire: read in a change, answered with
// its description.
type userSetting struct {
	Key         string `json:"key"`
	Value       string `json:"value"`
	Description string `json:"description"`
}

// userSettings are the settings' wire shape.
func userSettings(list []explorer.UserSetting) []userSetting {
	out := make([]userSetting, len(list))
	for i, s := range list {
		out[i] = userSetting(s)
	}
	return out
}

func (h *handler) getSettings(c *fiber.Ctx) error {
	list, err := h.accounts.Settings(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(userSettings(list))
}

func (h *handler) putSettings(c *fiber.Ctx) error {
	var body []userSetting
	if err := decodeJSON(c, &body, false); err != nil {
		return err
	}
	in := make([]explorer.UserSetting, len(body))
	for i, s := range body {
		in[i] = explorer.UserSetting(s)
	}
	list, err := h.accounts.UpdateSettings(c.UserContext(), in)
	if err != nil {
		return err
	}
	return noContentOr(c, func() (any, error) { return userSettings(list), nil })
}
