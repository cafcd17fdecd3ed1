package analysis

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// madeVectors builds Vectors whose terms have the given kin vectors and
// numbers of texts.
func madeVectors(kin map[string][]float32, docs map[string]int) *Vectors {
	v := &Vectors{index: map[string]int{}}
	for term, vec := range kin {
		v.index[term] = len(v.Terms)
		v.Terms = append(v.Terms, term)
		v.Docs = append(v.Docs, docs[term])
		v.kin = append(v.kin, vec)
	}
	return v
}

// groupsOf returns each topic's group title.
func groupsOf(groups []TopicGroup) map[string]string {
	got := map[string]string{}
	for _, g := range groups {
		for _, tp := range g.Topics {
			got[tp.Title] = g.Title
		}
	}
	return got
}

// Two main aspects said the same things (the first column: "great",
// "good") are nearer each other than their kin by the raw cosine; in
// feedback what sets each off from the mean groups it with its kin, and
// the two never share a group.
func TestGroupTopicsFeedbackKeepsMainAspectsApart(t *testing.T) {
	kin := map[string][]float32{ // said of all, dishes, people serving
		"food":    {4, 1, 0},
		"service": {4, 0, 1},
		"pizza":   {0.5, 1, 0.1},
		"pasta":   {0.5, 1, 0},
		"waiter":  {0.5, 0.1, 1},
		"staff":   {0.5, 0, 1},
	}
	docs := map[string]int{"food": 400, "service": 300, "pizza": 40, "pasta": 30, "waiter": 35, "staff": 30}
	var topics []Topic
	for _, w := range []string{"food", "service", "pizza", "pasta", "waiter", "staff"} {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	v := madeVectors(kin, docs)
	if got := groupsOf(GroupTopics(topics, v, 2)); got["food"] != got["service"] {
		t.Fatalf("the made vectors do not join the main aspects without feedback: %v", got)
	}
	got := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true}))
	if got["food"] == got["service"] || got["pizza"] != got["food"] || got["pasta"] != got["food"] ||
		got["waiter"] != got["service"] || got["staff"] != got["service"] {
		t.Fatalf("feedback groups %v", got)
	}
}

