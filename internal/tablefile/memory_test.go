package tablefile

import (
	"bytes"
	"mime/multipart"
	"sync"
	"testing"
)

// A burst of overlapping uploads frees memory once, when the last ends,
// and only when the burst allocated at least the threshold.
func TestReleaserFreesAfterLargeBursts(t *testing.T) {
	var allocated uint64
	frees := 0
	r := &releaser{allocs: func() uint64 { return allocated }, free: func() { frees++ }, threshold: 100}

	endA := r.begin()
	endB := r.begin()
	allocated += 150
	endA()
	endA() // counted out once
	if frees != 0 {
		t.Fatalf("freed while an upload is still read")
	}
	endB()
	if frees != 1 || r.active != 0 {
		t.Fatalf("after the burst: %d frees, %d active", frees, r.active)
	}
	// A small burst frees nothing.
	end := r.begin()
	allocated += 99
	end()
	if frees != 1 {
		t.Fatalf("a burst of 99 bytes freed memory")
	}
	// What was allocated between bursts does not count.
	allocated += 1000
	end = r.begin()
	end()
	if frees != 1 {
		t.Fatalf("allocations before the burst counted")
	}
	// Bursts one after another add up: 99 + 1 bytes free memory.
	end = r.begin()
	allocated++
	end()
	if frees != 2 {
		t.Fatalf("uploads one after another that allocated the threshold together: %d frees", frees)
	}
}

// FromForm's closer counts the upload in until it is closed.
func TestFromFormCountsTheUpload(t *testing.T) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "m.csv")
	fw.Write([]byte("Index,Label,Terms\n1,A,a\n"))
	mw.Close()
	form, err := multipart.NewReader(&body, mw.Boundary()).ReadForm(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	before := uploads.active
	_, closer, err := FromForm(form, "file", "")
	if err != nil {
		t.Fatal(err)
	}
	if uploads.active != before+1 {
		t.Fatalf("%d uploads active, want %d", uploads.active, before+1)
	}
	if err := closer.Close(); err != nil {
		t.Fatal(err)
	}
	if uploads.active != before {
		t.Fatalf("%d uploads active after closing, want %d", uploads.active, before)
	}
}

// Uploads counted in and out from many goroutines leave none active, and
// a burst that allocated enough frees memory once it ends.
func TestReleaserConcurrent(t *testing.T) {
	var mu sync.Mutex
	var allocated uint64
	frees := 0
	r := &releaser{
		allocs:    func() uint64 { mu.Lock(); defer mu.Unlock(); return allocated },
		free:      func() { mu.Lock(); frees++; mu.Unlock() },
		threshold: 10,
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			end := r.begin()
			mu.Lock()
			allocated += 10
			mu.Unlock()
			end()
		}()
	}
	wg.Wait()
	if r.active != 0 || frees < 1 || frees > 16 {
		t.Fatalf("%d active, %d frees", r.active, frees)
	}
}
