package notewriter

import (
	"strings"
	"testing"
)

// TestChiefComplaintIsTheReasonForTheVisit: the chief complaint is what the
// visit is about as a clinician states it, not the first symptom mentioned.
func TestChiefComplaintIsTheReasonForTheVisit(t *testing.T) {
	t.Parallel()
	cases := []complaintCase{
		{"clinician's framing beats an earlier symptom", "en", `[doctor] any fever lately ?
[patient] i had a fever last week .
[doctor] okay . she is a 40-year-old female here for follow-up of her iron deficiency anemia .`,
			"Follow-up of iron deficiency anemia."},
		{"dictated chief complaint beats the framing", "en", `[doctor] you're here for your arm today ?
[patient] yes .
[doctor] dictating on john . chief complaint is left arm pain . hello .`,
			"Left arm pain."},
		{"answer to what brings you in, with the side", "en", `[doctor] hi . what brings you in today ?
[patient] um , i am having a lot of pain at the end of my right middle finger .
[doctor] what did you do ?`,
			"Right middle finger pain."},
		{"a body part alone is its pain, side from later in the opening", "en", `[doctor] so sophia i see that you hurt your knee tell me about it
[patient] i slipped on the trampoline
[doctor] okay which knee was it
[patient] my right knee`,
			"Right knee pain."},
		{"both sides are bilateral", "en", `[doctor] you're here for your knees today ?
[patient] yes , they both hurt when i walk .`,
			"Bilateral knee pain."},
		{"the reason ends where the sentence moves on", "en", `[doctor] so barbara i know you are here for some itchy scalp pain can you tell me how you are doing
[patient] it is still itchy`,
			"Itchy scalp pain."},
		{"a tag question is not a side", "en", `[doctor] she is here for right finger pain . all right . so tell me what happened .`,
			"Right finger pain."},
		{"a companion is no reason for the visit", "en", `[doctor] she is here with her husband today .
[doctor] she is a 56-year-old female here with abnormal lab findings .`,
			"Abnormal labs."},
		{"the patient corrects the side", "en", `[doctor] i understand you've come in with some right knee pain can you tell me about it
[patient] it it's not the right knee it's the left knee
[doctor] okay the left knee`,
			"Left knee pain."},
		{"the clinician corrects the side", "en", `[doctor] she's here for left leg pain . right leg pain , right leg pain ?
[patient] yes .`,
			"Right leg pain."},
		{"french: the clinician's framing", "fr", `[doctor] avez-vous de la fièvre ?
[patient] non .
[doctor] vous êtes ici pour le suivi de votre insuffisance cardiaque .`,
			"Suivi de son insuffisance cardiaque."},
		{"french: answer to qu'est-ce qui vous amène, with the side", "fr", `[doctor] bonjour , qu'est-ce qui vous amène ?
[patient] j'ai très mal , c'est ma cheville gauche depuis hier .`,
			"Douleur à la cheville gauche."},
		{"charted as clinicians write it", "en", `[doctor] he is a 60-year-old male here for follow up of his chronic problems .`,
			"Follow-up of chronic problems."},
		{"french: charted as clinicians write it", "fr", `[doctor] bonjour , qu'est-ce qui vous amène ?
[patient] j'ai mal à la gorge depuis trois jours .`,
			"Mal de gorge."},
		{"a condition the patient has been dealing with", "en", `[doctor] good morning , what can i help you with today ?
[patient] so i've been dealing with my asthma and i start coughing at night .`,
			"Asthma."},
		{"the site comes first", "en", `[doctor] he is a 60-year-old male here for an ulcer on his right foot .`,
			"Right foot ulcer."},
		{"french: the site stays after the complaint", "fr", `[doctor] il est ici pour une plaie au pied droit .`,
			"Plaie au pied droit."},
		{"french: dictated motif", "fr", `[doctor] vous toussez ?
[patient] un peu .
[doctor] motif de consultation : fibrillation auriculaire .`,
			"Fibrillation auriculaire."},
	}
	checkComplaints(t, cases)
}

