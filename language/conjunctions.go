package language

// Conjunctions are a language's words that join a clause to the one
// before it with a contrast (But) or a cause (Because), space-separated,
// by upper-case code. Tonality reads them as rule words (a "but" weighs
// the clause after it) and exploring as clause ends in a verb-final
// language (the word before "ama" ends its clause): one list for both.
// Turkish only, the one language both read them for.
var Conjunctions = map[string]struct{ But, Because string }{
	"TR": {But: "ama fakat ancak lakin", Because: "çünkü"},
}
