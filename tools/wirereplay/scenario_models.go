package main

import (
	"fmt"
	"strings"
)

// models: alice uploads two models, edits one (two versions), shares it
// with carol (who accepts) and bob (taken back), reads versions, restores
// one and exports; a second upload is deleted.
func models(r *runner) {
	up := r.upload(alice, "alice uploads a model", "/v1/models?title=Restaurant", "model.csv", modelCSV(3, 4))
	id := r.id(up, "id")
	r.get(alice, "alice model", path("/v1/models/%d", id), nil)
	r.json(alice, "alice edits the model", "PUT", path("/v1/models/%d", id), modelInput("Restaurant v2", 2, 3))
	r.json(alice, "alice edits it again", "PUT", path("/v1/models/%d", id), modelInput("Restaurant v3", 3, 2))
	r.get(alice, "alice model after edits", path("/v1/models/%d", id), nil)
	r.get(alice, "versions", path("/v1/models/%d/versions", id), nil)
	r.get(alice, "version 1", path("/v1/models/%d/versions/1", id), nil)
	r.json(alice, "restore version 1", "POST", path("/v1/models/%d/versions/1/restore", id), nil)
	r.get(alice, "versions after restore", path("/v1/models/%d/versions", id), nil)
	r.get(alice, "export csv", path("/v1/models/%d/export?format=csv", id), nil)
	r.get(alice, "export csv version 2", path("/v1/models/%d/export?format=csv&version=2", id), nil)
	r.get(alice, "export xlsx", path("/v1/models/%d/export", id), nil)
	inv := r.json(alice, "share with carol", "POST", path("/v1/models/%d/share?userId=carol&rights=READ_WRITE", id), nil)
	r.get(carol, "carol's model invitations", "/v1/models/invitations", nil)
	r.json(carol, "carol accepts", "PUT", path("/v1/models/invitations/%d/accept", r.id(inv, "id")), nil)
	inv = r.json(alice, "share with bob", "POST", path("/v1/models/%d/share?userId=bob", id), nil)
	r.json(alice, "take bob's invitation back", "DELETE", path("/v1/models/%d/invitations/%d", id, r.id(inv, "id")), nil)
	r.get(carol, "carol reads the shared model", path("/v1/models/%d", id), nil)
	r.get(carol, "carol's models", "/v1/models", nil)
	r.get(alice, "alice models", "/v1/models", nil)
	other := r.upload(alice, "alice uploads another", "/v1/models?title=Other&language=FR", "other.csv", modelCSV(1, 2))
	r.json(alice, "alice deletes it", "DELETE", path("/v1/models/%d", r.id(other, "id")), nil)
	r.get(alice, "deleted model", path("/v1/models/%d", r.id(other, "id")), nil)
	r.get(alice, "model's projects", path("/v1/models/%d/projects", id), nil)
}

// modelInput is a model's body for PUT /v1/models/{id}.
func modelInput(title string, groups, topics int) map[string]any {
	var gs []any
	for g := 1; g <= groups; g++ {
		var ts []any
		for t := 1; t <= topics; t++ {
			ts = append(ts, map[string]any{"title": fmt.Sprintf("%s %d.%d", modelWords[(g+t)%len(modelWords)], g, t),
				"terms": []string{modelWords[(g*t)%len(modelWords)], modelWords[(g+3*t)%len(modelWords)]}})
		}
		gs = append(gs, map[string]any{"title": fmt.Sprintf("group %d", g), "topics": ts})
	}
	return map[string]any{"title": title, "groups": gs, "ignoreTerms": []string{"the", "a"}}
}

// poles: alice makes a pole, edits it, asks for suggestions, declines
// terms and takes one decline back.
func poles(r *runner) {
	body := map[string]any{"name": "friendly", "language": "EN", "description": "kind words",
		"parts": []any{map[string]any{"term": "friendly", "weight": 1}, map[string]any{"term": "kind", "weight": 2}}}
	p := r.json(alice, "alice makes a pole", "POST", "/v1/poles", body)
	id := r.id(p, "id")
	r.get(alice, "alice pole", path("/v1/poles/%d", id), nil)
	body["parts"] = append(body["parts"].([]any), map[string]any{"term": "helpful", "weight": 1})
	r.json(alice, "alice edits the pole", "PUT", path("/v1/poles/%d", id), body)
	r.get(alice, "suggestions", path("/v1/poles/%d/suggest?limit=10", id), nil)
	r.json(alice, "decline terms", "POST", path("/v1/poles/%d/rejections", id), map[string]any{"terms": []string{"nice", "pleasant"}})
	r.get(alice, "declined", path("/v1/poles/%d/rejections", id), nil)
	r.json(alice, "restore a declined term", "DELETE", path("/v1/poles/%d/rejections/nice", id), nil)
	r.get(alice, "suggestions after declines", path("/v1/poles/%d/suggest?limit=10", id), nil)
	q := r.json(alice, "alice makes a second pole", "POST", "/v1/poles", map[string]any{"name": "angry", "language": "EN",
		"parts": []any{map[string]any{"term": "rude", "weight": 1}}})
	r.get(alice, "alice poles", "/v1/poles", nil)
	r.json(alice, "alice deletes the second pole", "DELETE", path("/v1/poles/%d", r.id(q, "id")), nil)
	r.get(bob, "bob cannot read alice's pole", path("/v1/poles/%d", id), nil)
}

// reviews is the project's table: an id, a date and a text column of
// 160 reviews, each three clauses of a fixed list.
func reviews() []byte {
	clauses := []string{
		"the waiter was friendly", "the coffee was great", "rude staff", "a long wait for the bill",
		"lovely dessert", "the music was too loud", "the menu is short", "the wine list is excellent",
		"cold food", "an expensive bill", "kind and helpful staff", "quick service",
		"the table was dirty", "fair prices", "fresh bread and good olive oil", "the pasta was overcooked",
		"a noisy room", "a cosy terrace", "the steak was perfect", "we waited an hour for a table",
		"cheap wine", "the espresso was bitter", "a warm welcome", "the soup was salty",
	}
	var b strings.Builder
	b.WriteString("id,date,text\n")
	for i := range 160 {
		n := len(clauses)
		fmt.Fprintf(&b, "%d,2024-%02d-%02d,\"%s, %s and %s\"\n", i+1, i%12+1, i%28+1,
			clauses[i%n], clauses[(i*7+3)%n], clauses[(i*11+5)%n])
	}
	return []byte(b.String())
}
