package main

import (
	"bufio"
	"io"
	"strings"
)

// prepare reads a Debian Packages or Translation file (deb822) and writes
// its descriptions as texts, one a line: each distinct short description,
// and each distinct paragraph of the long descriptions.
func prepare(r io.Reader, w io.Writer, field string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(w)
	seen := map[string]bool{}
	emit := func(s []string) {
		t := strings.Join(strings.Fields(strings.Join(s, " ")), " ")
		if t != "" && !seen[t] {
			seen[t] = true
			out.WriteString(t)
			out.WriteByte('\n')
		}
	}
	var para []string
	in := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, field+":"):
			emit(para)
			para, in = nil, true
			emit([]string{strings.TrimSpace(line[len(field)+1:])})
		case in && strings.HasPrefix(line, " ."):
			emit(para)
			para = nil
		case in && strings.HasPrefix(line, " "):
			para = append(para, strings.TrimSpace(line))
		default:
			emit(para)
			para, in = nil, false
		}
	}
	emit(para)
	if err := sc.Err(); err != nil {
		return err
	}
	return out.Flush()
}
