package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"explorer/wordspace"
)

const wordspaceUsage = `Usage:
  explorer wordspace import --lang XX [--counts FILE] [--int8] IN OUT
      convert a fastText .vec, GloVe text or word2vec binary file (the format
      is recognised from the content) to the word space format, which opens
      in seconds; counts come from FILE or IN's companion IN.counts
      ("word count" per line); --int8 stores a quarter of the size; spaces
      of 200,000 words or more get their approximate search index stored
  explorer wordspace build --lang XX --out FILE [--seed N] [--dim 2000]
      [--nonzero 8] [--window 2] [--min-count 5] [--max-words N] [--int8]
      CORPUS...
      build a word space from plain text files with Random Indexing
  explorer wordspace build --project ID [--owner USER] [--data DIR] [--database URL]
      train the word space of an explored project's text column (Random
      Indexing, kept in the database); it joins the suggestions of
      the account's poles of the project's language
  explorer wordspace info FILE
      print a word space's language, size and whether it has counts
`

// wordspaceCommand runs "explorer wordspace import|build|info".
func wordspaceCommand(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError("wordspace needs a subcommand: import, build or info")
	}
	switch args[0] {
	case "import":
		return wordspaceImport(args[1:], stdout, stderr)
	case "build":
		return wordspaceBuild(args[1:], stdout, stderr)
	case "info":
		return wordspaceInfo(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, wordspaceUsage)
		return nil
	}
	return usageError(fmt.Sprintf("unknown wordspace subcommand %q", args[0]))
}

func wordspaceFlags(name string, stderr io.Writer) *flag.FlagSet {
	return newFlagSet("wordspace "+name, stderr)
}

// parseInterspersed parses flags that may come after the positional
// arguments ("import IN OUT --lang EN").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func langFlag(lang string) (string, error) {
	l, ok := wordspace.NormalizeLang(lang)
	if !ok {
		return "", usageError("wordspace: --lang must be a two-letter ISO 639-1 code, such as EN")
	}
	return l, nil
}

