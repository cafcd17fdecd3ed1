package identity

import (
	"fmt"
	"strings"
)

// Holdings counts what a user owns or takes part in. A user with any is
// not deleted: deleting would silently take models, poles and projects
// from the people they are shared with, and a manager relation from the
// other side's billing.
type Holdings struct {
	Models, Poles, Projects, Relations int
}

// String names the holdings for a person, e.g. "2 models and 1 pole".
func (h Holdings) String() string {
	var parts []string
	add := func(n int, one, many string) {
		if n == 1 {
			parts = append(parts, "1 "+one)
		} else if n > 1 {
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(h.Models, "model", "models")
	add(h.Poles, "pole", "poles")
	add(h.Projects, "project", "projects")
	add(h.Relations, "manager relation", "manager relations")
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return strings.Join(parts, "")
}
