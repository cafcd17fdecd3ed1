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

// NewHeldProjectSpaces returns held project spaces.
func NewHeldProjectSpaces() *HeldProjectSpaces {
	return &HeldProjectSpaces{ProjectSpaces: wordspace.NewProjectSpaces(), Started: make(chan struct{}, 1), Release: make(chan struct{})}
}

func (h *HeldProjectSpaces) BuildProjectSpace(ctx context.Context, lang string, texts func(func(string)) error, keep func([]byte) error) (explorer.ProjectSpaceInfo, error) {
	select {
	case h.Started <- struct{}{}:
		<-h.Release
	default:
	}
	return h.ProjectSpaces.BuildProjectSpace(ctx, lang, texts, keep)
}
