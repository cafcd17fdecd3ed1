package sheet

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// This file shows the numbers of XLS cells as people see them: through the
// cell's number format, in XLS and XLSX files alike. It covers
// the General format, fixed decimals, thousands separators, percentages,
// scientific notation, literal text and dates and times; dates and times
// are written in ISO 8601 form (2024-01-31, 13:45:00, 2024-01-31 13:45)
// rather than in the file's locale.

// builtinFormats are the number formats Excel knows by index.
var builtinFormats = map[uint16]string{
	0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00",
	5: `"$"#,##0_);\("$"#,##0\)`, 6: `"$"#,##0_);[Red]\("$"#,##0\)`,
	7: `"$"#,##0.00_);\("$"#,##0.00\)`, 8: `"$"#,##0.00_);[Red]\("$"#,##0.00\)`,
	9: "0%", 10: "0.00%", 11: "0.00E+00", 12: "# ?/?", 13: "# ??/??",
	14: "yyyy-mm-dd", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy",
	18: "h:mm AM/PM", 19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss",
	22: "yyyy-mm-dd h:mm",
	37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)",
	39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)",
	41: `_(* #,##0_);_(* \(#,##0\);_(* "-"_);_(@_)`,
	42: `_("$"* #,##0_);_("$"* \(#,##0\);_("$"* "-"_);_(@_)`,
	43: `_(* #,##0.00_);_(* \(#,##0.00\);_(* "-"??_);_(@_)`,
	44: `_("$"* #,##0.00_);_("$"* \(#,##0.00\);_("$"* "-"??_);_(@_)`,
	45: "mm:ss", 46: "[h]:mm:ss", 47: "mm:ss.0", 48: "##0.0E+0", 49: "@",
}

// maxFormatCode is the longest number format code read (Excel's limit is
// 255 characters); a longer one shows the number as General.
const maxFormatCode = 255

// maxFormatDigits bounds the digits a format may ask for (Excel allows 30
// decimals): a code of 0s cannot make every cell a long string.
const maxFormatDigits = 30

// formatNumber shows v through the number format code.
func formatNumber(v float64, code string, date1904 bool) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return generalNumber(v)
	}
	if len(code) > maxFormatCode {
		return generalNumber(v) // no format Excel writes is this long
	}
	sections := splitSections(code)
	sec := sections[0]
	neg := v < 0
	switch {
	case neg && len(sections) >= 2 && strings.TrimSpace(sections[1]) != "":
		sec, v, neg = sections[1], -v, false
	case v == 0 && len(sections) >= 3:
		sec = sections[2]
	}
	p := parseSection(sec)
	switch p.kind {
	case kindDate:
		if s, ok := formatDate(v, p, date1904); ok {
			return s
		}
		return generalNumber(v)
	case kindGeneral, kindText:
		return p.prefix + generalNumber(v) + p.suffix
	case kindLiteral:
		return p.prefix
	}
	if neg {
		v = -v
	}
	if p.percent {
		v *= 100
	}
	for i := 0; i < p.scale; i++ {
		v /= 1000
	}
	var s string
	if p.scientific {
		s = strconv.FormatFloat(v, 'E', p.maxDec, 64)
	} else {
		s = fixedNumber(v, p)
	}
	if neg {
		s = "-" + s
	}
	return p.prefix + s + p.suffix
}

// generalNumber shows v as the General format does, with at most 15
// significant digits.
func generalNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "#NUM!"
	}
	x := round15(v)
	if x == 0 {
		return "0"
	}
	if a := math.Abs(x); a >= 1e15 || a < 1e-9 {
		return strconv.FormatFloat(x, 'E', -1, 64)
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

func round15(v float64) float64 {
	x, err := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 15, 64), 64)
	if err != nil {
		return v
	}
	return x
}

type formatKind int

const (
	kindNumber formatKind = iota
	kindGeneral
	kindText
	kindDate
	kindLiteral
)

// section is a parsed section of a number format.
type section struct {
	kind           formatKind
	prefix, suffix string
	// numbers
	minInt, minDec, maxDec int
	thousands, percent     bool
	scale                  int
	scientific             bool
	// dates
	date, clock, seconds, elapsed, ampm bool
}

func splitSections(code string) []string {
	var out []string
	start := 0
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '"':
			for i++; i < len(code) && code[i] != '"'; i++ {
			}
		case '\\', '_', '*':
			i++
		case '[':
			for i++; i < len(code) && code[i] != ']'; i++ {
			}
		case ';':
			out = append(out, code[start:i])
			start = i + 1
		}
	}
	return append(out, code[start:])
}