func wordspaceImport(args []string, stdout, stderr io.Writer) error {
	fs := wordspaceFlags("import", stderr)
	lang := fs.String("lang", "", "language code (ISO 639-1), such as EN")
	countsPath := fs.String("counts", "", `companion counts file ("word count" per line)`)
	int8 := fs.Bool("int8", false, "store int8 vectors (a quarter of the size)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usageError("wordspace import: IN and OUT expected")
	}
	l, err := langFlag(*lang)
	if err != nil {
		return err
	}
	in, out := pos[0], pos[1]
	defer wordspace.Converting()()
	bar := newProgressBar(stderr, "reading "+filepath.Base(in))
	s, err := wordspace.Open(in, wordspace.LoadOptions{Lang: l, Progress: bar.update})
	bar.done()
	if err != nil {
		return fmt.Errorf("wordspace import: %w", err)
	}
	if *countsPath != "" {
		f, err := os.Open(*countsPath)
		if err != nil {
			return fmt.Errorf("wordspace import: %w", err)
		}
		counts, err := wordspace.ReadCounts(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("wordspace import: %s: %w", *countsPath, err)
		}
		s.SetCounts(counts)
	}
	if err := withIndex(s, stderr); err != nil {
		return fmt.Errorf("wordspace import: %w", err)
	}
	if err := writeSpaceFile(out, s, *int8); err != nil {
		return fmt.Errorf("wordspace import: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %s, %d words × %d dimensions, counts: %v\n", out, l, s.Len(), s.Dim(), s.HasCounts())
	return nil
}

func wordspaceBuild(args []string, stdout, stderr io.Writer) error {
	fs := wordspaceFlags("build", stderr)
	lang := fs.String("lang", "", "language code (ISO 639-1), such as EN")
	out := fs.String("out", "", "output file")
	seed := fs.Uint64("seed", 1, "seed of the random index vectors")
	dim := fs.Int("dim", 2000, "dimension of the index vectors")
	nonzero := fs.Int("nonzero", 8, "non-zero elements of an index vector")
	window := fs.Int("window", 2, "words on each side of the focus word")
	minCount := fs.Int("min-count", 5, "words seen fewer times get no vector")
	maxWords := fs.Int("max-words", 0, "keep at most this many of the most frequent words (0: all)")
	int8 := fs.Bool("int8", false, "store int8 vectors (a quarter of the size)")
	pf := addProjectBuildFlags(fs)
	corpus, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if *pf.project != 0 {
		if len(corpus) > 0 || *out != "" || *lang != "" {
			return usageError("wordspace build: --project takes no CORPUS, --out or --lang (the project's texts and language are used)")
		}
		return wordspaceBuildProject(pf, stdout)
	}
	l, err := langFlag(*lang)
	if err != nil {
		return err
	}
	if *out == "" || len(corpus) == 0 {
		return usageError("wordspace build: --out FILE and at least one CORPUS file expected")
	}
	if *dim < 1 || *dim > wordspace.MaxDim || *nonzero < 2 || *nonzero > *dim || *window < 1 || *minCount < 1 || *maxWords < 0 {
		return usageError("wordspace build: --dim 1..10000, --nonzero 2..dim, --window ≥ 1, --min-count ≥ 1, --max-words ≥ 0")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bar := newProgressBar(stderr, "building (2 passes)")
	s, err := wordspace.BuildFiles(ctx, wordspace.BuildOptions{
		Lang: l, Dim: *dim, NonZero: *nonzero, Window: *window, MinCount: *minCount,
		MaxWords: *maxWords, Seed: *seed, Progress: bar.update,
	}, corpus)
	bar.done()
	if err != nil {
		return fmt.Errorf("wordspace build: %w", err)
	}
	if err := withIndex(s, stderr); err != nil {
		return fmt.Errorf("wordspace build: %w", err)
	}
	if err := writeSpaceFile(*out, s, *int8); err != nil {
		return fmt.Errorf("wordspace build: %w", err)
	}
	fmt.Fprintf(stdout, "%s: %s, %d words × %d dimensions\n", *out, l, s.Len(), s.Dim())
	return nil
}

func wordspaceInfo(args []string, stdout, stderr io.Writer) error {
	pos, err := parseInterspersed(wordspaceFlags("info", stderr), args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageError("wordspace info: FILE expected")
	}
	s, err := wordspace.Open(pos[0], wordspace.LoadOptions{})
	if err != nil {
		return fmt.Errorf("wordspace info: %w", err)
	}
	fmt.Fprintf(stdout, "language: %s\nwords: %d\ndimensions: %d\ncounts: %v\n", s.Lang(), s.Len(), s.Dim(), s.HasCounts())
	return nil
}

// withIndex gives a large space, just read or built, its clustered
// approximate index, its rows reordered in place (the space is held once),
// its probes tuned as a served conversion tunes them, stored with it so
// that the server has it at once.
func withIndex(s *wordspace.Space, stderr io.Writer) error {
	if s.Len() < wordspace.ApproximateMinWords {
		return nil
	}
	fmt.Fprintf(stderr, "building the approximate index of %d words…\n", s.Len())
	t := time.Now()
	if err := s.Cluster(context.Background()); err != nil {
		return err
	}
	probes, recall, err := s.TuneProbes(context.Background(), wordspace.ServedRecall, 200, wordspace.NeighbourK)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "approximate index built in %.1f s: %d probes, recall %.3f of the exact %d nearest neighbours\n", time.Since(t).Seconds(), probes, recall, wordspace.NeighbourK)
	return nil
}

// writeSpaceFile writes the space to path through a temporary file.
func writeSpaceFile(path string, s *wordspace.Space, int8 bool) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = wordspace.WriteSpace(f, s, wordspace.WriteOptions{Int8: int8})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// progressBar draws "label [#####     ]  45%  1.2/2.7 GB" on a terminal
// line, redrawn at most ten times a second.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer
	label string
	last  time.Time
	pct   int
	drawn bool
}

func newProgressBar(w io.Writer, label string) *progressBar {
	return &progressBar{w: w, label: label, pct: -1}
}

func (p *progressBar) update(done, total int64) {
	if total <= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	pct := int(min(done*100/total, 100))
	if pct == p.pct || pct < 100 && time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.pct, p.last, p.drawn = pct, time.Now(), true
	const width = 30
	fill := pct * width / 100
	fmt.Fprintf(p.w, "\r%s [%s%s] %3d%%  %s/%s", p.label, strings.Repeat("#", fill), strings.Repeat(" ", width-fill),
		pct, humanBytes(done), humanBytes(total))
}

func (p *progressBar) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
