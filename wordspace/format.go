package wordspace

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"math"
	"os"
	"unsafe"

	"explorer/wordspace/lexicon"
)

// The own format, version 1, little-endian throughout:
//
//	header   64 bytes: magic "EXWSPACE", version u32, dtype u32 (1 float32,
//	         2 int8 with one float32 scale per row), flags u32 (1: counts),
//	         dim u32, words u64, text bytes u64, language [8]byte, table
//	         size m u32 (flag 8; else 0), 12 zero
//	offsets  words × u32: the end of each word in text
//	text     the words, concatenated (UTF-8)
//	counts   words × i64, when flags has 1
//	padding  zeros up to a multiple of 64 bytes
//	vectors  float32: words × dim × f32, unit length
//	         int8: words × f32 scales, then words × dim × i8
//	index    when flags has 2: the approximate index, whose cells are
//	         contiguous runs of rows: cells u32, probes u32, centroids
//	         cells × dim × f32, then cells+1 × u32 run starts
//	kth      when flags has 4: words × f32, the cosine of each word's K-th
//	         nearest neighbour (K = NeighbourK; -2 when it has fewer),
//	         which answers reciprocity without a search (kth.go)
//	table    when flags has 8: words × (1 + 3m) bytes, m (at most 255) in
//	         the header's bytes 48–51: each word's candidate count, then m
//	         3-byte ids, its nearest words as neighbourList keeps them
//	         (nbrs.go); flag 16 (only with 8): the lists are in the
//	         order of a thesaurus's graph (thesaurus.go), which Suggest
//	         ranks by
//	trailer  CRC-32C (Castagnoli) of everything before it, u32, then "WEND"
const (
	magic         = "EXWSPACE"
	formatVersion = 1
	dtypeFloat32  = 1
	dtypeInt8     = 2
	flagCounts    = 1
	flagIndex     = 2
	flagKth       = 4
	flagNbrs      = 8
	flagGraph     = 16
	headerSize    = 64
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Magic is the first bytes of a file in the own format.
const Magic = magic

// WriteOptions choose the stored form of the vectors.
type WriteOptions struct {
	// Int8 stores each vector as int8 with one scale per row (a quarter of
	// the size; cosines change by about 0.005 on 300 dimensions).
	Int8 bool
}

// WriteSpace writes s in the own format.
func WriteSpace(w io.Writer, s *Space, opt WriteOptions) error {
	crc := newCRC()
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	n := s.Len()
	dtype := uint32(dtypeFloat32)
	if opt.Int8 {
		dtype = dtypeInt8
	}
	bw.Write(ownPrefix(s, dtype))
	if opt.Int8 {
		scales := make([]byte, 4*n)
		q := make([]byte, n*s.dim)
		for i := 0; i < n; i++ {
			sc := quantizeRow(q[i*s.dim:(i+1)*s.dim], s.Vector(i))
			binary.LittleEndian.PutUint32(scales[i*4:], math.Float32bits(sc))
		}
		bw.Write(scales)
		bw.Write(q)
	} else {
		raw := make([]byte, s.dim*4)
		for i := 0; i < n; i++ {
			encodeFloat32s(raw, s.Vector(i))
			bw.Write(raw)
		}
	}
	if ix := storedIndex(s); ix != nil {
		bw.Write(indexBytes(ix))
	}
	if kth := s.storedKth(); kth != nil {
		raw := make([]byte, 0, 4*len(kth))
		for _, b := range kth {
			raw = binary.LittleEndian.AppendUint32(raw, b)
		}
		bw.Write(raw)
	}
	if s.nbrs != nil {
		bw.Write(s.nbrs.rec)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(trailer(crc.Sum32()))
	return err
}

// storedIndex returns the index WriteSpace stores: one with contiguous
// cells (see Clustered), or nil.
func storedIndex(s *Space) *ivfIndex {
	if ix := s.ivf.Load(); ix != nil && ix.ids == nil {
		return ix
	}
	return nil
}

func indexBytes(ix *ivfIndex) []byte {
	out := binary.LittleEndian.AppendUint32(nil, uint32(ix.cells()))
	out = binary.LittleEndian.AppendUint32(out, uint32(ix.nprobe))
	for _, x := range ix.centroids {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
	}
	for _, st := range ix.start {
		out = binary.LittleEndian.AppendUint32(out, uint32(st))
	}
	return out
}

func newCRC() hash.Hash32 { return crc32.New(castagnoli) }

// trailer is the end of a file: its checksum and "WEND".
func trailer(sum uint32) []byte {
	var buf [8]byte
	binary.LittleEndian.PutUint32(buf[:4], sum)
	copy(buf[4:], "WEND")
	return buf[:]
}

// ownPrefix returns everything of the file before the vectors: header,
// offsets, text, counts and padding. Only len(s.offs), s.text and s.counts
// are used, so a caller can stream the vectors itself.
func ownPrefix(s *Space, dtype uint32) []byte {
	n := s.Len()
	pos := vectorsOffset(n, len(s.text), s.counts != nil)
	out := make([]byte, headerSize, pos)
	copy(out[:8], magic)
	binary.LittleEndian.PutUint32(out[8:], formatVersion)
	binary.LittleEndian.PutUint32(out[12:], dtype)
	var flags uint32
	if s.counts != nil {
		flags |= flagCounts
	}
	if storedIndex(s) != nil {
		flags |= flagIndex
	}
	if s.storedKth() != nil {
		flags |= flagKth
	}
	if s.nbrs != nil {
		flags |= flagNbrs
		binary.LittleEndian.PutUint32(out[48:], uint32(s.nbrs.m))
		if s.nbrs.graph {
			flags |= flagGraph
		}
	}
	binary.LittleEndian.PutUint32(out[16:], flags)
	binary.LittleEndian.PutUint32(out[20:], uint32(s.dim))
	binary.LittleEndian.PutUint64(out[24:], uint64(n))
	binary.LittleEndian.PutUint64(out[32:], uint64(len(s.text)))
	copy(out[40:48], s.lang)
	for i := 1; i <= n; i++ {
		out = binary.LittleEndian.AppendUint32(out, s.offs[i])
	}
	out = append(out, s.text...)
	for _, c := range s.counts {
		out = binary.LittleEndian.AppendUint64(out, uint64(c))
	}
	return out[:pos]
}

// encodeFloat32s writes v little-endian into raw.
func encodeFloat32s(raw []byte, v []float32) {
	for j, x := range v {
		binary.LittleEndian.PutUint32(raw[j*4:], math.Float32bits(x))
	}
}

// quantizeRow stores v as int8 in q and returns the scale.
func quantizeRow(q []byte, v []float32) float32 {
	var m float32
	for _, x := range v {
		if x < 0 {
			x = -x
		}
		if x > m {
			m = x
		}
	}
	if m == 0 {
		clear(q)
		return 0
	}
	sc := m / 127
	for j, x := range v {
		q[j] = byte(int8(math.Round(float64(x / sc))))
	}
	return sc
}

func countsBytes(n int, has bool) int64 {
	if has {
		return int64(n) * 8
	}
	return 0
}

func vectorsOffset(n, textLen int, counts bool) int64 {
	pos := headerSize + int64(n)*4 + int64(textLen) + countsBytes(n, counts)
	return (pos + 63) &^ 63
}

// ReadSpace reads a space in the own format from r, whose length is size.
// The vectors are read with one read straight into the matrix (in chunks,
// for progress), so a space takes little more memory than its vectors.
func ReadSpace(r io.Reader, size int64, opt LoadOptions) (*Space, error) {
	crc := crc32.New(castagnoli)
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, errors.New("word space file: truncated header")
	}
	crc.Write(h[:])
	L, err := parseOwnHeader(h[:], size)
	if err != nil {
		return nil, err
	}
	report := func(done int64) {
		if opt.Progress != nil {
			opt.Progress(done, size)
		}
	}
	s := &Space{lang: cmp.Or(opt.Lang, L.lang), dim: L.dim}
	if err := s.readWords(r, crc, L); err != nil {
		return nil, err
	}
	report(L.vecOff)
	if err := s.readVectors(r, crc, L, report, opt.whole); err != nil {
		return nil, err
	}
	if err := s.readSections(r, crc, L, opt.whole); err != nil {
		return nil, err
	}
	// float32 rows are stored unit length (and the checksum holds);
	// dequantized int8 rows need scaling back to unit length.
	if L.dtype == dtypeInt8 && s.q == nil {
		s.normalizeAll()
	}
	s.buildIndex()
	s.whole = opt.whole
	report(size)
	return s, nil
}

// layout is where a file's parts are, from its header and size.
type layout struct {
	dtype, flags        uint32
	n, dim, textLen     int
	lang                string
	size, vecOff        int64
	vecBytes, kthLen    int64
	nbrsM, nbrsLen      int64
	indexLen            int64
	hasCounts, hasIndex bool
}

// parseOwnHeader checks the header and the sizes it implies against the
// file's size, before anything is allocated.
func parseOwnHeader(h []byte, size int64) (layout, error) {
	if string(h[:8]) != magic {
		return layout{}, errors.New("not a word space file")
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != formatVersion {
		return layout{}, fmt.Errorf("word space file: version %d not supported (this program reads version %d)", v, formatVersion)
	}
	L := layout{dtype: binary.LittleEndian.Uint32(h[12:]), flags: binary.LittleEndian.Uint32(h[16:]), lang: string(trimZeros(h[40:48])), size: size}
	dim64 := uint64(binary.LittleEndian.Uint32(h[20:]))
	n64 := binary.LittleEndian.Uint64(h[24:])
	text64 := binary.LittleEndian.Uint64(h[32:])
	if L.dtype != dtypeFloat32 && L.dtype != dtypeInt8 {
		return layout{}, fmt.Errorf("word space file: unknown vector type %d", L.dtype)
	}
	if L.flags&^(flagCounts|flagIndex|flagKth|flagNbrs|flagGraph) != 0 || L.flags&flagGraph != 0 && L.flags&flagNbrs == 0 {
		return layout{}, fmt.Errorf("word space file: unknown flags %#x", L.flags)
	}
	if dim64 < 1 || dim64 > MaxDim {
		return layout{}, fmt.Errorf("word space file: dimension %d out of range", dim64)
	}
	if n64 > uint64(size) || text64 > uint64(size) || text64 > math.MaxUint32 {
		return layout{}, errors.New("word space file: sizes do not match the file")
	}
	L.n, L.dim, L.textLen = int(n64), int(dim64), int(text64)
	n := int64(L.n)
	L.hasCounts, L.hasIndex = L.flags&flagCounts != 0, L.flags&flagIndex != 0
	L.vecOff = vectorsOffset(L.n, L.textLen, L.hasCounts)
	L.vecBytes = n * int64(L.dim) * 4
	if L.dtype == dtypeInt8 {
		L.vecBytes = n*4 + n*int64(L.dim)
	}
	if L.flags&flagKth != 0 {
		L.kthLen = n * 4
	}
	if L.flags&flagNbrs != 0 {
		L.nbrsM = int64(binary.LittleEndian.Uint32(h[48:]))
		if L.nbrsM < 1 || L.nbrsM > 255 || L.n >= maxTableWords {
			return layout{}, errors.New("word space file: bad neighbour table")
		}
		L.nbrsLen = n * (1 + 3*L.nbrsM)
	}
	L.indexLen = size - (L.vecOff + L.vecBytes + L.kthLen + L.nbrsLen + 8)
	if !L.hasIndex && L.indexLen != 0 || L.hasIndex && L.indexLen < 8+int64(L.dim)*4+8 {
		return layout{}, errors.New("word space file: sizes do not match the file")
	}
	return L, nil
}

// readWords reads the word offsets, the text, the counts and the padding.
func (s *Space) readWords(r io.Reader, crc hash.Hash32, L layout) error {
	n := L.n
	rawOffs := make([]byte, n*4)
	if _, err := io.ReadFull(r, rawOffs); err != nil {
		return errors.New("word space file: truncated")
	}
	crc.Write(rawOffs)
	s.offs = make([]uint32, n+1)
	for i := 0; i < n; i++ {
		o := binary.LittleEndian.Uint32(rawOffs[i*4:])
		if o < s.offs[i] || int(o) > L.textLen {
			return errors.New("word space file: bad word offsets")
		}
		s.offs[i+1] = o
	}
	if n > 0 && int(s.offs[n]) != L.textLen {
		return errors.New("word space file: bad word offsets")
	}
	text := make([]byte, L.textLen)
	if _, err := io.ReadFull(r, text); err != nil {
		return errors.New("word space file: truncated")
	}
	crc.Write(text)
	s.text = unsafe.String(unsafe.SliceData(text), len(text))
	if L.hasCounts {
		raw := make([]byte, n*8)
		if _, err := io.ReadFull(r, raw); err != nil {
			return errors.New("word space file: truncated")
		}
		crc.Write(raw)
		s.counts = make([]int64, n)
		for i := range s.counts {
			s.counts[i] = int64(binary.LittleEndian.Uint64(raw[i*8:]))
		}
	}
	pad := L.vecOff - (headerSize + int64(n)*4 + int64(L.textLen) + countsBytes(n, L.hasCounts))
	if _, err := io.CopyN(crc, r, pad); err != nil {
		return errors.New("word space file: truncated")
	}
	return nil
}

// readVectors reads the matrix: float32 straight into it, int8 a chunk of
// rows at a time, dequantized; int8 rows of whole (the whole file, held in
// memory: an embedded space) are used in place.
func (s *Space) readVectors(r io.Reader, crc hash.Hash32, L layout, report func(int64), whole []byte) error {
	if L.dtype == dtypeInt8 && int64(len(whole)) == L.size {
		return s.int8InPlace(r, crc, L, whole)
	}
	n, dim, done := L.n, L.dim, L.vecOff
	// No huge-page advice here: measured on the 1,000,000 × 300 space, the
	// first open in a process then took 4.4 s (the kernel compacting memory
	// for huge pages) against 1.2–1.6 s without it, and a server opens once.
	s.vecs = make([]float32, n*dim)
	if L.dtype == dtypeFloat32 {
		raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.vecs))), len(s.vecs)*4)
		if err := readChunks(r, raw, crc, func(k int) { report(done + int64(k)) }); err != nil {
			return err
		}
		if !littleEndian {
			decodeFloat32s(s.vecs, raw)
		}
		return nil
	}
	scales := make([]float32, n)
	rawScales := make([]byte, n*4)
	if _, err := io.ReadFull(r, rawScales); err != nil {
		return errors.New("word space file: truncated")
	}
	crc.Write(rawScales)
	decodeFloat32s(scales, rawScales)
	done += int64(n) * 4
	chunk := make([]byte, 1<<20/dim*dim+dim)
	for row := 0; row < n; {
		rows := min(len(chunk)/dim, n-row)
		b := chunk[:rows*dim]
		if _, err := io.ReadFull(r, b); err != nil {
			return errors.New("word space file: truncated")
		}
		crc.Write(b)
		for i := 0; i < rows; i++ {
			sc := scales[row+i]
			dst := s.vecs[(row+i)*dim : (row+i+1)*dim]
			for j, q := range b[i*dim : (i+1)*dim] {
				dst[j] = float32(int8(q)) * sc
			}
		}
		row += rows
		done += int64(len(b))
		report(done)
	}
	return nil
}

