package views

import (
	"sync"

	"explorer/language"
)

// Choice is one option of a select.
type Choice struct {
	Value, Label string
}

var languageChoices = sync.OnceValue(func() []Choice {
	codes := language.Codes()
	out := make([]Choice, len(codes))
	for i, c := range codes {
		out[i] = Choice{Value: c, Label: c + " – " + language.Name(c)}
	}
	return out
})

// LanguageChoices are the ISO 639-1 codes, upper case, each with its
// English name ("SV – Swedish"), by code.
func LanguageChoices() []Choice { return languageChoices() }

// EncodingChoices are the encodings a CSV upload offers; "" guesses (a
// byte order mark, else valid UTF-8, else windows-1252). Every value is
// a name the upload accepts (sheet.LookupEncoding).
func EncodingChoices() []Choice {
	return []Choice{
		{"", "Guess (UTF-8, else Windows-1252)"},
		{"UTF-8", "UTF-8"},
		{"UTF-16LE", "UTF-16 little-endian"},
		{"UTF-16BE", "UTF-16 big-endian"},
		{"windows-1252", "Windows-1252 (Western European)"},
		{"ISO-8859-1", "ISO-8859-1 (Latin-1)"},
		{"ISO-8859-15", "ISO-8859-15 (Latin-9)"},
		{"windows-1250", "Windows-1250 (Central European)"},
		{"ISO-8859-2", "ISO-8859-2 (Latin-2)"},
		{"windows-1251", "Windows-1251 (Cyrillic)"},
		{"KOI8-R", "KOI8-R (Russian)"},
		{"windows-1253", "Windows-1253 (Greek)"},
		{"windows-1254", "Windows-1254 (Turkish)"},
		{"windows-1257", "Windows-1257 (Baltic)"},
		{"macintosh", "Mac OS Roman"},
		{"Shift_JIS", "Shift JIS (Japanese)"},
		{"EUC-JP", "EUC-JP (Japanese)"},
		{"EUC-KR", "EUC-KR (Korean)"},
		{"GB18030", "GB18030 (Chinese)"},
		{"Big5", "Big5 (Traditional Chinese)"},
	}
}