// The main aspects are the topics whose titles are in at least mainShare
// times the mean texts of the titles; a cluster of one main topic never
// joins one that holds another, not even when it is left alone.
func TestMainTopicsLeadTheirOwnGroups(t *testing.T) {
	docs := map[string]int{"food": 400, "service": 300, "pizza": 40, "pasta": 30, "waiter": 35, "staff": 30}
	kin := map[string][]float32{}
	var topics []Topic
	for _, w := range []string{"food", "service", "pizza", "pasta", "waiter", "staff"} {
		kin[w] = []float32{1} // all alike: only the rule parts them
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	main := mainTopics(topics, madeVectors(kin, docs))
	for i, tp := range topics {
		if want := tp.Title == "food" || tp.Title == "service"; main[i] != want {
			t.Errorf("%s main %v", tp.Title, main[i])
		}
	}
	groups := groupTopics(topics, madeVectors(kin, docs), grouping{n: 2, feedback: true})
	if got := groupsOf(groups); got["food"] == got["service"] {
		t.Fatalf("main aspects share a group: %v", got)
	}
	for _, g := range groups {
		if len(g.Topics) > MaxGroupTopics {
			t.Errorf("group %v too large", g)
		}
	}
	if m := mainTopics(nil, madeVectors(kin, docs)); len(m) != 0 {
		t.Errorf("main of no topics %v", m)
	}
}

// feedbackCorpus is made review sentences about two aspects, each named
// mostly by one word (food, service) and also by its kinds (dishes,
// people serving), each kind with its own contexts and what is said of it;
// the two main words are often named together and said the same things.
func feedbackCorpus(n int) []string {
	kinds := map[string][]string{
		"food":    {"pizza", "pasta", "soup", "salad"},
		"service": {"waiter", "waitress", "hostess", "bartender"},
	}
	does := map[string][]string{ // what is done with a kind
		"food":    {"we ordered the %s with extra sauce", "the %s came on a hot plate", "I ate the %s at the bar"},
		"service": {"the %s greeted us at the door", "the %s brought our drinks", "the %s seated us quickly"},
	}
	said := map[string][]string{
		"food":    {"tasty", "bland", "fresh", "salty"},
		"service": {"rude", "attentive", "slow", "friendly"},
	}
	r := rand.New(rand.NewPCG(3, 17))
	out := make([]string, n)
	for i := range out {
		a := []string{"food", "service"}[r.IntN(2)]
		kind := kinds[a][r.IntN(4)]
		adj := said[a][r.IntN(4)]
		g := []string{"great", "good", "excellent", "nice"}[r.IntN(4)]
		switch i % 8 {
		case 0, 1:
			out[i] = fmt.Sprintf("The food was %s and the service was %s.", g, []string{"great", "good", "excellent", "nice"}[r.IntN(4)])
		case 2:
			out[i] = fmt.Sprintf("%s food and %s service, we will be back.", g, g)
		case 3:
			out[i] = fmt.Sprintf("The %s was %s.", a, adj)
		case 4:
			out[i] = fmt.Sprintf("The %s was %s.", kind, adj)
		default:
			out[i] = fmt.Sprintf(does[a][r.IntN(3)]+", %s.", kind, adj)
		}
	}
	return out
}

// Made feedback: the two main aspects, named together and said the same
// things, are joined by the raw kin vectors; grouped as feedback, each
// leads a group with its kinds.
func TestGroupTopicsFeedbackMadeCorpus(t *testing.T) {
	opinion := opinionOf("great", "good", "excellent", "nice", "tasty", "bland", "fresh", "salty", "rude", "attentive", "slow", "friendly")
	lex := Lexicon{Opinion: opinion}
	texts := feedbackCorpus(1200)
	c := NewCounter()
	for _, x := range texts {
		c.Add(x, "en")
	}
	if !feedback(c, lex, "en") {
		t.Fatal("the made corpus is no feedback")
	}
	feats, kinOnly := contextFeatures(c, exploreFeatures, lex)
	terms := []string{"food", "service", "pizza", "pasta", "soup", "salad", "waiter", "waitress", "hostess", "bartender"}
	ctx := NewContexts(terms, feats)
	ctx.KinOnly(kinOnly)
	for _, x := range texts {
		ctx.Add(x, "en")
	}
	v := ctx.Vectors()
	var topics []Topic
	for _, w := range terms {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	if got := groupsOf(GroupTopics(topics, v, 2)); got["food"] != got["service"] {
		t.Fatalf("the made corpus does not join the main aspects without feedback: %v", got)
	}
	groups := groupTopics(topics, v, grouping{n: 2, feedback: true})
	for a, kinds := range map[string][]string{"food": terms[2:6], "service": terms[6:]} {
		for _, k := range kinds {
			if g := groupOf(groups, k); g != groupOf(groups, a) {
				t.Errorf("%s not with %s: %v", k, a, groups)
			}
		}
	}
}

// Generic topics (food, service: little of their contexts is their own)
// are nearest each other by the raw cosine, all of them being mostly the
// contexts of everything (the first column); taken away the mean, each is
// nearest its kin. No topic is a main one here (as many texts each).
func TestCenterVectorsGroupsGenericTopicsWithKin(t *testing.T) {
	kin := map[string][]float32{
		"food":    {1, 0.3, 0},
		"service": {1, 0, 0.3},
		"pizza":   {1, 1, 0},
		"waiter":  {1, 0, 1},
	}
	docs := map[string]int{"food": 50, "service": 50, "pizza": 50, "waiter": 50}
	var topics []Topic
	for _, w := range []string{"food", "service", "pizza", "waiter"} {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	v := madeVectors(kin, docs)
	if got := groupsOf(GroupTopics(topics, v, 2)); got["food"] != got["service"] {
		t.Fatalf("the made vectors do not join the generic topics without feedback: %v", got)
	}
	if slices.Contains(mainTopics(topics, v), true) {
		t.Fatal("a main topic among topics in as many texts")
	}
	got := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true}))
	if got["food"] != got["pizza"] || got["service"] != got["waiter"] || got["food"] == got["service"] {
		t.Fatalf("feedback groups %v", got)
	}
	tv := [][]float32{{3, 4}, nil, {0, 0}}
	centerVectors(tv)
	if tv[1] != nil || dot(tv[0], tv[0]) != 0 || dot(tv[2], tv[2]) != 0 {
		t.Fatalf("one vector, a nil and a zero one centred: %v", tv)
	}
}

