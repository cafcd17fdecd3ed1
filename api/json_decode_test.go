package api

import (
	"encoding/json"
	"explorer/models"
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

// unusualFields are members a body may hold besides the usual ones.
var unusualFields = []string{`"Title":"X",`, `"IgnoreTermsDictionary":{"z":"y"},`, `"ignore-terms-dictionary":{"z":"y"},`, `"other":[1,{"a":null}],`, `"id":1.5,`, `"id":-3,`, `"terms":null,`,
	`"title":null,`, `"pinned":null,`, `"groups":null,`, `"\u0074itle":"e",`, `"ignoreTermsDictionary":{"a":"b","a":"c"},`,
	`"ignore_terms":["q"],`, `"title":"a","title":"b",`, `"dictionary":{"k":null},`, `"terms":["a",null],`, `"id":"4",`,
	`"ignoreTerms":[],`, `"topics":[null],`, "\"title\":\"bad \xff utf8\",", `"pinned":true,`, `"id":99999999999999999999,`}

// withUnusualField inserts one of unusualFields after a random '{'.
func withUnusualField(r *rand.Rand, body []byte) []byte {
	var at []int
	for i, c := range body {
		if c == '{' {
			at = append(at, i+1)
		}
	}
	i := at[r.IntN(len(at))]
	f := unusualFields[r.IntN(len(unusualFields))]
	return append(append(append([]byte{}, body[:i]...), f...), body[i:]...)
}

// TestBodiesDecodeAsEncodingJSON decodes generated model bodies, whole,
// with unusual members and damaged, with the presized decoder and the
// model reader, and compares them with encoding/json (whole bodies) and
// the same engine without presizing (every body): the same value and the
// same error.
func TestBodiesDecodeAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		body := randomModelBody(r)
		if i%4 == 2 {
			body = withUnusualField(r, body)
		}
		if i%2 == 1 && len(body) > 2 {
			// Damage: cut it, or change one byte.
			if r.IntN(2) == 0 {
				body = body[:r.IntN(len(body))]
			} else {
				const damage = "[]{},\"\\:x1 "
				body[r.IntN(len(body))] = damage[r.IntN(len(damage))]
			}
		}
		var got, plain, std modelInputJSON
		var read models.ModelInput
		errGot := unmarshalBody(body, &got)
		errRead := decodeModelInput(body, &read)
		errPlain := jsonv1.Unmarshal(body, &plain)
		if fmt.Sprint(errGot) != fmt.Sprint(errPlain) || !reflect.DeepEqual(got, plain) {
			t.Fatalf("%s\npresized: %+v %v\nplain:    %+v %v", body, got, errGot, plain, errPlain)
		}
		if fmt.Sprint(errRead) != fmt.Sprint(errPlain) || !reflect.DeepEqual(read, plain.input()) {
			t.Fatalf("%s\nmodel reader: %+v %v\nplain:        %+v %v", body, read, errRead, plain, errPlain)
		}
		if i%4 == 0 {
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
// that engine with term arrays presized (decodeJSON's decoder) and the
// model reader (what a PUT of a model uses).
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
	body, err := json.Marshal(map[string]any{"groups": mapSlice(groups, toGroup)})
	if err != nil {
		b.Fatal(err)
	}
	into := func(decode func([]byte, any) error) func([]byte) error {
		return func(b []byte) error { var in modelInputJSON; return decode(b, &in) }
	}
	for name, decode := range map[string]func([]byte) error{
		"encoding-json": into(json.Unmarshal), "v2-engine": into(jsonv1.Unmarshal), "presized": into(unmarshalBody),
		"model-reader": func(b []byte) error { var in models.ModelInput; return decodeModelInput(b, &in) },
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := decode(body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
