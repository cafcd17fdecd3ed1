package tonality

import "strings"

// ruleText holds the rule words of a language, space separated, written
// in lower case as analysis folds them.
type ruleText struct {
	neg      string // negators: the next words are in their scope
	intens   string // intensifiers: the opinion word after them weighs more
	dim      string // diminishers: the opinion word after them weighs less
	but      string // contrasts whose clause outweighs the one before ("but")
	though   string // concessives whose clause weighs less ("although")
	conj     string // conjunctions that start a clause after a comma
	than     string // comparison markers: the clause after them compares
	compar   string // comparatives and "more"/"less": a following than-clause is their other side
	notOnly  string // words after a negator that cancel it ("not only")
	too      string // excess: the next word is a fault ("too salty", "too long")
	lessThan string // "less": with a comparison marker right after, a negator ("less than comfortable")
	muchThan string // quantity words a comparison marker right after makes a measure, not a comparison ("more than happy")
	unreal   string // wishes: a positive word in their scope is missing, a fault ("could be faster", "I wish it had a good webcam"); "a_b" is two words
}

// ruleTexts are the rule words per upper-case language code.
var ruleTexts = map[string]ruleText{
	"EN": {
		neg:      "not no never nothing nobody none neither nor without cannot cant dont doesnt didnt isnt wasnt arent werent wont wouldnt shouldnt couldnt hasnt havent hadnt aint nowhere hardly barely lack lacks lacking lacked",
		intens:   "very really extremely so too incredibly absolutely super totally highly truly especially exceptionally amazingly remarkably particularly utterly deeply completely most immensely hugely insanely terribly awfully thoroughly seriously way ridiculously painfully overly pretty",
		dim:      "slightly somewhat bit little fairly rather kinda partly marginally mildly less reasonably moderately almost",
		but:      "but however yet nevertheless nonetheless except",
		though:   "although though whereas while despite",
		conj:     "and or so because since as which who when where whilst plus",
		than:     "than",
		compar:   "better worse more less superior inferior nicer cheaper pricier faster slower bigger smaller best worst",
		notOnly:  "only just",
		too:      "too",
		muchThan: "more less",
		lessThan: "less",
		unreal:   "wish wished could_be could_use could_have should_have would_like",
	},
	"SV": {
		neg: "inte icke aldrig ingen inget inga ingenting utan knappast varken", intens: "mycket väldigt jätte extremt riktigt otroligt verkligen helt för så supert oerhört",
		dim: "lite ganska något aningen delvis", but: "men dock fast ändå", though: "även trots medan", conj: "och eller så eftersom som när",
		than: "än", compar: "bättre sämre mer mindre billigare dyrare godare bäst sämst", notOnly: "bara endast",
		muchThan: "mer mindre", lessThan: "mindre",
	},
	"DA": {
		neg: "ikke aldrig ingen intet ingenting uden hverken næppe", intens: "meget virkelig ekstremt utroligt helt for så super rigtig særdeles",
		dim: "lidt ret noget temmelig delvis", but: "men dog alligevel", though: "selvom skønt mens", conj: "og eller så fordi som når",
		than: "end", compar: "bedre værre mere mindre billigere dyrere bedst værst", notOnly: "kun bare",
		muchThan: "mere mindre", lessThan: "mindre",
	},
	"NO": {
		neg: "ikke aldri ingen ingenting intet uten verken neppe", intens: "veldig svært meget virkelig ekstremt utrolig helt for så super",
		dim: "litt ganske noe temmelig delvis", but: "men likevel dog", though: "selv om mens skjønt", conj: "og eller så fordi som når",
		than: "enn", compar: "bedre verre mer mindre billigere dyrere best verst", notOnly: "bare kun",
		muchThan: "mer mindre", lessThan: "mindre",
	},
	"DE": {
		neg: "nicht kein keine keinen keinem keiner keines nie niemals nichts niemand ohne weder kaum garnicht keinesfalls keineswegs", intens: "sehr wirklich extrem total absolut äußerst echt besonders super zu so richtig unglaublich höchst völlig",
		dim: "etwas bisschen ziemlich relativ leicht eher wenig halbwegs", but: "aber jedoch doch allerdings trotzdem dennoch sondern", though: "obwohl obgleich während wobei", conj: "und oder weil da denn die der das als wenn",
		than: "als", compar: "besser schlechter mehr weniger billiger teurer schöner leckerer beste schlechteste", notOnly: "nur",
		muchThan: "mehr weniger", lessThan: "weniger",
	},
	"NL": {
		neg: "niet geen nooit niets niemand zonder nergens nauwelijks noch", intens: "heel erg zeer echt super extreem ontzettend enorm zo te bijzonder hartstikke uiterst vreselijk",
		dim: "beetje wat redelijk vrij enigszins nogal tamelijk iets", but: "maar echter toch", though: "hoewel ofschoon terwijl alhoewel", conj: "en of dus want omdat die dat als",
		than: "dan", compar: "beter slechter meer minder goedkoper duurder lekkerder beste slechtste", notOnly: "alleen enkel",
		muchThan: "meer minder", lessThan: "minder",
	},
	"FR": {
		neg: "pas ne jamais rien aucun aucune sans ni guère", intens: "très vraiment extrêmement trop tellement super absolument totalement particulièrement hyper si vachement fort",
		dim: "peu assez plutôt légèrement moyennement relativement", but: "mais cependant pourtant toutefois néanmoins", though: "bien quoique alors tandis", conj: "et ou donc car qui que parce",
		than: "que qu", compar: "meilleur meilleure meilleurs mieux pire pires plus moins", notOnly: "seulement que", too: "trop",
		muchThan: "plus moins", lessThan: "moins",
	},
	"ES": {
		neg: "no nunca jamás nada nadie ningún ninguna ninguno sin ni tampoco apenas", intens: "muy realmente extremadamente demasiado tan súper super totalmente absolutamente sumamente increíblemente bastante",
		dim: "poco algo ligeramente medio relativamente", but: "pero embargo", though: "aunque mientras", conj: "y o pues porque que como",
		than: "que", compar: "mejor mejores peor peores más menos", notOnly: "solo sólo", too: "demasiado demasiada demasiados demasiadas",
		muchThan: "más menos", lessThan: "menos",
	},
	"IT": {
		neg: "non mai niente nulla nessuno nessuna senza né neanche nemmeno", intens: "molto davvero estremamente troppo tanto super assolutamente veramente proprio particolarmente",
		dim: "poco abbastanza piuttosto leggermente alquanto", but: "ma però tuttavia comunque", though: "sebbene benché anche mentre", conj: "e o perché che quindi",
		than: "di che", compar: "migliore migliori meglio peggiore peggio più meno", notOnly: "solo soltanto", too: "troppo troppa troppi troppe",
		muchThan: "più meno", lessThan: "meno",
	},
	"PT": {
		neg: "não nunca jamais nada ninguém nenhum nenhuma sem nem tampouco", intens: "muito realmente extremamente demais tão super totalmente absolutamente bem bastante",
		dim: "pouco meio ligeiramente relativamente", but: "mas porém contudo entretanto todavia", though: "embora enquanto", conj: "e ou porque que pois",
		than: "que", compar: "melhor melhores pior piores mais menos", notOnly: "só apenas",
		muchThan: "mais menos", lessThan: "menos",
	},
	"RU": {
		neg: "не нет никогда ничего никто ни без", intens: "очень слишком крайне совсем супер действительно весьма", dim: "немного слегка довольно чуть",
		but: "но однако зато", though: "хотя", conj: "и или потому что который", than: "чем", compar: "лучше хуже больше меньше",
	},
	"UK": {
		neg: "не ні ніколи нічого ніхто без", intens: "дуже надто занадто зовсім супер", dim: "трохи злегка досить",
		but: "але однак проте зате", though: "хоча", conj: "і та або тому що який", than: "ніж", compar: "краще гірше більше менше",
	},
	"HU": {
		neg: "nem sem soha semmi senki nélkül ne", intens: "nagyon igazán rendkívül túl szuper teljesen", dim: "kicsit kissé eléggé",
		but: "de azonban viszont", though: "bár habár míg", conj: "és vagy mert hogy ami", than: "mint", compar: "jobb rosszabb több kevesebb",
	},
	"AR": {neg: "لا لم لن ليس ليست ما غير بدون", intens: "جدا جداً للغاية", but: "لكن ولكن بل", conj: "و أو لأن"},
	"FI": {neg: "ei en et emme ette eivät eikä ilman koskaan", intens: "erittäin todella tosi liian aivan", dim: "hieman vähän melko", but: "mutta kuitenkin", though: "vaikka", conj: "ja tai koska", than: "kuin", compar: "parempi huonompi enemmän vähemmän"},
	"PL": {neg: "nie nigdy nic nikt bez ani", intens: "bardzo naprawdę zbyt super całkiem", dim: "trochę nieco dość", but: "ale jednak lecz", though: "chociaż choć", conj: "i lub bo że który", than: "niż", compar: "lepszy lepiej gorszy gorzej więcej mniej"},
	"TR": {neg: "değil yok hiç asla hiçbir", intens: "çok gerçekten aşırı son derece", dim: "biraz oldukça", but: "ama fakat ancak lakin", though: "rağmen", conj: "ve veya çünkü", than: "göre", compar: "daha"},
	"SK": {neg: "nie nikdy nič nikto bez ani", intens: "veľmi naozaj príliš super úplne", dim: "trochu dosť", but: "ale však no", though: "hoci aj keď", conj: "a alebo pretože že ktorý", than: "ako než", compar: "lepší lepšie horší horšie viac menej"},
}

