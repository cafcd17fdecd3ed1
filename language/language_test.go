package language

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name  string
		texts []string
		want  string
		ok    bool
	}{
		// burger, cheeseburger, veggie, chips, soda: loanwords the trigram
		// profiles score as Dutch as much as English, so the list has fewer.
		{"English terms", []string{"burger", "fries", "nice", "good", "sweet", "drinks", "friendly staff", "slow service", "cheap", "waiter"}, "EN", true},
		{"English terms in one text", []string{"burger, fries, nice, good, sweet, drinks, friendly staff, slow service, cheap, waiter"}, "EN", true},
		{"English comments", []string{"great service", "friendly staff", "too expensive"}, "EN", true},
		{"Swedish comments", []string{"Maten var god men servicen var långsam", "Trevlig personal och fin miljö", "Kaffet var kallt"}, "SV", true},
		{"Swedish terms", []string{"god", "trevlig", "dyr", "kaffe", "smörgås", "kanelbulle", "personal"}, "SV", true},
		{"German comments", []string{"Das Essen war sehr gut", "Der Kellner war unfreundlich", "Zu teuer"}, "DE", true},
		{"German terms", []string{"Brötchen", "Kaffee", "Kuchen", "lecker", "teuer", "Bedienung"}, "DE", true},
		{"French", []string{"très bon", "service lent", "trop cher pour ce que c'est"}, "FR", true},
		{"Spanish", []string{"muy bueno", "servicio lento", "caro", "camarero amable"}, "ES", true},
		{"Finnish", []string{"hyvä", "kahvi", "palvelu", "kallis"}, "FI", true},
		{"Russian", []string{"спасибо", "хорошо", "очень вкусно"}, "RU", true},
		{"blank texts skipped", []string{"", "  ", "burger", "fries", "nice", "good", "sweet", "drinks", "waiter"}, "EN", true},
		{"one word", []string{"pizza"}, "", false},
		{"two short words", []string{"ok", "good"}, "", false},
		{"numbers", []string{"123", "456", "7.5"}, "", false},
		{"nothing", nil, "", false},
		{"blank", []string{"", " "}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Detect(tt.texts)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Detect(%q) = %q, %v; want %q, %v", tt.texts, got, ok, tt.want, tt.ok)
			}
			if ok && !valid(got) {
				t.Errorf("Detect returned invalid code %q", got)
			}
		})
	}
}

func TestDetectConcurrent(t *testing.T) {
	inputs := map[string][]string{
		"EN": {"burger", "fries", "nice", "good", "sweet", "drinks", "friendly staff", "slow service", "cheap", "waiter"},
		"SV": {"Maten var god men servicen var långsam", "Trevlig personal och fin miljö"},
		"DE": {"Das Essen war sehr gut", "Der Kellner war unfreundlich"},
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		for want, texts := range inputs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if got, ok := Detect(texts); got != want || !ok {
					t.Errorf("Detect = %q, %v; want %q", got, ok, want)
				}
			}()
		}
	}
	wg.Wait()
}

// Many or long texts are sampled, not read whole.
func TestBuildSample(t *testing.T) {
	many := make([]string, 100_000)
	for i := range many {
		many[i] = "the quick brown fox jumps over the lazy dog"
	}
	s, letters := Sample(many)
	if len(s) > maxSample || letters == 0 {
		t.Errorf("sample of %d bytes, %d letters", len(s), letters)
	}
	long := []string{strings.Repeat("smörgås ", 2000)}
	s, _ = Sample(long)
	if len(s) > maxSample || !strings.HasSuffix(s, "smörgås") {
		t.Errorf("long text sample of %d bytes ends %q", len(s), s[len(s)-10:])
	}
	noSpace := []string{strings.Repeat("å", 5000)}
	s, _ = Sample(noSpace)
	if len(s) > maxSample || !strings.HasSuffix(s, "å") {
		t.Errorf("cut inside a character: %q", s[len(s)-4:])
	}
	if got, ok := Detect(many); got != "EN" || !ok {
		t.Errorf("Detect(many) = %q, %v", got, ok)
	}
}

// The profiles of the detectable languages take a few megabytes. They
// load once per process, so the load is measured in a fresh process: this
// test runs itself as a child that loads nothing before the measure. Too
// little heap means the profiles did not load at all.
func TestDetectorMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes memory use")
	}
	if os.Getenv(memoryChild) == "1" {
		fmt.Printf("heap %d\n", detectorHeap())
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDetectorMemory$", "-test.count=1")
	cmd.Env = append(os.Environ(), memoryChild+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var heap int64
	for _, line := range strings.Split(string(out), "\n") {
		if n, ok := strings.CutPrefix(line, "heap "); ok {
			heap, _ = strconv.ParseInt(n, 10, 64)
		}
	}
	mb := float64(heap) / (1 << 20)
	t.Logf("detector profiles: %.1f MB of heap", mb)
	if mb < 0.2 || mb > 8 {
		t.Errorf("detector takes %.1f MB of heap, want 0.2 to 8", mb)
	}
}

// memoryChild marks the child process of TestDetectorMemory.
const memoryChild = "EXPLORER_DETECTOR_MEMORY_CHILD"

// detectorHeap returns the live heap the detector's load adds.
func detectorHeap() int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	detector()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

func BenchmarkDetect(b *testing.B) {
	detector()
	texts := []string{"Maten var god men servicen var långsam", "Trevlig personal och fin miljö", "Kaffet var kallt"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Detect(texts)
	}
}

// Languages of their own alphabet are told by their script.
func TestDetectByScript(t *testing.T) {
	for want, texts := range map[string][]string{
		"EL": {"καλημέρα", "ευχαριστώ πολύ"}, "HE": {"שלום עולם", "תודה רבה"},
		"KO": {"안녕하세요", "감사합니다 정말"}, "JA": {"ありがとうございます", "日本語の文章"},
		"ZH": {"谢谢你的帮助", "我们的服务很好"},
	} {
		if got, ok := Detect(texts); got != want || !ok {
			t.Errorf("Detect(%q) = %q, %v; want %q", texts, got, ok, want)
		}
	}
}

// Norwegian is answered as NO, the table's code for Bokmål and Nynorsk.
func TestDetectNorwegian(t *testing.T) {
	got, ok := Detect([]string{"Veldig bra mat og hyggelig betjening", "Vi kommer gjerne tilbake neste uke", "Kaffen var kald og altfor dyr"})
	if got != "NO" || !ok {
		t.Errorf("Detect(Norwegian) = %q, %v", got, ok)
	}
}
