package api

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	explorer "explorer"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// randomModelBody returns the JSON of a ModelInput with random groups,
// topics and terms (arrays of 0 to 20 elements, escapes, nulls).
func randomModelBody(r *rand.Rand) []byte {
	words := []string{"a", "Beta", `q"uote`, `back\slash`, "[bracket]", "{brace}", "comma, here", "日本", ""}
	terms := func() any {
		if r.IntN(10) == 0 {
			return nil
		}
		out := []string{}
		for i := r.IntN(21); i > 0; i-- {
			out = append(out, words[r.IntN(len(words))])
		}
		return out
	}
	var groups []any
	for g := r.IntN(5); g > 0; g-- {
		var topics []any
		for t := r.IntN(5); t > 0; t-- {
			topics = append(topics, map[string]any{"id": r.IntN(9), "title": words[r.IntN(len(words))], "terms": terms(),
				"dictionary": map[string]string{"k": "v"}})
		}
		groups = append(groups, map[string]any{"id": r.IntN(9), "title": "g", "pinned": r.IntN(2) == 0, "topics": topics})
	}
	b, _ := json.Marshal(map[string]any{"title": "t", "groups": groups, "ignoreTerms": terms()})
	return b
}

// TestBodiesDecodeAsEncodingJSON decodes generated model bodies, whole
// and damaged, with the presized decoder and compares them with
// encoding/json (whole bodies) and the same engine without presizing
// (every body): the same value and the same error.
func TestBodiesDecodeAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		body := randomModelBody(r)
		if i%2 == 1 && len(body) > 2 {
			// Damage: cut it, or change one byte.
			if r.IntN(2) == 0 {
				body = body[:r.IntN(len(body))]
			} else {
				const damage = "[]{},\"\\:x1 "
				body[r.IntN(len(body))] = damage[r.IntN(len(damage))]
			}
		}
		var got, plain, std explorer.ModelInput
		errGot := unmarshalBody(body, &got)
		errPlain := jsonv1.Unmarshal(body, &plain)
		if fmt.Sprint(errGot) != fmt.Sprint(errPlain) || !reflect.DeepEqual(got, plain) {
			t.Fatalf("%s\npresized: %+v %v\nplain:    %+v %v", body, got, errGot, plain, errPlain)
		}
		if i%2 == 0 {
			if err := json.Unmarshal(body, &std); err != nil || errGot != nil || !reflect.DeepEqual(got, std) {
				t.Fatalf("%s\npresized: %+v %v\nencoding/json: %+v %v", body, got, errGot, std, err)
			}
		}
	}
}

func TestCountElements(t *testing.T) {
	for in, want := range map[string]int{
		`[]`: 0, ` [ ] `: 0, `["a"]`: 1, `["a,b", "c]"]`: 2, `[["x", "y"], {"a": 1, "b": [2, 3]}, 4]`: 3,
		`["a\"", "b\\", "c"]`: 3, `[1,2,3`: 2, `[,,,,,,,,,,,,]`: 7,
	} {
		if got := countElements([]byte(in)); got != want {
			t.Errorf("countElements(%s) = %d, want %d", in, got, want)
		}
	}
}

// BenchmarkDecodeModelBody decodes the PUT body of a model of 30 groups ×
// 10 topics × 10 terms with encoding/json, the v2 engine with v1 rules,
// and that engine with term arrays presized (what decodeJSON uses).
func BenchmarkDecodeModelBody(b *testing.B) {
	var groups []explorer.Group
	for g := 0; g < 30; g++ {
		grp := explorer.Group{ID: int64(g + 1), Title: fmt.Sprintf("Group %d", g+1)}
		for t := 0; t < 10; t++ {
			tp := explorer.Topic{ID: int64(g*10 + t + 1), Title: fmt.Sprintf("Topic %d.%d", g+1, t+1), Dictionary: map[string]string{}}
			for k := 0; k < 10; k++ {
				tp.Terms = append(tp.Terms, fmt.Sprintf("term %d %d %d", g, t, k))
			}
			grp.Topics = append(grp.Topics, tp)
		}
		groups = append(groups, grp)
	}
	body, err := json.Marshal(map[string]any{"groups": groups})
	if err != nil {
		b.Fatal(err)
	}
	for name, decode := range map[string]func([]byte, any) error{
		"encoding-json": json.Unmarshal, "v2-engine": jsonv1.Unmarshal, "presized": unmarshalBody,
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var in explorer.ModelInput
				if err := decode(body, &in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
