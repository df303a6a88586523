package assertion_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/lexicon"
)

type ofCase struct {
	lang, text string
	want       assertion.Assertion
	time       assertion.Time
	subject    assertion.Subject
}

// runOf checks every case; a case's empty time or subject means current
// and patient.
func runOf(t *testing.T, cases []ofCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.lang+"/"+tc.text, func(t *testing.T) {
			x := lexicon.For(tc.lang)
			toks, target, err := marked(x, tc.text)
			require.NoError(t, err)
			got := assertion.Of(x, toks, target)
			time, subject := tc.time, tc.subject
			if time == "" {
				time = assertion.Current
			}
			if subject == "" {
				subject = assertion.Patient
			}
			assert.Equal(t, [3]string{string(tc.want), string(time), string(subject)},
				[3]string{string(got.Assertion), string(got.Time), string(got.Subject)}, "triggers %v", got.Triggers)
		})
	}
}

const (
	present      = assertion.Present
	absent       = assertion.Absent
	possible     = assertion.Possible
	hypothetical = assertion.Hypothetical
	past         = assertion.Past
	family       = assertion.Family
	other        = assertion.Other
)

// A negation reaches every item of a list, across commas, "and" and "or",
// and stops at a terminator, a new clause's subject or a sentence mark.
func TestNegationScope(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "No fever, chills, rigors, night sweats or [rash].", absent, "", ""},
		{"en", "Denies headache, neck stiffness and [photophobia].", absent, "", ""},
		// a condition reaches through an instruction inside it
		{"en", "If you're not starting to improve in forty-eight to seventy-two hours, call us back, and we might need to get a chest [x-ray].", hypothetical, "", ""},
		// "instead of" reaches its own phrase only
		{"en", "Use it instead of [soap].", absent, "", ""},
		{"en", "An emollient instead of soap, and a steroid ointment, [mometasone], once a day.", present, "", ""},
		{"fr", "Une crème au lieu du savon, et une pommade, [mométasone], une fois par jour.", present, "", ""},
		// a clause of cause ends the negation, its elided "qu'" too
		{"fr", "C'était pas du Septra, parce qu'elle est allergique aux [sulfas].", present, "", ""},
		{"en", "She hasn't had any nausea, vomiting or [abdominal pain].", absent, "", ""},
		{"en", "Negative for cough, sputum, haemoptysis and [wheeze].", absent, "", ""},
		{"en", "No cough but some [wheeze] at night.", present, "", ""},
		{"en", "Improving but not in remission, and the sertraline is causing [weight gain].", present, "", ""},
		{"en", "No heavy drinking, and it may make the [insomnia] worse.", present, "", ""},
		{"fr", "Pas de fièvre, et le traitement donne des [nausées].", present, "", ""},
		{"en", "Antibiotics won't help with a [virus].", present, "", ""},
		{"en", "Check [uric acid] once the flare has settled.", present, "", ""},
		{"en", "No fever, my [cough] is better.", present, "", ""},
		{"en", "Denies chest pain; reports [palpitations].", present, "", ""},
		{"en", "No fever. [Cough] since Monday.", present, "", ""},
		{"en", "He denies chest pain, however he does get [breathless] on the stairs.", present, "", ""},
		{"en", "No symptoms apart from a [sore throat].", present, "", ""},
		{"en", "There is no [swelling] in either ankle.", absent, "", ""},
		{"en", "[Swelling] is absent.", absent, "", ""},
		// a treatment declined after its name
		{"fr", "Et la [kiné respiratoire] n'est plus recommandée chez les nourrissons.", absent, "", ""},
		{"en", "A chest [x-ray] is not needed today.", absent, "", ""},
		// return precautions list what to come back for
		{"en", "Return precautions were discussed, including chest pain and [shortness of breath].", hypothetical, "", ""},
		// what is done in general is decided for no one
		{"en", "Sometimes we use [metformin], especially if the A1c shows prediabetes.", hypothetical, "", ""},
		// a consequence is out of the negation's reach
		{"en", "The gabapentin isn't helping, so let's [taper] it off.", present, "", ""},
		// a pronoun set off by commas takes up the subject before it
		{"fr", "Ma mère, elle, a eu un [cancer du sein].", present, "", "family"},
		{"en", "He is [pain] free since the operation.", absent, "", ""},
		{"en", "no headache no vomiting no [neck stiffness]", absent, "", ""},
		{"en", "no headache she has been [vomiting] since this morning", present, "", ""},
		{"en", "I haven't been [sleeping] well.", absent, "", ""},
		{"en", "Never had [surgery].", absent, "", ""},
		{"fr", "Pas de fièvre, pas de frissons, pas de [céphalées].", absent, "", ""},
		{"fr", "Ni fièvre ni [toux].", absent, "", ""},
		{"fr", "Pas de toux, de fièvre ou de [courbatures].", absent, "", ""},
		{"fr", "Pas de fièvre mais des [frissons].", present, "", ""},
		{"fr", "Il ne présente aucune [douleur].", absent, "", ""},
		{"fr", "Je n'ai pas mal à la [gorge].", absent, "", ""},
		{"fr", "Absence de [signes méningés].", absent, "", ""},
		{"fr", "Sans [fièvre] depuis deux jours.", absent, "", ""},
		{"fr", "Elle ne [tousse] pas la nuit.", absent, "", ""},
		{"fr", "pas de fièvre elle a [vomi] ce matin", present, "", ""},
		// a backward trigger is about the phrase between it and a comma
		{"fr", "Conclusion : [douleur thoracique] pariétale, syndrome coronarien aigu écarté.", present, "", ""},
		{"fr", "Conclusion : douleur thoracique pariétale, [syndrome coronarien aigu] écarté.", absent, "", ""},
		// a comma and a new clause's subject end the negation
		{"fr", "Pas besoin d'antibiotique, c'est un [virus].", present, "", ""},
		{"en", "No need for antibiotics, it's a [virus].", present, "", ""},
		// a verb of opinion carries its negation into the clause it
		// introduces, whose own subject does not end it
		{"en", "I don't think we need a chest [x-ray] today.", absent, "", ""},
		{"en", "I don't think that we need to check your [thyroid].", absent, "", ""},
		{"en", "I don't think so, and we'll get a chest [x-ray] anyway.", present, "", ""},
	})
}