// parseSection classifies a section and collects its literal text around
// the number.
func parseSection(sec string) section {
	sp := sectionParser{sec: sec, lower: strings.ToLower(sec)}
	if strings.TrimSpace(sec) == "" || strings.Contains(sp.lower, "general") {
		sp.p.kind = kindGeneral
	}
	for i := 0; i < len(sec); i++ {
		var ok bool
		if i, ok = sp.literal(i); ok {
			continue
		}
		if i, ok = sp.word(i); ok {
			continue
		}
		i = sp.number(i)
	}
	return sp.finish()
}

// sectionParser is the state of parseSection: the section read so far
// and its literal text not yet placed before or after the number.
type sectionParser struct {
	sec, lower   string
	p            section
	lit          strings.Builder
	placeholders bool
	inNumber     bool
	afterNumber  bool
	dot          bool
}

// literal reads the quoted text, escapes, paddings, brackets and text
// placeholders at i; ok is false when i holds none of them. It returns
// the index of the last byte read.
func (sp *sectionParser) literal(i int) (int, bool) {
	sec, c := sp.sec, sp.sec[i]
	switch {
	case c == '"':
		j := strings.IndexByte(sec[i+1:], '"')
		if j < 0 {
			j = len(sec) - i - 1
		}
		sp.lit.WriteString(sec[i+1 : i+1+j])
		return i + j + 1, true
	case c == '\\' && i+1 < len(sec):
		sp.lit.WriteByte(sec[i+1])
		return i + 1, true
	case c == '_' && i+1 < len(sec):
		sp.lit.WriteByte(' ')
		return i + 1, true
	case c == '*' && i+1 < len(sec):
		return i + 1, true
	case c == '[':
		end := len(sec)
		if j := strings.IndexByte(sec[i:], ']'); j >= 0 {
			end = i + j
		}
		tag := strings.ToLower(sec[i+1 : end])
		if tag != "" && strings.Trim(tag, "hms") == "" {
			sp.p.elapsed = true
			sp.p.clock = true
			if strings.Contains(tag, "s") {
				sp.p.seconds = true
			}
		}
		return end, true
	case c == '@':
		if sp.p.kind == kindNumber {
			sp.p.kind = kindText
		}
		return i, true
	}
	return i, false
}

// word reads the date and time letters and the word General at i; ok is
// false when i holds none of them.
func (sp *sectionParser) word(i int) (int, bool) {
	lower, c := sp.lower, sp.sec[i]
	switch {
	case strings.HasPrefix(lower[i:], "am/pm"):
		sp.p.ampm, sp.p.clock = true, true
		return i + 4, true
	case strings.HasPrefix(lower[i:], "a/p"):
		sp.p.ampm, sp.p.clock = true, true
		return i + 2, true
	case strings.HasPrefix(lower[i:], "general"):
		sp.inNumber = true
		sp.placeholders = true
		sp.p.prefix = sp.lit.String()
		sp.lit.Reset()
		sp.afterNumber = true
		return i + len("general") - 1, true
	case c == 'y' || c == 'Y' || c == 'd' || c == 'D':
		sp.p.date = true
	case c == 'm' || c == 'M':
		// Minutes when next to hours or seconds, else months.
		if sp.p.clock || strings.ContainsAny(lower[i:], "s") && !strings.ContainsAny(lower[i:], "dy") {
			sp.p.clock = true
		} else {
			sp.p.date = true
		}
	case c == 'h' || c == 'H':
		sp.p.clock = true
	case c == 's' || c == 'S':
		sp.p.clock, sp.p.seconds = true, true
	default:
		return i, false
	}
	return i, true
}

// number reads the number's placeholders, point, separators, exponent
// and percent at i, and any other byte as literal text. It returns the
// index of the last byte read.
func (sp *sectionParser) number(i int) int {
	sec, c, p := sp.sec, sp.sec[i], &sp.p
	switch {
	case (c == 'e' || c == 'E') && sp.inNumber && i+1 < len(sec) && (sec[i+1] == '+' || sec[i+1] == '-'):
		p.scientific = true
		i++
		for i+1 < len(sec) && strings.IndexByte("0#?", sec[i+1]) >= 0 {
			i++
		}
	case strings.IndexByte("0#?", c) >= 0 && !sp.afterNumber:
		if !sp.inNumber {
			sp.inNumber = true
			p.prefix = sp.lit.String()
			sp.lit.Reset()
		}
		sp.placeholders = true
		if sp.dot {
			p.maxDec++
			if c == '0' {
				p.minDec++
			}
		} else if c == '0' {
			p.minInt++
		}
	case c == '.' && sp.inNumber && !sp.afterNumber && !sp.dot:
		sp.dot = true
	case c == ',' && sp.inNumber && !sp.afterNumber:
		if i+1 < len(sec) && strings.IndexByte("0#?", sec[i+1]) >= 0 && !sp.dot {
			p.thousands = true
		} else if !sp.dot {
			p.scale++
		}
	default:
		if c == '%' {
			p.percent = true
		}
		if sp.inNumber {
			sp.afterNumber = true
		}
		sp.lit.WriteByte(c)
	}
	return i
}

