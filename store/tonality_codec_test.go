package store

import (
	"explorer/projects"
	"testing"
)

func TestMentionsCodec(t *testing.T) {
	in := []projects.Mention{{Row: 1, Score: 0.5}, {Row: 2, Score: -1}, {Row: 1000000, Score: 0}, {Row: 1000001, Score: 0.12345}}
	got, err := decodeMentions(encodeMentions(in))
	if err != nil || len(got) != len(in) {
		t.Fatalf("%v %v", got, err)
	}
	for i := range in {
		if got[i].Row != in[i].Row || got[i].Score-in[i].Score > 0.00005 || in[i].Score-got[i].Score > 0.00005 {
			t.Errorf("%d: %+v, want %+v", i, got[i], in[i])
		}
	}
	if len(encodeMentions(in)) > 4*len(in)+6 {
		t.Errorf("%d bytes for %d mentions", len(encodeMentions(in)), len(in))
	}
	for _, bad := range [][]byte{{0x80}, {0x01, 0x80}} {
		if _, err := decodeMentions(bad); err == nil {
			t.Errorf("%x decoded", bad)
		}
	}
}
