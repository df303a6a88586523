package notewriter

import "testing"

// TestCompanionAnswersThroughoutTheVisit: a parent who answers every
// question about a child, speaking of her as "she", is the companion on
// every answer, including "no , none of that", which no word of its own
// attributes; the child's own complaint stays the patient's. Punctuation
// or none, in both languages.
func TestCompanionAnswersThroughoutTheVisit(t *testing.T) {
	t.Parallel()
	cases := []dialogueCase{
		{"en", "en", `
C hi there , so what brings you and emma in today ?
O well she's been pulling at her right ear for about three days now and she's had a fever on and off .
C okay . how high has the fever been ?
O the highest was 102 last night . i gave her some tylenol and it came down .
C alright . and is she eating and drinking okay ?
O she's drinking fine but she has n't wanted to eat much .
C emma , does your ear hurt ?
P yeah , my ear hurts a lot .
C i'm sorry , sweetie . any vomiting or diarrhea ?
O no , none of that .
C any cough or runny nose ?
O she had a runny nose last week , but that's mostly gone .
C okay . has she had ear infections before ?
O once , when she was two .
C alright , let me take a look . so on exam her right eardrum is red and bulging . her throat is clear and her lungs are clear .
O is it an ear infection ?
C yes , she has a right ear infection . i'm going to prescribe amoxicillin twice a day for ten days .
O okay . should i keep giving her tylenol for the fever ?
C yes , you can give her tylenol or ibuprofen as needed . call us if she's not better in two to three days .
O okay , thank you so much .`},
		{"fr", "fr", `
C bonjour , qu'est-ce qui vous amène aujourd'hui avec léa ?
O elle tire sur son oreille droite depuis trois jours et elle a de la fièvre par moments .
C d'accord . jusqu'à combien la fièvre est-elle montée ?
O trente-neuf hier soir . je lui ai donné du paracétamol et elle a baissé .
C est-ce qu'elle mange et boit bien ?
O elle boit bien mais elle ne veut presque rien manger .
C léa , tu as mal à l'oreille ?
P oui , j'ai très mal à mon oreille .
C d'accord . des vomissements ou de la diarrhée ?
O non , rien de tout ça .
C a-t-elle déjà eu des otites ?
O une fois , quand elle avait deux ans .
C je vais l'examiner . à l'examen le tympan droit est rouge et bombé , la gorge est normale et les poumons sont clairs .
O c'est une otite ?
C oui , elle a une otite droite . je vais prescrire de l'amoxicilline deux fois par jour pendant dix jours .
O d'accord . est-ce que je continue à lui donner du paracétamol pour la fièvre ?
C oui , au besoin . revenez si elle ne va pas mieux dans trois jours .
O d'accord , merci beaucoup .`},
	}
	checkRoles(t, cases)
	checkRoles(t, unpunctuated(cases))
}

// TestPatientSpeakingOfRelativesIsNoCompanion: a patient telling of their
// family's illnesses speaks of them in the third person, yet speaks of
// themselves throughout: the conversation stays between clinician and
// patient.
func TestPatientSpeakingOfRelativesIsNoCompanion(t *testing.T) {
	t.Parallel()
	cases := []dialogueCase{
		{"en", "en", `
C so what brings you in today ?
P i found a lump in my left breast about two weeks ago and i'm worried .
C okay . any family history of breast cancer ?
P yes , my mother had breast cancer . she was diagnosed when she was 45 and she had a mastectomy .
C i'm sorry to hear that . anyone else ?
P my sister had it too . she's doing fine now , she finished her chemo last year .
C okay . have you had a mammogram before ?
P i had one two years ago and it was normal .
C alright , let me take a look . on exam there is a two centimeter mobile mass in the left breast .
P is it cancer ?
C we need to get a diagnostic mammogram and an ultrasound before we know .
P okay , thank you .`},
		{"fr", "fr", `
C qu'est-ce qui vous amène aujourd'hui ?
P j'ai trouvé une boule dans mon sein gauche il y a deux semaines et je suis inquiète .
C d'accord . y a-t-il des cancers du sein dans votre famille ?
P oui , ma mère a eu un cancer du sein . elle avait quarante-cinq ans et elle a eu une mastectomie .
C je suis désolé . quelqu'un d'autre ?
P ma sœur aussi . elle va bien maintenant , elle a fini sa chimiothérapie l'an dernier .
C avez-vous déjà eu une mammographie ?
P j'en ai eu une il y a deux ans et elle était normale .
C je vais vous examiner . à l'examen il y a une masse mobile de deux centimètres dans le sein gauche .
P est-ce que c'est un cancer ?
C nous devons faire une mammographie et une échographie avant de le savoir .
P d'accord , merci .`},
	}
	checkRoles(t, cases)
}
