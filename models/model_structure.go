package models

import (
	"explorer"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxFieldErrors is the most field errors one answer lists.
const MaxFieldErrors = 20

// FieldErrors collects the errors of one input.
type FieldErrors []explorer.FieldError

// Text adds the field error of v when it is not clean text (TextFault)
// and reports whether it was clean.
func (f *FieldErrors) Text(field, v string) bool {
	var fe []explorer.FieldError
	if explorer.TextFields(&fe, field, v) {
		return true
	}
	f.add(field, "%s", fe[0].Message)
	return false
}

func (f *FieldErrors) add(field, format string, args ...any) {
	if len(*f) < MaxFieldErrors {
		*f = append(*f, explorer.FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
	}
}

// Err returns an EINVALID error naming the first problem, or nil.
func (f FieldErrors) Err() error {
	if len(f) == 0 {
		return nil
	}
	return explorer.Invalid(f[0].Field+" "+f[0].Message, f...)
}

// cleanTitle trims a required title and checks its length.
func cleanTitle(errs *FieldErrors, field, title string, max int) string {
	t := strings.TrimSpace(title)
	switch {
	case !errs.Text(field, t):
	case t == "":
		errs.add(field, "must not be empty")
	case utf8.RuneCountInString(t) > max:
		errs.add(field, "must be at most %d characters", max)
	}
	return t
}

// CleanTerms trims terms and drops empty ones and repeats (compared
// without regard to case, the first kept); over-long terms are errors.
func CleanTerms(errs *FieldErrors, field string, in []string) []string {
	out := make([]string, 0, len(in))
	var seen termSet
	for i, t := range in {
		t = strings.TrimSpace(t)
		if msg := explorer.TextFault(t); msg != "" {
			errs.add(field+"["+strconv.Itoa(i)+"]", "%s", msg)
			continue
		}
		if len(t) > TermMax && utf8.RuneCountInString(t) > TermMax {
			errs.add(field+"["+strconv.Itoa(i)+"]", "must be at most %d characters", TermMax)
			continue
		}
		if t != "" && seen.add(t) {
			out = append(out, t)
		}
	}
	return out
}

// CleanTermsLike is CleanTerms for terms that may equal stored, the terms
// a stored version holds: those are clean already (trimmed, without empty
// ones or repeats; stored terms over TermMax bytes are cleaned as any, so
// that they are rejected as before), so that cleaning them gives them
// back. stored is then returned as it is, shared: versions are never
// modified.
func CleanTermsLike(errs *FieldErrors, field string, in, stored []string) []string {
	if stored == nil || !slices.Equal(in, stored) {
		return CleanTerms(errs, field, in)
	}
	for _, t := range stored {
		if len(t) > TermMax {
			return CleanTerms(errs, field, in)
		}
	}
	return stored
}

// DedupeTerms trims terms and drops empty ones and repeats (compared by
// TermKey, the first kept).
func DedupeTerms(in []string) []string {
	out := make([]string, 0, len(in))
	var seen termSet
	for _, t := range in {
		if t = strings.TrimSpace(t); t != "" && seen.add(t) {
			out = append(out, t)
		}
	}
	return out
}

// TermSetSmall is how many terms a termSet compares one by one before it
// builds a map.
const TermSetSmall = 16

// termSet tells terms apart by their TermKey. The zero value is
// empty.
type termSet struct {
	small [TermSetSmall]string
	n     int
	m     map[string]bool
}

// add reports whether t was new, and adds it.
func (s *termSet) add(t string) bool {
	k := explorer.TermKey(t)
	if s.m != nil {
		if s.m[k] {
			return false
		}
		s.m[k] = true
		return true
	}
	for _, x := range s.small[:s.n] {
		if x == k {
			return false
		}
	}
	if s.n < TermSetSmall {
		s.small[s.n] = k
		s.n++
		return true
	}
	s.m = make(map[string]bool, 2*TermSetSmall)
	for _, x := range s.small {
		s.m[x] = true
	}
	s.m[k] = true
	return true
}

// NormalizeTerms is CleanTerms for input that cannot be wrong but by
// length; over-long terms are dropped.
func NormalizeTerms(in []string) []string {
	var errs FieldErrors
	return CleanTerms(&errs, "", in)
}

// NormalizeGroups checks groups written by a caller and returns them
// cleaned: titles trimmed and required, terms cleaned. Ids are kept as
// given; assignIDs decides which survive. field prefixes the field names
// of errors.
func NormalizeGroups(in []explorer.Group, field string) ([]explorer.Group, error) {
	return NormalizeGroupsLike(in, field, nil)
}

// NormalizeGroupsLike is normalizeGroups where like are the groups of a
// stored version of the model: a topic whose terms are exactly those its
// id has in like keeps like's terms without cleaning them again (see
// CleanTermsLike).
func NormalizeGroupsLike(in []explorer.Group, field string, like []explorer.Group) ([]explorer.Group, error) {
	var stored map[int64][]string
	if like != nil {
		stored = make(map[int64][]string, len(like)*8)
		for _, g := range like {
			for _, t := range g.Topics {
				stored[t.ID] = t.Terms
			}
		}
	}
	var errs FieldErrors
	out := make([]explorer.Group, len(in))
	topics := 0
	for i, g := range in {
		gf := field + "[" + strconv.Itoa(i) + "]"
		ng := explorer.Group{ID: g.ID, Pinned: g.Pinned, Title: cleanTitle(&errs, gf+".title", g.Title, GroupTitleMax)}
		ng.Topics = make([]explorer.Topic, len(g.Topics))
		for j, t := range g.Topics {
			tf := gf + ".topics[" + strconv.Itoa(j) + "]"
			ng.Topics[j] = explorer.Topic{
				ID:         t.ID,
				Title:      cleanTitle(&errs, tf+".title", t.Title, TopicTitleMax),
				Terms:      CleanTermsLike(&errs, tf+".terms", t.Terms, stored[t.ID]),
				Dictionary: maps.Clone(t.Dictionary),
			}
		}
		topics += len(g.Topics)
		out[i] = ng
	}
	if topics > explorer.ModelTopicsMax {
		errs.add(field, "must hold at most %d topics", explorer.ModelTopicsMax)
	}
	return out, errs.Err()
}

// IDCounters are the next ids of new groups and topics.
type IDCounters struct {
	Group, Topic int64
}

// AssignIDs gives ids to groups and topics: an id present in prev (and
// not already taken by an earlier element of in) is kept, others are
// assigned anew from c. A topic whose dictionary is empty keeps the
// dictionary its id had in prev, since answers show dictionaries empty.
func AssignIDs(prev []explorer.Group, in []explorer.Group, c *IDCounters) []explorer.Group {
	n := 0
	for gi := range prev {
		n += len(prev[gi].Topics)
	}
	prevGroups := make(map[int64]bool, len(prev))
	prevTopics := make(map[int64]*explorer.Topic, n)
	for gi := range prev {
		prevGroups[prev[gi].ID] = true
		for ti := range prev[gi].Topics {
			prevTopics[prev[gi].Topics[ti].ID] = &prev[gi].Topics[ti]
		}
	}
	usedGroups := make(map[int64]bool, len(in))
	usedTopics := make(map[int64]bool, n)
	out := make([]explorer.Group, len(in))
	for i, g := range in {
		if g.ID <= 0 || !prevGroups[g.ID] || usedGroups[g.ID] {
			g.ID = c.Group
			c.Group++
		}
		usedGroups[g.ID] = true
		topics := make([]explorer.Topic, len(g.Topics))
		for j, t := range g.Topics {
			old, kept := prevTopics[t.ID]
			if t.ID <= 0 || !kept || usedTopics[t.ID] {
				t.ID = c.Topic
				c.Topic++
				kept = false
			}
			usedTopics[t.ID] = true
			if len(t.Dictionary) == 0 {
				t.Dictionary = nil
				if kept {
					t.Dictionary = old.Dictionary
				}
			}
			if t.Terms == nil {
				t.Terms = []string{}
			}
			if kept {
				shareUnchanged(&t, old)
			}
			topics[j] = t
		}
		g.Topics = topics
		out[i] = g
	}
	return out
}

// shareUnchanged makes t use the title and terms of old, the same topic
// in the version before, where they are equal: a version then holds in
// memory only what changed (versions are never modified).
func shareUnchanged(t *explorer.Topic, old *explorer.Topic) {
	if t.Title == old.Title {
		t.Title = old.Title
	}
	if old.Terms != nil && slices.Equal(t.Terms, old.Terms) {
		t.Terms = old.Terms
	}
}

// AssignIgnoreIDs turns ignore terms into IgnoreTerms: a term already in
// prev (without regard to case) keeps its id, others are numbered from
// next.
func AssignIgnoreIDs(prev []explorer.IgnoreTerm, terms []string, next *int64) []explorer.IgnoreTerm {
	ids := map[string]int64{}
	for _, t := range prev {
		ids[explorer.TermKey(t.Term)] = t.ID
	}
	out := make([]explorer.IgnoreTerm, len(terms))
	for i, t := range terms {
		id, ok := ids[explorer.TermKey(t)]
		if !ok {
			id = *next
			*next++
		}
		out[i] = explorer.IgnoreTerm{ID: id, Term: t}
	}
	return out
}

// MaxIDs returns the counters that follow the largest ids of a structure.
func MaxIDs(s *explorer.Structure) (c IDCounters, ignore int64) {
	c = IDCounters{Group: 1, Topic: 1}
	ignore = 1
	for _, g := range s.Groups {
		c.Group = max(c.Group, g.ID+1)
		for _, t := range g.Topics {
			c.Topic = max(c.Topic, t.ID+1)
		}
	}
	for _, t := range s.IgnoreTerms {
		ignore = max(ignore, t.ID+1)
	}
	return c, ignore
}

// SameStructure reports whether two structures hold the same groups,
// topics, terms, dictionaries and ignore terms, ids included.
func SameStructure(a, b *explorer.Structure) bool {
	if len(a.Groups) != len(b.Groups) || len(a.IgnoreTerms) != len(b.IgnoreTerms) ||
		!maps.Equal(a.IgnoreTermsDictionary, b.IgnoreTermsDictionary) {
		return false
	}
	for i := range a.IgnoreTerms {
		if a.IgnoreTerms[i].ID != b.IgnoreTerms[i].ID || a.IgnoreTerms[i].Term != b.IgnoreTerms[i].Term {
			return false
		}
	}
	for i := range a.Groups {
		ga, gb := &a.Groups[i], &b.Groups[i]
		if ga.ID != gb.ID || ga.Title != gb.Title || ga.Pinned != gb.Pinned || len(ga.Topics) != len(gb.Topics) {
			return false
		}
		for j := range ga.Topics {
			ta, tb := &ga.Topics[j], &gb.Topics[j]
			if ta.ID != tb.ID || ta.Title != tb.Title || !maps.Equal(ta.Dictionary, tb.Dictionary) || len(ta.Terms) != len(tb.Terms) {
				return false
			}
			for k := range ta.Terms {
				if ta.Terms[k] != tb.Terms[k] {
					return false
				}
			}
		}
	}
	return true
}

// AllTerms returns the terms of a structure's topics, for language
// detection.
func AllTerms(groups []explorer.Group) []string {
	var out []string
	for _, g := range groups {
		for _, t := range g.Topics {
			out = append(out, t.Terms...)
		}
	}
	return out
}
