package wordspace

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unsafe"
)

// ReadWord2Vec reads the binary format of the original word2vec tool: a
// text header "N D\n", then for each word its bytes, a space and D
// little-endian float32 (optionally followed by a newline).
func ReadWord2Vec(r io.Reader, size int64, opt LoadOptions) (*Space, error) {
	cr := newCountingReader(r, size, opt.Progress)
	br := bufio.NewReaderSize(cr, 1<<20)
	head, err := readLine(br)
	if err != nil {
		return nil, errors.New("word2vec: missing header")
	}
	dim, n, ok := parseHeader(head)
	if !ok {
		return nil, errors.New("word2vec: header is not \"N D\"")
	}
	if dim < 1 || dim > MaxDim {
		return nil, fmt.Errorf("word2vec: dimension %d out of range 1..%d", dim, MaxDim)
	}
	capWords := n
	// Divided, not multiplied: a declared count times a row can overflow.
	if size > 0 && int64(capWords) > size/int64(dim*4+2) {
		capWords = int(size / int64(dim*4+2))
	}
	if size <= 0 && capWords > 1<<16 {
		capWords = 1 << 16
	}
	b := newSpaceBuilder(opt.Lang, dim, capWords)
	row := make([]float32, dim)
	raw := make([]byte, dim*4)
	for i := 0; i < n; i++ {
		word, err := br.ReadBytes(' ')
		if err != nil {
			if i > 0 && err == io.EOF && len(bytes.TrimSpace(word)) == 0 {
				break // fewer words than announced
			}
			return nil, fmt.Errorf("word2vec: word %d: unexpected end of file", i+1)
		}
		word = bytes.TrimLeft(word[:len(word)-1], "\n\r")
		if len(word) == 0 {
			return nil, fmt.Errorf("word2vec: word %d: empty word", i+1)
		}
		if _, err := io.ReadFull(br, raw); err != nil {
			return nil, fmt.Errorf("word2vec: word %d: truncated vector", i+1)
		}
		decodeFloat32s(row, raw)
		if err := b.add(word, row); err != nil {
			return nil, err
		}
		if c, err := br.Peek(1); err == nil && c[0] == '\n' {
			_, _ = br.ReadByte()
		}
	}
	if len(b.offs) == 1 {
		return nil, errors.New("word2vec: no vectors")
	}
	if opt.Progress != nil {
		opt.Progress(cr.n.Load(), size)
	}
	return b.finish()
}

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// decodeFloat32s decodes little-endian float32 from raw into dst.
func decodeFloat32s(dst []float32, raw []byte) {
	if littleEndian {
		copy(dst, unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(raw))), len(raw)/4))
		return
	}
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[i*4:]))
	}
}
