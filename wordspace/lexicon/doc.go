// Package lexicon reads the system's lexical files that the word spaces
// are built from or checked against: MyThes thesauri (LibreOffice's
// th_*.dat, the embedded thesauri's compact form) and Hunspell word lists
// (.aff and .dic). Both are outside bytes, read with bounds. It also holds
// Fold, the lookup key of a word that package wordspace uses too. It
// imports no other package of the module.
package lexicon