// Pseudo-triggers look like triggers and are not ("no change in", "not
// only", "gram negative"); NegEx's double negations leave a condition
// possible.
func TestPseudoTriggersAndDoubleNegation(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "No change in her [bowel habit].", present, "", ""},
		{"en", "No increase in [breathlessness].", present, "", ""},
		{"en", "Not only [headaches] but dizzy spells too.", present, "", ""},
		{"en", "Gram negative [bacilli] on the urine culture.", present, "", ""},
		{"en", "She walks without difficulty despite [knee pain].", present, "", ""},
		{"en", "The [cough] hasn't settled.", present, "", ""},
		{"en", "[Sepsis] has not been ruled out.", possible, "", ""},
		{"en", "We cannot rule out [meningitis].", possible, "", ""},
		{"en", "A [fracture] cannot be excluded on this film.", possible, "", ""},
		{"en", "I'm not sure whether it's [asthma].", possible, "", ""},
		{"fr", "Pas de changement du [transit].", present, "", ""},
		{"fr", "Pas d'amélioration de la [dyspnée].", present, "", ""},
		{"fr", "Une [fracture] n'est pas exclue.", possible, "", ""},
		{"fr", "On ne peut pas éliminer une [embolie pulmonaire].", possible, "", ""},
		{"fr", "J'ai pas mal de [toux] le matin.", present, "", ""},
		{"fr", "Je ne tousse que le [matin].", present, "", ""},
		// a pseudo-trigger spanning the concept hides its trigger; one
		// that ends inside the concept does not
		{"en", "No known [drug allergies].", absent, "", ""},
		{"fr", "Pas d'[allergie] connue.", absent, "", ""},
		{"fr", "[Asthme] connu depuis l'enfance.", present, past, ""},
		{"fr", "Pas de [problème cardiaque].", absent, "", ""},
		{"fr", "Pas de [problème].", present, "", ""},
		// what is said of a drug's safety in a condition negates the drug,
		// not the condition
		{"en", "Lisinopril isn't safe in [pregnancy], so we'll stop it today.", hypothetical, "", ""},
		{"en", "Ibuprofen is not good for your [kidney disease].", hypothetical, "", ""},
		{"en", "There is no [kidney disease].", absent, "", ""},
		{"fr", "L'ibuprofène n'est pas compatible avec la [grossesse].", hypothetical, "", ""},
	})
}

