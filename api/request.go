package api

import (
	"bytes"
	"errors"
	"explorer/models"
	"fmt"
	"strconv"
	"strings"

	explorer "explorer"

	json "github.com/go-json-experiment/json/v1"
	"github.com/gofiber/fiber/v2"
)

// pathID reads an id path parameter (explorer.ParseID): anything but a
// plain positive decimal integer is 400 naming the parameter.
func pathID(c *fiber.Ctx, name string) (int64, error) {
	id, ok := explorer.ParseID(c.Params(name))
	if !ok {
		const msg = "must be a positive decimal integer, with no sign or leading zero"
		return 0, explorer.Invalid(fmt.Sprintf("path parameter %s %s", name, msg), explorer.FieldError{Field: name, Message: msg})
	}
	return id, nil
}

// queryBool reads a boolean query parameter in any case (True, false, …).
func queryBool(c *fiber.Ctx, name string, def bool) (bool, error) {
	v := strings.TrimSpace(c.Query(name))
	switch {
	case v == "":
		return def, nil
	case strings.EqualFold(v, "true") || v == "1":
		return true, nil
	case strings.EqualFold(v, "false") || v == "0":
		return false, nil
	}
	return false, explorer.Invalid(fmt.Sprintf("query parameter %s must be true or false", name), explorer.FieldError{Field: name, Message: "must be true or false"})
}

// queryInt reads an optional int query parameter.
func queryInt(c *fiber.Ctx, name string) (int64, bool, error) {
	v := strings.TrimSpace(c.Query(name))
	if v == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, false, explorer.Invalid(fmt.Sprintf("query parameter %s must be an integer", name), explorer.FieldError{Field: name, Message: "must be an integer"})
	}
	return n, true, nil
}

// decodeJSON decodes the JSON body into v. An empty body leaves v as it is
// when optional is true, else it is an error. Unknown fields are ignored.
// Bodies are decoded with encoding/json's rules (json_decode.go).
func decodeJSON(c *fiber.Ctx, v any, optional bool) error {
	var body []byte
	if len(c.Request().Header.Peek(fiber.HeaderContentEncoding)) == 0 {
		// Not compressed: decode the request's own bytes (decoding
		// copies what it keeps) instead of the copy that Body makes.
		body = c.Request().Body()
	} else {
		body = c.Body()
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if optional {
			return nil
		}
		return explorer.Invalid("a JSON request body is required")
	}
	// JSON is UTF-8; the decoder would silently turn bad bytes into U+FFFD.
	if err := checkJSONText(body); err != nil {
		return err
	}
	var err error
	if in, ok := v.(*models.ModelInput); ok {
		err = decodeModelInput(body, in)
	} else {
		err = unmarshalBody(body, v)
	}
	if err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			field := te.Field
			if field == "" {
				field = "body"
			}
			return explorer.Invalid(fmt.Sprintf("field %s must be of type %s", field, jsonType(te.Type.Kind().String())), explorer.FieldError{Field: field, Message: "must be of type " + jsonType(te.Type.Kind().String())})
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return explorer.Invalid(fmt.Sprintf("malformed JSON at byte %d: %s", se.Offset, se.Error()))
		}
		return explorer.Invalid("malformed JSON: " + err.Error())
	}
	return nil
}

func jsonType(kind string) string {
	switch kind {
	case "int", "int64", "int32", "uint", "uint64":
		return "integer"
	case "float64", "float32":
		return "number"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "array"
	case "map", "struct", "ptr":
		return "object"
	}
	return kind
}

// wantsRepresentation reports whether the request asks, with
// Prefer: return=representation, for the body of a 204 operation.
func wantsRepresentation(c *fiber.Ctx) bool {
	for _, part := range strings.Split(c.Get("Prefer"), ",") {
		for _, p := range strings.Split(part, ";") {
			if strings.EqualFold(strings.ReplaceAll(strings.TrimSpace(p), " ", ""), "return=representation") {
				return true
			}
		}
	}
	return false
}

// noContentOr answers 204 without a body, or 200 with the body from load
// when the request prefers the representation.
func noContentOr(c *fiber.Ctx, load func() (any, error)) error {
	if !wantsRepresentation(c) {
		return c.SendStatus(fiber.StatusNoContent)
	}
	v, err := load()
	if err != nil {
		return err
	}
	c.Set("Preference-Applied", "return=representation")
	return c.Status(fiber.StatusOK).JSON(v)
}
