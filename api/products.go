package api

import (
	"explorer/accounts"

	"github.com/gofiber/fiber/v2"
)

// productsRoutes registers the products operations.
func (h *handler) productsRoutes(r fiber.Router) {
	r.Get("/products", h.getProducts)
}

// productPlan is a ProductPlan; the last three fields are extensions.
type productPlan struct {
	ID                 int64  `json:"id"`
	Name               string `json:"name"`
	Handle             string `json:"handle"`
	Description        string `json:"description"`
	MonthlyCostInCents int64  `json:"monthlyCostInCents"`
	Currency           string `json:"currency"`
	IncludedCredits    int64  `json:"includedCredits"`
	SeatPriceInCents   int64  `json:"seatPriceInCents"`
	CreditsPerSeat     int64  `json:"creditsPerSeat"`
}

func toProductPlan(p *accounts.Plan) productPlan {
	return productPlan{
		ID: p.ID, Name: p.Name, Handle: p.Handle, Description: p.Description,
		MonthlyCostInCents: p.MonthlyCostCents, Currency: p.Currency,
		IncludedCredits: p.IncludedCredits, SeatPriceInCents: p.SeatPriceCents, CreditsPerSeat: p.CreditsPerSeat,
	}
}

func (h *handler) getProducts(c *fiber.Ctx) error {
	list, err := h.accounts.Products(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]productPlan, 0, len(list))
	for _, p := range list {
		out = append(out, toProductPlan(p))
	}
	return c.JSON(out)
}