func TestHypotheticalAndConditional(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "Call us if you get [chest pain].", hypothetical, "", ""},
		{"en", "Come back if the [fever] returns.", hypothetical, "", ""},
		{"en", "If you get any [blood in your urine], go to A&E.", hypothetical, "", ""},
		{"en", "Should the [pain] get worse, ring the surgery.", hypothetical, "", ""},
		{"en", "Ibuprofen as required for [pain].", hypothetical, "", ""},
		{"en", "Keep an eye out for a [rash] that doesn't fade.", hypothetical, "", ""},
		{"en", "It can cause [nausea] in some people.", hypothetical, "", ""},
		{"en", "If negative, no further [tests] needed.", absent, "", ""},
		{"en", "Let's see if the [cough] settles with time.", present, "", ""},
		{"en", "It feels as if my [chest] is tight.", present, "", ""},
		{"en", "Call if the rash spreads, otherwise I'll see you for the [blood test] next week.", present, "", ""},
		{"fr", "Si la [fièvre] persiste, reconsultez.", hypothetical, "", ""},
		{"fr", "En cas de [vomissements], revenez aux urgences.", hypothetical, "", ""},
		{"fr", "Au cas où la [douleur] reviendrait, prenez du paracétamol.", hypothetical, "", ""},
		{"fr", "Surveillez l'apparition d'une [éruption].", hypothetical, "", ""},
		{"fr", "Même si la [toux] persiste, ce n'est pas grave.", present, "", ""},
		{"fr", "s'il a du [sang] dans les selles il faut consulter", hypothetical, "", ""},
		// a negated verb inside the condition does not end it
		{"en", "If you still can't walk on it in a week, come back and we'll get an [x-ray].", hypothetical, "", ""},
		// a request worded as a condition asks; it sets no condition
		{"en", "And if you could drop a [urine sample] into the surgery, we'll send it off.", present, "", ""},
		{"en", "If you don't mind, I'd like a [urine sample] today.", present, "", ""},
		{"en", "If you can't keep fluids down, we'll need a [urine sample].", hypothetical, "", ""},
		{"fr", "Si vous pouviez déposer un [ECBU] au laboratoire demain.", present, "", ""},
		// what would be used in general, what a test is only for, and
		// what to come back for, said with "for"
		{"en", "Normally for a cat bite we'd use [Augmentin], but that's a penicillin.", hypothetical, "", ""},
		{"en", "[Flucloxacillin] would normally be the one, but with your allergy that's out.", hypothetical, "", ""},
		{"en", "An [MRI] is only useful if the pain isn't better in six weeks.", hypothetical, "", ""},
		{"en", "She knows to call 911 for any sudden severe [headache], weakness or trouble speaking.", hypothetical, "", ""},
		{"en", "I'm prescribing [doxycycline] instead.", present, "", ""},
		{"fr", "L'[IRM] n'est utile que si ça ne s'améliore pas au bout de six semaines.", hypothetical, "", ""},
		{"fr", "Normalement on donne de l'[Augmentin], mais vous êtes allergique.", hypothetical, "", ""},
		{"en", "I considered a [nitroglycerin] prescription but did not give one.", hypothetical, "", ""},
		{"en", "There's another tablet, [montelukast], that we sometimes add, but not today.", hypothetical, "", ""},
	})
}