// The marks of a word (rules.marks).
const (
	markWish      uint8 = 1 << iota // a one-word wish ("wish")
	markWishFirst                   // the first word of a two-word wish ("could" of "could be")
	markThan                        // a comparison marker ("than")
)

// rules are the folded rule words of a language.
type rules struct {
	neg, intens, dim, but, though, conj, than, compar, notOnly, too, unreal, muchThan, lessThan map[string]bool
	marks                                                                                       map[string]uint8 // one lookup a word for the rarer rules: markWish, markWishFirst, markThan
}

// compile folds the rule words into sets.
func (t ruleText) compile() *rules {
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Fields(s) {
			m[fold(strings.ReplaceAll(w, "_", " "))] = true
		}
		return m
	}
	marks := map[string]uint8{}
	for _, w := range strings.Fields(t.unreal) {
		if first, _, ok := strings.Cut(w, "_"); ok {
			marks[fold(first)] |= markWishFirst
		} else {
			marks[fold(w)] |= markWish
		}
	}
	for _, w := range strings.Fields(t.than) {
		marks[fold(w)] |= markThan
	}
	return &rules{
		marks: marks,
		neg:   set(t.neg), intens: set(t.intens), dim: set(t.dim), but: set(t.but),
		though: set(t.though), conj: set(t.conj), than: set(t.than), compar: set(t.compar),
		notOnly: set(t.notOnly), too: set(t.too), unreal: set(t.unreal), muchThan: set(t.muchThan), lessThan: set(t.lessThan),
	}
}