// A lone topic whose nearest group holds an entity the texts name beside
// it (the keyboard and the mouse) leads a group of its own in feedback;
// without the entity counts, or outside feedback, it joins that group.
func TestLoneTopicApartFromDistinctEntity(t *testing.T) {
	kin := map[string][]float32{ // keys, screens, pointing
		"keyboard": {1, 0, 0.1},
		"keys":     {1, 0, 0},
		"screen":   {0, 1, 0},
		"display":  {0, 1, 0.1},
		"mouse":    {0.6, 0, 0.5},
	}
	docs := map[string]int{"keyboard": 60, "keys": 20, "screen": 100, "display": 40, "mouse": 30}
	var topics []Topic
	for _, w := range []string{"screen", "keyboard", "display", "mouse", "keys"} {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	v := madeVectors(kin, docs)
	if got := groupsOf(groupTopics(topics, v, grouping{n: 3, feedback: true})); got["mouse"] != got["keyboard"] {
		t.Fatalf("without the entity counts the mouse does not join the keyboard: %v", got)
	}
	v.ent = &entityPairs{docs: 1000, rowDocs: make([]uint32, len(v.Terms)),
		pairs: make([]uint32, len(v.Terms)*(len(v.Terms)-1)/2)}
	for term, i := range v.index {
		v.ent.rowDocs[i] = uint32(docs[term])
	}
	v.ent.pairs[pairIndex(int32(v.index["keyboard"]), int32(v.index["mouse"]))] = 10 // 5.6 times chance
	if !v.Distinct("keyboard", "mouse") || v.Distinct("keyboard", "keys") {
		t.Fatal("made counts: keyboard and mouse are not the only distinct pair")
	}
	got := groupsOf(groupTopics(topics, v, grouping{n: 3, feedback: true}))
	if got["mouse"] != "mouse" || got["keys"] != got["keyboard"] || got["display"] != got["screen"] ||
		got["keyboard"] == got["screen"] {
		t.Fatalf("feedback groups with the counts %v", got)
	}
	if got := groupsOf(GroupTopics(topics, v, 3)); got["mouse"] != got["keyboard"] {
		t.Fatalf("outside feedback the mouse leaves the keyboard: %v", got)
	}
}

// Feedback whose number of groups was not asked for groups only kin: two
// clusters merge while their linkage stands out from all the topics'
// pairs, and never across an entity named beside another. Asked for two
// groups, the near but no kin memory joins the drive (and the mouse the
// keyboard); by kin alone memory stays apart, the mouse too (named beside
// the keyboard), and staff still joins service.
func TestFeedbackGroupsOnlyKin(t *testing.T) {
	names := []string{"service", "staff", "drive", "memory", "keyboard", "mouse", "food", "price", "wine", "music", "view", "bed"}
	kin := map[string][]float32{}
	docs := map[string]int{}
	for i, w := range names {
		vec := make([]float32, len(names))
		vec[i] = 1
		kin[w] = vec
		docs[w] = 50
	}
	kin["staff"][0] = 1.2                     // staff is used as service is
	kin["memory"][2] = 0.3                    // memory near the drive, little more than the rest
	kin["mouse"][4], kin["mouse"][5] = 1, 0.3 // the mouse is used as the keyboard is
	var topics []Topic
	for _, w := range names {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	v := madeVectors(kin, docs)
	v.ent = &entityPairs{docs: 1000, rowDocs: make([]uint32, len(v.Terms)), pairs: make([]uint32, len(v.Terms)*(len(v.Terms)-1)/2)}
	for term, i := range v.index {
		v.ent.rowDocs[i] = uint32(docs[term])
	}
	v.ent.pairs[pairIndex(int32(v.index["keyboard"]), int32(v.index["mouse"]))] = 10 // 4 times chance
	forced := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true}))
	if forced["memory"] != forced["drive"] {
		t.Fatalf("two groups asked: memory not with the drive: %v", forced)
	}
	got := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true, kinOnly: true}))
	if got["staff"] != got["service"] || got["memory"] == got["drive"] || got["mouse"] == got["keyboard"] {
		t.Fatalf("kin only: %v", got)
	}
	if got["food"] == got["price"] || got["wine"] == got["music"] {
		t.Fatalf("kin only: topics of nothing in common grouped: %v", got)
	}
}

// kinLinkage is the mean of the pairs' similarities plus kinSpread
// standard deviations; 0 for one topic.
func TestKinLinkage(t *testing.T) {
	sim := [][]float64{{1, 0.5, -0.1}, {0.5, 1, 0.2}, {-0.1, 0.2, 1}}
	// pairs 0.5, -0.1, 0.2: mean 0.2, sd sqrt(0.06)
	if got, want := kinLinkage(sim), 0.2+kinSpread*math.Sqrt(0.06); math.Abs(got-want) > 1e-9 {
		t.Fatalf("kinLinkage %v, want %v", got, want)
	}
	if got := kinLinkage([][]float64{{1}}); got != 0 {
		t.Fatalf("one topic: %v", got)
	}
}

