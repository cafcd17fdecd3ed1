package sheet

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// xmlScanner is a small streaming XML tokenizer for the parts of an XLSX
// file. encoding/xml is not used: it buffers a whole run of text (240 MB of
// white space is one token) and allocates per token. The scanner keeps one
// tag (at most maxTag bytes) and, while capture is on, one text of at most
// maxText bytes; every other byte is skipped as it streams past. It does
// not expand DTD entities: a DOCTYPE is refused.
type xmlScanner struct {
	r *bufio.Reader
	// tag is the current start or end tag, without < and >.
	tag []byte
	// name is the local name of the current tag (in tag).
	name []byte
	// end and selfClose describe the current tag.
	end, selfClose bool
	// capture makes the scanner keep text (raw, entities undecoded).
	capture bool
	text    []byte
	maxText int
}

const maxTag = 64 << 10

var (
	errXMLTag  = errors.New("an XML tag is too long or malformed")
	errXMLText = errors.New("a text is too long")
	errDTD     = errors.New("a DOCTYPE is not allowed")
	errNotUTF8 = errors.New("a text is not valid UTF-8")
)

func newXMLScanner(r io.Reader, maxText int) *xmlScanner {
	return &xmlScanner{r: bufio.NewReaderSize(r, 64<<10), maxText: maxText}
}

// next moves to the next start or end tag; io.EOF at the end. A
// self-closing tag is reported once, with selfClose set.
func (s *xmlScanner) next() error {
	for {
		if err := s.skipText(); err != nil {
			return err
		}
		b, err := s.r.ReadByte()
		if err != nil {
			return eofIsUnexpected(err)
		}
		switch b {
		case '?':
			err = s.skipPast("?>")
		case '!':
			err = s.special()
		default:
			if err := s.r.UnreadByte(); err != nil {
				return err
			}
			return s.readTag()
		}
		if err != nil {
			return err
		}
	}
}

func eofIsUnexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// skipText reads up to and including the next '<', keeping the text when
// capture is on.
func (s *xmlScanner) skipText() error {
	for {
		chunk, err := s.r.ReadSlice('<')
		if s.capture {
			n := len(chunk)
			if err == nil {
				n--
			}
			if err := s.keep(chunk[:n]); err != nil {
				return err
			}
		}
		if err == nil {
			return nil
		}
		if err != bufio.ErrBufferFull {
			return err
		}
	}
}

func (s *xmlScanner) keep(b []byte) error {
	if len(s.text)+len(b) > s.maxText {
		return errXMLText
	}
	s.text = append(s.text, b...)
	return nil
}

// special handles what follows "<!": a comment, CDATA (kept as text with
// its ampersands escaped) or a DOCTYPE (refused).
func (s *xmlScanner) special() error {
	head, err := s.r.Peek(2)
	if err == nil && string(head) == "--" {
		return s.skipPast("-->")
	}
	head, err = s.r.Peek(7)
	if err != nil || string(head) != "[CDATA[" {
		return errDTD
	}
	s.r.Discard(7)
	var last [2]byte
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			return eofIsUnexpected(err)
		}
		if b == '>' && last == [2]byte{']', ']'} {
			if s.capture {
				s.text = s.text[:len(s.text)-2]
			}
			return nil
		}
		last[0], last[1] = last[1], b
		if !s.capture {
			continue
		}
		out := []byte{b}
		if b == '&' {
			out = []byte("&amp;")
		}
		if err := s.keep(out); err != nil {
			return err
		}
	}
}

// skipPast reads past the end marker.
func (s *xmlScanner) skipPast(marker string) error {
	last := byte(marker[len(marker)-1])
	var tail []byte
	for {
		chunk, err := s.r.ReadSlice(last)
		if err == bufio.ErrBufferFull {
			tail = append(tail[:0], chunk[max(0, len(chunk)-len(marker)):]...)
			continue
		}
		if err != nil {
			return eofIsUnexpected(err)
		}
		tail = append(tail, chunk...)
		if bytes.HasSuffix(tail, []byte(marker)) {
			return nil
		}
		tail = append(tail[:0], tail[max(0, len(tail)-len(marker)):]...)
	}
}

