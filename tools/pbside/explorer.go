package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"

	"explorer/internal/client"
	"explorer/tools/internal/load"
)

const password = "pbside-Bench-4t8w"

// sharedModel is the model both servers hold, changed one term at a
// time by concurrent writers: each write sends the whole model as it is
// after its own change.
type sharedModel struct {
	mu  sync.Mutex
	m   load.Model
	rnd *rand.Rand
}

// changed changes one term to "edited term i" and answers body(model)
// encoded as JSON.
func (s *sharedModel) changed(i int, body func(load.Model) any) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m.ChangeTerm(s.rnd, fmt.Sprintf("edited term %d", i))
	return json.Marshal(body(s.m))
}

// newShared is a copy of m changed with the bench's fixed seed: both
// sides make the same changes in the same order.
func newShared(m load.Model) *sharedModel {
	return &sharedModel{m: cloneModel(m), rnd: rand.New(rand.NewPCG(1, 2))}
}

// startExplorer starts bin/explorer serve on a fresh data directory
// (SQLite), uploads the 300-topic model as admin and answers the side
// with the model as the server answers it.
func startExplorer(c config) (*side, load.Model, error) {
	var m load.Model
	srv, err := load.StartServer(c.bin, "", password)
	if err != nil {
		return nil, m, err
	}
	s := newSide("explorer", srv.PID(), c.clients)
	s.stop = srv.Stop
	if err := s.idle(); err != nil {
		srv.Stop()
		return nil, m, err
	}
	s.rssFresh = s.rssNow
	cl := client.NewClient(srv.Base, "admin", password, nil)
	status, body, err := cl.UploadModel("Bench", load.TopicModelCSV(30, 10, 10))
	if err != nil || status != http.StatusCreated {
		srv.Stop()
		return nil, m, fmt.Errorf("upload: %d %.300s %v", status, body, err)
	}
	id, err := client.ID(body)
	if err != nil {
		srv.Stop()
		return nil, m, err
	}
	url := fmt.Sprintf("%s/v1/models/%d", srv.Base, id)
	if err := cl.Decode(http.StatusOK, "GET", fmt.Sprintf("/v1/models/%d", id), nil, &m); err != nil {
		srv.Stop()
		return nil, m, err
	}
	explorerModel := newShared(m)
	s.get = func() (*http.Request, error) {
		req, err := http.NewRequest("GET", url, nil)
		if err == nil {
			req.SetBasicAuth("admin", password)
		}
		return req, err
	}
	s.write = func(i int) (*http.Request, error) {
		b, err := explorerModel.changed(i, func(m load.Model) any { return m })
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequest("PUT", url, bytes.NewReader(b))
		if err == nil {
			req.SetBasicAuth("admin", password)
			req.Header.Set("Content-Type", "application/json")
		}
		return req, err
	}
	if fi, err := os.Stat(c.bin); err == nil {
		s.binSize = fi.Size()
	}
	return s, m, nil
}

// cloneModel is a deep copy of m (each side changes its own copy).
func cloneModel(m load.Model) load.Model {
	b, _ := json.Marshal(m)
	var out load.Model
	_ = json.Unmarshal(b, &out)
	return out
}