func TestHistoricalAndResolved(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "History of [asthma] as a child.", present, past, ""},
		// "no more" closing a sentence after a comma limits an amount,
		// and "maybe" before one gives it roughly
		{"en", "I have maybe two or three [beers] at the weekend, no more.", present, "", ""},
		{"en", "I drink no more [beer] since the accident.", present, past, ""},
		// a duration before "history" says how long it has lasted
		{"en", "A six month history of [pain] in both hands.", present, "", ""},
		{"en", "A two-week history of [cough].", present, "", ""},
		// a clause with its own subject after a comma is out of a
		// history's reach
		{"en", "Given your smoking history, I would like a [chest x-ray].", present, "", ""},
		{"en", "History of asthma, [wheezing] and eczema.", present, past, ""},
		{"en", "He had a [stroke] in 2019.", present, past, ""},
		{"en", "In 2015 she had a [miscarriage].", present, past, ""},
		{"en", "I used to [smoke].", present, past, ""},
		{"en", "I don't [drink] anymore.", present, past, ""},
		{"en", "She no longer gets [migraines].", present, past, ""},
		{"en", "The [rash] went away after a week.", present, past, ""},
		{"en", "Former [smoker], 20 pack years.", present, past, ""},
		{"en", "Previous [DVT] in 2018.", present, past, ""},
		{"en", "History of asthma, now presenting with [wheeze].", present, "", ""},
		{"en", "A 67 year old with a history of hypertension who presents with [chest pressure].", present, "", ""},
		{"en", "The [cough] started three months ago.", present, "", ""},
		{"en", "Social history: [smokes] ten a day.", present, "", ""},
		{"en", "A two day history of [vomiting].", present, "", ""},
		{"fr", "Antécédents d'[hypertension].", present, past, ""},
		{"fr", "Elle a eu une [appendicectomie] en 2005.", present, past, ""},
		{"fr", "Je ne [fume] plus depuis deux ans.", present, past, ""},
		// a two-part trigger whose gap holds its own object is about that
		// object, not what came before ("won't need the blue salbutamol
		// any more"; "mes jambes ne me tiennent plus")
		{"en", "So we'll stop the [clenil], and you won't need the blue salbutamol any more.", present, "", ""},
		{"fr", "J'ai la [tête qui tourne], tout devient un peu noir, et mes jambes ne me tiennent plus.", present, "", ""},
		// a time that sets the scene before the clause dates it
		{"en", "And once in Poland, five years ago, she had a [kidney infection].", present, past, ""},
		{"fr", "J'ai arrêté de [fumer] il y a cinq ans.", present, past, ""},
		{"fr", "Ex-[fumeur].", present, past, ""},
		{"fr", "La [douleur] a disparu.", present, past, ""},
		{"fr", "La [toux] a commencé il y a deux mois.", present, "", ""},
	})
}