// TestChiefComplaintStartsWithWhatItNames: a reason for the visit or a
// problem cut after a preposition or a possessive ("first problem of your
// hypertension") is written from the word that names it, in both
// languages.
func TestChiefComplaintStartsWithWhatItNames(t *testing.T) {
	t.Parallel()
	cases := []complaintCase{
		{"problem named after of your", "en", `[doctor] hello , how are you ?
[patient] good .
[doctor] so for your first problem of your hypertension , i want you to continue the lisinopril twenty milligrams a day .`,
			"Hypertension."},
		{"french: problem named after de votre", "fr", `[doctor] bonjour , comment allez-vous ?
[patient] bien .
[doctor] alors pour votre premier problème de votre diabète , continuez la metformine cinq cents milligrammes .`,
			"Diabète."},
	}
	checkComplaints(t, cases)
}

// TestTrimFunctionWords: leading prepositions, articles, conjunctions and
// possessives go, elided ones too; the last word stays.
func TestTrimFunctionWords(t *testing.T) {
	t.Parallel()
	checkText(t, []textCase{
		{"", "en", "of your hypertension", "hypertension"},
		{"", "en", "and to the right knee pain", "right knee pain"},
		{"", "en", "follow-up of your diabetes", "follow-up of your diabetes"},
		{"", "en", "of", "of"},
		{"", "fr", "de votre diabète", "diabète"},
		{"", "fr", "d'hypertension artérielle", "hypertension artérielle"},
		{"", "fr", "et de l'asthme", "asthme"},
		{"", "fr", "suivi de son insuffisance cardiaque", "suivi de son insuffisance cardiaque"},
	}, func(said string, lex *lexicon) string {
		return strings.Join(trimFunctionWords(strings.Fields(said), lex), " ")
	})
}

// TestChiefComplaintFallsBackToThePainSaidFirst: with no reason stated,
// the body part the patient first says hurts is the chief complaint, not a
// symptom reviewed later; a denied pain is not.
func TestChiefComplaintFallsBackToThePainSaidFirst(t *testing.T) {
	t.Parallel()
	cases := []complaintCase{
		{"pain said before a reviewed symptom", "en", `[doctor] hi , how are you doing ?
[patient] i'm doing well but my big toe hurts and it's a little red .
[doctor] any heartburn ?
[patient] yes , i get some heartburn at night .`,
			"Big toe pain."},
		{"a denied pain is no complaint", "en", `[doctor] hi , how are you doing ?
[patient] my knee does not hurt anymore .
[doctor] any heartburn ?
[patient] yes , i get some heartburn at night .`,
			"Heartburn."},
		{"french: pain said before a reviewed symptom", "fr", `[doctor] bonjour , comment allez-vous ?
[patient] ça va , mais j'ai mal au genou droit depuis une semaine .
[doctor] avez-vous des nausées ?
[patient] oui , j'ai des nausées le matin .`,
			"Douleur au genou droit."},
	}
	checkComplaints(t, cases)
}

