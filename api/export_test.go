package api

import (
	"explorer/models"
)

// EncodedStructure is the encoded structure the API writes for m (from
// its cache when it holds m's content).
func (a *API) EncodedStructure(m *models.Model) ([]byte, error) { return a.h.structures.encoded(m) }