// An age or a time of life long past dates what is said with it; an age
// in the present and a time of today's complaint do not.
func TestATimeOfLifeDatesWhatHappenedThen(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "I had an [ovarian cyst] that burst when I was nineteen.", present, past, ""},
		{"en", "When I was 19 I had [mono].", present, past, ""},
		{"en", "I had [mono] when I was in college.", present, past, ""},
		{"en", "I had [pneumonia] once when I was a kid, but nothing since then.", present, past, ""},
		{"en", "She had [asthma] when she was at school.", present, past, ""},
		{"en", "I had [gestational diabetes] when I was pregnant with my son.", present, past, ""},
		{"en", "I got [chest pain] when I was walking the dog this morning.", present, "", ""},
		{"en", "I am nineteen and I have a [sore throat].", present, "", ""},
		{"fr", "J'ai eu une [appendicite] quand j'avais dix ans.", present, past, ""},
		{"fr", "J'ai fait une [pneumonie] à 20 ans.", present, past, ""},
		{"fr", "J'ai eu une [mononucléose] à dix-sept ans.", present, past, ""},
		{"fr", "J'ai de la [fièvre] depuis 3 jours.", present, "", ""},
		// an event named as the time after or since which things happen
		{"en", "You need a statin after the [TIA].", present, past, ""},
		{"en", "Since my [surgery] I have had pain in the knee.", present, past, ""},
		{"en", "Since my surgery I have had [pain] in the knee.", present, "", ""},
		{"fr", "Depuis votre [infarctus], vous prenez de l'aspirine.", present, past, ""},
		{"fr", "Elle a fait une [pneumonie] l'hiver passé.", present, past, ""},
		// a relative named after the illness has it
		{"fr", "Surtout avec l'[infarctus] de votre père.", present, "", family},
		{"en", "Given the [heart attack] of your father, we'll check your cholesterol.", present, "", family},
		{"fr", "L'hiver passé, elle a fait une [pneumonie].", present, past, ""},
		{"en", "Last year, I had [pneumonia].", present, past, ""},
	})
}

func TestExperiencer(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "My mother has [diabetes].", present, "", family},
		{"en", "Family history of [colon cancer].", present, "", family},
		// the relative who is told is not whom it is about
		{"en", "Please tell mom that Mateo has [bronchiolitis].", present, "", ""},
		{"en", "Can you explain to his father that he has [croup]?", present, "", ""},
		{"fr", "Dites à maman que Léa a une [otite].", present, "", ""},
		// the relative called on is spoken to; a list of relatives is not
		{"en", "Mom, Eli is having [anaphylaxis].", present, "", ""},
		{"en", "Okay, Dad, it looks like [croup].", present, "", ""},
		{"en", "It's [croup], Dad.", present, "", ""},
		{"fr", "Maman, Léa a une [otite].", present, "", ""},
		{"en", "Mom, dad, both had [diabetes].", present, "", family},
		{"en", "[Heart disease] runs in the family.", present, "", family},
		{"en", "Any [strokes] in the family?", present, "", family},
		{"en", "Her maternal grandmother had [breast cancer].", present, "", family},
		{"en", "My wife has had the same [cough].", present, "", other},
		{"en", "A colleague at work tested positive for [covid].", present, "", other},
		// a relative the sentence opens on, taken up by a pronoun after a
		// comma, is the clause's subject
		{"fr", "Mon collègue de bureau, il a la [mononucléose].", present, "", other},
		{"en", "My coworker, he has [mono].", present, "", other},
		{"en", "My coworker was off sick last week, I have a [sore throat].", present, "", ""},
		{"en", "My mum and I both have [eczema] but I have [asthma] too.", present, "", ""},
		{"en", "My mother says I had [measles] as a baby.", present, past, ""},
		{"en", "My family doctor referred me for [back pain].", present, "", ""},
		{"en", "Accompanied by her daughter, she reports [falls].", present, "", ""},
		{"en", "My father doesn't have [heart disease].", absent, "", family},
		{"en", "Because of your father's heart attack, let's check a TSH for the [tiredness].", present, "", ""},
		{"en", "No one in the family has [epilepsy].", absent, "", family},
		{"fr", "Sa mère est [diabétique].", present, "", family},
		{"fr", "Antécédents familiaux de [cancer du sein].", present, "", family},
		{"fr", "Du [diabète] dans la famille.", present, "", family},
		{"fr", "Mon conjoint a la [grippe].", present, "", other},
		{"fr", "Mon médecin de famille m'a envoyé pour une [lombalgie].", present, "", ""},
		{"fr", "Son père n'a pas de [problème cardiaque].", absent, "", family},
	})
}

