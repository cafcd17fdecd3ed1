package web

import (
	"strings"

	explorer "explorer"
	"explorer/views"
	"explorer/views/account"

	"github.com/gofiber/fiber/v2"
)

// wordsRoutes registers the account's corrections of word polarity,
// shown on the settings page.
func (s *server) wordsRoutes(r fiber.Router) {
	r.Post("/account/words", s.addWord)
	r.Post("/account/words/remove", s.removeWord)
}

// polarityOf reads a polarity of the form.
func polarityOf(s string) (int, error) {
	switch s {
	case "positive":
		return 1, nil
	case "negative":
		return -1, nil
	case "neutral":
		return 0, nil
	}
	return 0, explorer.Invalid("choose a polarity: positive, negative or neutral",
		explorer.FieldError{Field: "polarity", Message: "must be positive, negative or neutral"})
}

// polarityName names a stored polarity.
func polarityName(p int) string {
	switch {
	case p > 0:
		return "positive"
	case p < 0:
		return "negative"
	}
	return "neutral"
}

func (s *server) addWord(c *fiber.Ctx) error {
	form := account.WordForm{Language: c.FormValue("language"), Word: c.FormValue("word"), Polarity: c.FormValue("polarity")}
	p, err := polarityOf(form.Polarity)
	var w explorer.WordPolarity
	if err == nil {
		w, err = s.projects.SetWordPolarity(ctx(c), form.Language, form.Word, p)
	}
	if err != nil {
		return s.accountAnswer(c, settingsTab, "words", "", withFields(err), &accountState{words: &form})
	}
	return s.accountAnswer(c, settingsTab, "words",
		"“"+w.Word+"” is "+polarityName(w.Polarity)+" in "+strings.ToUpper(w.Language)+" from the next measurement of your projects.", nil, nil)
}

func (s *server) removeWord(c *fiber.Ctx) error {
	word := c.FormValue("word")
	err := s.projects.DeleteWordPolarity(ctx(c), c.FormValue("language"), word)
	return s.accountAnswer(c, settingsTab, "words", "The correction of “"+word+"” is removed.", err, nil)
}

// wordsView reads the account's corrections for the settings page, with
// the add form's values (form nil: a blank form in the default language).
func (s *server) wordsView(c *fiber.Ctx, form *account.WordForm) (account.WordsView, error) {
	v := account.WordsView{Languages: views.LanguageChoices()}
	if form != nil {
		v.Form = *form
	} else {
		v.Form = account.WordForm{Language: strings.ToUpper(s.defaultLanguage(c)), Polarity: "positive"}
	}
	list, err := s.projects.WordPolarities(ctx(c))
	if err != nil {
		if explorer.ErrorCode(err) == explorer.EINTERNAL {
			return v, err
		}
		return v, nil // a cancelled account: nothing to list
	}
	for _, w := range list {
		v.Words = append(v.Words, account.WordRow{Language: strings.ToUpper(w.Language), Word: w.Word, Polarity: polarityName(w.Polarity)})
	}
	return v, nil
}

// withFields is err with its fields named in its message (the account
// pages show an error's message).
func withFields(err error) error {
	e := explorer.AsError(err)
	if e.Code != explorer.EINVALID || len(e.Fields) == 0 {
		return err
	}
	var msgs []string
	for _, f := range e.Fields {
		msgs = append(msgs, f.Field+" "+f.Message)
	}
	return explorer.Invalid(strings.Join(msgs, "; ")+".", e.Fields...)
}