// readTag reads a tag up to its '>' (outside quoted values).
func (s *xmlScanner) readTag() error {
	s.tag = s.tag[:0]
	var quote byte
	for {
		chunk, err := s.r.ReadSlice('>')
		if err != nil && err != bufio.ErrBufferFull {
			return eofIsUnexpected(err)
		}
		if len(s.tag)+len(chunk) > maxTag {
			return errXMLTag
		}
		s.tag = append(s.tag, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		for _, c := range chunk {
			switch {
			case quote == 0 && (c == '"' || c == '\''):
				quote = c
			case c == quote:
				quote = 0
			}
		}
		if quote == 0 {
			break
		}
	}
	s.tag = s.tag[:len(s.tag)-1]
	t := s.tag
	s.end = len(t) > 0 && t[0] == '/'
	if s.end {
		t = t[1:]
	}
	s.selfClose = len(t) > 0 && t[len(t)-1] == '/'
	i := 0
	for i < len(t) && !isXMLSpace(t[i]) && t[i] != '/' {
		i++
	}
	s.name = localName(t[:i])
	if len(s.name) == 0 {
		return errXMLTag
	}
	return nil
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func localName(n []byte) []byte {
	if i := bytes.LastIndexByte(n, ':'); i >= 0 {
		return n[i+1:]
	}
	return n
}

// is reports whether the current tag is a start (or self-closing) tag of
// the local name.
func (s *xmlScanner) is(name string) bool { return !s.end && string(s.name) == name }

// isEnd reports whether the current tag ends the local name (an end tag,
// or a self-closing start tag).
func (s *xmlScanner) isEnd(name string) bool {
	return (s.end || s.selfClose) && string(s.name) == name
}

// attr returns the raw value of the attribute whose local name is name.
func (s *xmlScanner) attr(name string) ([]byte, bool) {
	t := s.tag
	i := bytes.IndexFunc(t, func(r rune) bool { return r < utf8.RuneSelf && isXMLSpace(byte(r)) })
	if i < 0 {
		return nil, false
	}
	t = t[i:]
	for {
		t = bytes.TrimLeft(t, " \t\r\n")
		eq := bytes.IndexByte(t, '=')
		if eq < 0 {
			return nil, false
		}
		key := localName(bytes.TrimRight(t[:eq], " \t\r\n"))
		t = bytes.TrimLeft(t[eq+1:], " \t\r\n")
		if len(t) == 0 || (t[0] != '"' && t[0] != '\'') {
			return nil, false
		}
		end := bytes.IndexByte(t[1:], t[0])
		if end < 0 {
			return nil, false
		}
		val := t[1 : 1+end]
		t = t[end+2:]
		if string(key) == name {
			return val, true
		}
	}
}

// attrString returns the decoded value of an attribute, "" when absent.
func (s *xmlScanner) attrString(name string) string {
	v, _ := s.attr(name)
	return string(unescapeXML(nil, v))
}

// unescapeXML appends raw with its character and predefined entity
// references replaced to dst. Unknown references are kept as they are.
func unescapeXML(dst, raw []byte) []byte {
	for {
		i := bytes.IndexByte(raw, '&')
		if i < 0 {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i]...)
		raw = raw[i:]
		semi := bytes.IndexByte(raw, ';')
		if semi < 0 || semi > 12 {
			dst = append(dst, '&')
			raw = raw[1:]
			continue
		}
		ref := raw[1:semi]
		if r, ok := entity(ref); ok {
			dst = utf8.AppendRune(dst, r)
		} else {
			dst = append(dst, raw[:semi+1]...)
		}
		raw = raw[semi+1:]
	}
}

func entity(ref []byte) (rune, bool) {
	switch string(ref) {
	case "amp":
		return '&', true
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "quot":
		return '"', true
	case "apos":
		return '\'', true
	}
	if len(ref) < 2 || ref[0] != '#' {
		return 0, false
	}
	var n uint64
	var err error
	if ref[1] == 'x' || ref[1] == 'X' {
		n, err = strconv.ParseUint(string(ref[2:]), 16, 32)
	} else {
		n, err = strconv.ParseUint(string(ref[1:]), 10, 32)
	}
	if err != nil || !utf8.ValidRune(rune(n)) {
		return 0, false
	}
	return rune(n), true
}

// unescapeOOXML replaces the _xHHHH_ escapes Office writes for characters
// XML cannot hold (such as _x000D_ for a carriage return). A surrogate
// pair of escapes is one character; half of a pair is no character and
// stays as written, as unknown entity references do.
func unescapeOOXML(s []byte) []byte {
	if !bytes.Contains(s, []byte("_x")) {
		return s
	}
	out := s[:0:0]
	for i := 0; i < len(s); {
		if n, ok := ooxmlEscape(s, i); ok {
			r, width := rune(n), 7
			if utf16.IsSurrogate(r) {
				lo, ok := ooxmlEscape(s, i+7)
				r = utf16.DecodeRune(r, rune(lo))
				if !ok || r == utf8.RuneError {
					out = append(out, s[i])
					i++
					continue
				}
				width = 14
			}
			out = utf8.AppendRune(out, r)
			i += width
			continue
		}
		out = append(out, s[i])
		i++
	}
	return out
}

// ooxmlEscape reads an escape _xHHHH_ at s[i:].
func ooxmlEscape(s []byte, i int) (uint64, bool) {
	if i+7 > len(s) || s[i] != '_' || s[i+1] != 'x' || s[i+6] != '_' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s[i+2:i+6]), 16, 16)
	return n, err == nil
}
