package language

import "strings"

// serbianCyrillic maps Serbian's Latin letters to its Cyrillic ones (the
// digraphs lj, nj, dž are one letter each, so they come first).
var serbianCyrillic = strings.NewReplacer("lj", "љ", "nj", "њ", "dž", "џ",
	"a", "а", "b", "б", "v", "в", "g", "г", "d", "д", "đ", "ђ", "e", "е", "ž", "ж", "z", "з", "i", "и",
	"j", "ј", "k", "к", "l", "л", "m", "м", "n", "н", "o", "о", "p", "п", "r", "р", "s", "с", "t", "т",
	"ć", "ћ", "u", "у", "f", "ф", "h", "х", "c", "ц", "č", "ч", "š", "ш")

// SerbianCyrillic transliterates a lower-case Serbian word from Latin
// script to Cyrillic (Serbian is written in both; word lists of it often
// in one).
func SerbianCyrillic(w string) string { return serbianCyrillic.Replace(w) }
