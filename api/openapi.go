package api

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"

	"github.com/gofiber/fiber/v2"
)

// The OpenAPI 3.1 document of v1 is kept in fragments, one per resource
// (openapi/*.json): base.json holds info, security and shared components;
// every fragment may add paths and components. They are merged at start.
//
//go:embed openapi/*.json
var openapiFS embed.FS

var openapiDoc = mustBuildOpenAPI()

func serveOpenAPI(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(openapiDoc)
}

func mustBuildOpenAPI() []byte {
	b, err := buildOpenAPI(openapiFS)
	if err != nil {
		panic(err)
	}
	return b
}

func buildOpenAPI(fsys fs.FS) ([]byte, error) {
	base, err := readJSON(fsys, "openapi/base.json")
	if err != nil {
		return nil, err
	}
	names, _ := fs.Glob(fsys, "openapi/*.json")
	sort.Strings(names)
	for _, n := range names {
		if n == "openapi/base.json" {
			continue
		}
		frag, err := readJSON(fsys, n)
		if err != nil {
			return nil, err
		}
		if err := mergeSection(base, frag, "paths", n); err != nil {
			return nil, err
		}
		fc, _ := frag["components"].(map[string]any)
		bc, _ := base["components"].(map[string]any)
		for kind := range fc {
			if err := mergeSection(bc, fc, kind, n); err != nil {
				return nil, err
			}
		}
	}
	return json.MarshalIndent(base, "", "  ")
}

// mergeSection copies the entries of src[key] into dst[key]; a name defined
// twice is an error.
func mergeSection(dst, src map[string]any, key, file string) error {
	s, _ := src[key].(map[string]any)
	if len(s) == 0 {
		return nil
	}
	d, _ := dst[key].(map[string]any)
	if d == nil {
		d = map[string]any{}
		dst[key] = d
	}
	for k, v := range s {
		if _, dup := d[k]; dup {
			return fmt.Errorf("openapi: %s %q in %s is defined twice", key, k, file)
		}
		d[k] = v
	}
	return nil
}

func readJSON(fsys fs.FS, name string) (map[string]any, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("openapi: %s: %w", name, err)
	}
	return m, nil
}
