// Command benchexplore measures exploring (make bench-explore): on public
// corpora of short real texts it compares main's algorithm (the most
// frequent terms with their word-space neighbours, analysis.BuildTopics)
// with analysis.Explore by topic coherence (NPMI over a sliding window of
// 10 terms), topic diversity, the share of generic titles, and the time and
// peak memory of exploring 100,000 and 1,000,000 texts.
//
//	benchexplore prepare -field Description-en < Translation-en > en.txt
//	benchexplore quality -lang EN -texts en.txt
//	benchexplore perf -lang EN -texts en.txt -n 100000 -algo new
//	benchexplore run -lang EN -texts en.txt -sizes 100000,1000000
//	benchexplore reviews [-dir DIR] [-heldout] [-bare] [-v] [-resample N] [-resample-share S] [-background-file LIST] [-no-background] [-mythes-dir DIR]
//
// reviews explores annotated review sentences (SemEval ABSA, MAMS) and
// reports the share of titles that are opinion words, the share of texts
// in some topic and the aspect categories found as a group.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	field := fs.String("field", "Description", "prepare: the deb822 field holding descriptions")
	lang := fs.String("lang", "EN", "the texts' language (ISO 639-1)")
	texts := fs.String("texts", "", "the texts, one a line")
	n := fs.Int("n", 0, "perf: how many texts (the file read again from the top as needed)")
	algo := fs.String("algo", "new", "perf: old (main's) or new")
	sizes := fs.String("sizes", "100000,1000000", "run: the sizes of the perf runs")
	profile := fs.String("cpuprofile", "", "perf: write a CPU profile here")
	dir := fs.String("dir", reviewsDir(), "reviews: the directory of the annotated review files (BENCH_REVIEWS_DIR)")
	heldOut := fs.Bool("heldout", false, "reviews: measure the held-out files too (report only, never tune on them)")
	verbose := fs.Bool("v", false, "reviews: print the groups")
	resamples := fs.Int("resample", 0, "reviews: explore this many resamples of each tuning set (-resample-share of its sentences) and print the mean figures")
	fs.Float64Var(&resampleShare, "resample-share", resampleShare, "reviews: the share of a tuning set's sentences in each resample (0 < share <= 1; 0.25 explores sets of the held-out sets' size)")
	bare := fs.Bool("bare", false, "reviews: explore without the word space and the background list (with -background-file LIST, a list of English words such as make bench-explore's: as languages other than English are, a list of everyday speech and no word space)")
	fs.StringVar(&backgroundFile, "background-file", "", "explore with this list of words (most frequent first) as the background list (the measures keep the language's)")
	fs.BoolVar(&noBackground, "no-background", false, "explore without the language's background list (the measures keep it)")
	fs.StringVar(&mythesDir, "mythes-dir", "", "reviews: the languages other than English explore with the word spaces a server has with this thesaurus folder (Debian's /usr/share/mythes; the embedded thesauri too): their neighbours and kinship, as the server gives them")
	_ = fs.Parse(os.Args[2:])
	if *profile != "" {
		f, err := os.Create(*profile)
		if err == nil {
			_ = pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
	}
	var err error
	switch os.Args[1] {
	case "prepare":
		err = prepare(os.Stdin, os.Stdout, *field)
	case "quality":
		err = quality(os.Stdout, *lang, *texts)
	case "perf":
		err = perf(os.Stdout, *lang, *texts, *n, *algo)
	case "reviews":
		if resampleShare <= 0 || resampleShare > 1 {
			err = fmt.Errorf("-resample-share %v: want a share above 0 and at most 1", resampleShare)
		} else if *resamples > 0 {
			err = resampledReviews(os.Stdout, *dir, *resamples, *bare)
		} else {
			err = reviews(os.Stdout, *dir, *heldOut, *bare, *verbose)
		}
	case "run":
		err = run(os.Stdout, *lang, *texts, *sizes)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchexplore:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// reviewsDir is BENCH_REVIEWS_DIR, else ../tonality-data (beside the
// work tree, as make bench-tonality reads it).
func reviewsDir() string {
	if d := os.Getenv("BENCH_REVIEWS_DIR"); d != "" {
		return d
	}
	return "../tonality-data"
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: benchexplore prepare|quality|perf|run|reviews [flags]")
	os.Exit(2)
}
