package api_test

import (
	"fmt"
	"os"
	"testing"

	"explorer/internal/testkit"
)

// TestFirstTenMinutes walks the README's "Your first ten minutes" with
// its sample files (docs/samples): the model uploads with its groups, the
// reviews import and explore into topics with tonality, a model is made
// from the topics and the uploaded model applies.
func TestFirstTenMinutes(t *testing.T) {
	e := testkit.New(t)
	e.AddUser("ann", "")
	read := func(name string) []byte {
		b, err := os.ReadFile("../docs/samples/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	body, ct := testkit.Multipart(t, "hotel-model.csv", read("hotel-model.csv"), nil)
	m := decodeModel(t, e.Do(testkit.Request{Method: "POST", Path: "/v1/models?title=Hotel%20stays", User: "ann", Body: body, ContentType: ct}).Expect(t, 201))
	if len(m.Groups) != 3 || len(m.Groups[0].Topics) != 3 || m.Language != "EN" {
		t.Fatalf("the sample model: %+v", m)
	}
	p := decodeProject(t, importAPI(e, "ann", "hotel-reviews.csv", read("hotel-reviews.csv"), "?title=Hotel%20reviews", nil).Expect(t, 201))
	if p.Rows != 40 {
		t.Fatalf("the sample reviews: %+v", p)
	}
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/projects/%d/explore?column=review&topics=8", p.ID), User: "ann"}).Expect(t, 200)
	var topics struct {
		Tonality struct{ Positive, Negative int } `json:"tonality"`
		Groups   []struct {
			Topics []struct{ Title string } `json:"topics"`
		} `json:"groups"`
	}
	e.Do(testkit.Request{Method: "GET", Path: fmt.Sprintf("/v1/projects/%d/topics", p.ID), User: "ann"}).Expect(t, 200).JSON(t, &topics)
	if len(topics.Groups) == 0 || topics.Tonality.Positive == 0 || topics.Tonality.Negative == 0 {
		t.Fatalf("the explored reviews: %+v", topics)
	}
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/models/create?projectId=%d", p.ID), User: "ann",
		Body: map[string]any{"title": "Hotel topics"}}).Expect(t, 201)
	e.Do(testkit.Request{Method: "POST", Path: fmt.Sprintf("/v1/projects/%d/apply?modelId=%d", p.ID, m.ID), User: "ann"}).Expect(t, 200)
}
