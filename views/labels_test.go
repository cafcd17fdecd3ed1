package views

import (
	"testing"

	explorer "explorer"
)

func TestLabels(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{RoleLabel(explorer.RoleAdmin), "Administrator"},
		{RightsLabel("READ_WRITE"), "Can edit"},
		{RightsLabel("read"), "Can view"},
		{ProjectStatusLabel(explorer.ProjectExplored), "Explored"},
		{ModelTypeLabel("STANDARD"), "Standard"},
		{AccountStatusLabel("cancelled"), "Cancelled"},
		// Unknown codes stay visible as they are.
		{RightsLabel("custom-42"), "custom-42"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
