package evidence

import "strings"

// layTerms are the words a patient or a clinician says for a clinical term
// a note writes: "Denies hematuria." is supported by "any blood in your
// urine?" / "no.". Each entry is the clinical word and its spoken forms,
// a form being words that must all be said ("blood urine"). The list is
// short on purpose: a term is added when a spoken form means exactly it,
// never a word that merely starts like it ("numbers" is not "numb").
var layTerms = compileLay(map[string][]string{
	// English
	"hematuria":       {"blood urine"},
	"fatigue":         {"tired", "tiredness", "exhausted"},
	"anxiety":         {"anxious", "nervous"},
	"bilateral":       {"both"},
	"pain":            {"hurt", "hurts", "hurting", "sore", "ache", "aches", "aching"},
	"abdominal":       {"belly", "stomach", "tummy"},
	"dyspnea":         {"short breath", "breathless"},
	"syncope":         {"fainted", "faint"},
	"lightheadedness": {"light headed", "lightheaded"},
	"insomnia":        {"sleep"},
	"edema":           {"swelling", "swollen"},
	"febrile":         {"fever"},
	"dysuria":         {"burning urinate", "burning urination", "burning pee", "burns pee", "painful urination"},
	"extremities":     {"legs", "arms"},
	"loss":            {"lost", "losing"},
	// French
	"hématurie":  {"sang urines", "sang urine"},
	"douleur":    {"mal", "douloureux", "douloureuse"},
	"abdominale": {"ventre"},
	"dyspnée":    {"essoufflé", "essoufflée", "souffle"},
	"œdème":      {"enflé", "enflée", "gonflé", "gonflée"},
	"céphalées":  {"maux tête", "mal tête"},
	"toux":       {"tousse", "tousser", "toussé"},
	"dysurie":    {"brûlure urinant", "brûlures urinant", "brûle urine"},
	"inférieurs": {"jambes"},
	"perte":      {"perdu", "perdre"},
	"poids":      {"kilos", "livres"},
})

// compileLay keys the spoken forms by the clinical word's stem, each form
// as the stems of its words.
func compileLay(m map[string][]string) map[string][][]string {
	out := make(map[string][][]string, len(m))
	for term, forms := range m {
		for _, form := range forms {
			var stems []string
			for _, w := range ContentWords(form) {
				stems = append(stems, stem(w))
			}
			if len(stems) != len(strings.Fields(form)) {
				panic("evidence: the spoken form " + form + " has a word the checker never compares")
			}
			out[stem(term)] = append(out[stem(term)], stems)
		}
	}
	return out
}

// saidAs reports whether a spoken form of the clinical word whose stem is
// s is among have (stems of the words said).
func saidAs(s string, have map[string]bool) bool {
	for _, form := range layTerms[s] {
		all := true
		for _, w := range form {
			if !have[w] {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
