package load

import "math/rand/v2"

// Model is the structure of a model answer of /v1/models/{id} that a PUT
// sends back, with the ids of its groups and topics (as an editor keeps
// them).
type Model struct {
	Groups []ModelGroup `json:"groups"`
}

// ModelGroup is a group of a Model.
type ModelGroup struct {
	ID     int64        `json:"id"`
	Title  string       `json:"title"`
	Pinned bool         `json:"pinned"`
	Topics []ModelTopic `json:"topics"`
}

// ModelTopic is a topic of a ModelGroup.
type ModelTopic struct {
	ID    int64    `json:"id"`
	Title string   `json:"title"`
	Terms []string `json:"terms"`
}

// RandomTopic is a topic of m taken by rnd (a group, then one of its
// topics).
func (m *Model) RandomTopic(rnd *rand.Rand) *ModelTopic {
	g := &m.Groups[rnd.IntN(len(m.Groups))]
	return &g.Topics[rnd.IntN(len(g.Topics))]
}

// ChangeTerm replaces a term taken by rnd, of a topic taken by rnd, with
// term: a one-term change of the model.
func (m *Model) ChangeTerm(rnd *rand.Rand, term string) {
	t := m.RandomTopic(rnd)
	t.Terms[rnd.IntN(len(t.Terms))] = term
}