// int8InPlace reads the scales of an int8 matrix and points the space at
// the rows in whole, checking them into the checksum.
func (s *Space) int8InPlace(r io.Reader, crc hash.Hash32, L layout, whole []byte) error {
	n, dim := L.n, L.dim
	rawScales := make([]byte, n*4)
	if _, err := io.ReadFull(r, rawScales); err != nil {
		return errors.New("word space file: truncated")
	}
	crc.Write(rawScales)
	s.qscale = make([]float32, n)
	decodeFloat32s(s.qscale, rawScales)
	at := L.vecOff + int64(n)*4
	if _, err := io.CopyN(crc, r, int64(n)*int64(dim)); err != nil {
		return errors.New("word space file: truncated")
	}
	if n > 0 {
		s.q = unsafe.Slice((*int8)(unsafe.Pointer(&whole[at])), n*dim)
	} else {
		s.q = []int8{}
	}
	s.qnorm = make([]float32, n)
	for i := range s.qnorm {
		s.qnorm[i] = rowNorm(s.q[i*dim:(i+1)*dim], s.qscale[i])
	}
	return nil
}

// readSections reads what follows the vectors (index, K-th cosines,
// neighbour table) and checks the trailer. whole, when it holds the whole
// file, lends the table its bytes.
func (s *Space) readSections(r io.Reader, crc hash.Hash32, L layout, whole []byte) error {
	if L.hasIndex {
		ix, err := readIndex(r, crc, L.indexLen, L.n, L.dim)
		if err != nil {
			return err
		}
		s.ivf.Store(ix)
	}
	if L.kthLen > 0 {
		if err := s.readKth(r, crc, L.n); err != nil {
			return err
		}
	}
	if L.nbrsLen > 0 {
		var in []byte
		if int64(len(whole)) == L.size {
			in = whole[L.size-8-L.nbrsLen : L.size-8]
		}
		if err := s.readNbrs(r, crc, L.n, int(L.nbrsM), in, L.flags&flagGraph != 0); err != nil {
			return err
		}
	}
	var tr [8]byte
	if _, err := io.ReadFull(r, tr[:]); err != nil {
		return errors.New("word space file: truncated")
	}
	if string(tr[4:]) != "WEND" || binary.LittleEndian.Uint32(tr[:4]) != crc.Sum32() {
		return errors.New("word space file: checksum mismatch (damaged file)")
	}
	return nil
}

