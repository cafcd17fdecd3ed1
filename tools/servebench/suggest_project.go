package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// noiseWords are the words of the hotel texts about noise that the Noise
// pole is expected to find (issue 33's acceptance).
var noiseWords = []string{"music", "nightclub", "construction", "walls", "thin", "traffic", "club", "bar", "street", "loud", "party", "drilling", "neighbours", "neighbors", "trains", "snoring"}

// projectPhases measures the effect of a project space: the English probes
// of a user whose account learnt words from SemEval-2014's restaurant
// reviews, against the general lists, and a Noise pole of a user whose
// account learnt words from the hotel reviews. A missing file skips its
// phase. It answers the lines not judged yet.
func projectPhases(cl *client, srv *server, c suggestConfig, probes []probe, general [][]string, judged judgements) ([]string, error) {
	var unjudged []string
	if texts, err := semevalTexts(c.reviews); err != nil {
		fmt.Printf("Project space phase skipped: %v\n\n", err)
	} else {
		var en []probe
		var enGeneral [][]string
		for i, p := range probes {
			if p.lang == "EN" {
				en, enGeneral = append(en, p), append(enGeneral, general[i])
			}
		}
		if err := learnWords(cl, srv, "reviews", "restaurant reviews", texts); err != nil {
			return nil, err
		}
		lists, err := suggestAll(cl, "reviews", en, 20)
		if err != nil {
			return nil, err
		}
		title := fmt.Sprintf("EN with a project space of %d SemEval-2014 restaurant review sentences (learnt words of the owner's account)", len(texts))
		unjudged = precisionTable(title, en, lists, judged)
		if heldout.quick {
			printLists(en, lists, judged)
		}
		changed := 0
		for i := range en {
			for _, w := range lists[i][:min(10, len(lists[i]))] {
				if !slices.Contains(enGeneral[i][:min(10, len(enGeneral[i]))], w) {
					changed++
				}
			}
		}
		fmt.Printf("Top-10 words that differ from the general lists: %d of %d slots.\n\n", changed, 10*len(en))
		more, err := heldoutWithTexts(cl, len(texts))
		if err != nil {
			return nil, err
		}
		unjudged = append(unjudged, more...)
	}
	if err := noisePhase(cl, srv, c.hotel); err != nil {
		return nil, err
	}
	return unjudged, nil
}

// heldoutWithTexts prints the precision table of each held-out probe set
// (-heldout) asked by the user whose account learnt the restaurant
// reviews' words, and answers their lines not judged yet.
func heldoutWithTexts(cl *client, sentences int) ([]string, error) {
	if heldout.probes == "" {
		return nil, nil
	}
	files, judgedFiles := strings.Split(heldout.probes, ","), strings.Split(heldout.judged, ",")
	var unjudged []string
	for i, file := range files {
		probes, err := readProbes(file)
		if err != nil {
			return nil, err
		}
		judged, err := readJudged(judgedFiles[min(i, len(judgedFiles)-1)])
		if err != nil {
			return nil, err
		}
		lists, err := suggestAll(cl, "reviews", probes, 20)
		if err != nil {
			return nil, err
		}
		title := fmt.Sprintf("HELD-OUT probes with the project space of %d restaurant review sentences (%s, judged in %s)", sentences, file, judgedFiles[min(i, len(judgedFiles)-1)])
		unjudged = append(unjudged, precisionTable(title, probes, lists, judged)...)
		if heldout.quick {
			printLists(probes, lists, judged)
		}
	}
	return unjudged, nil
}

// noisePhase prints the top 10 of a pole {noise} without and with a
// project space of the hotel reviews.
func noisePhase(cl *client, srv *server, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Printf("Noise pole phase skipped: %v\n\n", err)
		return nil
	}
	texts := strings.Split(strings.TrimSpace(string(b)), "\n")
	noise := probe{lang: "EN", terms: []string{"noise"}}
	before, err := suggestAll(cl, "admin", []probe{noise}, 10)
	if err != nil {
		return err
	}
	if err := learnWords(cl, srv, "hotel", "hotel reviews", texts); err != nil {
		return err
	}
	after, err := suggestAll(cl, "hotel", []probe{noise}, 10)
	if err != nil {
		return err
	}
	fmt.Printf("Noise pole ({noise}, EN) top 10 without texts: %s\n\n", strings.Join(before[0], ", "))
	var found []string
	for _, w := range after[0] {
		if slices.Contains(noiseWords, w) {
			found = append(found, w)
		}
	}
	fmt.Printf("After learning words from %d hotel reviews (%s): %s — noise words of the texts among them: %d (%s)\n\n",
		len(texts), path, strings.Join(after[0], ", "), len(found), strings.Join(found, ", "))
	return nil
}

// learnWords adds user, imports texts as a project of theirs, explores it
// and trains its word space with the binary's command beside the server
// (what the page's "Learn words" runs).
func learnWords(cl *client, srv *server, user, title string, texts []string) error {
	if err := srv.addUser(user); err != nil {
		return err
	}
	// An import uses a credit a row (402 past the balance).
	if err := cl.buyCredits(user, len(texts)); err != nil {
		return err
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"id", "text"})
	for i, t := range texts {
		w.Write([]string{strconv.Itoa(i + 1), t})
	}
	w.Flush()
	id, err := cl.importProject(user, title, b.Bytes())
	if err != nil {
		return err
	}
	if err := cl.doAs(user, "POST", fmt.Sprintf("/v1/projects/%d/explore?column=text", id), nil, nil); err != nil {
		return err
	}
	cmd := exec.Command(srv.bin, "wordspace", "build", "--project", strconv.FormatInt(id, 10), "--data", srv.data)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("wordspace build --project %d: %v: %s", id, err, out)
	}
	return nil
}

// semevalTexts reads the sentences of a SemEval ABSA file.
func semevalTexts(path string) ([]string, error) {
	if path == "" {
		return nil, fmt.Errorf("no review file given")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Sentences []struct {
			Text string `xml:"text"`
		} `xml:"sentence"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []string
	for _, s := range doc.Sentences {
		if t := strings.TrimSpace(s.Text); t != "" {
			out = append(out, t)
		}
	}
	return out, nil
}
