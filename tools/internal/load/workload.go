package load

import (
	"explorer/internal/client"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// user is one simulated user with its own model and pole; partner is
// another user it sends manager invitations to.
type user struct {
	c           *client.Client
	model, pole int64
	partner     string
	n           int
	// lang is the language of the user's pole, whose word space its
	// suggestions load.
	lang poleLanguage
}

// poleLanguage is a language of the users' poles with words of it.
type poleLanguage struct {
	code  string
	terms []string
}

// poleLanguages are the languages of the users' poles, one user after
// the other: English and three of the embedded thesauri, so that a load
// of four clients or more keeps four word spaces busy.
var poleLanguages = []poleLanguage{
	{"EN", []string{"good", "great", "friendly", "helpful", "quick", "kind", "fine"}},
	{"SV", []string{"bra", "god", "vänlig", "snabb", "snäll", "fin", "trevlig"}},
	{"DA", []string{"god", "venlig", "hurtig", "rar", "fin", "flink", "dejlig"}},
	{"PT", []string{"bom", "ótimo", "simpático", "rápido", "gentil", "fino", "amável"}},
}

// op is one kind of request of the mix; run returns the status of the
// answer (the last one when an operation makes two requests).
type op struct {
	name   string
	weight int
	run    func(u *user, rnd *rand.Rand) (int, error)
}

func get(path string) func(*user, *rand.Rand) (int, error) {
	return func(u *user, _ *rand.Rand) (int, error) {
		code, _, err := u.c.Call("GET", path, nil)
		return code, err
	}
}

// modelCSV is the model file each user uploads: 4 groups of 5 topics.
func modelCSV() []byte {
	b := []byte("Index,Label,Terms\n")
	for g := 1; g <= 4; g++ {
		for t := 1; t <= 5; t++ {
			b = fmt.Appendf(b, "%d.%d,topic %d.%d,\"service %d, staff %d, price %d\"\n", g, t, g, t, t, g, g*t)
		}
	}
	return b
}

// mix is the workload: reads and writes over every resource.
var mix = []op{
	{"healthz", 4, get("/healthz")},
	{"models.list", 6, get("/v1/models")},
	{"models.get", 14, func(u *user, _ *rand.Rand) (int, error) { return call(u, "GET", "/v1/models/%d", u.model, nil) }},
	{"models.put", 6, putModel},
	{"models.versions", 3, func(u *user, _ *rand.Rand) (int, error) {
		return call(u, "GET", "/v1/models/%d/versions", u.model, nil)
	}},
	{"models.upload+delete", 1, uploadAndDelete},
	{"poles.list", 5, get("/v1/poles")},
	{"poles.get", 10, func(u *user, _ *rand.Rand) (int, error) { return call(u, "GET", "/v1/poles/%d", u.pole, nil) }},
	{"poles.put", 5, putPole},
	{"poles.suggest", 4, func(u *user, _ *rand.Rand) (int, error) { return call(u, "GET", "/v1/poles/%d/suggest", u.pole, nil) }},
	{"account.get", 5, get("/v1/account")},
	{"credits.get", 5, get("/v1/account/credits")},
	{"credits.buy", 3, func(u *user, _ *rand.Rand) (int, error) {
		code, _, err := u.c.Call("POST", "/v1/account/credits", map[string]int{"quantity": 10})
		return code, err
	}},
	{"usage.get", 3, get("/v1/account/usage")},
	{"product.get", 2, get("/v1/account/product")},
	{"seats.get", 2, get("/v1/account/seats")},
	{"settings.get", 5, get("/v1/account/settings")},
	{"settings.put", 2, putSettings},
	{"invitations.get", 4, get("/v1/account/invitations")},
	{"invitations.send+delete", 2, inviteAndDelete},
	{"projects.import+explore+delete", 1, importExploreDelete},
}

func call(u *user, method, format string, id int64, body any) (int, error) {
	code, _, err := u.c.Call(method, fmt.Sprintf(format, id), body)
	return code, err
}

// putModel replaces the model's structure with one of two variants (a new
// version each time).
func putModel(u *user, rnd *rand.Rand) (int, error) {
	u.n++
	var groups []any
	for g := range 4 {
		var topics []any
		for t := range 5 {
			topics = append(topics, map[string]any{"title": fmt.Sprintf("topic %d.%d", g, t),
				"terms": []string{"service", fmt.Sprintf("staff %d", u.n%7), fmt.Sprintf("price %d", rnd.IntN(3))}})
		}
		groups = append(groups, map[string]any{"title": fmt.Sprintf("group %d", g), "topics": topics})
	}
	return call(u, "PUT", "/v1/models/%d", u.model, map[string]any{"groups": groups, "ignoreTerms": []string{"the", "a"}})
}

func putPole(u *user, rnd *rand.Rand) (int, error) {
	terms := u.lang.terms
	var parts []any
	for i := range 5 {
		term := terms[(i+rnd.IntN(3))%len(terms)]
		if i >= 3 {
			term += strconv.Itoa(i) // a term the space does not know
		}
		parts = append(parts, map[string]any{"term": term, "weight": 1})
	}
	return call(u, "PUT", "/v1/poles/%d", u.pole, map[string]any{"name": "positive", "language": u.lang.code, "description": "", "parts": parts})
}

func putSettings(u *user, rnd *rand.Rand) (int, error) {
	tz := []string{"UTC", "Europe/Paris", "America/New_York"}[rnd.IntN(3)]
	code, _, err := u.c.Call("PUT", "/v1/account/settings", []map[string]string{{"key": "timezone", "value": tz}})
	return code, err
}

// uploadAndDelete uploads a model and deletes it, so that the database
// does not grow with the run.
func uploadAndDelete(u *user, _ *rand.Rand) (int, error) {
	code, b, err := u.c.UploadModel("uploaded", modelCSV())
	if err != nil || code != 201 {
		return code, err
	}
	id, err := client.ID(b)
	if err != nil {
		return 0, err
	}
	return call(u, "DELETE", "/v1/models/%d", id, nil)
}

// inviteAndDelete sends the partner a manager invitation and takes it back.
func inviteAndDelete(u *user, _ *rand.Rand) (int, error) {
	code, b, err := u.c.Call("POST", "/v1/account/invitations?userId="+u.partner, nil)
	if err != nil || code != 201 {
		return code, err
	}
	id, err := client.ID(b)
	if err != nil {
		return 0, err
	}
	return call(u, "DELETE", "/v1/account/invitations/%d", id, nil)
}

// pick draws an operation by weight.
func pick(rnd *rand.Rand, total int) *op {
	n := rnd.IntN(total)
	for i := range mix {
		if n < mix[i].weight {
			return &mix[i]
		}
		n -= mix[i].weight
	}
	return &mix[len(mix)-1]
}

// TopicModelCSV is a model file of groups × topics × terms (httpbench's
// and dbbench's 300-topic model is 30 × 10 × 10).
func TopicModelCSV(groups, topics, terms int) []byte {
	var csv strings.Builder
	csv.WriteString("Index,Label,Terms\n")
	for g := 1; g <= groups; g++ {
		for t := 1; t <= topics; t++ {
			var ts []string
			for k := 1; k <= terms; k++ {
				ts = append(ts, fmt.Sprintf("term%d%s%d", g, strings.Repeat("x", t%4), (g*131+t*17+k*7)%997))
			}
			fmt.Fprintf(&csv, "%d.%d,Topic %d of group %d,\"%s\"\n", g, t, t, g, strings.Join(ts, ", "))
		}
	}
	return []byte(csv.String())
}

// reviewTexts is the number of texts of the project each import makes.
const reviewTexts = 40

// reviewsCSV is a project's table: reviewTexts short reviews in a
// column "review", made of the words of lang and a few of the rnd's.
func reviewsCSV(lang poleLanguage, rnd *rand.Rand) []byte {
	aspects := []string{"room", "staff", "breakfast", "price", "location", "bed", "service", "view"}
	b := []byte("id,review\n")
	for i := range reviewTexts {
		a, c := aspects[rnd.IntN(len(aspects))], aspects[rnd.IntN(len(aspects))]
		w, v := lang.terms[rnd.IntN(len(lang.terms))], lang.terms[rnd.IntN(len(lang.terms))]
		b = fmt.Appendf(b, "%d,\"The %s was %s and the %s %s, %s %d.\"\n", i, a, w, c, v, a, rnd.IntN(50))
	}
	return b
}

// importExploreDelete buys the credits of an import, imports a project of
// reviews, explores it and deletes it, so that the database does not grow
// with the run.
func importExploreDelete(u *user, rnd *rand.Rand) (int, error) {
	code, _, err := u.c.Call("POST", "/v1/account/credits", map[string]int{"quantity": reviewTexts})
	if err != nil || code >= 300 {
		return code, err
	}
	code, b, err := u.c.UploadProject("load project", reviewsCSV(u.lang, rnd))
	if err != nil || code != 201 {
		return code, err
	}
	id, err := client.ID(b)
	if err != nil {
		return 0, err
	}
	code, _, err = u.c.Call("POST", fmt.Sprintf("/v1/projects/%d/explore?column=review", id), nil)
	if err != nil || code >= 300 {
		return code, err
	}
	return call(u, "DELETE", "/v1/projects/%d", id, nil)
}