// TestChiefComplaintFollowsTheVisitsFraming: referrals, follow-ups, a
// cause, a wish and a raised measure are the reason for the visit as a
// clinician charts it, in English and French.
func TestChiefComplaintFollowsTheVisitsFraming(t *testing.T) {
	t.Parallel()
	cases := []complaintCase{
		{"asked to see the patient for", "en", `[doctor] any fever ?
[patient] yes , i had a fever last week .
[doctor] okay . i was asked to see you for your thyroid nodule .`,
			"Thyroid nodule."},
		{"referred by someone for", "en", `[doctor] mr. jones was referred by doctor smith for evaluation of a lung nodule .
[doctor] how are you feeling ?
[patient] tired , mostly .`,
			"Lung nodule."},
		{"following up on a known diagnosis", "en", `[patient] i've been so tired lately .
[doctor] okay . well we're following up on your lung cancer today .`,
			"Follow-up of lung cancer."},
		{"the clause after because", "en", `[doctor] so , you've come to see me today because you had a right breast lumpectomy last year .
[patient] yes .`,
			"Right breast lumpectomy."},
		{"a generic reason gives way to the specific one", "en", `[doctor] she is here for a surgical consult .
[doctor] your dermatologist sent you to me because she found a melanoma ?
[patient] yes .`,
			"Melanoma."},
		{"an emergency visit is followed up, without the spoken some", "en", `[doctor] he is a 62-year-old male who presents for emergency room follow-up for some chest pain .`,
			"Emergency room follow-up for chest pain."},
		{"a hospital stay is followed up", "en", `[doctor] well hello , i was notified you were in the hospital for some heart failure what happened
[patient] my ankles were swelling .`,
			"Hospital follow-up for heart failure."},
		{"the patient's wish names the reason", "en", `[doctor] how are you doing ?
[patient] i'm good , i'm just ready to quit smoking but it's hard .`,
			"Smoking cessation."},
		{"a measure the patient says is high", "en", `[doctor] hi , what brings you in ?
[patient] my new doctor noticed that my blood pressure has been quite high so she added a medicine .`,
			"High blood pressure."},
		{"years of visits are no reason", "en", `[doctor] hi , how are you ?
[patient] well , i've been seeing you for years since my heart attack and my knee hurts now .`,
			"Knee pain."},
		{"a comma inside the lead", "en", `[doctor] he is a 61-year-old male who presents today , uh , for a routine follow-up of his chronic medical conditions .`,
			"Routine follow-up of chronic medical conditions."},
		{"status after a procedure, without its date", "en", `[doctor] she's a 36-year-old female post bilateral reduction mammoplasty on 10-10 20-20 .
[doctor] hey , how are you ?`,
			"Follow-up of bilateral reduction mammoplasty."},
		{"abbreviations as charted, without who found it", "en", `[doctor] so you were diagnosed with hep c from your pcp and they had you come in .`,
			"Hepatitis C."},
		{"the patient's name ends the reason", "en", `[doctor] karen nelson is a 3-year-old female who comes in for evaluation of a new right eye twitch karen is accompanied by her father .`,
			"Right eye twitch."},
		{"two symptoms said together", "en", `[doctor] i understand you're here for some numbness and tingling in your fingers and some pain in your wrist`,
			"Numbness and tingling in fingers."},
		{"french: je vous vois pour", "fr", `[doctor] avez-vous de la fièvre ?
[patient] oui , un peu .
[doctor] je vous vois aujourd'hui pour votre nodule thyroïdien .`,
			"Nodule thyroïdien."},
		{"french: on m'a demandé de vous voir pour", "fr", `[doctor] vous toussez ?
[patient] un peu .
[doctor] on m'a demandé de vous voir pour un nodule pulmonaire .`,
			"Nodule pulmonaire."},
		{"french: the clause after parce que", "fr", `[doctor] vous venez me voir parce que vous avez eu une tumeur du sein .`,
			"Tumeur du sein."},
		{"french: a hospital stay is followed up", "fr", `[doctor] vous avez été hospitalisée pour une insuffisance cardiaque , comment allez-vous ?`,
			"Suivi d'hospitalisation pour insuffisance cardiaque."},
		{"french: the patient's wish names the reason", "fr", `[doctor] comment allez-vous ?
[patient] je veux vraiment arrêter de fumer cette fois .`,
			"Sevrage tabagique."},
		{"french: a measure the patient says is high", "fr", `[doctor] bonjour , qu'est-ce qui vous amène ?
[patient] ma tension est très élevée ces temps-ci .`,
			"Tension artérielle élevée."},
	}
	checkComplaints(t, cases)
}

