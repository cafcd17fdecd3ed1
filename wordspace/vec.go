package wordspace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
)

// MaxDim is the largest vector dimension the loaders accept.
const MaxDim = 10000

// LoadOptions tune the loaders.
type LoadOptions struct {
	// Lang is the language code stored with the space.
	Lang string
	// Progress, when set, is called now and then with the bytes read so far
	// and the total (the size given to the loader, 0 when unknown).
	Progress func(done, total int64)
	// whole, when set, is the whole file ReadSpace reads (the embedded
	// default): its neighbour table is used in place rather than copied.
	whole []byte
}

// countingReader counts the bytes read and reports progress.
type countingReader struct {
	r     io.Reader
	n     atomic.Int64
	total int64
	step  int64
	next  int64
	fn    func(done, total int64)
}

func newCountingReader(r io.Reader, total int64, fn func(done, total int64)) *countingReader {
	step := total / 200
	if step < 1<<20 {
		step = 1 << 20
	}
	return &countingReader{r: r, total: total, step: step, next: step, fn: fn}
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	done := c.n.Add(int64(n))
	if c.fn != nil && (done >= c.next || err == io.EOF) {
		c.next = done + c.step
		c.fn(done, c.total)
	}
	return n, err
}

// ReadText reads a text vector file: fastText .vec (a first line "N D") or
// GloVe (no header). Each line is a word followed by D numbers; the word may
// itself contain spaces (the last D fields are the numbers). size is the
// input's length in bytes when known (for progress and to bound
// allocations), else 0.
func ReadText(r io.Reader, size int64, opt LoadOptions) (*Space, error) {
	cr := newCountingReader(r, size, opt.Progress)
	br := bufio.NewReaderSize(cr, 1<<20)
	var head [][]byte // lines read ahead to learn the dimension
	first, err := readLine(br)
	if err != nil && len(first) == 0 {
		if err == io.EOF {
			return nil, errors.New("empty vector file")
		}
		return nil, err
	}
	lineNo := 1
	dim, n, isHeader := parseHeader(first)
	if isHeader {
		if dim < 1 || dim > MaxDim {
			return nil, fmt.Errorf("line 1: dimension %d out of range 1..%d", dim, MaxDim)
		}
		lineNo = 2
	} else {
		// GloVe: the dimension is the smallest number of trailing numeric
		// fields among the first lines.
		head = append(head, first)
		for len(head) < 100 {
			l, err := readLine(br)
			if len(l) > 0 {
				head = append(head, l)
			}
			if err != nil {
				break
			}
		}
		dim = math.MaxInt
		for _, l := range head {
			if d := trailingNumbers(l); d < dim {
				dim = d
			}
		}
		if dim < 1 || dim > MaxDim {
			return nil, errors.New("line 1: not a vector file (no numbers after the word)")
		}
		var total int
		for _, l := range head {
			total += len(l) + 1
		}
		if size > 0 {
			n = int(size / int64(total/len(head)+1) * 21 / 20)
		}
	}
	// Bound the preallocation by what the input can hold: each number takes
	// at least two bytes. (Divided, not multiplied: a declared count times
	// the dimension can overflow.)
	if size > 0 && int64(n) > size/2/int64(dim) {
		n = int(size / 2 / int64(dim))
	}
	if size <= 0 && n > 1<<16 {
		n = 1 << 16
	}
	b := newSpaceBuilder(opt.Lang, dim, n)
	row := make([]float32, dim)
	for _, l := range head {
		w, err := parseVecLine(l, row)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if err := b.add(w, row); err != nil {
			return nil, err
		}
		lineNo++
	}
	if err := parseBlocks(br, dim, b, lineNo); err != nil {
		return nil, err
	}
	if len(b.offs) == 1 {
		return nil, errors.New("vector file holds no vectors")
	}
	if opt.Progress != nil {
		opt.Progress(cr.n.Load(), size)
	}
	return b.finish()
}

