package analysis

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// linkedCorpus is made French feedback: a fifth of the texts about the
// password ("mot de passe"), the others about delivery, the price and the
// application, each text a different sentence.
func linkedCorpus() []string {
	r := rand.New(rand.NewPCG(7, 7))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	before := []string{"J'ai oublié mon", "Impossible de changer le", "Le", "Mon", "Encore un souci avec le", "Réinitialiser le"}
	after := []string{"ne marche pas", "est refusé", "a expiré", "est trop compliqué", "est perdu"}
	others := []string{"la livraison", "le colis", "le prix", "l'application", "le livreur", "la facture", "le magasin", "le remboursement"}
	states := []string{"est en retard", "est cher", "plante souvent", "ne répond pas", "est arrivé abîmé", "est introuvable"}
	out := make([]string, 1500)
	for i := range out {
		if i%5 == 0 {
			out[i] = fmt.Sprintf("%s mot de passe %s, et %s %s (%d).", pick(before), pick(after), pick(others), pick(states), i)
		} else {
			out[i] = fmt.Sprintf("Franchement %s %s, et %s %s (%d).", pick(others), pick(states), pick(others), pick(states), i)
		}
	}
	return out
}

// TestLinkedPhraseStaysWhole: "mot de passe" titles a topic whole; its
// words alone title none, and a stop word that is a determiner links
// nothing ("oublié mon mot" is no phrase).
func TestLinkedPhraseStaysWhole(t *testing.T) {
	groups, err := Explore(textsOf(linkedCorpus()), "fr", ExploreOptions{}, Lexicon{})
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range allTerms(groups) {
		if term == "oublié mon mot" || term == "mot passe" {
			t.Errorf("a term %q in %v", term, groups)
		}
	}
	titles := allTitles(groups)
	if !slices.Contains(titles, "mot de passe") || slices.Contains(titles, "passe") || slices.Contains(titles, "mot") {
		t.Fatalf("titles %v", titles)
	}
	if !Prepare("Mon mot de passe a expiré", "fr").Contains("mot de passe") {
		t.Fatal("the phrase does not match its text")
	}
}

// TestLinker: the linked phrases of a sentence, with a determiner, two stop
// words and a sentence break between terms linking none.
func TestLinker(t *testing.T) {
	l := newLinker("fr")
	var got []string
	scanWith("Le mot de passe de mon compte. Carte de crédit, carte du client; prix de le", "fr",
		func(word, term string) {
			if k := l.next(word, term); k != nil {
				got = append(got, string(k))
			}
		}, l.reset)
	want := []string{"mot de passe", "carte de crédit"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for term, ends := range map[string][2]string{"mot de passe": {"mot", "passe"}, "hard drive": {"hard", "drive"}} {
		if a, b, ok := phraseEnds(term); !ok || a != ends[0] || b != ends[1] {
			t.Errorf("phraseEnds(%q) = %q %q %v", term, a, b, ok)
		}
	}
	if _, _, ok := phraseEnds("a b c d"); ok {
		t.Error("four words are a phrase")
	}
}

// TestNoLinksWithoutCues: a language without cue lists links nothing (its
// negations and pronouns are stop words too: "telefon ikke virker"), and
// a phrase of three terms whose middle is no link is no aspect.
func TestNoLinksWithoutCues(t *testing.T) {
	l := newLinker("no")
	scanWith("Telefon ikke virker. Mot av passord.", "no", func(word, term string) {
		if k := l.next(word, term); k != nil {
			t.Errorf("Norwegian linked %q", k)
		}
	}, l.reset)
	c := NewCounter()
	c.Add("The hard disk drive died. The point of sale works.", "en")
	is := aspectTest(c, Lexicon{}, "en")
	if is("hard disk drive") || !is("point of sale") {
		t.Fatalf("hard disk drive %v, point of sale %v", is("hard disk drive"), is("point of sale"))
	}
}

// TestLinkedPhraseMarkedAsWritten: the evidence marks a linked phrase with
// its link, exactly as the text writes it.
func TestLinkedPhraseMarkedAsWritten(t *testing.T) {
	m := NewTopicMatcher([][]string{{"mot de passe"}}, "fr")
	text := "Mon Mot  de Passe a expiré, le mot passe aussi."
	var marked []string
	m.Match(text, func(_ int, spans []Span) {
		for _, s := range spans {
			marked = append(marked, text[s.Start:s.End])
		}
	})
	if !slices.Equal(marked, []string{"Mot  de Passe"}) {
		t.Fatalf("marked %q", marked)
	}
}
