package sheet

import (
	"encoding/binary"
	"errors"
	"math"
	"unicode/utf16"

	"golang.org/x/text/encoding"
)

// This file reads BIFF records, the content of the Workbook stream of an
// XLS file ([MS-XLS]; also "The Microsoft Excel File Format" by the
// OpenOffice.org project, for BIFF5).

// Record identifiers.
const (
	recFormula    = 0x0006
	recEOF        = 0x000A
	recFilePass   = 0x002F
	recDateMode   = 0x0022
	recContinue   = 0x003C
	recCodePage   = 0x0042
	recBoundSheet = 0x0085
	recMulRK      = 0x00BD
	recRString    = 0x00D6
	recXF         = 0x00E0
	recSST        = 0x00FC
	recLabelSST   = 0x00FD
	recNumber     = 0x0203
	recLabel      = 0x0204
	recBoolErr    = 0x0205
	recString     = 0x0207
	recRK         = 0x027E
	recFormat     = 0x041E
	recBOF        = 0x0809
)

var errTruncated = errors.New("truncated record")

// record is one BIFF record with the CONTINUE records that follow it.
type record struct {
	id   uint16
	segs [][]byte
}

// biffStream iterates over the records of a substream.
type biffStream struct {
	b   []byte
	pos int
}

// next returns the record at the current position and moves past it and
// its CONTINUE records. ok is false at the end of the stream.
func (s *biffStream) next() (rec record, ok bool, err error) {
	if s.pos+4 > len(s.b) {
		return record{}, false, nil
	}
	rec.id = binary.LittleEndian.Uint16(s.b[s.pos:])
	data, err := s.body()
	if err != nil {
		return record{}, false, err
	}
	rec.segs = append(rec.segs, data)
	for s.pos+4 <= len(s.b) && binary.LittleEndian.Uint16(s.b[s.pos:]) == recContinue {
		data, err := s.body()
		if err != nil {
			return record{}, false, err
		}
		rec.segs = append(rec.segs, data)
	}
	return rec, true, nil
}

func (s *biffStream) body() ([]byte, error) {
	size := int(binary.LittleEndian.Uint16(s.b[s.pos+2:]))
	start := s.pos + 4
	if start+size > len(s.b) {
		return nil, errTruncated
	}
	s.pos = start + size
	return s.b[start : start+size], nil
}

// segReader reads the data of a record across its CONTINUE segments.
// Reads past the end set failed and return zeros.
type segReader struct {
	segs   [][]byte
	i, off int
	failed bool
}

func newSegReader(rec record) *segReader { return &segReader{segs: rec.segs} }

// current returns the unread part of the current segment, moving to the
// next segment when the current one is used up.
func (r *segReader) current() []byte {
	for r.i < len(r.segs) && r.off >= len(r.segs[r.i]) {
		r.i++
		r.off = 0
	}
	if r.i >= len(r.segs) {
		return nil
	}
	return r.segs[r.i][r.off:]
}

func (r *segReader) read(p []byte) {
	for n := 0; n < len(p); {
		cur := r.current()
		if len(cur) == 0 {
			r.failed = true
			clear(p[n:])
			return
		}
		m := copy(p[n:], cur)
		r.off += m
		n += m
	}
}

func (r *segReader) u8() byte {
	var b [1]byte
	r.read(b[:])
	return b[0]
}

func (r *segReader) u16() uint16 {
	var b [2]byte
	r.read(b[:])
	return binary.LittleEndian.Uint16(b[:])
}

func (r *segReader) u32() uint32 {
	var b [4]byte
	r.read(b[:])
	return binary.LittleEndian.Uint32(b[:])
}

func (r *segReader) f64() float64 {
	var b [8]byte
	r.read(b[:])
	return math.Float64frombits(binary.LittleEndian.Uint64(b[:]))
}

func (r *segReader) skip(n int64) {
	for n > 0 {
		cur := r.current()
		if len(cur) == 0 {
			r.failed = true
			return
		}
		m := int64(len(cur))
		if m > n {
			m = n
		}
		r.off += int(m)
		n -= m
	}
}

