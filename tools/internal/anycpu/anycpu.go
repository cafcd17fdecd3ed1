// Package anycpu makes a generator's output the same bytes on any CPU.
// The vector kernels of github.com/viterin/vek (and of vek32, which shares
// its switch) run AVX2+FMA assembly where the CPU has both and pure Go
// loops elsewhere; the two round differently (fused multiply-adds, eight
// partial sums), so a generator using them, directly or through package
// wordspace, would write different bytes on different machines. Every
// generator of committed data calls PureKernels first in main
// (decision 0150).
package anycpu

import "github.com/viterin/vek"

// PureKernels switches vek and vek32 to their pure Go kernels for the rest
// of the process. vek's switch is not safe for concurrent use: call it
// before any goroutine starts.
func PureKernels() { vek.SetAcceleration(false) }
