package main

import (
	"encoding/json"
	"strings"
	"time"
)

// projects: alice imports a table, explores its text column into
// topics, lists topics and texts, applies her model, sets poles,
// exports, and reads the jobs.
func projects(r *runner) {
	imp := r.upload(alice, "alice imports a project", "/v1/projects?title=Reviews", "reviews.csv", reviews())
	id := r.id(imp, "id")
	r.waitProject(alice, id)
	r.settle(alice)
	r.get(alice, "alice project", path("/v1/projects/%d", id), nil)
	r.get(alice, "alice projects", "/v1/projects", nil)
	ex := r.json(alice, "explore", "POST", path("/v1/projects/%d/explore?column=text&topics=4&groups=2", id), nil)
	r.waitJob(alice, ex)
	r.settle(alice)
	r.get(alice, "topics", path("/v1/projects/%d/topics", id), nil)
	r.get(alice, "topics csv", path("/v1/projects/%d/topics?format=csv", id), nil)
	r.get(alice, "texts", path("/v1/projects/%d/texts?limit=5", id), nil)
	r.get(alice, "texts of a search", path("/v1/projects/%d/texts?q=coffee&limit=5", id), nil)
	r.get(alice, "texts page 2", path("/v1/projects/%d/texts?offset=5&limit=5", id), nil)
	r.get(alice, "project poles", path("/v1/projects/%d/poles", id), nil)
	r.json(alice, "set project poles", "PUT", path("/v1/projects/%d/poles", id), map[string]any{"poleIds": []int{1}})
	r.settle(alice)
	r.get(alice, "topics with the pole", path("/v1/projects/%d/topics", id), nil)
	ap := r.json(alice, "apply alice's model", "POST", path("/v1/projects/%d/apply?modelId=1", id), nil)
	r.waitJob(alice, ap)
	r.settle(alice)
	r.json(alice, "discover", "POST", path("/v1/projects/%d/discover?topics=3&groups=1", id), nil)
	r.get(alice, "topics of the model", path("/v1/projects/%d/topics", id), nil)
	r.get(alice, "texts of a topic", path("/v1/projects/%d/texts?topic=1&limit=3", id), nil)
	r.get(alice, "export csv", path("/v1/projects/%d/export?format=csv", id), nil)
	r.get(alice, "export xlsx", path("/v1/projects/%d/export", id), nil)
	r.get(alice, "jobs", "/v1/jobs", nil)
	r.get(alice, "explore job", path("/v1/jobs/%d", r.id(ex, "id")), nil)
	r.get(bob, "bob's projects", "/v1/projects", nil)
	r.get(alice, "alice usage after", "/v1/account/usage", nil)
	r.get(alice, "alice credits after", "/v1/account/credits", nil)
}

// waitProject waits (unrecorded) until the project's import is done.
func (r *runner) waitProject(a *actor, id int64) {
	r.poll(a, path("/v1/projects/%d", id), func(ex *Exchange) bool {
		s := stringField(ex.Body, "status")
		return ex.Status != 200 || s != "IMPORTING" && s != "PENDING" && s != "QUEUED"
	})
}

// waitJob waits (unrecorded) until the job an answer started ends, when
// the answer is 202 with a job id.
func (r *runner) waitJob(a *actor, started *Exchange) {
	if started.Status != 202 {
		return
	}
	id := r.id(started, "id")
	r.poll(a, path("/v1/jobs/%d", id), func(ex *Exchange) bool {
		s := stringField(ex.Body, "state")
		return ex.Status != 200 || s != "queued" && s != "running" && s != "QUEUED" && s != "RUNNING"
	})
}

// settle waits (unrecorded) until none of a's jobs is queued or running:
// a write may start one in the background (tonality measured again), and
// a step after it must not depend on how far it got.
func (r *runner) settle(a *actor) {
	r.poll(a, "/v1/jobs", func(ex *Exchange) bool {
		var jobs []struct{ State string }
		if ex.Status != 200 || json.Unmarshal(ex.Body, &jobs) != nil {
			return true
		}
		for _, j := range jobs {
			if s := strings.ToLower(j.State); s == "queued" || s == "running" {
				return false
			}
		}
		return true
	})
}

// poll asks path until done says so, at most two minutes.
func (r *runner) poll(a *actor, p string, done func(*Exchange) bool) {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if done(r.exchange(a, request{method: "GET", path: p})) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.fail(errTimeout(p))
}
