package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"
)

// The generated feedback of the tonality phases: hotel reviews made of
// aspects and opinions, some praising one thing and blaming another.
var (
	feedbackAspects = strings.Fields(`breakfast room staff service pool bed bathroom location price wifi parking
		restaurant coffee view noise reception shower towels bar spa gym lift checkin food dinner`)
	feedbackPraise = strings.Fields(`great excellent lovely clean friendly helpful comfortable quiet delicious
		fantastic spotless spacious perfect nice good amazing`)
	feedbackBlame = strings.Fields(`dirty rude slow noisy cold terrible awful tiny broken overpriced poor
		bad disappointing smelly unhelpful`)
	feedbackHotels = []string{"Harbour", "Central", "Riverside", "Airport", "Old Town"}
)

// feedbackCSV is n generated reviews with a date and a hotel (seeded).
func feedbackCSV(n int) []byte {
	rng := rand.New(rand.NewPCG(11, 13))
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	var b bytes.Buffer
	b.WriteString("id,date,hotel,review\n")
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		var text string
		switch rng.IntN(5) {
		case 0:
			text = fmt.Sprintf("The %s was %s but the %s was %s.", pick(feedbackAspects), pick(feedbackPraise), pick(feedbackAspects), pick(feedbackBlame))
		case 1:
			text = fmt.Sprintf("%s %s, very %s %s.", upperFirst(pick(feedbackPraise)), pick(feedbackAspects), pick(feedbackPraise), pick(feedbackAspects))
		case 2:
			text = fmt.Sprintf("The %s was not %s and the %s was a bit %s.", pick(feedbackAspects), pick(feedbackPraise), pick(feedbackAspects), pick(feedbackBlame))
		case 3:
			text = fmt.Sprintf("We stayed three nights. The %s is %s, the %s %s. Would come back.", pick(feedbackAspects), pick(feedbackPraise), pick(feedbackAspects), pick(feedbackPraise))
		default:
			text = fmt.Sprintf("%s %s and %s %s, never again.", upperFirst(pick(feedbackBlame)), pick(feedbackAspects), pick(feedbackBlame), pick(feedbackAspects))
		}
		fmt.Fprintf(&b, "%d,%s,%s,%s\n", i+1, start.AddDate(0, 0, rng.IntN(365)).Format(time.DateOnly), pick(feedbackHotels), text)
	}
	return b.Bytes()
}

// runTonality measures exploring n generated reviews through /v1 on bin
// (and on before, when given: the same on a binary without tonality),
// then the reads of the explored project's topics and texts beside
// /healthz.
func runTonality(c config) error {
	csv, what := feedbackCSV(c.tonality), "generated reviews"
	if c.texts != "" {
		var err error
		if csv, err = textsCSV(c.texts, c.tonality); err != nil {
			return err
		}
		what = "texts of " + c.texts
	}
	fmt.Printf("## Tonality on the served path (%s), %d %s\n\n", time.Now().UTC().Format(time.DateOnly), c.tonality, what)
	fmt.Printf("| binary | import s | explore wall s | explore server CPU s | resident MB after |\n|---|---|---|---|---|\n")
	if c.before != "" {
		before, _, err := exploreOn(c.before, "before", csv)
		if err != nil {
			return err
		}
		before.stopAndRemove() // its figures are printed; it would idle beside the other
	}
	srv, id, err := exploreOn(c.bin, "this", csv)
	if err != nil {
		return err
	}
	defer srv.stopAndRemove()
	return tonalityReads(c, srv, id)
}

// exploreOn starts bin on a fresh data folder, imports csv and explores
// it, printing a row of figures; the server is left running (stop it with
// stopAndRemove), or stopped and its folder removed on an error.
func exploreOn(bin, name string, csv []byte) (srv *server, id int64, err error) {
	data, err := os.MkdirTemp("", "servebench-tonality-")
	if err != nil {
		return nil, 0, err
	}
	srv, _, err = startServer(bin, data, nil)
	if err != nil {
		os.RemoveAll(data)
		return nil, 0, err
	}
	defer func() {
		if err != nil {
			srv.stopAndRemove()
		}
	}()
	cl, _ := newClient(srv)
	// An import uses a credit a row (402 past the balance), as in the
	// other phases; the texts are the CSV's lines less its header.
	if err := cl.buyCredits("admin", bytes.Count(csv, []byte("\n"))); err != nil {
		return nil, 0, err
	}
	t0 := time.Now()
	id, err = cl.importProject("admin", "feedback", csv)
	if err != nil {
		return nil, 0, err
	}
	imported := time.Since(t0)
	cpu0, _ := srv.cpu()
	t1 := time.Now()
	if err := cl.do("POST", fmt.Sprintf("/v1/projects/%d/explore?column=review", id), nil, nil); err != nil {
		return nil, 0, err
	}
	wall := time.Since(t1)
	cpu1, _ := srv.cpu()
	fmt.Printf("| %s (%s) | %.2f | %.2f | %.2f | %.0f |\n", name, bin, imported.Seconds(), wall.Seconds(), (cpu1 - cpu0).Seconds(), float64(srv.rss())/(1<<20))
	return srv, id, nil
}

// tonalityReads measures the topic read and a texts page filtered by
// topic and tonality, one client and c.clients, beside /healthz.
func tonalityReads(c config, srv *server, id int64) error {
	cl, _ := newClient(srv)
	var topics struct {
		Groups []struct {
			Topics []struct {
				ID int64 `json:"id"`
			} `json:"topics"`
		} `json:"groups"`
	}
	if err := cl.do("GET", fmt.Sprintf("/v1/projects/%d/topics", id), nil, &topics); err != nil {
		return err
	}
	if len(topics.Groups) == 0 || len(topics.Groups[0].Topics) == 0 {
		return fmt.Errorf("project %d has no topics", id)
	}
	topic := topics.Groups[0].Topics[0].ID
	reads := []struct{ name, path string }{
		{"topics (counts, tonality, examples)", fmt.Sprintf("/v1/projects/%d/topics", id)},
		{"texts page: topic + negative, 50", fmt.Sprintf("/v1/projects/%d/texts?topic=%d&tonality=negative", id, topic)},
		{"texts page: all, offset 50,000", fmt.Sprintf("/v1/projects/%d/texts?offset=50000", id)},
	}
	fmt.Printf("\n| read | clients | requests | req/s | p50 ms | p99 ms | max ms | server CPU-ms/req | /healthz p50 ms (same run) |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range reads {
		for _, clients := range []int{1, 4} {
			res, err := cl.load([]string{"admin"}, []string{r.path}, clients, c.requests, c.duration)
			if err != nil {
				return err
			}
			fmt.Printf("| %s | %d | %d | %.1f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", r.name, clients, res.n, res.rate, res.p50, res.p99, res.max, res.cpuMS, res.healthP50)
		}
	}
	return nil
}

// upperFirst is s with its first letter in upper case (ASCII words).
func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// textsCSV is a table of the first n lines of the file path (one text a
// line, as benchexplore prepares them), with a date and a hotel column as
// the generated reviews have.
func textsCSV(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"id", "date", "hotel", "review"})
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < n && sc.Scan(); i++ {
		if len(sc.Text()) > 32767 {
			i--
			continue // a spreadsheet cell's limit, as imports hold it
		}
		w.Write([]string{strconv.Itoa(i + 1), start.AddDate(0, 0, i%365).Format(time.DateOnly), feedbackHotels[i%len(feedbackHotels)], sc.Text()})
	}
	w.Flush()
	return b.Bytes(), sc.Err()
}
