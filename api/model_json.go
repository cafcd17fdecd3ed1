package api

import (
	"encoding/json"
	"explorer/models"
	"io"
	"time"

	explorer "explorer"
)

// The v1 wire form of models: the root's types carry no JSON tags, so
// every model answer is written from the types below. Times are Unix
// epoch milliseconds.

// millis is t as Unix epoch milliseconds, the timestamps of v1.
func millis(t time.Time) int64 { return t.UnixMilli() }

type modelInfoJSON struct {
	ID        int64   `json:"id"`
	Title     *string `json:"title"`
	Created   int64   `json:"created"`
	CreatedBy userRef `json:"createdBy"`
	Type      string  `json:"type"`
	Outdated  bool    `json:"outdated"`
	Language  string  `json:"language"`
}

type groupJSON struct {
	ID     int64       `json:"id"`
	Title  string      `json:"title"`
	Pinned bool        `json:"pinned"`
	Topics []topicJSON `json:"topics"`
}

type topicJSON struct {
	ID         int64             `json:"id"`
	Title      string            `json:"title"`
	Terms      []string          `json:"terms"`
	Dictionary map[string]string `json:"dictionary"`
}

// ignoreTermJSON is an ignore term; its source is always an empty object.
type ignoreTermJSON struct {
	ID     int64    `json:"id"`
	Term   string   `json:"term"`
	Source struct{} `json:"source"`
}

type modelAccessJSON struct {
	ID      int64   `json:"id"`
	Rights  string  `json:"rights"`
	Created int64   `json:"created"`
	User    userRef `json:"user"`
}

type modelInvitationJSON struct {
	ID        int64          `json:"id"`
	Created   int64          `json:"created"`
	Model     *modelInfoJSON `json:"model"`
	Rights    string         `json:"rights"`
	Recipient userRef        `json:"recipient"`
}

// modelVersionJSON is one version of a model; createdBy (extension) is
// null when the author is unknown.
type modelVersionJSON struct {
	Version   int      `json:"version"`
	Created   int64    `json:"created"`
	CreatedBy *userRef `json:"createdBy"`
}

// modelJSON is a whole model in one go (as the representation of a
// PUT); writeModel writes the same members.
type modelJSON struct {
	modelInfoJSON
	Groups                []groupJSON           `json:"groups"`
	UsersAccess           []modelAccessJSON     `json:"usersAccess"`
	Invitations           []modelInvitationJSON `json:"invitations"`
	IgnoreTerms           []ignoreTermJSON      `json:"ignoreTerms"`
	IgnoreTermsDictionary map[string]string     `json:"ignoreTermsDictionary"`
}

// mapSlice maps each element of in with f; nil stays nil (JSON null).
func mapSlice[T, U any](in []T, f func(T) U) []U {
	if in == nil {
		return nil
	}
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

func toModelInfo(m explorer.ModelInfo) modelInfoJSON {
	return modelInfoJSON{ID: m.ID, Title: m.Title, Created: millis(m.Created), CreatedBy: userRef(m.CreatedBy),
		Type: m.Type, Outdated: m.Outdated, Language: m.Language}
}

func toModelInfoPtr(m *explorer.ModelInfo) *modelInfoJSON {
	if m == nil {
		return nil
	}
	out := toModelInfo(*m)
	return &out
}

func toGroup(g explorer.Group) groupJSON {
	return groupJSON{ID: g.ID, Title: g.Title, Pinned: g.Pinned, Topics: mapSlice(g.Topics, func(t explorer.Topic) topicJSON { return topicJSON(t) })}
}

func toIgnoreTerm(t explorer.IgnoreTerm) ignoreTermJSON {
	return ignoreTermJSON{ID: t.ID, Term: t.Term}
}

func toModelAccess(a models.ModelAccess) modelAccessJSON {
	return modelAccessJSON{ID: a.ID, Rights: a.Rights, Created: millis(a.Created), User: userRef(a.User)}
}

func toModelInvitation(inv models.ModelInvitation) modelInvitationJSON {
	return modelInvitationJSON{ID: inv.ID, Created: millis(inv.Created), Model: toModelInfoPtr(inv.Model),
		Rights: inv.Rights, Recipient: userRef(inv.Recipient)}
}

func toModelVersion(v models.ModelVersion) modelVersionJSON {
	out := modelVersionJSON{Version: v.Version, Created: millis(v.Created)}
	if v.CreatedBy != nil {
		out.CreatedBy = &userRef{v.CreatedBy.UserID}
	}
	return out
}

func toModel(m *models.Model) modelJSON {
	return modelJSON{
		modelInfoJSON:         toModelInfo(m.ModelInfo),
		Groups:                mapSlice(m.Groups, toGroup),
		UsersAccess:           mapSlice(m.UsersAccess, toModelAccess),
		Invitations:           mapSlice(m.Invitations, toModelInvitation),
		IgnoreTerms:           mapSlice(m.IgnoreTerms, toIgnoreTerm),
		IgnoreTermsDictionary: m.IgnoreTermsDictionary,
	}
}

// writeModel writes the JSON answer of a model to w. The structure (groups,
// ignore terms, dictionary) of a model the Service answered is encoded once
// per content (structures) and written as it is; only the rest (the model's
// info, accesses and invitations) is encoded per answer.
func (h *handler) writeModel(w io.Writer, m *models.Model) error {
	head, err := modelHead(m)
	if err != nil {
		return err
	}
	return h.writeModelHead(w, m, head)
}

// writeModelHead is writeModel with the model's head already encoded
// (modelHead), as the ETag needs it too; it may change head.
func (h *handler) writeModelHead(w io.Writer, m *models.Model, head []byte) error {
	structure, err := h.structures.encoded(m)
	if err != nil {
		return err
	}
	head[len(head)-1] = ','
	for _, part := range [][]byte{head, structure, {'}'}} {
		if _, err := w.Write(part); err != nil {
			return err
		}
	}
	return nil
}

// modelHead is the JSON object of the parts of a model answer that are
// encoded per answer: the model's info, accesses and invitations.
func modelHead(m *models.Model) ([]byte, error) {
	return json.Marshal(struct {
		modelInfoJSON
		UsersAccess []modelAccessJSON     `json:"usersAccess"`
		Invitations []modelInvitationJSON `json:"invitations"`
	}{toModelInfo(m.ModelInfo), mapSlice(nonNil(m.UsersAccess), toModelAccess), mapSlice(nonNil(m.Invitations), toModelInvitation)})
}

// encodeStructure is the JSON of a model's groups, ignore terms and
// dictionary: `"groups":…,"ignoreTerms":…,"ignoreTermsDictionary":…`,
// without braces.
func encodeStructure(m *models.Model) ([]byte, error) {
	b, err := json.Marshal(struct {
		Groups                []groupJSON       `json:"groups"`
		IgnoreTerms           []ignoreTermJSON  `json:"ignoreTerms"`
		IgnoreTermsDictionary map[string]string `json:"ignoreTermsDictionary"`
	}{mapSlice(m.Groups, toGroup), mapSlice(m.IgnoreTerms, toIgnoreTerm), m.IgnoreTermsDictionary})
	if err != nil {
		return nil, err
	}
	return b[1 : len(b)-1], nil
}

// nonNil is s, or an empty slice for nil (JSON [] rather than null).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
