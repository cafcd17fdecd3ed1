package server

import (
	"slices"
	"strings"

	"explorer/api"

	"github.com/gofiber/fiber/v2"
)

// routeTable is the list of registered routes (not middleware), to answer
// 405 with Allow for a known path asked with another method, and to name
// the route of a request that middleware answered.
type routeTable struct {
	routes []route
}

type route struct {
	method, pattern string
	segs            []string
}

func newRouteTable(rs []fiber.Route) *routeTable {
	t := &routeTable{}
	for _, r := range rs {
		if r.Method == "USE" {
			continue
		}
		t.routes = append(t.routes, route{method: r.Method, pattern: r.Path, segs: split(r.Path)})
	}
	return t
}

func split(path string) []string {
	return strings.Split(strings.Trim(path, "/"), "/")
}

// match reports whether path fits the route's pattern: a :name segment
// matches any one non-empty segment, * the rest.
func (r route) match(segs []string) bool {
	for i, p := range r.segs {
		if p == "*" {
			return true
		}
		if i >= len(segs) {
			return false
		}
		if strings.HasPrefix(p, ":") {
			if segs[i] == "" {
				return false
			}
			continue
		}
		if p != segs[i] {
			return false
		}
	}
	return len(segs) == len(r.segs)
}

// pattern is the pattern of the route for method and path, or "".
func (t *routeTable) pattern(method, path string) string {
	segs := split(path)
	for _, r := range t.routes {
		if r.method == method && r.match(segs) {
			return r.pattern
		}
	}
	return ""
}

// allow lists the methods served on path ("GET, HEAD, PUT"), or "".
func (t *routeTable) allow(path string) string {
	segs := split(path)
	var methods []string
	for _, r := range t.routes {
		if r.match(segs) && !slices.Contains(methods, r.method) {
			methods = append(methods, r.method)
		}
	}
	return strings.Join(methods, ", ")
}

// has reports whether "METHOD /pattern" is registered.
func (t *routeTable) has(methodPattern string) bool {
	method, pattern, _ := strings.Cut(methodPattern, " ")
	for _, r := range t.routes {
		if r.method == method && r.pattern == pattern {
			return true
		}
	}
	return false
}

// noRoute answers a request no route took: 405 with Allow when the path is
// served with other methods, else 404.
func (e *edge) noRoute(c *fiber.Ctx) error {
	if allow := e.routes.allow(c.Path()); allow != "" {
		c.Set(fiber.HeaderAllow, allow)
		return fiber.NewError(fiber.StatusMethodNotAllowed, c.Method()+" is not allowed on "+c.Path()+"; allowed: "+allow)
	}
	if api.IsAPIPath(c.Path()) {
		return fiber.NewError(fiber.StatusNotFound, "no route "+c.Method()+" "+c.Path())
	}
	return fiber.ErrNotFound
}

// known passes a request for a path some route serves with its method, and
// answers the others as noRoute does.
func (e *edge) known(c *fiber.Ctx) error {
	if e.routes.pattern(c.Method(), c.Path()) == "" {
		return e.noRoute(c)
	}
	return c.Next()
}

// routeOf is the pattern of the route of the request, or "unmatched".
// The registered routes are asked first: when middleware (authentication,
// the body rules of a group) answered, c.Route() is the group's, not the
// operation's.
func (e *edge) routeOf(c *fiber.Ctx) string {
	if e.routes != nil {
		if p := e.routes.pattern(c.Method(), c.Path()); p != "" {
			return p
		}
	}
	if r := c.Route(); r != nil && r.Method != "USE" && r.Path != "" && r.Path != "/" {
		return r.Path
	}
	return "unmatched"
}

// uploadRoutes are the routes whose body is an upload.
type uploadRoutes struct{ routes []route }

func newUploadRoutes(list []string) *uploadRoutes {
	u := &uploadRoutes{}
	for _, s := range list {
		method, pattern, _ := strings.Cut(s, " ")
		u.routes = append(u.routes, route{method: method, pattern: pattern, segs: split(pattern)})
	}
	return u
}

// is reports whether method and path are those of an upload route.
func (u *uploadRoutes) is(method, path string) bool {
	if u == nil || method != fiber.MethodPost && method != fiber.MethodPut {
		return false
	}
	segs := split(path)
	for _, r := range u.routes {
		if r.method == method && r.match(segs) {
			return true
		}
	}
	return false
}