// TestChiefComplaintTakesTheSideAndSiteSaid: a complaint without a side
// takes the side the patient answers or the clinician restates, and a bare
// "pain" takes the site the patient gives it.
func TestChiefComplaintTakesTheSideAndSiteSaid(t *testing.T) {
	t.Parallel()
	cases := []complaintCase{
		{"the side answered", "en", `[doctor] did you say that you hurt your knee ?
[patient] yes , skiing .
[doctor] okay . is it your left or your right knee ?
[patient] it's my right .`,
			"Right knee pain."},
		{"the side the clinician restates", "en", `[patient] i'm doing alright aside from this foot pain that i have
[doctor] so i see here that you hurt your left foot playing soccer`,
			"Left foot pain."},
		{"bare pain takes the site the patient gives", "en", `[doctor] i see you're having some pain ?
[patient] yes , i started having pain on my left back three days ago .`,
			"Left back pain."},
		{"a side question gives no side", "en", `[doctor] you're here for your knee ?
[patient] yes .
[doctor] is it the right or the left knee ?
[patient] the left one .`,
			"Left knee pain."},
		{"the side the rest of the visit gives", "en", `[doctor] tell me what happened to your knee .
[patient] i was playing basketball and the inside of my knee hurts .
[doctor] okay . any fever ?
[patient] no .
[doctor] your right knee still looks a little swollen .`,
			"Right knee pain."},
		{"two sides in the visit give none", "en", `[doctor] tell me what happened to your knee .
[patient] the inside of my knee hurts .
[doctor] your right knee looks swollen and your left knee looks fine .`,
			"Knee pain."},
		{"a second opinion is charted as what it is about", "en", `[doctor] he is a 50-year-old male here for a second opinion regarding the index finger on the right hand .
[doctor] your right index finger is still swollen .`,
			"Right index finger pain."},
		{"french: the side the rest of the visit gives", "fr", `[doctor] racontez-moi ce qui est arrivé à votre genou .
[patient] j'ai mal au genou depuis le match .
[doctor] d'accord . le genou droit est encore un peu enflé .`,
			"Douleur au genou droit."},
		{"french: the side answered", "fr", `[doctor] vous vous êtes blessé au genou ?
[patient] oui , en skiant .
[doctor] c'est le genou droit ou gauche ?
[patient] le gauche .`,
			"Douleur au genou gauche."},
	}
	checkComplaints(t, cases)
}

// TestChiefComplaintFromWhatThePatientSaysBringsThemIn: an answer to "what
// brings you in" that names no body part gives its complaint without how
// often, its subject when it opens with one, and the symptom charted from
// it when there is one.
func TestChiefComplaintFromWhatThePatientSaysBringsThemIn(t *testing.T) {
	t.Parallel()
	cases := []complaintCase{
		{"what the patient has been having", "en", `[doctor] hi , what brings you in today ?
[patient] i've been having really frequent migraines , three a week .
[doctor] any nausea ?
[patient] yes , some nausea .`,
			"Frequent migraines."},
		{"the subject of the answer", "en", `[doctor] what brings you in ?
[patient] my asthma has been worse since the fall .
[doctor] any fever ?
[patient] yes , a little fever .`,
			"Asthma."},
		{"being in pain names nothing", "en", `[doctor] what brings you in ?
[patient] i have been in a lot of pain .
[doctor] any fever ?
[patient] yes , a fever .`,
			"Fever."},
		{"french: what the patient has, without how often", "fr", `[doctor] bonjour madame , qu'est-ce qui vous amène ?
[patient] j'ai des migraines trois fois par semaine depuis deux mois . j'ai des nausées pendant les crises .`,
			"Migraines."},
		{"french: the subject of the answer", "fr", `[doctor] bonjour . qu'est-ce qui vous amène aujourd'hui ?
[patient] mon asthme est moins bien contrôlé . je suis essoufflé quand je monte les escaliers .`,
			"Asthme."},
		{"french: the symptom charted from the answer", "fr", `[doctor] bonjour . qu'est-ce qui vous amène ?
[patient] j'ai une brûlure en urinant depuis deux jours et j'urine souvent .`,
			"Dysurie."},
	}
	checkComplaints(t, cases)
}