// readLine returns the next line without its end, trailing blanks and \r.
func readLine(br *bufio.Reader) ([]byte, error) {
	l, err := br.ReadBytes('\n')
	return bytes.TrimRight(l, " \t\r\n"), err
}

// parseHeader recognises a fastText header "N D".
func parseHeader(l []byte) (dim, n int, ok bool) {
	f := bytes.Fields(l)
	if len(f) != 2 {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(string(f[0]))
	d, err2 := strconv.Atoi(string(f[1]))
	if err1 != nil || err2 != nil || a < 0 || d < 0 {
		return 0, 0, false
	}
	return d, a, true
}

// trailingNumbers counts the numeric fields at the end of a line, leaving at
// least one field for the word.
func trailingNumbers(l []byte) int {
	n := 0
	end := len(l)
	for end > 0 {
		start := end
		for start > 0 && l[start-1] != ' ' && l[start-1] != '\t' {
			start--
		}
		if start == 0 {
			break // the first field is the word
		}
		if _, ok := parseFloat32(l[start:end]); !ok {
			break
		}
		n++
		end = start - 1
		for end > 0 && (l[end-1] == ' ' || l[end-1] == '\t') {
			end--
		}
	}
	return n
}

type textBlock struct {
	seq  int
	data []byte
}

type parsedBlock struct {
	seq   int
	lines int
	text  []byte
	offs  []uint32 // end of each word in text
	vecs  []float32
	err   error
	errAt int // line within the block
}

// blockSize is how much text a block holds before its line's end; its
// buffers are reused (blockPool, parsedPool): a conversion reads the whole
// file through them, and fresh buffers would leave garbage enough to
// double the resident memory before a collection.
const blockSize = 1 << 20

var (
	blockPool  sync.Pool // *[]byte of capacity blockSize + 64 kB
	parsedPool sync.Pool // *parsedBlock whose buffers are reused
)

func getBlock() []byte {
	if p, ok := blockPool.Get().(*[]byte); ok {
		return (*p)[:blockSize]
	}
	return make([]byte, blockSize, blockSize+64<<10)
}

func putBlock(b []byte) { blockPool.Put(&b) }

// parseBlocks parses the rest of the file in blocks of whole lines, on as
// many goroutines as there are cores, and appends the rows in file order.
func parseBlocks(br *bufio.Reader, dim int, b *spaceBuilder, lineNo int) error {
	blocks := make(chan textBlock, 4)
	results := make(chan parsedBlock, 4)
	var readErr error
	stop := make(chan struct{})
	go func() {
		readErr = readBlocks(br, blocks, stop)
		close(blocks)
	}()
	var wg sync.WaitGroup
	for w := 0; w < workers(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for blk := range blocks {
				res := parseBlock(blk, dim)
				putBlock(blk.data)
				results <- res
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	if err := collectBlocks(results, b, dim, lineNo, stop); err != nil {
		return err
	}
	return readErr
}

// readBlocks sends the rest of the file in blocks of whole lines, until
// its end, a read error (returned) or stop.
func readBlocks(br *bufio.Reader, blocks chan<- textBlock, stop <-chan struct{}) error {
	for seq := 0; ; seq++ {
		buf := getBlock()
		n, err := io.ReadFull(br, buf)
		buf = buf[:n]
		if err == nil {
			rest, err2 := br.ReadBytes('\n')
			buf = append(buf, rest...)
			if err2 != nil && err2 != io.EOF {
				return err2
			}
		} else if err != io.EOF && err != io.ErrUnexpectedEOF {
			return err
		}
		if len(buf) > 0 {
			select {
			case blocks <- textBlock{seq: seq, data: buf}:
			case <-stop:
				return nil
			}
		}
		if err != nil {
			return nil
		}
		if _, err := br.Peek(1); err != nil {
			if err != io.EOF {
				return err
			}
			return nil
		}
	}
}

// collectBlocks appends the parsed blocks to b in file order (the first
// block's first line is lineNo); the first error closes stop, and the
// blocks after it are drained unread.
func collectBlocks(results <-chan parsedBlock, b *spaceBuilder, dim, lineNo int, stop chan struct{}) error {
	pending := map[int]parsedBlock{}
	next := 0
	var firstErr error
	for res := range results {
		if firstErr != nil {
			continue
		}
		pending[res.seq] = res
		for firstErr == nil {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if firstErr = appendBlock(b, &p, dim, lineNo); firstErr != nil {
				close(stop)
				break
			}
			lineNo += p.lines
			parsedPool.Put(&p)
		}
	}
	return firstErr
}

// appendBlock adds a parsed block's rows to b, or returns its error with
// the line it is on.
func appendBlock(b *spaceBuilder, p *parsedBlock, dim, lineNo int) error {
	if p.err != nil {
		return fmt.Errorf("line %d: %w", lineNo+p.errAt, p.err)
	}
	start := uint32(0)
	for i, end := range p.offs {
		if err := b.add(p.text[start:end], p.vecs[i*dim:(i+1)*dim]); err != nil {
			return err
		}
		start = end
	}
	return nil
}

func parseBlock(blk textBlock, dim int) parsedBlock {
	nl := bytes.Count(blk.data, []byte{'\n'}) + 1
	res := parsedBlock{seq: blk.seq}
	if p, ok := parsedPool.Get().(*parsedBlock); ok {
		res.text, res.offs, res.vecs = p.text[:0], p.offs[:0], p.vecs[:0]
	}
	if cap(res.vecs) < nl*dim {
		res.vecs = make([]float32, 0, nl*dim)
	}
	if cap(res.offs) < nl {
		res.offs = make([]uint32, 0, nl)
	}
	row := make([]float32, dim)
	data := blk.data
	for len(data) > 0 {
		var line []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			line, data = data, nil
		}
		res.lines++
		line = bytes.TrimRight(line, " \t\r")
		if len(line) == 0 {
			continue
		}
		w, err := parseVecLine(line, row)
		if err != nil {
			res.err, res.errAt = err, res.lines-1
			return res
		}
		res.text = append(res.text, w...)
		res.offs = append(res.offs, uint32(len(res.text)))
		res.vecs = append(res.vecs, row...)
	}
	return res
}

// parseVecLine splits a trimmed line into its word and len(row) numbers.
func parseVecLine(line []byte, row []float32) ([]byte, error) {
	dim := len(row)
	// Fast path: the word is the first field.
	if i := bytes.IndexByte(line, ' '); i > 0 {
		if n, ok := parseFields(line[i+1:], row); ok && n == dim {
			return line[:i], nil
		}
	}
	// Slow path: the last dim fields are the numbers, the rest is the word.
	end := len(line)
	for k := dim - 1; k >= 0; k-- {
		for end > 0 && (line[end-1] == ' ' || line[end-1] == '\t') {
			end--
		}
		start := end
		for start > 0 && line[start-1] != ' ' && line[start-1] != '\t' {
			start--
		}
		if start == end {
			return nil, fmt.Errorf("expected %d numbers after the word", dim)
		}
		v, ok := parseFloat32(line[start:end])
		if !ok {
			return nil, fmt.Errorf("bad number %q", truncate(line[start:end]))
		}
		row[k] = v
		end = start
	}
	word := bytes.TrimRight(line[:end], " \t")
	if len(word) == 0 {
		return nil, errors.New("missing word")
	}
	return word, nil
}

func truncate(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "…"
	}
	return string(b)
}

// parseFields parses space-separated numbers into row; it answers the
// count found and false on a bad field or more fields than row holds. The
// common form (an optional sign, digits, a dot, digits) is parsed in the
// same pass that finds the field's end; other forms go to parseFloat32.
func parseFields(s []byte, row []float32) (int, bool) {
	n := 0
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == len(s) {
			return n, true
		}
		if n == len(row) {
			return n + 1, false
		}
		start := i
		neg := false
		if s[i] == '-' {
			neg = true
			i++
		}
		var mant uint64
		d0 := i
		for i < len(s) {
			c := s[i] - '0'
			if c > 9 {
				break
			}
			mant = mant*10 + uint64(c)
			i++
		}
		digits := i - d0
		frac := 0
		if i < len(s) && s[i] == '.' {
			i++
			f0 := i
			for i < len(s) {
				c := s[i] - '0'
				if c > 9 {
					break
				}
				mant = mant*10 + uint64(c)
				i++
			}
			frac = i - f0
			digits += frac
		}
		if digits > 0 && digits <= 15 && (i == len(s) || s[i] == ' ' || s[i] == '\t') {
			// mant < 10^15 and 10^frac are exact in float64, so the
			// quotient is correctly rounded.
			f := float64(mant) / pow10[frac]
			if neg {
				f = -f
			}
			row[n] = float32(f)
			n++
			continue
		}
		// Digits beyond 15 may have overflowed mant: parse in full below.
		// Anything else: find the field's end and parse it in full.
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			i++
		}
		v, ok := parseFloat32(s[start:i])
		if !ok {
			return n, false
		}
		row[n] = v
		n++
	}
}

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseFloat32 parses a decimal number fast; unusual forms go through
// strconv. It rounds through float64, so it is exact to the float32 ulp in
// all but pathological cases.
func parseFloat32(b []byte) (float32, bool) {
	i := 0
	neg := false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	var mant uint64
	digits, exp := 0, 0
	sawDigit := false
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		sawDigit = true
		if digits < 19 {
			mant = mant*10 + uint64(b[i]-'0')
			if mant != 0 {
				digits++
			}
		} else {
			exp++
		}
	}
	if i < len(b) && b[i] == '.' {
		i++
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			sawDigit = true
			if digits < 19 {
				mant = mant*10 + uint64(b[i]-'0')
				if mant != 0 {
					digits++
				}
				exp--
			}
		}
	}
	if !sawDigit {
		return slowFloat(b)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		eneg := false
		if i < len(b) && (b[i] == '-' || b[i] == '+') {
			eneg = b[i] == '-'
			i++
		}
		if i == len(b) {
			return 0, false
		}
		e := 0
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if e < 10000 {
				e = e*10 + int(b[i]-'0')
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if i != len(b) {
		return 0, false
	}
	if mant > 1<<53 || exp < -22 || exp > 22 {
		return slowFloat(b)
	}
	f := float64(mant)
	if exp < 0 {
		f /= pow10[-exp]
	} else {
		f *= pow10[exp]
	}
	if neg {
		f = -f
	}
	return float32(f), true
}

func slowFloat(b []byte) (float32, bool) {
	f, err := strconv.ParseFloat(string(b), 32)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return float32(f), true
		}
		return 0, false
	}
	return float32(f), true
}

// ReadCounts reads a companion counts file, one "word count" a line (the
// word may contain spaces; the count is the last field), into a map.
func ReadCounts(r io.Reader) (map[string]int64, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	counts := map[string]int64{}
	for lineNo := 1; ; lineNo++ {
		l, err := readLine(br)
		if len(l) > 0 {
			i := bytes.LastIndexAny(l, " \t")
			if i <= 0 {
				return nil, fmt.Errorf("counts line %d: expected a word and a count", lineNo)
			}
			n, perr := strconv.ParseInt(string(l[i+1:]), 10, 64)
			if perr != nil || n < 0 {
				return nil, fmt.Errorf("counts line %d: bad count %q", lineNo, truncate(l[i+1:]))
			}
			w := string(bytes.TrimRight(l[:i], " \t"))
			if _, dup := counts[w]; !dup {
				counts[w] = n
			}
		}
		if err == io.EOF {
			return counts, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
