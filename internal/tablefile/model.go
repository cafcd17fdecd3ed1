package tablefile

import (
	"context"
	"explorer/models"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	explorer "explorer"
)

// Table is an uploaded file read into rows of cells (a model file, as
// readModelTable keeps it).
type Table struct {
	Header []string
	Rows   [][]string
	// RowNumbers are the 1-based numbers of Rows in the file, as a person
	// sees them (the header is row 1).
	RowNumbers []int
	// Encoding is the encoding a CSV file was read with.
	Encoding string
}

// ReadModel reads a model file into groups without ids (GroupsFromTable)
// within limits (the service's model limits).
func ReadModel(ctx context.Context, src explorer.TableSource, limits explorer.TableLimits) ([]explorer.Group, error) {
	t, err := readModelTable(ctx, src, limits)
	if err != nil {
		return nil, err
	}
	return GroupsFromTable(t)
}

// ReadGroups reads the file as a model file (it implements
// models.ModelFile).
func (f File) ReadGroups(ctx context.Context, limits explorer.TableLimits) ([]explorer.Group, error) {
	return ReadModel(ctx, f, limits)
}

// readModelTable streams a model file, keeping only its Index, Label,
// Terms and Pinned columns (in that order, those present), so that memory
// grows with those cells whatever else the file holds. A header without
// the columns stops reading. The text kept counts against limits.MaxText.
func readModelTable(ctx context.Context, src explorer.TableSource, limits explorer.TableLimits) (*Table, error) {
	meter := explorer.TextMeter{Limit: limits.MaxText, What: "the limit of a model file"}
	t := &Table{}
	var cols []int
	enc, err := src.StreamTable(ctx, limits, HasModelColumns, func(h []string) error {
		c := findColumns(h)
		if !HasModelColumns(h) {
			_, err := GroupsFromTable(&Table{Header: h})
			return err
		}
		for _, i := range []int{c.index, c.label, c.terms, c.pinned} {
			if i >= 0 {
				cols = append(cols, i)
				t.Header = append(t.Header, h[i])
			}
		}
		return nil
	}, func(num int, cells []string) error {
		row := make([]string, len(cols))
		for k, i := range cols {
			if i < len(cells) {
				row[k] = cells[i]
			}
		}
		if err := meter.Add(row); err != nil {
			return err
		}
		t.Rows = append(t.Rows, row)
		t.RowNumbers = append(t.RowNumbers, num)
		return nil
	})
	if err != nil {
		return nil, err
	}
	t.Encoding = enc
	return t, nil
}

// The columns of a model file.
const (
	ColumnIndex  = "Index"
	ColumnLabel  = "Label"
	ColumnTerms  = "Terms"
	ColumnPinned = "Pinned"
)

// modelColumns are the positions of the columns in a header; -1 when
// absent.
type modelColumns struct {
	index, label, terms, pinned int
}

// headerName is a header cell as compared: trimmed (a stray byte order
// mark included) and lower case.
func headerName(h string) string {
	return strings.ToLower(strings.TrimFunc(h, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }))
}

func findColumns(header []string) modelColumns {
	c := modelColumns{-1, -1, -1, -1}
	for i, h := range header {
		p := map[string]*int{"index": &c.index, "label": &c.label, "terms": &c.terms, "pinned": &c.pinned}[headerName(h)]
		if p != nil && *p < 0 {
			*p = i
		}
	}
	return c
}

// HasModelColumns reports whether a header has the columns Index, Label
// and Terms (trimmed, in any case).
func HasModelColumns(header []string) bool {
	c := findColumns(header)
	return c.index >= 0 && c.label >= 0 && c.terms >= 0
}

// fileRow is one topic row of a model file.
type fileRow struct {
	n, m   int // Index N.M; m is 0 for a bare N
	num    int // row number in the file
	label  string
	terms  []string
	pinned bool
}

// GroupsFromTable turns the rows of a model file into groups (without
// ids). Index is N or N.M (positive whole numbers): rows with the same N
// form group N; groups keep the order of N, topics the order of M, a bare
// N row first. A group's title is the label of its bare-N row, else the
// label of its first topic. A bare-N row without terms in a group that has
// N.M rows only names the group (its Label may then be blank: the group
// takes the label of its first topic); any other row is a topic. Terms are split
// on commas, trimmed, and empty and repeated (in any case) ones dropped.
// Pinned is true or false in any case (1 and 0 too, as spreadsheets store
// booleans), blank meaning false; a pinned row pins its group. Rows whose
// Index, Label, Terms and Pinned are all blank are skipped. A bad value is
// EINVALID naming its row; a file without topic rows is EINVALID.
func GroupsFromTable(t *Table) ([]explorer.Group, error) {
	c := findColumns(t.Header)
	if err := missingColumns(c); err != nil {
		return nil, err
	}
	rows, err := topicRows(t, c)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(rows, func(a, b fileRow) int {
		if a.n != b.n {
			return a.n - b.n
		}
		return a.m - b.m
	})
	var groups []explorer.Group
	for start := 0; start < len(rows); {
		end := start
		for end < len(rows) && rows[end].n == rows[start].n {
			end++
		}
		groups = append(groups, groupOfRows(rows[start:end]))
		start = end
	}
	return groups, nil
}

