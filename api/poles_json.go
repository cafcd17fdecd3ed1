package api

import (
	explorer "explorer"
	"explorer/poles"
)

// pole is a pole on the wire.
type pole struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	Language    string     `json:"language"`
	Parts       []polePart `json:"parts"`
	// PartsOmitted, in a suggestion's answer only, is how many of the
	// pole's parts Parts leaves out (absent when Parts is whole): a large
	// pole is answered with the parts its suggestions were computed from.
	PartsOmitted int `json:"partsOmitted,omitempty"`
}

// polePart is one term of a pole with its weight.
type polePart struct {
	Term   string  `json:"term"`
	Weight float64 `json:"weight"`
}

// poleSuggestions are the terms suggested for a pole, with the pole.
type poleSuggestions struct {
	Suggestions []poleSuggestion `json:"suggestions"`
	Pole        *pole            `json:"pole"`
}

// poleSuggestion is one suggested term (DECISIONS.md, Poles).
type poleSuggestion struct {
	Term             string  `json:"term"`
	ForWord          string  `json:"forWord"`
	Cosine           float64 `json:"cosine"`
	SumCosine        float64 `json:"sumCosine"`
	NeighbourCounter int     `json:"neighbourCounter"`
	Frequency        int     `json:"frequency"`
	Reciprocal       bool    `json:"reciprocal"`
	StringSimilarity bool    `json:"stringSimilarity"`
}

// wordSpaceStatus tells whether the word space of a language is ready
// (in the answer of /readyz).
type wordSpaceStatus struct {
	Language string `json:"language"`
	Ready    bool   `json:"ready"`
	// State: "ready", "loads on first use", "loading" or "failed".
	State    string  `json:"state"`
	Progress float64 `json:"progress"` // 0..1 while loading
	Words    int     `json:"words"`
	Error    string  `json:"error,omitempty"`
}

// toPole is p's wire shape (nil for nil; nil parts stay null).
func toPole(p *poles.Pole) *pole {
	if p == nil {
		return nil
	}
	out := &pole{ID: p.ID, Name: p.Name, Description: p.Description, Language: p.Language}
	if p.Parts != nil {
		out.Parts = make([]polePart, len(p.Parts))
		for i, part := range p.Parts {
			out.Parts[i] = polePart(part)
		}
	}
	return out
}

// toPoles is the wire shape of a list of poles.
func toPoles(list []*poles.Pole) []*pole {
	if list == nil {
		return nil
	}
	out := make([]*pole, len(list))
	for i, p := range list {
		out[i] = toPole(p)
	}
	return out
}

// toPoleSuggestions is the wire shape of suggestions (nil suggestions
// stay null). The pole is answered with at most its SuggestQueryTerms
// strongest parts, the ones the suggestions were computed from, in the
// pole's order, and partsOmitted counting the others: the whole list of a
// 10,000-term pole was 312 KB with every answer (DECISIONS-LOCAL.md,
// Hardening round three, Leftovers).
func toPoleSuggestions(s *poles.PoleSuggestions) *poleSuggestions {
	if s == nil {
		return nil
	}
	out := &poleSuggestions{}
	if s.Pole != nil {
		p := *s.Pole
		p.Parts = s.Pole.StrongestParts(explorer.SuggestQueryTerms)
		out.Pole = toPole(&p)
		out.Pole.PartsOmitted = len(s.Pole.Parts) - len(p.Parts)
	}
	if s.Suggestions != nil {
		out.Suggestions = make([]poleSuggestion, len(s.Suggestions))
		for i, sg := range s.Suggestions {
			out.Suggestions[i] = poleSuggestion(sg)
		}
	}
	return out
}

// toWordSpaceStatus is the wire shape of the word spaces' status (an
// empty list for none).
func toWordSpaceStatus(list []explorer.WordSpaceStatus) []wordSpaceStatus {
	out := make([]wordSpaceStatus, len(list))
	for i, s := range list {
		out[i] = wordSpaceStatus{Language: s.Language, Ready: s.Ready, State: s.State(), Progress: s.Progress, Words: s.Words, Error: s.Error}
	}
	return out
}
