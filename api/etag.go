package api

import (
	"errors"
	"strconv"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// versionETag is the entity tag of a model at a version: "<version>".
func versionETag(version int) string {
	return `"` + strconv.Itoa(version) + `"`
}

// ifMatchVersions reads If-Match (RFC 9110, section 13.1.1) as the model
// versions an update may be based on: nil without the header and for "*",
// which any existing model matches. Only strong tags of the
// form "<version>" can match: weak and other tags match nothing, and a
// malformed header matches nothing at all; then the answer is []int{0}
// (no version is 0), and the update is refused as stale.
func ifMatchVersions(c *fiber.Ctx) []int {
	h := strings.TrimSpace(c.Get(fiber.HeaderIfMatch))
	if h == "" || h == "*" {
		return nil
	}
	var versions []int
	for {
		h = strings.TrimLeft(h, " \t,")
		if h == "" {
			break
		}
		weak := strings.HasPrefix(h, "W/")
		h = strings.TrimPrefix(h, "W/")
		end := -1
		if strings.HasPrefix(h, `"`) {
			end = strings.IndexByte(h[1:], '"')
		}
		if end < 0 {
			return []int{0} // malformed: matches nothing
		}
		tag := h[1 : 1+end]
		h = strings.TrimLeft(h[end+2:], " \t")
		if h != "" && h[0] != ',' {
			return []int{0}
		}
		if v, err := strconv.Atoi(tag); err == nil && !weak && v > 0 && strconv.Itoa(v) == tag {
			versions = append(versions, v)
		}
	}
	if len(versions) == 0 {
		versions = []int{0}
	}
	return versions
}

// preconditionFailed turns the service's refusal of a stale update into
// 412 Precondition Failed, naming the current version; other errors pass.
func preconditionFailed(err error) error {
	var stale *explorer.StaleModelError
	if !errors.As(err, &stale) {
		return err
	}
	return fiber.NewError(fiber.StatusPreconditionFailed, explorer.ErrorMessage(err))
}