// readKth reads the stored K-th cosines of n words.
func (s *Space) readKth(r io.Reader, crc hash.Hash32, n int) error {
	raw := make([]byte, n*4)
	if _, err := io.ReadFull(r, raw); err != nil {
		return errors.New("word space file: truncated")
	}
	crc.Write(raw)
	bits := make([]uint32, n)
	for i := range bits {
		bits[i] = binary.LittleEndian.Uint32(raw[i*4:])
		if f := math.Float32frombits(bits[i]); f != f || f < -2 || f > 1.01 {
			return errors.New("word space file: bad neighbour cosines")
		}
	}
	s.kth = &kthTable{k: NeighbourK, bits: bits, stored: true}
	return nil
}

// readIndex reads the stored approximate index of a space of n rows.
func readIndex(r io.Reader, crc hash.Hash32, length int64, n, dim int) (*ivfIndex, error) {
	bad := errors.New("word space file: bad index")
	var h [8]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, errors.New("word space file: truncated")
	}
	crc.Write(h[:])
	cells := int64(binary.LittleEndian.Uint32(h[:4]))
	probes := int(binary.LittleEndian.Uint32(h[4:]))
	if cells < 1 || cells > int64(max(n, 1)) || 8+cells*int64(dim)*4+(cells+1)*4 != length || probes < 1 || int64(probes) > cells {
		return nil, bad
	}
	raw := make([]byte, length-8)
	if _, err := io.ReadFull(r, raw); err != nil {
		return nil, errors.New("word space file: truncated")
	}
	crc.Write(raw)
	ix := &ivfIndex{dim: dim, nprobe: probes, centroids: make([]float32, cells*int64(dim)), start: make([]int32, cells+1)}
	decodeFloat32s(ix.centroids, raw[:len(ix.centroids)*4])
	raw = raw[len(ix.centroids)*4:]
	for i := range ix.start {
		ix.start[i] = int32(binary.LittleEndian.Uint32(raw[i*4:]))
		if ix.start[i] < 0 || i > 0 && ix.start[i] <= ix.start[i-1] {
			return nil, bad
		}
	}
	if ix.start[0] != 0 || int(ix.start[cells]) != n {
		return nil, bad
	}
	return ix, nil
}

