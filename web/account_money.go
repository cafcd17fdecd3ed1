package web

import (
	"fmt"
	"strconv"

	explorer "explorer"
	"explorer/accounts"
	"explorer/views/account"

	"github.com/gofiber/fiber/v2"
)

// moneyRoutes adds the plan, seat and credit changes. Each is previewed
// first (GET …/preview, or a POST without confirmed=yes): the page shows
// what the service computes it will charge and add, and only the
// confirmation posted from the preview moves money.
func (s *server) moneyRoutes(r fiber.Router) {
	money := func(path, form string, tab tabView, preview func(c *fiber.Ctx) (*account.Preview, error), apply func(c *fiber.Ctx, shown []accounts.Shown) (string, error)) {
		show := func(c *fiber.Ctx) error {
			p, err := preview(c)
			return s.accountAnswer(c, tab, form, "", err, &accountState{preview: p})
		}
		r.Get(path+"/preview", show)
		r.Post(path, func(c *fiber.Ctx) error {
			if c.FormValue("confirmed") != "yes" {
				return show(c)
			}
			var shown []accounts.Shown
			if cents, err := strconv.ParseInt(c.FormValue("shown"), 10, 64); err == nil {
				shown = append(shown, accounts.Shown{ChargeCents: cents})
			}
			notice, err := apply(c, shown)
			if explorer.ErrorCode(err) == explorer.ECONFLICT && len(shown) > 0 {
				// The charge changed since the preview: show the new one.
				if p, perr := preview(c); perr == nil {
					return s.accountAnswer(c, tab, form, "", err, &accountState{preview: p})
				}
			}
			return s.accountAnswer(c, tab, form, notice, err, nil)
		})
	}
	money("/account/product", "plan", accountTab, s.previewPlan, func(c *fiber.Ctx, shown []accounts.Shown) (string, error) {
		target := c.FormValue("handle")
		p, err := s.accounts.ChangeProduct(ctx(c), accounts.PlanChoice{Handle: target}, shown...)
		if err != nil {
			return "", err
		}
		if p.Handle != target {
			return "The change to " + target + " is scheduled for the next billing cycle.", nil
		}
		return "You are now on the " + p.Name + " plan.", nil
	})
	money("/account/seats", "seats", accountTab, s.previewSeats, func(c *fiber.Ctx, shown []accounts.Shown) (string, error) {
		n, err := formInt(c.FormValue("seats"), "seats")
		if err != nil {
			return "", err
		}
		if _, err := s.accounts.ChangeSeats(ctx(c), int(n), shown...); err != nil {
			return "", err
		}
		return "You have " + strconv.FormatInt(n, 10) + " seats.", nil
	})
	money("/account/credits", "credits", creditsTab, s.previewCredits, func(c *fiber.Ctx, shown []accounts.Shown) (string, error) {
		n, err := formInt(c.FormValue("quantity"), "the quantity")
		if err != nil {
			return "", err
		}
		if _, err := s.accounts.BuyCredits(ctx(c), n, shown...); err != nil {
			return "", err
		}
		return fmt.Sprintf("%d credits bought.", n), nil
	})
}

func (s *server) previewPlan(c *fiber.Ctx) (*account.Preview, error) {
	handle := c.FormValue("handle", c.Query("handle"))
	e, err := s.accounts.PreviewProduct(ctx(c), accounts.PlanChoice{Handle: handle})
	if err != nil {
		return nil, err
	}
	p := s.preview(c, e, "/account/product", "handle", handle)
	if e.Kind == accounts.EffectDowngrade {
		p.Title = "Downgrade from " + e.From.Name + " to " + e.To.Name
		p.Confirm = "Confirm: schedule the downgrade"
	} else {
		p.Title = "Upgrade from " + e.From.Name + " to " + e.To.Name
		p.Confirm = "Confirm: pay " + p.Charge + " and upgrade"
	}
	return p, nil
}

func (s *server) previewSeats(c *fiber.Ctx) (*account.Preview, error) {
	n, err := formInt(c.FormValue("seats", c.Query("seats")), "seats")
	if err != nil {
		return nil, err
	}
	e, err := s.accounts.PreviewSeats(ctx(c), int(n))
	if err != nil {
		return nil, err
	}
	p := s.preview(c, e, "/account/seats", "seats", strconv.FormatInt(n, 10))
	p.Title = fmt.Sprintf("From %d to %d seats", e.SeatsBefore, e.Seats)
	p.Confirm = fmt.Sprintf("Confirm: pay %s for %d seats", p.Charge, e.Seats)
	if e.ChargeCents == 0 {
		p.Confirm = fmt.Sprintf("Confirm: %d seats", e.Seats)
	}
	return p, nil
}

func (s *server) previewCredits(c *fiber.Ctx) (*account.Preview, error) {
	n, err := formInt(c.FormValue("quantity", c.Query("quantity")), "the quantity")
	if err != nil {
		return nil, err
	}
	e, err := s.accounts.PreviewCredits(ctx(c), n)
	if err != nil {
		return nil, err
	}
	p := s.preview(c, e, "/account/credits", "quantity", strconv.FormatInt(n, 10))
	p.Title = fmt.Sprintf("Buy %d credits", n)
	p.Confirm = "Confirm: pay " + p.Charge
	return p, nil
}

// preview shows a billing effect; the confirmation posts field=value to
// action.
func (s *server) preview(c *fiber.Ctx, e *accounts.BillingEffect, action, field, value string) *account.Preview {
	p := &account.Preview{Action: action, Field: field, Value: value, ChargeCents: e.ChargeCents, Charge: formatMoney(e.ChargeCents, e.Currency),
		Credits: e.Credits, Balance: e.Balance, After: e.BalanceAfter, Payer: e.Payer, Nothing: e.Kind == accounts.EffectNone}
	if u, ok := c.Locals("user").(*explorer.User); ok && u.Username == e.Payer {
		p.Payer = "you"
	}
	if e.Days > 0 {
		p.Proration = fmt.Sprintf("%d of the %d days left in this billing cycle", e.DaysLeft, e.Days)
	}
	if e.Kind == accounts.EffectDowngrade {
		p.Effective = formatTime(c, e.Effective) + ", at the start of the next billing cycle"
	}
	return p
}
