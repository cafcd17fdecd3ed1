package analysis

import (
	"hash/maphash"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of a Profiler; its memory does not grow with the number of cells.
const (
	// SampleCells is how many non-empty cells with letters are kept for
	// language detection: the first ones of the column.
	SampleCells = 200
	// SampleCellBytes caps each sampled cell (cut at a rune boundary).
	SampleCellBytes = 2000
	// MaxFilterable is the most distinct values a filterable column has.
	MaxFilterable = 50
	// MinTextWords is the least average number of words in a non-empty
	// cell of a text column.
	MinTextWords = 3
)

// ColumnProfile describes one column of an imported table.
type ColumnProfile struct {
	// Cells is the number of cells added.
	Cells int
	// DataSize is the total number of characters (runes) of the cells, as
	// they are, spaces included.
	DataSize int
	// EmptyCells counts the cells that are empty after trimming spaces.
	EmptyCells int
	// Language is the detected language of a text column, upper case
	// (ISO 639-1 as the detector answers it); "" for a column that is not
	// text or whose language the detector does not know.
	Language string
	// TimeSeries: at least one non-empty cell, and every non-empty cell is
	// a date in a common format (see DateParser).
	TimeSeries bool
	// NPS: at least one non-empty cell, and every non-empty cell is an
	// integer 0 to 10 (digits only).
	NPS bool
	// Filterable: 2 to 50 distinct non-empty values (trimmed).
	Filterable bool
	// Distinct is the number of distinct non-empty values (trimmed),
	// counted up to 51 only: 51 means "more than 50".
	Distinct int
	// Text tells whether the column holds free text (see Profiler).
	Text bool
}

// Profiler profiles one column from its cells, streamed in with Add. Its
// memory is bounded whatever the number of cells: distinct values are kept
// as 64-bit hashes, at most 51 of them, and the sample for language
// detection holds at most SampleCells cells of at most SampleCellBytes.
//
// A column is text when
//   - it has non-empty cells and is neither TimeSeries nor NPS,
//   - more than half of its non-empty cells contain a letter, and
//   - its non-empty cells hold at least MinTextWords (3) words on average
//     (a word is a run of letters, digits, marks and inner apostrophes;
//     every Han, Hiragana, Katakana, Thai, Lao, Khmer or Myanmar letter
//     counts as a word of its own, since those scripts do not space words).
//
// So a column of short codes, names or categories ("Enterprise",
// "Nord-Ost") is not text, a column of comments is. Only a text column gets
// a Language.
//
// A Profiler is not safe for concurrent use.
type Profiler struct {
	cells, empty, nonEmpty int
	dataSize               int
	maybeDate, maybeNPS    bool
	dates                  DateParser
	seed                   maphash.Seed
	distinct               map[uint64]struct{}
	overflow               bool
	letterCells            int
	words                  int
	sample                 []string
}

// NewProfiler returns an empty Profiler.
func NewProfiler() *Profiler {
	return &Profiler{
		maybeDate: true,
		maybeNPS:  true,
		seed:      maphash.MakeSeed(),
		distinct:  make(map[uint64]struct{}, MaxFilterable+1),
	}
}

// Add adds the next cell of the column.
func (p *Profiler) Add(cell string) {
	p.cells++
	p.dataSize += utf8.RuneCountInString(cell)
	v := strings.TrimSpace(cell)
	if v == "" {
		p.empty++
		return
	}
	p.nonEmpty++
	if p.maybeNPS && !isNPS(v) {
		p.maybeNPS = false
	}
	if p.maybeDate {
		_, p.maybeDate = p.dates.Parse(v)
	}
	if !p.overflow {
		h := maphash.String(p.seed, v)
		if _, ok := p.distinct[h]; !ok {
			if len(p.distinct) > MaxFilterable {
				p.overflow = true
			} else {
				p.distinct[h] = struct{}{}
			}
		}
	}
	n, letter := countWords(v)
	p.words += n
	if letter {
		p.letterCells++
		if len(p.sample) < SampleCells {
			p.sample = append(p.sample, strings.Clone(truncate(v, SampleCellBytes)))
		}
	}
}

// Profile returns the profile of the cells added so far. detect, which may
// be nil, is asked for the language of a text column with the sample (the
// first SampleCells non-empty cells that contain a letter); a false answer
// leaves Language empty. The caller passes language.Detect.
func (p *Profiler) Profile(detect func(sample []string) (string, bool)) ColumnProfile {
	cp := ColumnProfile{
		Cells:      p.cells,
		DataSize:   p.dataSize,
		EmptyCells: p.empty,
		TimeSeries: p.nonEmpty > 0 && p.maybeDate,
		NPS:        p.nonEmpty > 0 && p.maybeNPS,
		Distinct:   len(p.distinct),
	}
	cp.Filterable = cp.Distinct >= 2 && cp.Distinct <= MaxFilterable
	cp.Text = p.nonEmpty > 0 && !cp.TimeSeries && !cp.NPS &&
		2*p.letterCells > p.nonEmpty && p.words >= MinTextWords*p.nonEmpty
	if cp.Text && detect != nil {
		sample := make([]string, len(p.sample))
		copy(sample, p.sample)
		if code, ok := detect(sample); ok {
			cp.Language = strings.ToUpper(strings.TrimSpace(code))
		}
	}
	return cp
}

// isNPS reports whether v is an integer 0..10 written with digits only.
func isNPS(v string) bool {
	switch len(v) {
	case 1:
		return '0' <= v[0] && v[0] <= '9'
	case 2:
		return v == "10" || (v[0] == '0' && '0' <= v[1] && v[1] <= '9')
	}
	return false
}

// countWords counts the words of v (see Profiler) and tells whether v has a
// letter.
func countWords(v string) (n int, letter bool) {
	in := false
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
				letter = true
				if !in {
					n++
					in = true
				}
			case '0' <= c && c <= '9':
				if !in {
					n++
					in = true
				}
			case c == '\'' && in:
				// inner apostrophe: stays in the word
			default:
				in = false
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(v[i:])
		i += size
		switch {
		case unicode.IsLetter(r):
			letter = true
			if unspaced(r) {
				n++
				in = false
				continue
			}
			if !in {
				n++
				in = true
			}
		case unicode.IsMark(r):
			// combining marks stay in the word
		case unicode.IsDigit(r):
			if !in {
				n++
				in = true
			}
		case r == '\u2019' && in:
		default:
			in = false
		}
	}
	return n, letter
}

// unspaced reports whether r belongs to a script written without spaces
// between words.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana,
		unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// truncate cuts s to at most n bytes at a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
