package api

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"explorer/models"
	"strings"

	explorer "explorer"

	"github.com/gofiber/fiber/v2"
)

// ifMatchVersions reads If-Match (RFC 9110, section 13.1.1) as the model
// versions an update may be based on: nil without the header and for "*",
// which any existing model matches. Only strong tags of the form
// "<version>[.<revision>]" or "<version>[.<revision>]-<hash>" (modelETag;
// the hash is not compared: an update is checked against the structure's
// version and the editor's revision) can match: weak and other tags match
// nothing, and a malformed header matches nothing at all; then the answer
// holds only the zero tag (no version is 0), and the update is refused as
// stale.
func ifMatchVersions(c *fiber.Ctx) []models.VersionTag {
	h := strings.TrimSpace(c.Get(fiber.HeaderIfMatch))
	if h == "" || h == "*" {
		return nil
	}
	var versions []models.VersionTag
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
			return []models.VersionTag{{}} // malformed: matches nothing
		}
		tag, _, _ := strings.Cut(h[1:1+end], "-")
		h = strings.TrimLeft(h[end+2:], " \t")
		if h != "" && h[0] != ',' {
			return []models.VersionTag{{}}
		}
		if v, ok := models.ParseVersionTag(tag); ok && !weak {
			versions = append(versions, v)
		}
	}
	if len(versions) == 0 {
		versions = []models.VersionTag{{}}
	}
	return versions
}

// preconditionFailed turns the service's refusal of a stale update into
// 412 Precondition Failed, naming the current version; other errors pass.
func preconditionFailed(err error) error {
	var stale *models.StaleModelError
	if !errors.As(err, &stale) {
		return err
	}
	return fiber.NewError(fiber.StatusPreconditionFailed, explorer.ErrorMessage(err))
}

// modelETag is the entity tag of a model answer: "<version>-<hash>", the
// version tag of its structure and a hash of the rest of its state: the
// model's own fields (title, outdated, ...) and its sharing stamp, which
// changes with its accesses and invitations (models.ModelState). The
// state is one row, so that a conditional GET is decided before the
// answer is built. If-Match reads the version tag before the dash
// (ifMatchVersions).
func modelETag(st models.ModelState) string {
	info, _ := json.Marshal(toModelInfo(st.ModelInfo)) // strings, numbers and booleans: no error
	h := sha256.New()
	h.Write(info)
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(st.SharingStamp)))
	sum := h.Sum(nil)
	return `"` + st.Tag.String() + "-" + hex.EncodeToString(sum[:6]) + `"`
}

// bodyETag is the entity tag of an answer derived from its encoded body:
// any change of what it holds changes the tag.
func bodyETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:9]) + `"`
}

// notModified reports whether the request's If-None-Match (RFC 9110,
// section 13.1.2) matches etag by the weak comparison: W/"x" matches "x",
// "*" matches any existing resource, a list matches when one of its tags
// does. A malformed header matches nothing.
func notModified(c *fiber.Ctx, etag string) bool {
	h := strings.TrimSpace(c.Get(fiber.HeaderIfNoneMatch))
	if h == "" {
		return false
	}
	if h == "*" {
		return true
	}
	want := strings.TrimPrefix(etag, "W/")
	for {
		h = strings.TrimLeft(h, " \t,")
		if h == "" {
			return false
		}
		h = strings.TrimPrefix(h, "W/")
		if !strings.HasPrefix(h, `"`) {
			return false
		}
		end := strings.IndexByte(h[1:], '"')
		if end < 0 {
			return false
		}
		if h[:end+2] == want {
			return true
		}
		h = h[end+2:]
	}
}

// sendNotModified answers 304 with the entity tag and no body.
func sendNotModified(c *fiber.Ctx, etag string) error {
	c.Response().ResetBody()
	c.Response().Header.Del(fiber.HeaderContentType)
	c.Set(fiber.HeaderETag, etag)
	return c.SendStatus(fiber.StatusNotModified)
}

// sendTagged answers a JSON value with the entity tag of its encoding, or
// 304 when the request's If-None-Match matches that tag.
func sendTagged(c *fiber.Ctx, v any) error {
	if err := c.JSON(v); err != nil {
		return err
	}
	etag := bodyETag(c.Response().Body())
	if notModified(c, etag) {
		return sendNotModified(c, etag)
	}
	c.Set(fiber.HeaderETag, etag)
	return nil
}
