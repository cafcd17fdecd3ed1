package store

import (
	"encoding/json"

	explorer "explorer"
)

// A project's structure, and a model version written before migration
// 0007, are stored as JSON in the form below. Its keys are the stored
// format: they never change, so that every database already written
// reads as it was (an ignore term keeps its empty "source" object).

type storedStructure struct {
	Groups                []storedGroup      `json:"groups"`
	IgnoreTerms           []storedIgnoreTerm `json:"ignoreTerms"`
	IgnoreTermsDictionary map[string]string  `json:"ignoreTermsDictionary"`
}

type storedGroup struct {
	ID     int64         `json:"id"`
	Title  string        `json:"title"`
	Pinned bool          `json:"pinned"`
	Topics []storedTopic `json:"topics"`
}

type storedTopic struct {
	ID         int64             `json:"id"`
	Title      string            `json:"title"`
	Terms      []string          `json:"terms"`
	Dictionary map[string]string `json:"dictionary"`
}

type storedIgnoreTerm struct {
	ID     int64    `json:"id"`
	Term   string   `json:"term"`
	Source struct{} `json:"source"`
}

// encodeStructure is the stored JSON of s.
func encodeStructure(s *explorer.Structure) ([]byte, error) {
	out := storedStructure{IgnoreTermsDictionary: s.IgnoreTermsDictionary}
	if s.Groups != nil {
		out.Groups = make([]storedGroup, len(s.Groups))
	}
	for i, g := range s.Groups {
		sg := storedGroup{ID: g.ID, Title: g.Title, Pinned: g.Pinned}
		if g.Topics != nil {
			sg.Topics = make([]storedTopic, len(g.Topics))
		}
		for j, t := range g.Topics {
			sg.Topics[j] = storedTopic(t)
		}
		out.Groups[i] = sg
	}
	if s.IgnoreTerms != nil {
		out.IgnoreTerms = make([]storedIgnoreTerm, len(s.IgnoreTerms))
	}
	for i, t := range s.IgnoreTerms {
		out.IgnoreTerms[i] = storedIgnoreTerm{ID: t.ID, Term: t.Term}
	}
	return json.Marshal(&out)
}

// decodeStructure reads a structure stored as JSON.
func decodeStructure(b []byte) (explorer.Structure, error) {
	var in storedStructure
	if err := json.Unmarshal(b, &in); err != nil {
		return explorer.Structure{}, err
	}
	s := explorer.Structure{IgnoreTermsDictionary: in.IgnoreTermsDictionary}
	if in.Groups != nil {
		s.Groups = make([]explorer.Group, len(in.Groups))
	}
	for i, g := range in.Groups {
		eg := explorer.Group{ID: g.ID, Title: g.Title, Pinned: g.Pinned}
		if g.Topics != nil {
			eg.Topics = make([]explorer.Topic, len(g.Topics))
		}
		for j, t := range g.Topics {
			eg.Topics[j] = explorer.Topic(t)
		}
		s.Groups[i] = eg
	}
	if in.IgnoreTerms != nil {
		s.IgnoreTerms = make([]explorer.IgnoreTerm, len(in.IgnoreTerms))
	}
	for i, t := range in.IgnoreTerms {
		s.IgnoreTerms[i] = explorer.IgnoreTerm{ID: t.ID, Term: t.Term}
	}
	return s, nil
}
