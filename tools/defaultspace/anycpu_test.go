package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/viterin/vek"
	"golang.org/x/sys/cpu"

	"explorer/tools/internal/anycpu"
	"explorer/wordspace"
)

// pureServeSHA256 is the SHA-256 of what serve writes for servedSpace
// with vek's pure Go kernels: the same on every amd64 CPU, with or without
// AVX2 and FMA (decision 0150). A change of the generator or of the
// wordspace format changes it; then write the new value here.
const pureServeSHA256 = "19a5a41ba09a0b567cae3c9070ad6dec70650284004b17c1c3aad83630eca321"

// servedSpace is a small generated space: 3,000 words of 64 dimensions,
// in clusters, as the generator's last step gets it.
func servedSpace(t *testing.T) *wordspace.Space {
	t.Helper()
	r := rand.New(rand.NewPCG(36, 150))
	const n, dim, topics = 3000, 64, 40
	centre := make([][]float32, topics)
	for i := range centre {
		centre[i] = make([]float32, dim)
		for d := range centre[i] {
			centre[i][d] = float32(r.NormFloat64())
		}
	}
	words, vecs := make([]string, n), make([][]float32, n)
	for i := range words {
		words[i] = fmt.Sprintf("w%04d", i)
		c := centre[r.IntN(topics)]
		v := make([]float32, dim)
		for d := range v {
			v[d] = c[d] + 0.7*float32(r.NormFloat64())
		}
		vecs[i] = v
	}
	s, err := wordspace.New("EN", words, vecs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// serveBytes runs the generator's serving step (approximate index and its
// probes, int8 vectors, candidate lists, K-th cosines) and returns the
// SHA-256 of the file it writes.
func serveBytes(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "served.wordspace")
	if err := serve(out, &inputs{}, servedSpace(t), options{kth: true}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// The serving step writes the same bytes whatever the process's kernels
// were before the generator forced the pure ones: with AVX2+FMA switched
// on (where the CPU has them, whose bytes differ, which is what the rule
// is for) and then forced off, the file is the one pure kernels write on
// any amd64 CPU.
func TestServeSameBytesOnAnyCPU(t *testing.T) {
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		vek.SetAcceleration(true)
		got := serveBytes(t)
		t.Logf("accelerated: %s", got)
		if got == pureServeSHA256 {
			t.Errorf("the accelerated kernels wrote the pure kernels' bytes: the test no longer sees the CPU")
		}
	}
	anycpu.PureKernels()
	if vek.Info().Acceleration {
		t.Fatal("PureKernels left the acceleration on")
	}
	got := serveBytes(t)
	if runtime.GOARCH != "amd64" {
		t.Skipf("SHA-256 %s: the reference is amd64's (other architectures fuse multiply-adds in Go code)", got)
	}
	if got != pureServeSHA256 {
		t.Fatalf("served file SHA-256 %s, want %s", got, pureServeSHA256)
	}
}
