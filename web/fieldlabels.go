package web

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	explorer "explorer"
)

// fieldLabels name the fields of the service's errors as the pages name
// them; the key is the field's path without its indices. The JSON
// interface keeps the paths (problem+json); only the pages use these.
var fieldLabels = map[string]string{
	"groups": "Groups", "groups.title": "Group title", "groups.topics": "Topics",
	"groups.topics.title": "Topic title", "groups.topics.terms": "Topic terms",
	"ignoreTerms": "Ignored terms", "title": "Title", "name": "Name", "description": "Description",
	"language": "Language", "encoding": "Encoding", "file": "File", "userId": "Username",
	"username": "Username", "password": "Password", "email": "E-mail address", "role": "Role",
	"rights": "Rights", "column": "Text column", "terms": "Terms", "parts": "Terms",
	"parts.term": "Term", "parts.weight": "Weight", "limit": "Number of suggestions",
	"seats": "Seats", "quantity": "Quantity", "credits": "Credits", "current": "Current password",
	"new": "New password", "handle": "Plan", "period": "Period", "untilDate": "Until", "status": "Status",
}

// positionNames name the lists of a path in a field's position.
var positionNames = map[string]string{
	"groups": "group", "topics": "topic", "terms": "term", "ignoreTerms": "ignored term", "parts": "term",
}

var pathIndex = regexp.MustCompile(`\[(\d+)\]`)

// fieldLabel names a field path for a person: "groups[0].topics[1].title"
// is "Topic title" at "group 1, topic 2".
func fieldLabel(path string) (label, position string) {
	key := pathIndex.ReplaceAllString(path, "")
	label = fieldLabels[key]
	if label == "" {
		segs := strings.Split(key, ".")
		label = humanize(segs[len(segs)-1])
	}
	var pos []string
	for _, seg := range strings.Split(path, ".") {
		name, rest, ok := strings.Cut(seg, "[")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
		if err != nil {
			continue
		}
		if pn := positionNames[name]; pn != "" {
			pos = append(pos, pn+" "+strconv.Itoa(n+1))
		}
	}
	return label, strings.Join(pos, ", ")
}

// humanize turns a camelCase name into words: "suggestionsCount" is
// "Suggestions count".
func humanize(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
			r = unicode.ToLower(r)
		} else if i == 0 {
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// predicates are how field messages start when they read on from the
// field's name ("must not be empty").
var predicates = []string{"must ", "is ", "are ", "has ", "holds ", "may ", "cannot ", "should "}

// fieldsMessage is the message of an input error for the pages, naming
// every failing field as the pages name it, or "" when the service's own
// message says it better: it does unless the error names several fields
// or shows a field's path (an index, a dot, a camelCase name).
func fieldsMessage(err error) string {
	e := explorer.AsError(err)
	if e.Code != explorer.EINVALID || len(e.Fields) == 0 {
		return ""
	}
	raw := len(e.Fields) > 1
	var parts []string
	seen := map[string]bool{}
	for _, f := range e.Fields {
		if !slicesHasPrefix(f.Message, predicates) {
			return ""
		}
		if strings.ContainsAny(f.Field, "[.") || strings.ToLower(f.Field) != f.Field {
			raw = true
		}
		label, pos := fieldLabel(f.Field)
		msg := label + " " + f.Message
		if pos != "" {
			msg += " (" + pos + ")"
		}
		if !seen[msg] {
			seen[msg] = true
			parts = append(parts, msg)
		}
	}
	if !raw {
		return ""
	}
	return strings.Join(parts, "; ") + "."
}

func slicesHasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
