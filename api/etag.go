package api

import (
	"errors"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// versionETag is the entity tag of a model at a version: "<version>",
// or "<version>.<revision>" once the page editor amended it.
func versionETag(tag explorer.VersionTag) string {
	return `"` + tag.String() + `"`
}

// ifMatchVersions reads If-Match (RFC 9110, section 13.1.1) as the model
// versions an update may be based on: nil without the header and for "*",
// which any existing model matches. Only strong tags of the
// form "<version>" (or "<version>.<revision>") can match: weak and other
// tags match nothing, and a malformed header matches nothing at all; then
// the answer holds only the zero tag (no version is 0), and the update is
// refused as stale.
func ifMatchVersions(c *fiber.Ctx) []explorer.VersionTag {
	h := strings.TrimSpace(c.Get(fiber.HeaderIfMatch))
	if h == "" || h == "*" {
		return nil
	}
	var versions []explorer.VersionTag
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
			return []explorer.VersionTag{{}} // malformed: matches nothing
		}
		tag := h[1 : 1+end]
		h = strings.TrimLeft(h[end+2:], " \t")
		if h != "" && h[0] != ',' {
			return []explorer.VersionTag{{}}
		}
		if v, ok := explorer.ParseVersionTag(tag); ok && !weak {
			versions = append(versions, v)
		}
	}
	if len(versions) == 0 {
		versions = []explorer.VersionTag{{}}
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
