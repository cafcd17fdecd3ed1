package sheet

import "io"

// progressReader tells Options.Progress how far the row pass has read.
// Only the pass that hands rows over reads through it: looking at the
// file first (guessing a CSV file's encoding, a zip archive's directory,
// a workbook's shared strings) moves no bar, so that the bar does not
// stand at the end while the rows are still to be stored.
type progressReader struct {
	r io.Reader
	// read counts the bytes read; scale turns them into bytes of the
	// file (a worksheet's decompressed bytes into the archive's).
	read  int64
	scale float64
	size  int64
	fn    func(done, total int64)
}

// withProgress wraps r, whose whole is whole bytes, for a file of size
// bytes; r itself when opts has no Progress.
func withProgress(r io.Reader, whole, size int64, opts Options) io.Reader {
	if opts.Progress == nil || whole <= 0 || size <= 0 {
		return r
	}
	return &progressReader{r: r, scale: float64(size) / float64(whole), size: size, fn: opts.Progress}
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.read += int64(n)
		// What a file claims about its parts' sizes is not trusted: the
		// figure never passes the file's size.
		p.fn(min(int64(float64(p.read)*p.scale), p.size), p.size)
	}
	return n, err
}
