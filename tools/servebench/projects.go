package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
)

// projectsUser owns the projects whose word spaces the project phase
// blends into its pole's suggestions.
const projectsUser = "projects"

// projectWords are the words of the generated English texts of the
// projects: common words, the pole's among them.
var projectWords = strings.Fields(`good great excellent fine nice bad awful poor service staff food room
	price delivery quality support team product order app website experience friendly slow fast
	helpful rude clean dirty cheap expensive late early easy hard really very quite the was and
	but not it we they our my is were had would again recommend love hate coffee breakfast`)

// projectSpacesPhase adds projectsUser with n projects of generated
// English texts, explored, and their word spaces trained by the binary's
// command beside the running server (as an operator would; the page's
// button runs the same Service call), and a pole {good, great,
// excellent} of that user's: its suggestions blend the n spaces.
func projectSpacesPhase(cl *client, srv *server, n int) (phase, error) {
	if err := srv.addUser(projectsUser); err != nil {
		return phase{}, err
	}
	const rows = 5000
	if err := cl.buyCredits(projectsUser, n*rows); err != nil {
		return phase{}, err
	}
	for i := range n {
		id, err := cl.importProject(projectsUser, fmt.Sprintf("reviews %d", i+1), projectCSV(i, rows))
		if err != nil {
			return phase{}, err
		}
		if err := cl.doAs(projectsUser, "POST", fmt.Sprintf("/v1/projects/%d/explore?column=comment", id), nil, nil); err != nil {
			return phase{}, err
		}
		args := append([]string{"wordspace", "build", "--project", strconv.FormatInt(id, 10), "--data", srv.data}, srv.databaseArgs()...)
		cmd := exec.Command(srv.bin, args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return phase{}, fmt.Errorf("wordspace build --project %d: %v: %s", id, err, out)
		}
	}
	var p struct {
		ID int64 `json:"id"`
	}
	body := map[string]any{"name": "with project spaces", "language": "EN", "parts": []part{{"good", 1}, {"great", 1}, {"excellent", 1}}}
	if err := cl.doAs(projectsUser, "POST", "/v1/poles", body, &p); err != nil {
		return phase{}, err
	}
	return phase{name: fmt.Sprintf("EN, 3 terms, %d project spaces", n), poles: []int64{p.ID}, owner: projectsUser}, nil
}

// projectCSV is n generated texts of 8 to 15 project words (seeded by i).
func projectCSV(i, n int) []byte {
	rng := rand.New(rand.NewPCG(uint64(i+1), 7))
	var b bytes.Buffer
	b.WriteString("id,comment\n")
	for t := range n {
		fmt.Fprintf(&b, "%d,", t+1)
		for w := range 8 + rng.IntN(8) {
			if w > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(projectWords[rng.IntN(len(projectWords))])
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// importProject uploads csv as a project of user, answering its id.
func (c *client) importProject(user, title string, csv []byte) (int64, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", "reviews.csv")
	if err != nil {
		return 0, err
	}
	fw.Write(csv)
	mw.WriteField("title", title)
	mw.Close()
	req, _ := http.NewRequest("POST", c.srv.base+"/v1/projects", &body)
	req.SetBasicAuth(user, adminPassword)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	if r.StatusCode != http.StatusCreated {
		return 0, fmt.Errorf("POST /v1/projects: %d %.300s", r.StatusCode, b)
	}
	var p struct {
		ID int64 `json:"id"`
	}
	return p.ID, json.Unmarshal(b, &p)
}
