package wordspace

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
)

// The writers the tests make their files with (the product only reads
// these formats).

// WriteText writes the space as a fastText .vec file (header "N D").
func WriteText(w io.Writer, s *Space) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprintf(bw, "%d %d\n", s.Len(), s.dim)
	var buf []byte
	for i := 0; i < s.Len(); i++ {
		buf = append(buf[:0], s.Word(i)...)
		for _, x := range s.Vector(i) {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, float64(x), 'g', -1, 32)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteWord2Vec writes a space in the word2vec binary format.
func WriteWord2Vec(w io.Writer, s *Space) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprintf(bw, "%d %d\n", s.Len(), s.dim)
	raw := make([]byte, s.dim*4)
	for i := 0; i < s.Len(); i++ {
		bw.WriteString(s.Word(i))
		bw.WriteByte(' ')
		for j, v := range s.Vector(i) {
			binary.LittleEndian.PutUint32(raw[j*4:], math.Float32bits(v))
		}
		bw.Write(raw)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
