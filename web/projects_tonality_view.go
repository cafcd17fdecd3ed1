package web

import (
	prj "explorer/projects"
	"net/url"
	"sort"
	"strconv"

	explorer "explorer"
	"explorer/views/projects"
)

// signed shows a score or a net tonality with its sign, two decimals.
func signed(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if f >= 0.005 {
		s = "+" + s
	}
	if s == "-0.00" {
		s = "0.00"
	}
	return s
}

// percent shows a share as a whole percentage.
func percent(f float64) string { return strconv.FormatFloat(f*100, 'f', 0, 64) + "%" }

// textsURL is the address of a project's texts chosen by topic (0: any),
// tonality ("": any) and pole (0: none).
func textsURL(projectID, topic int64, tonality string, pole int64) string {
	q := url.Values{}
	if topic != 0 {
		q.Set("topic", strconv.FormatInt(topic, 10))
	}
	if tonality != "" {
		q.Set("tonality", tonality)
	}
	if pole != 0 {
		q.Set("pole", strconv.FormatInt(pole, 10))
	}
	u := "/projects/" + strconv.FormatInt(projectID, 10) + "/texts"
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

// toneOf shows counts, each label linked to its texts (of topic, 0: of
// all texts).
func toneOf(c prj.TonalityCounts, projectID, topic int64) projects.Tone {
	return projects.Tone{
		Positive: c.Positive, Neutral: c.Neutral, Negative: c.Negative,
		Score: signed(c.Score), Net: signed(c.Net()), NegShare: percent(c.NegativeShare()),
		PosURL: textsURL(projectID, topic, prj.LabelPositive, 0),
		NeuURL: textsURL(projectID, topic, prj.LabelNeutral, 0),
		NegURL: textsURL(projectID, topic, prj.LabelNegative, 0),
	}
}

// poleScoresOf shows what the poles measure in a topic's mentions.
func poleScoresOf(ps []prj.PoleScore, projectID, topic int64) []projects.PoleScore {
	var out []projects.PoleScore
	for _, p := range ps {
		out = append(out, projects.PoleScore{Name: p.Name, Texts: p.Texts, Score: signed(p.Score), URL: textsURL(projectID, topic, "", p.PoleID)})
	}
	return out
}

// topicSort reads the order of the topic list: "" (by group) or one of
// projects.TopicSorts.
func topicSort(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	for _, c := range projects.TopicSorts {
		if c.Value == s {
			return s, nil
		}
	}
	return "", explorer.Invalid("the order of the topics must be volume, net or negative",
		explorer.FieldError{Field: "sort", Message: "must be volume, net or negative"})
}

// sortTopics orders topics by the tonality counts: most texts first,
// lowest net tonality first, or highest negative share first; ties keep
// the groups' order.
func sortTopics(topics []projects.EvidenceTopic, counts map[int64]prj.TonalityCounts, by string) {
	key := func(t projects.EvidenceTopic) float64 {
		c := counts[t.ID]
		switch by {
		case "volume":
			return -float64(t.Texts)
		case "net":
			return c.Net()
		}
		return -c.NegativeShare()
	}
	sort.SliceStable(topics, func(i, j int) bool { return key(topics[i]) < key(topics[j]) })
}
