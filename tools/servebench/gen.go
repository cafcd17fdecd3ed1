package main

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// generatedVec returns a .vec file of words × dim in dir, writing it when
// it is not there yet. Word i is "w<i>"; the vectors are clustered (groups
// of 20 consecutive words share a centre, groups of ten clusters a topic),
// as the words of a real space are, and deterministic.
func generatedVec(dir string, words, dim int) (string, error) {
	path := filepath.Join(dir, fmt.Sprintf("generated-%dx%d.vec", words, dim))
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return "", err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintf(w, "%d %d\n", words, dim)
	rng := rand.New(rand.NewPCG(1, 2))
	var topic, centre []float64
	buf := make([]byte, 0, dim*12)
	for i := 0; i < words; i++ {
		if i%200 == 0 {
			topic = randUnit(rng, dim, 1)
		}
		if i%20 == 0 {
			centre = randUnit(rng, dim, 0.8)
		}
		v := randUnit(rng, dim, 0.9)
		buf = append(buf[:0], 'w')
		buf = strconv.AppendInt(buf, int64(i), 10)
		for j := range v {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, v[j]+centre[j]+topic[j], 'f', 5, 32)
		}
		buf = append(buf, '\n')
		if _, err := w.Write(buf); err != nil {
			f.Close()
			return "", err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return path, os.Rename(tmp, path)
}

func randUnit(rng *rand.Rand, dim int, scale float64) []float64 {
	v := make([]float64, dim)
	var ss float64
	for j := range v {
		v[j] = rng.NormFloat64()
		ss += v[j] * v[j]
	}
	f := scale / math.Sqrt(ss)
	for j := range v {
		v[j] *= f
	}
	return v
}
