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
}

// compare compares a and b step by step and stops at the first that
// differs (a step missing on one side differs too).
func compare(a, b []Exchange) Result {
	var res Result
	for i := 0; i < max(len(a), len(b)); i++ {
		res.Steps++
		if i >= len(a) || i >= len(b) {
			res.Diff = missing(i, a, b)
			return res
		}
		ra, rb := render(a[i]), render(b[i])
		res.Bytes += int64(len(ra) + len(rb))
		if !bytes.Equal(ra, rb) {
			res.Diff = differ(i, ra, rb)
			return res
		}
	}
	return res
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
