package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// quality explores the whole file with both algorithms and prints the
// measures and the topics.
func quality(w io.Writer, lang, path string) error {
	lex, err := lexiconFor(lang)
	if err != nil {
		return err
	}
	texts := readTexts(path, 0)
	for _, algo := range []string{"old", "new"} {
		groups, err := exploreWith(algo, texts, lang, lex)
		if err != nil {
			return err
		}
		m, err := measure(groups, texts, lang, lex)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s %s: %d topics in %d groups; NPMI %.3f (%d topics of 2+ terms); diversity %.3f; generic titles %.0f%%\n",
			lang, algo, m.topics, m.groups, m.npmi, m.measured, m.diversity, 100*m.generic)
		printGroups(w, groups)
	}
	return nil
}

// perf explores n texts once and prints the time and the peak memory the
// exploration added (the peak resident size less the size before it, the
// word space loaded).
func perf(w io.Writer, lang, path string, n int, algo string) error {
	lex, err := lexiconFor(lang)
	if err != nil {
		return err
	}
	runtime.GC()
	before := procKB("VmRSS")
	start, cpu0 := time.Now(), cpuTime()
	groups, err := exploreWith(algo, readTexts(path, n), lang, lex)
	if err != nil {
		return err
	}
	el := time.Since(start)
	cpu := cpuTime() - cpu0
	peak := procKB("VmHWM")
	fmt.Fprintf(w, "%s %s %d texts: %.2f s CPU (%.2f s wall), %d MB peak above the %d MB before (%d groups)\n",
		lang, algo, n, cpu.Seconds(), el.Seconds(), (peak-before)/1024, before/1024, len(groups))
	return nil
}

// cpuTime is the CPU time (user and system) of the process so far: on a
// shared machine it measures the work better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procKB reads a kB figure of /proc/self/status (0 elsewhere).
func procKB(key string) int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key+":"); ok {
			v, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return v
		}
	}
	return 0
}

// run prints the quality of a corpus and, for each size, the perf of both
// algorithms, each in a process of its own (so that peaks do not mix).
func run(w io.Writer, lang, path, sizes string) error {
	if err := quality(w, lang, path); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	for _, s := range strings.Split(sizes, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		for _, algo := range []string{"old", "new"} {
			cmd := exec.Command(self, "perf", "-lang", lang, "-texts", path, "-n", strings.TrimSpace(s), "-algo", algo)
			cmd.Stdout, cmd.Stderr = w, os.Stderr
			if err := cmd.Run(); err != nil {
				return err
			}
		}
	}
	return nil
}
