package main

import (
	"flag"
	"fmt"

	explorer "explorer"
)

// userBudgetFlags are the per-user budgets of serve: objects owned,
// writes per minute and bytes stored. An admin raises them per user with
// PUT /v1/admin/users/{username}/budgets.
type userBudgetFlags struct {
	models, poles, projects, tokens, writes *int
	storage                                 *string
}

func addUserBudgetFlags(fs *flag.FlagSet) *userBudgetFlags {
	d := explorer.DefaultUserBudgets
	return &userBudgetFlags{
		models:   fs.Int("max-models", envCount("EXPLORER_MAX_MODELS", d.Models), "most models one user owns (EXPLORER_MAX_MODELS)"),
		poles:    fs.Int("max-poles", envCount("EXPLORER_MAX_POLES", d.Poles), "most poles one user owns (EXPLORER_MAX_POLES)"),
		projects: fs.Int("max-projects", envCount("EXPLORER_MAX_PROJECTS", d.Projects), "most projects one user owns (EXPLORER_MAX_PROJECTS)"),
		tokens:   fs.Int("max-tokens", envCount("EXPLORER_MAX_TOKENS", d.Tokens), "most API tokens one user holds (EXPLORER_MAX_TOKENS)"),
		writes:   fs.Int("max-writes-per-minute", envCount("EXPLORER_MAX_WRITES_PER_MINUTE", d.WritesPerMinute), "most writes (not GET) of one user in a minute, per instance (EXPLORER_MAX_WRITES_PER_MINUTE)"),
		storage:  fs.String("max-user-storage", envOr("EXPLORER_MAX_USER_STORAGE", "1GiB"), "most bytes the models (every version), poles and projects of one user store together (EXPLORER_MAX_USER_STORAGE)"),
	}
}

// budgets checks the flags once parsed: every budget is positive.
func (f *userBudgetFlags) budgets() (explorer.UserBudgets, error) {
	b := explorer.UserBudgets{Models: *f.models, Poles: *f.poles, Projects: *f.projects, Tokens: *f.tokens, WritesPerMinute: *f.writes}
	for name, v := range map[string]int{"max-models": b.Models, "max-poles": b.Poles, "max-projects": b.Projects, "max-tokens": b.Tokens, "max-writes-per-minute": b.WritesPerMinute} {
		if v < 1 {
			return b, usageError(fmt.Sprintf("--%s: give a positive number", name))
		}
	}
	storage, err := explorer.ParseSize(*f.storage)
	if err != nil {
		return b, usageError("--max-user-storage: " + err.Error())
	}
	b.Storage = storage
	return b, nil
}