// missingColumns is the error of a header without Index, Label or Terms
// (nil when it has them).
func missingColumns(c modelColumns) error {
	var missing []string
	for _, col := range []struct {
		pos  int
		name string
	}{{c.index, ColumnIndex}, {c.label, ColumnLabel}, {c.terms, ColumnTerms}} {
		if col.pos < 0 {
			missing = append(missing, col.name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	fields := make([]explorer.FieldError, len(missing))
	for i, m := range missing {
		fields[i] = explorer.FieldError{Field: "file", Message: "missing column " + m}
	}
	word := "column"
	if len(missing) > 1 {
		word = "columns"
	}
	return explorer.Invalid(fmt.Sprintf("the file lacks the %s %s (it needs Index, Label and Terms)", word, strings.Join(missing, ", ")), fields...)
}

// cellAt is the trimmed cell i of row ("" past its end or for -1).
func cellAt(row []string, i int) string {
	if i < 0 || i >= len(row) {
		return ""
	}
	return strings.TrimSpace(row[i])
}

// topicRows reads the rows of t that are not blank, in the file's order:
// an error names every bad row; a file without any is EINVALID.
func topicRows(t *Table, c modelColumns) ([]fileRow, error) {
	// Groups that have N.M rows: their bare-N row may carry its index only.
	hasSub := map[int]bool{}
	for _, row := range t.Rows {
		if n, m, ok := parseIndex(cellAt(row, c.index)); ok && m > 0 {
			hasSub[n] = true
		}
	}
	var errs rowErrors
	rows := make([]fileRow, 0, len(t.Rows))
	for i, row := range t.Rows {
		num := i + 2
		if i < len(t.RowNumbers) {
			num = t.RowNumbers[i]
		}
		r, blank := readFileRow(&errs, row, c, num, hasSub)
		if !blank {
			rows = append(rows, r)
		}
	}
	if len(errs) > 0 {
		return nil, explorer.Invalid(errs[0].Message, errs...)
	}
	if len(rows) == 0 {
		return nil, explorer.Invalid("the file has no topic rows", explorer.FieldError{Field: "file", Message: "has no topic rows"})
	}
	return rows, nil
}

// readFileRow reads the row numbered num, adding its faults to errs;
// blank is true for a row to skip (all blank, or with text that is not
// allowed).
func readFileRow(errs *rowErrors, row []string, c modelColumns, num int, hasSub map[int]bool) (r fileRow, blank bool) {
	index, label, terms, pinned := cellAt(row, c.index), cellAt(row, c.label), cellAt(row, c.terms), cellAt(row, c.pinned)
	if index == "" && label == "" && terms == "" && pinned == "" {
		return r, true
	}
	if msg := explorer.TextFault(label + terms); msg != "" {
		errs.add("file", "row %d: Label and Terms %s", num, msg)
		return r, true
	}
	r = fileRow{num: num, label: label}
	var ok bool
	if r.n, r.m, ok = parseIndex(index); !ok {
		errs.add("file", "row %d: Index %q must be N or N.M with positive whole numbers", num, clip(index))
	}
	if r.pinned, ok = parsePinned(pinned); !ok {
		errs.add("file", "row %d: Pinned %q must be true or false", num, clip(pinned))
	}
	r.terms = splitTerms(terms)
	switch {
	case label == "" && r.m == 0 && len(r.terms) == 0 && hasSub[r.n]:
		// A group row carrying only its index: the group takes the
		// label of its first topic.
	case label == "":
		errs.add("file", "row %d: Label must not be empty", num)
	case utf8.RuneCountInString(label) > models.TopicTitleMax:
		errs.add("file", "row %d: Label must be at most %d characters", num, models.TopicTitleMax)
	}
	for _, term := range r.terms {
		if utf8.RuneCountInString(term) > models.TermMax {
			errs.add("file", "row %d: a term is longer than %d characters", num, models.TermMax)
			break
		}
	}
	return r, false
}

// groupOfRows is the group of the rows of one N, sorted by M.
func groupOfRows(members []fileRow) explorer.Group {
	hasSub := members[len(members)-1].m > 0
	g := explorer.Group{Topics: []explorer.Topic{}}
	for _, r := range members {
		g.Pinned = g.Pinned || r.pinned
		if r.m == 0 && g.Title == "" {
			g.Title = r.label
		}
		if r.m == 0 && len(r.terms) == 0 && hasSub {
			continue
		}
		g.Topics = append(g.Topics, explorer.Topic{Title: r.label, Terms: r.terms})
	}
	if g.Title == "" {
		g.Title = g.Topics[0].Title
	}
	return g
}

// parseIndex reads N or N.M, both positive whole numbers of at most 9
// digits.
func parseIndex(s string) (n, m int, ok bool) {
	num := func(p string) (int, bool) {
		if p == "" || len(p) > 9 {
			return 0, false
		}
		for _, r := range p {
			if r < '0' || r > '9' {
				return 0, false
			}
		}
		v, err := strconv.Atoi(p)
		return v, err == nil && v > 0
	}
	head, tail, dotted := strings.Cut(s, ".")
	if n, ok = num(head); !ok {
		return 0, 0, false
	}
	if !dotted {
		return n, 0, true
	}
	if m, ok = num(tail); !ok {
		return 0, 0, false
	}
	return n, m, true
}

// parsePinned reads true/false in any case, 1/0, blank as false.
func parsePinned(s string) (pinned, ok bool) {
	switch strings.ToLower(s) {
	case "", "false", "0":
		return false, true
	case "true", "1":
		return true, true
	}
	return false, false
}

// splitTerms splits a Terms cell on commas; terms are trimmed, empty and
// repeated ones (in any case) dropped.
func splitTerms(s string) []string {
	if s == "" {
		return []string{}
	}
	return models.DedupeTerms(strings.Split(s, ","))
}

// clip shortens a cell quoted in a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "…"
}

// rowErrors collects the faults of a file's rows, at most
// models.MaxFieldErrors.
type rowErrors []explorer.FieldError

func (e *rowErrors) add(field, format string, args ...any) {
	if len(*e) < models.MaxFieldErrors {
		*e = append(*e, explorer.FieldError{Field: field, Message: fmt.Sprintf(format, args...)})
	}
}
