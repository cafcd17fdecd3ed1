package testkit

import (
	"context"

	"explorer"
	"explorer/wordspace"
)

// HeldProjectSpaces is a wordspace.ProjectSpaces whose first build waits,
// once started, until Release is closed (Started has room for one: the
// build may get there before the test waits for it).
type HeldProjectSpaces struct {
	*wordspace.ProjectSpaces
	Started, Release chan struct{}
}

// NewHeldProjectSpaces keeps its spaces in dir.
func NewHeldProjectSpaces(dir string) *HeldProjectSpaces {
	return &HeldProjectSpaces{ProjectSpaces: wordspace.NewProjectSpaces(dir), Started: make(chan struct{}, 1), Release: make(chan struct{})}
}

func (h *HeldProjectSpaces) BuildProjectSpace(ctx context.Context, account, project int64, lang string, texts func(func(string)) error, keep func(int64) error) (explorer.ProjectSpaceInfo, error) {
	select {
	case h.Started <- struct{}{}:
		<-h.Release
	default:
	}
	return h.ProjectSpaces.BuildProjectSpace(ctx, account, project, lang, texts, keep)
}