// Two topics are apart in grouping when a term of each (not only their
// titles) is named beside the other in two texts at three times chance:
// "the processor and hard drive", where the topic of the drive holds the
// phrase. A member needs three texts (Distinct), one text is never enough.
func TestDistinctTopicsByTheirTerms(t *testing.T) {
	docs := map[string]int{"drive": 12, "hard drive": 33, "processor": 15, "memory": 22}
	kin := map[string][]float32{}
	for w := range docs {
		kin[w] = []float32{1}
	}
	v := madeVectors(kin, docs)
	v.ent = &entityPairs{docs: 3000, rowDocs: make([]uint32, len(v.Terms)), pairs: make([]uint32, len(v.Terms)*(len(v.Terms)-1)/2)}
	for term, i := range v.index {
		v.ent.rowDocs[i] = uint32(docs[term])
	}
	pair := func(a, b string) *uint32 { return &v.ent.pairs[pairIndex(int32(v.index[a]), int32(v.index[b]))] }
	*pair("hard drive", "processor") = 2
	*pair("memory", "processor") = 1
	topics := []Topic{{Title: "drive", Terms: []string{"drive", "hard drive"}}, {Title: "processor", Terms: []string{"processor"}},
		{Title: "memory", Terms: []string{"memory"}}}
	apart := distinctTopics(topics, v)
	if !apart[0][1] || !apart[1][0] {
		t.Fatal("drive (with hard drive) and processor, named together in 2 texts, not apart")
	}
	if apart[1][2] || apart[0][2] || apart[0][0] {
		t.Fatalf("apart without 2 texts: %v", apart)
	}
	if v.Distinct("hard drive", "processor") {
		t.Fatal("a member would need 3 texts")
	}
}

// apartTopics returns one topic a name, each with a kin vector of its own
// context word alone (nothing alike) and in n texts.
func apartTopics(n int, names ...string) (map[string][]float32, map[string]int, []Topic) {
	kin, docs := map[string][]float32{}, map[string]int{}
	var topics []Topic
	for i, w := range names {
		vec := make([]float32, len(names))
		vec[i] = 1
		kin[w], docs[w] = vec, n
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	return kin, docs, topics
}

// By kin alone there are at least n groups: a topic left alone when the
// merges reach n stays alone, though it is kin of a group (the third
// name of one aspect here).
func TestKinOnlyKeepsTheLeastGroups(t *testing.T) {
	kin, docs, topics := apartTopics(50, "service", "staff", "waiter", "food", "price", "wine", "music", "view", "bed", "pool")
	kin["staff"][0], kin["waiter"][0] = 1.2, 1.1
	v := madeVectors(kin, docs)
	if got := groupTopics(topics, v, grouping{n: 9, feedback: true, kinOnly: true}); len(got) < 9 {
		t.Fatalf("%d groups, at least 9 wanted: %v", len(got), groupsOf(got))
	}
	all := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true, kinOnly: true}))
	if all["staff"] != all["service"] || all["waiter"] != all["service"] || all["food"] == all["price"] {
		t.Fatalf("kin only, at least 2 groups: %v", all)
	}
}

// Of fewer than kinMinTopics topics the spread says little (of 3 no pair
// stands 2.25 standard deviations out): they are grouped as when the
// number is asked, so kin still meet.
func TestKinOnlyFewTopicsGroupedToTheNumber(t *testing.T) {
	kin := map[string][]float32{"service": {1, 0, 0}, "staff": {1.2, 1, 0}, "price": {0, 0, 1}}
	docs := map[string]int{"service": 50, "staff": 50, "price": 50}
	var topics []Topic
	for _, w := range []string{"service", "staff", "price"} {
		topics = append(topics, Topic{Title: w, Terms: []string{w}})
	}
	got := groupsOf(groupTopics(topics, madeVectors(kin, docs), grouping{n: 2, feedback: true, kinOnly: true}))
	if got["staff"] != got["service"] {
		t.Fatalf("3 topics, 2 groups: %v", got)
	}
}

// Grouped by kin alone, two main topics that are kin share a group (the
// place and the restaurant, both the whole), as any kin do, while two that
// are not (food and the service) stay apart; grouped to a number, no two
// main topics ever share one.
func TestKinOnlyJoinsMainKin(t *testing.T) {
	kin, docs, topics := apartTopics(20, "place", "restaurant", "food", "service", "price", "wine", "music", "view", "bed", "pool")
	kin["restaurant"][0] = 1.2
	docs["place"], docs["restaurant"], docs["food"], docs["service"] = 400, 320, 350, 300
	v := madeVectors(kin, docs)
	main := mainTopics(topics, v)
	if !main[0] || !main[1] || !main[2] || !main[3] {
		t.Fatalf("main topics %v: the made vectors test nothing", main)
	}
	got := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true, kinOnly: true}))
	if got["restaurant"] != got["place"] || got["food"] == got["service"] || got["food"] == got["place"] {
		t.Fatalf("kin only: %v", got)
	}
	asked := groupsOf(groupTopics(topics, v, grouping{n: 2, feedback: true}))
	if asked["restaurant"] == asked["place"] {
		t.Fatalf("grouped to a number, two main topics share a group: %v", asked)
	}
}
