package api

import (
	"strings"
	"testing"

	explorer "explorer"
)

func TestLoneSurrogate(t *testing.T) {
	for _, tt := range []struct {
		body string
		at   int
	}{
		{`{"name":"a\udc00b"}`, 10},
		{`{"name":"a\ud83d"}`, 10},
		{`{"name":"a\ud83db"}`, 10},
		{`{"name":"a\uD83D\u0041"}`, 10},
		{`{"name":"\ud83d\ude00 \ud83d"}`, 22},
		{`{"name":"\ud83d\ude00\udc00"}`, 21},
		{`{"name":"\\\udc00"}`, 11},
		{`{"name":"\ud83d\ude00"}`, -1},
		{`{"name":"\\udc00"}`, -1},
		{`{"name":"\\\\udc00"}`, -1},
		{`{"name":"\u00e9\u0041"}`, -1},
		{`{"name":"\ud83d\`, 9},
		{`{"name":"\u12"}`, -1},
		{`{"name":"plain"}`, -1},
	} {
		if got := loneSurrogate([]byte(tt.body)); got != tt.at {
			t.Errorf("%s: %d, want %d", tt.body, got, tt.at)
		}
	}
}

// A lone surrogate is refused naming the field, through every JSON body.
func TestCheckJSONTextRefusesLoneSurrogates(t *testing.T) {
	for _, tt := range []struct{ body, field string }{
		{`{"name":"a\udc00b","language":"EN"}`, "name"},
		{`{"name":"n","parts":[{"term":"ok"},{"term":"x\ud800"}]}`, "parts[1].term"},
		{`{"groups":[{"title":"g","topics":[{"title":"t","terms":["a","\uDFFF"]}]}]}`, "groups[0].topics[0].terms[1]"},
	} {
		err := checkJSONText([]byte(tt.body))
		var fe []explorer.FieldError
		if xe := explorer.AsError(err); xe != nil {
			fe = xe.Fields
		}
		if explorer.ErrorCode(err) != explorer.EINVALID || len(fe) != 1 || fe[0].Field != tt.field || !strings.Contains(fe[0].Message, "surrogate") {
			t.Errorf("%s: %v %+v", tt.body, err, fe)
		}
	}
	if err := checkJSONText([]byte(`{"name":"\ud83d\ude00 ok"}`)); err != nil {
		t.Errorf("a pair: %v", err)
	}
}
