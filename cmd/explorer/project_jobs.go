package main

import (
	"context"
	"explorer/projects"
	"fmt"
	"os"
	"strconv"
	"time"
)

// cliInstance names the command line's instance among those sharing the
// database: an import job is pinned to it (the file is read here), and a
// server never takes it for its own.
func cliInstance() string {
	host, _ := os.Hostname()
	return "cli-" + host + "-" + strconv.Itoa(os.Getpid())
}

// cliProgressEvery is how often the command line prints a job's
// progress.
const cliProgressEvery = time.Second

// awaitJob waits for a job the command submitted, as the user of c,
// printing its progress on stderr; it returns the job's step's error.
// When the command is interrupted (Ctrl-C, SIGTERM) the job is
// cancelled, as the pages' Cancel does, and its end awaited.
func (r *projectRun) awaitJob(c context.Context, j *projects.Job, what string) (*projects.Job, error) {
	fmt.Fprintf(r.stderr, "%s: job %d\n", what, j.ID)
	last := ""
	defer fmt.Fprintln(r.stderr)
	for {
		cur, ended, err := r.projects.WaitJobFor(c, j.ID, cliProgressEvery)
		if cur != nil {
			if line := jobLine(cur); line != last {
				fmt.Fprintf(r.stderr, "\r%s: %s", what, line)
				last = line
			}
		}
		switch {
		case ended || err != nil:
			return cur, err
		case c.Err() != nil:
			bg := context.WithoutCancel(c)
			if _, err := r.projects.CancelJob(bg, j.ID); err != nil {
				return nil, err
			}
			r.projects.WaitJobs()
			cur, _, _ = r.projects.WaitJobFor(bg, j.ID, time.Millisecond)
			state := "stopping"
			if cur != nil {
				state = cur.State
			}
			return cur, fmt.Errorf("interrupted: job %d %s", j.ID, state)
		}
	}
}

// jobLine is a job's progress in words: its state, the share done and
// what it went through.
func jobLine(j *projects.Job) string {
	if j.State != projects.JobRunning {
		return fmt.Sprintf("%s %3d%%   ", j.State, int(j.Progress()*100))
	}
	if j.Total <= 0 {
		return "running        "
	}
	unit, done, total := j.Unit, j.Done, j.Total
	if unit == projects.UnitBytes {
		unit, done, total = "KiB", done>>10, total>>10
	}
	return fmt.Sprintf("running %3d%% (%d of %d %s)   ", int(j.Progress()*100), done, total, unit)
}
