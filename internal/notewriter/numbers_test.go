package notewriter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpokenNumbers holds one case per number rule in each language; every
// case is a form that was once written wrong or could be.
func TestSpokenNumbers(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"shorthand blood pressure", "en", "one fifty over ninety", "150/90"},
		{"shorthand one twenty", "en", "it was one twenty over seventy", "it was 120/70"},
		{"shorthand heart rate", "en", "heart rate of one eighty", "heart rate of 180"},
		{"shorthand with unit", "en", "blood pressure one thirty two over eighty four", "blood pressure 132/84"},
		{"shorthand oh", "en", "pulse one oh five", "pulse 105"},
		{"shorthand weight", "en", "he weighs two twenty pounds", "he weighs 220 lbs"},
		{"tablets are not a shorthand", "en", "two forty milligram tablets", "two forty milligram tablets"},
		{"a correction is kept in words", "en", "look at ninety ninety seven", "look at ninety ninety seven"},
		{"year", "en", "back in nineteen eighty five", "back in 1985"},
		{"compound hundred", "en", "one hundred and thirty five", "135"},
		{"a hundred", "en", "a hundred and twenty", "120"},
		{"thousand", "en", "two thousand five hundred units", "2500 units"},
		{"hyphenated", "en", "sixty-two years old", "62 years old"},
		{"digits with thousands mark stay whole", "en", "a count of 1,792", "a count of 1,792"},
		{"decimal point", "en", "one point five milligrams", "1.5 mg"},
		{"decimal two digits", "en", "creatinine of one point two five", "creatinine of 1.25"},
		{"decimal zero", "en", "zero point five", "0.5"},
		{"decimal point written as a full stop stays in words", "en", "temperature is ninety eight . two your pulse", "temperature is ninety eight point two your pulse"},
		{"a hundred point four stays in words", "en", "a hundred . four right", "a hundred point four right"},
		{"a decimal without its zero stays in words", "en", "it does show a . five centimeter stone", "it does show a point five centimeter stone"},
		{"and a half", "en", "two and a half weeks", "2.5 weeks"},
		{"units do not add up", "en", "five six days", "five six days"},
		{"tens do not add up", "en", "twenty thirty minutes", "twenty thirty minutes"},
		{"lone one stays", "en", "one of those", "one of those"},
		{"a alone stays", "en", "a bit", "a bit"},
		{"blood pressure", "en", "blood pressure is one hundred twenty over eighty", "blood pressure is 120/80"},
		{"murmur grade", "en", "a three out of six systolic murmur", "a 3/6 systolic murmur"},
		{"dose and frequency", "en", "lasix eighty milligrams once a day", "lasix 80 mg daily"},
		{"temperature decimal", "en", "temperature ninety eight point six", "temperature 98.6"},
		{"duration", "en", "for about five weeks", "for about 5 weeks"},
		{"hundred and", "en", "one hundred and twenty pounds", "120 lbs"},
		{"percent", "en", "ejection fraction of forty five percent", "ejection fraction of 45%"},

		{"quatre-vingt-cinq", "fr", "cent trente sur quatre-vingt-cinq", "130/85"},
		{"quatre-vingt-seize pour cent", "fr", "saturation à quatre-vingt-seize pour cent", "saturation à 96%"},
		{"quatre-vingt-dix-neuf", "fr", "quatre-vingt-dix-neuf", "99"},
		{"quatre-vingts", "fr", "quatre-vingts", "80"},
		{"quatre-vingt-un", "fr", "quatre-vingt-un", "81"},
		{"soixante-dix", "fr", "soixante-dix", "70"},
		{"soixante-dix-sept", "fr", "soixante-dix-sept", "77"},
		{"soixante et onze", "fr", "soixante et onze", "71"},
		{"vingt et un", "fr", "vingt et un jours", "21 jours"},
		{"vingt-et-une", "fr", "vingt-et-une", "21"},
		{"without hyphens", "fr", "quatre vingt douze", "92"},
		{"dix-huit", "fr", "dix-huit", "18"},
		{"cent quatre-vingts", "fr", "cent quatre-vingts", "180"},
		{"deux cents", "fr", "deux cents milligrammes", "200 mg"},
		{"thousands", "fr", "deux mille vingt-quatre", "2024"},
		{"mille neuf cent", "fr", "mille neuf cent quatre-vingt-dix", "1990"},
		{"virgule", "fr", "trente-huit virgule cinq", "38,5"},
		{"virgule zéro", "fr", "un virgule zéro cinq", "1,05"},
		{"virgule written as a full stop stays in words", "fr", "température à trente-huit . cinq ce matin", "température à trente huit virgule cinq ce matin"},
		{"digits decimal stays whole", "fr", "38,5 degrés", "38,5 degrés"},
		{"et demi", "fr", "deux et demi", "2,5"},
		{"septante", "fr", "septante-cinq", "75"},
		{"nonante", "fr", "nonante", "90"},
		{"pour cent is not a hundred", "fr", "cinquante pour cent", "50%"},
		{"une stays an article", "fr", "une douleur", "une douleur"},
		{"units do not add up", "fr", "deux trois jours", "deux trois jours"},
		{"blood pressure", "fr", "tension à cent vingt sur quatre-vingts", "tension à 120/80"},
		{"dose", "fr", "cinq cents milligrammes deux fois par jour", "500 mg deux fois par jour"},
		{"compound", "fr", "depuis soixante-quinze jours", "depuis 75 jours"},
	}, func(said string, lex *lexicon) string { return normalizeNumbers(padTokens(said), &lex.numbers) })
}

// TestNumbersLeaveOtherWordsAlone: number rules touch number words only.
func TestNumbersLeaveOtherWordsAlone(t *testing.T) {
	t.Parallel()
	for lang, in := range map[string]string{
		"en": "she had a follow-up x-ray of the left knee and one of the nurses saw her",
		"fr": "elle a eu un suivi en radiologie et une infirmière l'a vue pour son genou",
	} {
		got := normalizeNumbers(padTokens(in), &lexiconFor(lang).numbers)
		require.Equal(t, in, strings.TrimSpace(got), lang)
	}
}
