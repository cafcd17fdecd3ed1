package views

import (
	"explorer/models"
	"strings"

	explorer "explorer"
)

// Plain-language labels for the codes the service and the interface use,
// for every page family: a person reads "Can edit", not READ_WRITE. A
// code without a label is shown as it is, so that nothing is hidden.

var roleLabels = map[string]string{
	explorer.RoleAdmin: "Administrator",
	explorer.RoleUser:  "User",
}

var accountStatusLabels = map[string]string{
	explorer.StatusActive:    "Active",
	explorer.StatusCancelled: "Cancelled",
}

var projectStatusLabels = map[string]string{
	explorer.ProjectInitializing: "Importing",
	explorer.ProjectReady:        "Ready to explore",
	explorer.ProjectExploring:    "Exploring",
	explorer.ProjectExplored:     "Explored",
	explorer.ProjectAppending:    "Adding rows",
	explorer.ProjectDeleting:     "Being deleted",
	explorer.ProjectFailed:       "Failed",
}

var rightsLabels = map[string]string{
	explorer.RightsRead:      "Can view",
	explorer.RightsReadWrite: "Can edit",
	"OWNER":                  "Owner",
}

var modelTypeLabels = map[string]string{
	models.ModelStandard: "Standard",
	models.ModelDynamic:  "Dynamic",
	models.ModelManaged:  "Managed",
}

func label(m map[string]string, code string) string {
	if l, ok := m[code]; ok {
		return l
	}
	if l, ok := m[strings.ToUpper(code)]; ok {
		return l
	}
	return code
}

// RoleLabel names a user's role (admin, user).
func RoleLabel(code string) string { return label(roleLabels, code) }

// AccountStatusLabel names an account status (active, cancelled).
func AccountStatusLabel(code string) string { return label(accountStatusLabels, code) }

// ProjectStatusLabel names a project status (READY, EXPLORED, …).
func ProjectStatusLabel(code string) string { return label(projectStatusLabels, code) }

// RightsLabel names rights on a model (READ, READ_WRITE, OWNER).
func RightsLabel(code string) string { return label(rightsLabels, code) }

// ModelTypeLabel names a model type (STANDARD, DYNAMIC, MANAGED).
func ModelTypeLabel(code string) string { return label(modelTypeLabels, code) }
