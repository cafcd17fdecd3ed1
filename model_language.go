package explorer

import "explorer/language"

// detectLanguage guesses the language of a model's terms: an ISO 639-1
// code and whether the guess is confident. Tests replace it.
var detectLanguage = language.Detect
