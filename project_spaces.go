package explorer

import (
	"context"
	"time"
)

// ProjectSpaces trains word spaces on projects' texts and suggests from
// them. Implemented by package wordspace. The spaces themselves are kept
// by the Store (SaveProjectSpace), so that every instance reads the same:
// an implementation only caches what it loaded.
//
// BuildProjectSpace trains the space of a project from its texts (texts
// calls fn with each, and may be called twice: one pass counts, one
// trains) and hands its file to keep, which stores it (an error of keep
// is the build's). SuggestFromProjects answers the suggestions of the
// given spaces (an account's of one language) merged, leaving out terms
// and exclude as WordSpaces.Suggest does. WordCounts tells how many times
// each term occurs in the texts of those spaces (0 for a term they do not
// hold: see its implementation for which words a space holds).
type ProjectSpaces interface {
	BuildProjectSpace(ctx context.Context, language string, texts func(fn func(string)) error, keep func(data []byte) error) (ProjectSpaceInfo, error)
	SuggestFromProjects(ctx context.Context, spaces []StoredProjectSpace, terms []WeightedTerm, exclude []string, limit int) ([]PoleSuggestion, error)
	WordCounts(ctx context.Context, spaces []StoredProjectSpace, terms []string) ([]int64, error)
}

// ProjectSpaceVersion names a stored project space: its version grows at
// every build of the project's space.
type ProjectSpaceVersion struct {
	Project, Version int64
}

// StoredProjectSpace is a project space the Store keeps: Load reads its
// file (ENOTFOUND when the project was deleted or built again since).
type StoredProjectSpace struct {
	ProjectSpaceVersion
	Load func(ctx context.Context) ([]byte, error)
}

// ProjectSpaceInfo describes a project's trained space.
type ProjectSpaceInfo struct {
	Language string
	// Texts is the number of texts read, Words the number of words the
	// space holds.
	Texts, Words int
	Took         time.Duration
}

// ProjectSpaceBuildsAtOnce is the number of project spaces a server
// trains at once (each holds up to about 100 MiB while it trains); one
// project's space is never trained twice at once. A build past either is
// refused ETHROTTLED at once (not queued, holding its request).
const ProjectSpaceBuildsAtOnce = 1