func TestPossible(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "It could be a [chest infection].", possible, "", ""},
		{"en", "Rule out [pneumonia].", possible, "", ""},
		{"en", "Probable [cellulitis] of the left leg.", possible, "", ""},
		{"en", "This might be [shingles].", possible, "", ""},
		{"en", "I'm worried about [cancer].", possible, "", ""},
		{"en", "We'll test for [chlamydia].", possible, "", ""},
		{"en", "Chest x-ray to exclude [pneumothorax].", possible, "", ""},
		{"en", "[Gallstones] are a possibility.", possible, "", ""},
		{"en", "It's most likely [viral].", possible, "", ""},
		{"en", "[Appendicitis] is unlikely.", absent, "", ""},
		{"en", "It doesn't look like [cellulitis].", absent, "", ""},
		{"fr", "Probablement une [otite].", possible, "", ""},
		{"fr", "Suspicion de [fracture] du poignet.", possible, "", ""},
		{"fr", "[Pneumopathie] à éliminer.", possible, "", ""},
		{"fr", "Il pourrait s'agir d'une [migraine].", possible, "", ""},
		{"fr", "Peut-être une [allergie].", possible, "", ""},
		{"fr", "Une [appendicite] est peu probable.", absent, "", ""},
	})
}

// The window bounds a trigger in text without punctuation, and the
// concept counts as one word: a long concept name is still reached.
func TestWindowAndSpeechText(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "no [shortness of breath on exertion or lying flat]", absent, "", ""},
		{"en", "no fever um well the thing is the [cough] keeps me up at night", present, "", ""},
		{"en", "i have not had any fevers or chills or night sweats or [weight loss]", absent, "", ""},
		{"en", "no no [chest pain]", absent, "", ""},
	})
}

// An answer word at the head of a sentence answers a question; it does not
// negate what follows it.
func TestReplyAtSentenceHead(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"en", "No, just a [cough].", present, "", ""},
		{"en", "Um, no, only a bit of [heartburn].", present, "", ""},
		{"en", "No, I don't get [chest pain].", absent, "", ""},
		{"en", "Yes, no [fever] though.", absent, "", ""},
		{"fr", "Non, juste un peu de [toux].", present, "", ""},
		{"fr", "Si, un peu de [fièvre].", present, "", ""},
	})
}

func TestTriggersAreReported(t *testing.T) {
	t.Parallel()
	x := lexicon.For("fr")
	toks, target, err := marked(x, "Je ne [fume] plus.")
	require.NoError(t, err)
	c := assertion.Of(x, toks, target)
	require.Len(t, c.Triggers, 1)
	assert.Equal(t, "historical:ne ... plus", c.Triggers[0].String())
	assert.Equal(t, [2]int{1, 2}, [2]int{c.Triggers[0].Start, c.Triggers[0].End})

	x = lexicon.For("en")
	toks, target, err = marked(x, "Denies [fever] and has no history of asthma.")
	require.NoError(t, err)
	c = assertion.Of(x, toks, target)
	assert.Equal(t, []assertion.Trigger{{Category: "negated", Term: "denies", Start: 0, End: 1}}, c.Triggers)

	// a concept with nothing around it is present, current, the patient's
	toks, target, err = marked(x, "[Cough] for three days.")
	require.NoError(t, err)
	assert.Equal(t, assertion.Context{Assertion: present, Time: assertion.Current, Subject: assertion.Patient}, assertion.Of(x, toks, target))
}

// A negation of recommending the drug named before ("La dompéridone, on ne
// la recommande pas pendant la grossesse pour les nausées") negates no
// finding after it; "l'âge de la grossesse" dates nothing ("âgé de" does).
func TestANegatedRecommendationNegatesNoFinding(t *testing.T) {
	t.Parallel()
	runOf(t, []ofCase{
		{"fr", "La dompéridone, on ne la recommande pas pendant la grossesse pour les [nausées].", present, "", ""},
		{"fr", "Une échographie pour confirmer l'âge de la [grossesse].", present, "", ""},
		{"fr", "Il est décédé d'un [infarctus].", present, past, ""},
	})
}