// chars reads cch characters of a BIFF8 string whose characters are 16-bit
// when high is set, else 8-bit (Latin-1). When the characters run into the
// next CONTINUE segment, that segment starts with a new option byte.
func (r *segReader) chars(cch int, high bool) string {
	if cch == 0 {
		return ""
	}
	// Fast path: the whole string is in the current segment. (current()
	// is not used here: it would move to the next segment without reading
	// the option byte that starts it.)
	if !high && r.i < len(r.segs) && len(r.segs[r.i])-r.off >= cch {
		b := r.segs[r.i][r.off : r.off+cch]
		ascii := true
		for _, c := range b {
			if c >= 0x80 {
				ascii = false
				break
			}
		}
		if ascii {
			r.off += cch
			return string(b)
		}
	}
	u := make([]uint16, 0, cch)
	for len(u) < cch {
		if r.i >= len(r.segs) {
			r.failed = true
			break
		}
		if r.off >= len(r.segs[r.i]) {
			// Continue in the next segment, after its option byte.
			r.i++
			r.off = 0
			if r.i >= len(r.segs) || len(r.segs[r.i]) == 0 {
				r.failed = true
				break
			}
			high = r.segs[r.i][0]&1 != 0
			r.off = 1
			continue
		}
		seg := r.segs[r.i][r.off:]
		want := cch - len(u)
		if high {
			n := len(seg) / 2
			if n == 0 {
				// An odd byte at the end of a segment: skip it.
				r.off = len(r.segs[r.i])
				continue
			}
			if n > want {
				n = want
			}
			for k := 0; k < n; k++ {
				u = append(u, binary.LittleEndian.Uint16(seg[2*k:]))
			}
			r.off += 2 * n
		} else {
			n := len(seg)
			if n > want {
				n = want
			}
			for k := 0; k < n; k++ {
				u = append(u, uint16(seg[k]))
			}
			r.off += n
		}
	}
	return string(utf16.Decode(u))
}

// bytes8 reads n bytes of an 8-bit string in the workbook's code page.
func (r *segReader) bytes8(n int, dec *encoding.Decoder) string {
	b := make([]byte, n)
	r.read(b)
	if dec == nil {
		return latin1(b)
	}
	s, err := dec.Bytes(b)
	if err != nil {
		return latin1(b)
	}
	return string(s)
}

func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// xlString reads an XLUnicodeString (BIFF8: 16-bit count, option byte,
// characters) or, in BIFF5, a 16-bit count and 8-bit characters.
func (r *segReader) xlString(biff8 bool, dec *encoding.Decoder) string {
	cch := int(r.u16())
	if !biff8 {
		return r.bytes8(cch, dec)
	}
	flags := r.u8()
	return r.richString(cch, flags)
}

// shortString reads a ShortXLUnicodeString (8-bit count) or, in BIFF5, an
// 8-bit count and 8-bit characters.
func (r *segReader) shortString(biff8 bool, dec *encoding.Decoder) string {
	cch := int(r.u8())
	if !biff8 {
		return r.bytes8(cch, dec)
	}
	flags := r.u8()
	return r.richString(cch, flags)
}

// richString reads the rest of a BIFF8 string after its count and option
// byte: the run count and extended data sizes, the characters, and skips
// the runs and extended data.
func (r *segReader) richString(cch int, flags byte) string {
	var runs, ext int64
	if flags&0x08 != 0 {
		runs = int64(r.u16())
	}
	if flags&0x04 != 0 {
		ext = int64(r.u32())
	}
	s := r.chars(cch, flags&0x01 != 0)
	if runs > 0 {
		r.skip(4 * runs)
	}
	if ext > 0 {
		r.skip(ext)
	}
	return s
}

// rkNumber decodes an RK value: a 30-bit integer or the high 30 bits of a
// float64, possibly divided by 100.
func rkNumber(rk uint32) float64 {
	var v float64
	if rk&0x02 != 0 {
		v = float64(int32(rk) >> 2)
	} else {
		v = math.Float64frombits(uint64(rk&0xFFFFFFFC) << 32)
	}
	if rk&0x01 != 0 {
		v /= 100
	}
	return v
}