// readChunks fills dst from r in 64 MiB reads, updating crc and progress.
func readChunks(r io.Reader, dst []byte, crc hash.Hash32, progress func(int)) error {
	const chunk = 64 << 20
	for k := 0; k < len(dst); {
		e := min(k+chunk, len(dst))
		if _, err := io.ReadFull(r, dst[k:e]); err != nil {
			return errors.New("word space file: truncated")
		}
		crc.Write(dst[k:e])
		k = e
		progress(k)
	}
	return nil
}

func trimZeros(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == 0 {
		b = b[:len(b)-1]
	}
	return b
}

// Open reads a word space file of any supported format, telling them apart
// by their content: the own format (magic), word2vec binary, fastText .vec
// or GloVe text. Counts are taken from a companion file PATH.counts or
// (PATH without its extension).counts when one exists and the space carries
// none.
func Open(path string, opt LoadOptions) (*Space, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	s, err := Read(f, st.Size(), opt)
	if err != nil {
		return nil, err
	}
	if s.counts == nil {
		if cp := companionCounts(path); cp != "" {
			cf, err := os.Open(cp)
			if err != nil {
				return nil, err
			}
			defer cf.Close()
			counts, err := ReadCounts(cf)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cp, err)
			}
			s.SetCounts(counts)
		}
	}
	return s, nil
}

