package testkit

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/projects"
)

// SurveyCounts are the empty cells of SurveyCSV(n) per column.
type SurveyCounts struct{ Date, Score, Segment, Comment int }

var (
	surveyNouns = []string{"delivery", "price", "staff", "support", "quality", "packaging", "website", "refund"}
	surveyAdjs  = []string{"slow", "friendly", "expensive", "excellent", "confusing", "helpful", "late", "great"}
	// SurveySegments are the values of the segment column.
	SurveySegments = []string{"retail", "enterprise", "public", "education", "health"}
)

// SurveyCSV generates a survey of n rows with the columns id, date,
// score (0-10), segment (5 values) and an English comment, some cells
// empty; it answers the empty-cell counts.
func SurveyCSV(n int) ([]byte, SurveyCounts) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"id", "date", "score", "segment", "comment"})
	var c SurveyCounts
	for i := 1; i <= n; i++ {
		date := fmt.Sprintf("2025-%02d-%02d", i%12+1, i%28+1)
		if i%17 == 0 {
			date, c.Date = "", c.Date+1
		}
		score := fmt.Sprint(i % 11)
		if i%13 == 0 {
			score, c.Score = "", c.Score+1
		}
		segment := SurveySegments[i%len(SurveySegments)]
		if i%19 == 0 {
			segment, c.Segment = " ", c.Segment+1
		}
		a, b := surveyNouns[i%len(surveyNouns)], surveyNouns[(i/8+3)%len(surveyNouns)]
		comment := fmt.Sprintf("The %s was %s, and I think the %s could be much better next time.", a, surveyAdjs[(i/3)%len(surveyAdjs)], b)
		if i%7 == 0 {
			comment, c.Comment = "", c.Comment+1
		}
		_ = w.Write([]string{fmt.Sprint(i), date, score, segment, comment})
	}
	w.Flush()
	return buf.Bytes(), c
}

// CSVFile is a table source over CSV bytes.
func CSVFile(content []byte) tablefile.File {
	return tablefile.File{Name: "survey.csv", Body: bytes.NewReader(content), Size: int64(len(content))}
}

// ImportProject imports CSV content as a project of user.
func (e *Env) ImportProject(user, title string, content []byte) *explorer.Project {
	e.T.Helper()
	p, err := e.Svc.ImportProject(e.As(user), projects.ImportProjectInput{Title: title, File: CSVFile(content)})
	if err != nil {
		e.T.Fatalf("import project: %v", err)
	}
	return p
}

// MadeUpCSV is a table of n comments in which the made-up word "zorblax"
// is used as "coffee" is: in the same sentences, as often.
func MadeUpCSV(n int) []byte {
	rng := rand.New(rand.NewPCG(9, 9))
	drinks := []string{"coffee", "zorblax"}
	foods := []string{"bread", "cake", "soup", "salad", "pasta"}
	moods := []string{"great", "awful", "fine", "lovely", "cold", "hot", "bitter", "sweet"}
	var b bytes.Buffer
	b.WriteString("id,comment\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d,the %s was %s and the %s was %s\n", i, drinks[rng.IntN(2)], moods[rng.IntN(len(moods))],
			foods[rng.IntN(len(foods))], moods[rng.IntN(len(moods))])
	}
	return b.Bytes()
}
