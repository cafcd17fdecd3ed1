package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// render is an exchange as the text compared and written out.
func render(ex Exchange) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "### %s\n%s %s\n%d\n", ex.Name, ex.Method, ex.Path, ex.Status)
	for _, h := range ex.Header {
		b.WriteString(h + "\n")
	}
	b.WriteString("\n")
	b.Write(ex.Body)
	b.WriteString("\n")
	return b.Bytes()
}

// Result is the comparison of two normalized transcripts.
type Result struct {
	Steps int   // steps compared (equal ones, and the differing one)
	Bytes int64 // bytes of the rendered steps compared, both sides
	// Diff, when not empty, names the first differing step and shows both.
	Diff string
	// More are the steps that differ after the first (compare with all).
	More []string
}

// compare compares a and b step by step and stops at the first that
// differs (a step missing on one side differs too); with all, it goes on
// and lists every differing step in More.
func compare(a, b []Exchange, all bool) Result {
	var res Result
	for i := 0; i < max(len(a), len(b)); i++ {
		res.Steps++
		diff, n := step(i, a, b)
		res.Bytes += n
		switch {
		case diff == "":
		case res.Diff == "":
			res.Diff = diff
		default:
			res.More = append(res.More, diff)
		}
		if res.Diff != "" && !all {
			return res
		}
	}
	return res
}

// step compares step i of a and b: what differs ("" when nothing) and
// the bytes compared.
func step(i int, a, b []Exchange) (string, int64) {
	if i >= len(a) || i >= len(b) {
		return missing(i, a, b), 0
	}
	ra, rb := render(a[i]), render(b[i])
	if !bytes.Equal(ra, rb) {
		return differ(i, ra, rb), int64(len(ra) + len(rb))
	}
	return "", int64(len(ra) + len(rb))
}

func missing(i int, a, b []Exchange) string {
	if i >= len(a) {
		return fmt.Sprintf("step %d (%s): only the second run has it:\n%s", i+1, b[i].Name, excerpt(render(b[i]), 0))
	}
	return fmt.Sprintf("step %d (%s): only the first run has it:\n%s", i+1, a[i].Name, excerpt(render(a[i]), 0))
}

// differ shows both sides of step i around their first differing byte.
func differ(i int, ra, rb []byte) string {
	at := 0
	for at < len(ra) && at < len(rb) && ra[at] == rb[at] {
		at++
	}
	line := 1 + bytes.Count(ra[:at], []byte("\n"))
	name, _, _ := strings.Cut(string(ra), "\n")
	return fmt.Sprintf("step %d (%s) differs at byte %d (line %d of the step):\n--- before (BASE)\n%s\n--- after\n%s",
		i+1, strings.TrimPrefix(name, "### "), at, line, excerpt(ra, at), excerpt(rb, at))
}

// excerpt is the head of a rendered step (request, status, headers) and
// up to 400 bytes of it around at, quoted.
func excerpt(r []byte, at int) string {
	head, _, _ := bytes.Cut(r, []byte("\n\n"))
	from, to := max(0, at-200), min(len(r), at+200)
	return string(head) + "\n… " + strconv.Quote(string(r[from:to]))
}