// Format names of the inputs Read recognises.
const (
	FormatOwn      = "wordspace"
	FormatWord2Vec = "word2vec"
	FormatText     = "text"
	// FormatThesaurus is a MyThes thesaurus (th_*.dat), plain or
	// gzip-compressed, from which a thesaurus space is built (thesaurus.go).
	FormatThesaurus = "thesaurus"
)

// DetectFormat tells the format of a file from its first bytes.
func DetectFormat(head []byte) string {
	if len(head) >= 8 && string(head[:8]) == magic {
		return FormatOwn
	}
	if lexicon.IsThesaurus(head) {
		return FormatThesaurus
	}
	// word2vec binary and fastText both start with "N D\n"; in word2vec the
	// first vector's bytes follow the first word.
	nl := -1
	for i, c := range head {
		if c == '\n' {
			nl = i
			break
		}
	}
	if nl < 0 {
		return FormatText
	}
	dim, _, ok := parseHeader(head[:nl])
	if !ok {
		return FormatText
	}
	rest := head[nl+1:]
	sp := -1
	for i, c := range rest {
		if c == ' ' {
			sp = i
			break
		}
		if c == '\n' {
			return FormatText
		}
	}
	if sp < 0 {
		return FormatText
	}
	vec := rest[sp+1:]
	if len(vec) > dim*4 {
		vec = vec[:dim*4]
	}
	for _, c := range vec {
		if c == '\n' {
			return FormatText
		}
		if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || c == ' ' || c == '\r' || c == '\t' ||
			c == 'n' || c == 'a' || c == 'i' || c == 'f' || c == 'N' || c == 'I') {
			return FormatWord2Vec
		}
	}
	return FormatText
}

// Read reads a space of any supported format from r of length size.
func Read(r io.Reader, size int64, opt LoadOptions) (*Space, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, _ := br.Peek(1 << 16)
	switch DetectFormat(head) {
	case FormatOwn:
		return ReadSpace(br, size, opt)
	case FormatWord2Vec:
		return ReadWord2Vec(br, size, opt)
	case FormatThesaurus:
		return ReadThesaurusSpace(context.Background(), br, size, opt)
	default:
		return ReadText(br, size, opt)
	}
}

func companionCounts(path string) string {
	cands := []string{path + ".counts"}
	for i := len(path) - 1; i >= 0 && path[i] != '/' && path[i] != os.PathSeparator; i-- {
		if path[i] == '.' {
			cands = append(cands, path[:i]+".counts")
			break
		}
	}
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			return c
		}
	}
	return ""
}
