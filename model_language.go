package explorer

// detectLanguage guesses the language of a model's terms: an ISO 639-1
// code and whether the guess is confident.
var detectLanguage = func(texts []string) (string, bool) { return "", false }
