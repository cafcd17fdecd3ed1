package api

import (
	"encoding/json"
	"io"

	explorer "explorer"
)

// writeModel writes the JSON answer of a model to w. The structure (groups,
// ignore terms, dictionary) of a model the Service answered was encoded
// once for its version and is written as it is; only the rest (the model's
// info, accesses and invitations) is encoded per answer. A model without
// that encoding is encoded in one go.
func writeModel(w io.Writer, m *explorer.Model) error {
	head, err := modelHead(m)
	if err != nil {
		return err
	}
	return writeModelHead(w, m, head)
}

// writeModelHead is writeModel with the model's head already encoded
// (modelHead), as the ETag needs it too; it may change head.
func writeModelHead(w io.Writer, m *explorer.Model, head []byte) error {
	structure := m.EncodedStructure()
	if structure == nil {
		b, err := json.Marshal(m)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
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
func modelHead(m *explorer.Model) ([]byte, error) {
	return json.Marshal(struct {
		explorer.ModelInfo
		UsersAccess []explorer.ModelAccess     `json:"usersAccess"`
		Invitations []explorer.ModelInvitation `json:"invitations"`
	}{m.ModelInfo, nonNil(m.UsersAccess), nonNil(m.Invitations)})
}

// nonNil is s, or an empty slice for nil (JSON [] rather than null).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
