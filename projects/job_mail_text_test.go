package projects

import (
	"strings"
	"testing"
	"time"
)

// The mail of a job's end says what ended, how, after how long, why a
// failed one failed, and where to go next.
func TestJobEndMailText(t *testing.T) {
	done := jobEndMail(&Job{ID: 7, Kind: JobExplore, State: JobDone}, "Hotel reviews", 3*time.Minute, "https://x.example/projects/4")
	if done.Subject != "The exploration of “Hotel reviews” is done" || !strings.Contains(done.Body, "after about 3 minutes") ||
		!strings.Contains(done.Body, "https://x.example/projects/4") || done.About != "job:7" {
		t.Errorf("done: %+v", done)
	}
	failed := jobEndMail(&Job{ID: 8, Kind: JobImport, State: JobFailed, Error: "the file has no rows"}, "Survey", 90*time.Second, "")
	if failed.Subject != "The import of “Survey” failed" || !strings.Contains(failed.Body, "The reason: the file has no rows") ||
		!strings.Contains(failed.Body, "Retry or delete it on the project's page of explorer.") {
		t.Errorf("failed: %+v", failed)
	}
}
