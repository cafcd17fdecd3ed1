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

func usage() {
	fmt.Fprintln(os.Stderr, "usage: benchexplore prepare|quality|perf|run [flags]")
	os.Exit(2)
}