// finish is the section read: its kind, and the literal text placed.
func (sp *sectionParser) finish() section {
	p := sp.p
	p.minInt, p.minDec, p.maxDec = min(p.minInt, maxFormatDigits), min(p.minDec, maxFormatDigits), min(p.maxDec, maxFormatDigits)
	if p.kind == kindGeneral {
		p.suffix = sp.lit.String()
		if !sp.placeholders {
			p.prefix, p.suffix = "", ""
		}
		return p
	}
	if p.date || p.clock {
		p.kind = kindDate
		return p
	}
	if !sp.placeholders {
		if p.kind == kindText {
			p.prefix = ""
			return p
		}
		// A section of literal text only shows the text, as a format
		// "TRUE";"TRUE";"FALSE" does for booleans.
		p.kind = kindLiteral
		p.prefix = sp.lit.String()
		return p
	}
	p.suffix = sp.lit.String()
	return p
}

// fixedNumber shows v >= 0 with the section's decimals, rounding half away
// from zero on the decimal digits people see.
func fixedNumber(v float64, p section) string {
	s := roundDecimal(strconv.FormatFloat(round15(v), 'f', -1, 64), p.maxDec)
	intPart, frac, _ := strings.Cut(s, ".")
	for len(frac) > p.minDec && strings.HasSuffix(frac, "0") {
		frac = frac[:len(frac)-1]
	}
	if intPart == "0" && p.minInt == 0 {
		intPart = ""
	}
	if len(intPart) < p.minInt {
		intPart = strings.Repeat("0", p.minInt-len(intPart)) + intPart
	}
	if p.thousands && len(intPart) > 3 {
		var b strings.Builder
		lead := len(intPart) % 3
		if lead > 0 {
			b.WriteString(intPart[:lead])
		}
		for i := lead; i < len(intPart); i += 3 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(intPart[i : i+3])
		}
		intPart = b.String()
	}
	if frac == "" {
		if intPart == "" {
			return "0"
		}
		return intPart
	}
	return intPart + "." + frac
}

// roundDecimal rounds the decimal number s (digits, an optional point, no
// sign, no exponent) to dec decimals, half away from zero, and pads it
// with zeros to dec decimals.
func roundDecimal(s string, dec int) string {
	intPart, frac, _ := strings.Cut(s, ".")
	if len(frac) <= dec {
		return intPart + "." + frac + strings.Repeat("0", dec-len(frac))
	}
	roundUp := frac[dec] >= '5'
	digits := []byte(intPart + frac[:dec])
	if roundUp {
		i := len(digits) - 1
		for ; i >= 0; i-- {
			if digits[i] == '9' {
				digits[i] = '0'
				continue
			}
			digits[i]++
			break
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		}
	}
	n := len(digits) - dec
	return string(digits[:n]) + "." + string(digits[n:])
}

// formatDate shows an Excel date serial number in ISO 8601 form.
func formatDate(v float64, p section, date1904 bool) (string, bool) {
	if p.elapsed && !p.date {
		secs := int64(math.Round(v * 86400))
		if secs < 0 || v > 1e9 {
			return "", false
		}
		s := fmt.Sprintf("%d:%02d", secs/3600, secs/60%60)
		if p.seconds {
			s += fmt.Sprintf(":%02d", secs%60)
		}
		return s, true
	}
	t, ok := excelTime(v, date1904)
	if !ok {
		return "", false
	}
	layout := ""
	if p.date {
		layout = "2006-01-02"
	}
	if p.clock {
		if layout != "" {
			layout += " "
		}
		layout += "15:04"
		if p.seconds {
			layout += ":05"
		}
	}
	return t.Format(layout), true
}

// excelTime converts a date serial number (days since 1900-01-00, with
// Excel's phantom 1900-02-29, or since 1904-01-01) into a time.
func excelTime(v float64, date1904 bool) (time.Time, bool) {
	if v < 0 || v >= 2958466 {
		return time.Time{}, false
	}
	days := math.Floor(v)
	secs := math.Round((v - days) * 86400)
	var base time.Time
	switch {
	case date1904:
		base = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	case days < 60:
		base = time.Date(1899, 12, 31, 0, 0, 0, 0, time.UTC)
	case days == 60:
		// 1900-02-29 never was; show the day before.
		base, days = time.Date(1900, 2, 28, 0, 0, 0, 0, time.UTC), 0
	default:
		base = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	}
	return base.AddDate(0, 0, int(days)).Add(time.Duration(secs) * time.Second), true
}
