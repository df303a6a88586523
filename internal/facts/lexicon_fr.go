package facts

// medicationNamesFR are French spellings of common drugs and French brand
// names; French text also matches the shared list (most names are spelled
// alike).
const medicationNamesFR = `
paracétamol doliprane dafalgan efferalgan ibuprofène advil nurofen naproxène aspirine kardégic kardegic
aspégic diclofénac kétoprofène profénid tramadol contramal topalgic ixprim oxycodone oxycontin morphine
codéine lamaline néfopam acupan gabapentine prégabaline prednisone cortancyl prednisolone solupred
méthylprednisolone dexaméthasone hydrocortisone lisinopril énalapril ramipril triatec périndopril coversyl
losartan cozaar valsartan tareg irbésartan aprovel olmésartan candésartan amlodipine amlor nifédipine
diltiazem tildiem vérapamil bisoprolol cardensiel métoprolol aténolol ténormine carvédilol kredex
propranolol avlocardyl névibolol nébivolol témérit hydrochlorothiazide esidrex furosémide lasilix
bumétanide spironolactone aldactone indapamide fludex rilmenidine clonidine digoxine amiodarone cordarone
atorvastatine tahor simvastatine rosuvastatine crestor pravastatine ézétimibe ezetrol fénofibrate
warfarine coumadine fluindione previscan apixaban eliquis rivaroxaban xarelto dabigatran héparine
énoxaparine lovenox clopidogrel plavix ticagrélor brilique metformine glucophage stagid gliclazide
diamicron glimépiride amarel sitagliptine januvia empagliflozine jardiance dapagliflozine forxiga
liraglutide victoza sémaglutide ozempic dulaglutide trulicity insuline lantus lévémir novorapid humalog
lévothyroxine lévothyrox euthyrox oméprazole mopral pantoprazole inipomp ésoméprazole inexium
lansoprazole ogast famotidine ondansétron zophren métoclopramide primpéran dompéridone motilium
macrogol forlax movicol lactulose lopéramide imodium smecta spasfon phloroglucinol sertraline zoloft
fluoxétine prozac citalopram escitalopram seroplex paroxétine deroxat venlafaxine effexor duloxétine
cymbalta mirtazapine norset miansérine amitriptyline laroxyl bupropion zyban buspirone lorazépam
témesta alprazolam xanax bromazépam lexomil diazépam valium oxazépam seresta zolpidem stilnox zopiclone
imovane hydroxyzine atarax quétiapine xeroquel aripiprazole abilify rispéridone risperdal olanzapine
zyprexa lithium téralithe lamotrigine lamictal lévétiracétam keppra valproate dépakine carbamazépine
tégrétol méthylphénidate ritaline donépézil mémantine sumatriptan salbutamol ventoline terbutaline
bricanyl fluticasone flixotide sérétide symbicort budésonide béclométasone tiotropium spiriva
montélukast singulair cétirizine zyrtec lévocétirizine xyzall loratadine desloratadine aerius
bilastine amoxicilline clamoxyl augmentin pénicilline céfalexine ceftriaxone rocéphine céfuroxime
azithromycine zithromax clarithromycine doxycycline ciprofloxacine ciflox lévofloxacine tavanic
ofloxacine bactrim sulfaméthoxazole triméthoprime nitrofurantoïne fosfomycine monuril métronidazole
flagyl clindamycine vancomycine fluconazole triflucan terbinafine aciclovir zovirax valaciclovir zelitrex
oseltamivir tamiflu hydroxychloroquine plaquenil allopurinol zyloric fébuxostat adenuric colchicine
méthotrexate alendronate fosamax risédronate dénosumab finastéride chibro dutastéride avodart tamsulosine
omix oxybutynine ditropan sildénafil viagra tadalafil cialis testostérone estradiol progestérone
potassium diffu-k magnésium calcium fer tardyferon folique spéciafoldine vitamine mélatonine
adrénaline anapen épipen naloxone nicotine varénicline champix latanoprost timolol mupirocine fucidine
lidocaïne emla
`

func frenchLexicon() rawLexicon {
	return rawLexicon{
		lang:        "fr",
		elisions:    []string{"d'", "l'", "j'", "qu'", "s'", "n'", "m'", "c'", "t'", "jusqu'", "lorsqu'", "puisqu'"},
		medications: append(append(words(medicationNamesFR), words(medicationNames)...), "vitamine d|vitamine d3", "vitamine b12", "acide folique", "oméga 3|omega 3", "pilule contraceptive|pilule", "vaccin contre la grippe|vaccin antigrippal"),
		problems: []string{
			"hypertension|hypertension artérielle|hta|tension élevée|tension haute|trop de tension",
			"hypotension|tension basse",
			"diabète de type 2|diabète de type deux|diabète type 2", "diabète",
			"diabète de type 1|diabète de type un", "prédiabète",
			"hypercholestérolémie|cholestérol|dyslipidémie|hyperlipidémie",
			"insuffisance cardiaque", "maladie coronarienne|coronaropathie", "infarctus|crise cardiaque|infarctus du myocarde",
			"fibrillation auriculaire|fibrillation atriale|fa", "douleur thoracique|douleurs thoraciques|douleur à la poitrine|mal à la poitrine",
			"essoufflement|dyspnée|souffle court", "palpitations", "avc|accident vasculaire cérébral|ait",
			"phlébite|thrombose veineuse profonde|tvp|caillot", "embolie pulmonaire",
			"asthme", "bpco|bronchopneumopathie chronique obstructive|emphysème|bronchite chronique",
			"pneumonie|pneumopathie", "bronchite", "apnée du sommeil|apnées du sommeil",
			"toux", "rhume|rhinopharyngite|infection des voies respiratoires", "sinusite", "rhinite allergique|allergies saisonnières|rhume des foins",
			"covid|covid 19|coronavirus", "grippe",
			"dépression|syndrome dépressif|déprimé|déprimée", "anxiété|trouble anxieux|crises d'angoisse|attaques de panique",
			"trouble bipolaire|bipolaire", "insomnie|troubles du sommeil", "tdah", "démence|maladie d'alzheimer|alzheimer",
			"hypothyroïdie", "hyperthyroïdie|maladie de basedow", "obésité|surpoids", "goutte", "ostéoporose|ostéopénie",
			"arthrose|arthrite", "polyarthrite rhumatoïde", "lupus", "fibromyalgie",
			"insuffisance rénale|maladie rénale chronique|insuffisance rénale chronique", "calculs rénaux|calcul rénal|colique néphrétique",
			"infection urinaire|cystite", "hypertrophie bénigne de la prostate|adénome de la prostate|prostate",
			"dysfonction érectile|troubles de l'érection", "incontinence|incontinence urinaire",
			"reflux|reflux gastro-œsophagien|rgo|brûlures d'estomac", "ulcère|ulcère gastrique",
			"syndrome de l'intestin irritable|côlon irritable", "maladie de crohn|crohn", "rectocolite hémorragique|colite",
			"diverticulite|diverticulose", "constipation", "diarrhée", "nausées|nausée", "vomissements",
			"douleur abdominale|douleurs abdominales|mal au ventre|mal de ventre", "cirrhose", "hépatite",
			"pancréatite", "calculs biliaires|cholécystite", "hémorroïdes", "anémie|carence en fer",
			"migraine|migraines", "céphalée|céphalées|mal de tête|maux de tête", "épilepsie|crise d'épilepsie|convulsions",
			"neuropathie", "sclérose en plaques", "maladie de parkinson|parkinson", "vertiges|étourdissements",
			"malaise|syncope|perte de connaissance", "commotion cérébrale",
			"lombalgie|mal de dos|douleur lombaire|douleurs lombaires|lumbago", "cervicalgie|mal au cou|douleur au cou",
			"sciatique", "douleur au genou|mal au genou", "douleur à l'épaule|mal à l'épaule", "douleur à la hanche",
			"douleurs articulaires", "syndrome du canal carpien|canal carpien", "tendinite", "bursite", "entorse",
			"fracture", "hernie discale", "scoliose",
			"eczéma|dermatite atopique", "psoriasis", "acné", "éruption cutanée|éruption|rougeurs", "cellulite infectieuse|érysipèle",
			"abcès", "zona", "mélanome", "cancer de la peau", "cancer du sein", "cancer de la prostate", "cancer du poumon",
			"cancer du côlon|cancer colorectal", "cancer",
			"fièvre", "fatigue", "perte de poids|amaigrissement", "prise de poids", "œdème|jambes gonflées|gonflement des jambes",
			"ménopause|bouffées de chaleur", "grossesse|enceinte", "otite", "angine|mal de gorge|pharyngite", "conjonctivite",
			"glaucome", "cataracte", "vih", "alcoolisme|dépendance à l'alcool", "tabagisme|fumeur|fumeuse",
		},
		allergens: []string{
			"pénicilline|pénicillines", "amoxicilline", "sulfamides", "codéine", "morphine", "aspirine", "ibuprofène",
			"ains|anti-inflammatoires", "latex", "arachides|cacahuètes|arachide", "fruits à coque|noix", "fruits de mer|crustacés",
			"crevettes", "œufs|oeufs", "lait|produits laitiers", "abeilles|piqûres d'abeille|guêpes", "iode", "produit de contraste",
			"céphalosporines", "pollen|pollens", "chats|poils de chat", "chiens", "acariens|poussière", "gluten", "poisson",
		},
		reactions: []string{
			"urticaire", "éruption|boutons|plaques", "démangeaisons|ça gratte", "gonflement|œdème de quincke|angio-œdème",
			"choc anaphylactique|anaphylaxie", "difficultés à respirer|gêne respiratoire|essoufflement", "nausées",
			"vomissements", "diarrhée", "maux de ventre", "vertiges",
		},
		labs: []string{
			"prise de sang|bilan sanguin|analyses de sang|bilan biologique|bilan|analyses", "nfs|numération formule sanguine",
			"ionogramme", "hémoglobine glyquée|hba1c", "bilan lipidique|cholestérol", "tsh|bilan thyroïdien",
			"ecbu|analyse d'urine|examen des urines", "bandelette urinaire", "hémoculture|hémocultures",
			"bilan hépatique", "créatinine|fonction rénale", "vitamine d", "ferritine|bilan martial", "psa", "inr",
			"troponine", "bnp", "d-dimères|d dimères", "test de grossesse", "crp|vs", "acide urique", "glycémie",
			"test covid", "prélèvement", "polysomnographie|enregistrement du sommeil",
		},
		imaging: []string{
			"radiographie|radio|radios", "irm", "scanner|tomodensitométrie", "échographie|écho|doppler",
			"échographie cardiaque|échocardiographie", "mammographie", "ostéodensitométrie", "pet scan|tep",
			"électrocardiogramme|ecg", "épreuve d'effort|test d'effort", "holter", "électromyogramme|emg", "scintigraphie",
		},
		procedures: []string{
			"coloscopie", "fibroscopie|gastroscopie|endoscopie", "biopsie", "infiltration|injection", "chirurgie|opération|intervention",
			"arthroscopie", "prothèse de genou", "prothèse de hanche", "coronarographie", "stent", "ablation", "pacemaker|stimulateur cardiaque",
			"kinésithérapie|kiné|rééducation", "vaccination|vaccin", "points de suture|suture", "frottis", "dialyse", "plâtre|attelle|orthèse",
		},
		referrals: []string{
			"cardiologue|cardiologie", "dermatologue|dermatologie", "endocrinologue|endocrinologie",
			"gastro-entérologue|gastro entérologue|gastroentérologue|gastro", "néphrologue|néphrologie", "neurologue|neurologie",
			"oncologue|oncologie|cancérologue", "orthopédiste|chirurgien orthopédique|orthopédie", "kinésithérapeute|kiné|kinésithérapie",
			"psychiatre|psychiatrie", "psychologue|psychothérapeute|psychothérapie", "pneumologue|pneumologie",
			"rhumatologue|rhumatologie", "urologue|urologie", "chirurgien|chirurgie", "orl|oto-rhino-laryngologiste",
			"ophtalmologue|ophtalmo", "podologue", "allergologue", "diététicien|diététicienne|nutritionniste",
			"gynécologue|gynéco", "hématologue", "infectiologue", "neurochirurgien", "sage-femme", "orthophoniste", "ergothérapeute",
		},
		over:      []string{"sur"},
		of:        []string{"de", "d'"},
		doseUnits: doseUnitsFR,
		routes: []string{
			"oral|par la bouche|par voie orale|per os|comprimé|comprimés|gélule|gélules|cachet|cachets",
			"intravenous|intraveineuse|en intraveineuse|perfusion|iv", "intramuscular|intramusculaire",
			"subcutaneous|sous-cutanée|sous cutanée|injection|injections|piqûre|piqûres|stylo",
			"inhaled|inhalateur|inhalation|bouffée|bouffées|aérosol|spray",
			"topical|crème|pommade|gel|lotion|en application", "transdermal|patch|timbre",
			"nasal|spray nasal|pulvérisation nasale", "ophthalmic|collyre|gouttes dans les yeux", "rectal|suppositoire",
			"sublingual|sous la langue",
		},
		frequencies: []string{
			"once daily|une fois par jour|une fois par jour|par jour|chaque jour|tous les jours|quotidien|quotidiennement|une fois jour",
			"twice daily|deux fois par jour|matin et soir",
			"three times daily|trois fois par jour|matin midi et soir",
			"four times daily|quatre fois par jour",
			"every morning|le matin|chaque matin|tous les matins",
			"every evening|le soir|chaque soir|tous les soirs",
			"at bedtime|au coucher|avant de dormir|avant le coucher",
			"as needed|si besoin|en cas de besoin|à la demande|au besoin",
			"weekly|une fois par semaine|par semaine|chaque semaine", "monthly|une fois par mois|par mois",
			"with meals|pendant les repas|au cours des repas|à chaque repas",
		},
		actions: map[string][]string{
			ActionStart: {"commencer", "commencez", "commence", "débuter", "débutez", "débute", "prescrire", "prescris",
				"prescrit", "prescription", "ordonnance", "mettre sous", "mets sous", "introduire", "introduis", "ajouter", "ajoute",
				"ajoutez", "essayer", "donner", "donne", "démarrer"},
			ActionContinue: {"continuer", "continuez", "continue", "poursuivre", "poursuivez", "garder", "gardez", "renouveler",
				"renouvelle", "renouvellement", "maintenir", "maintiens", "rester sous"},
			ActionStop: {"arrêter", "arrêtez", "arrête", "arrêt", "stopper", "stoppez", "suspendre", "suspendez", "interrompre",
				"interrompez", "ne plus prendre", "supprimer"},
			ActionChange: {"augmenter", "augmentez", "augmente", "diminuer", "diminuez", "diminue", "baisser", "baissez",
				"réduire", "réduisez", "changer", "changez", "change", "remplacer", "remplace", "passer à", "ajuster", "doubler", "modifier"},
		},
		negations:     []string{"pas", "non", "aucun", "aucune", "sans", "jamais", "ni", "nie", "négatif"},
		measureWords:  []string{"sanguin", "sérique", "bas", "élevé"},
		measureBefore: []string{"taux", "carence", "dosage", "manque"},
		contrasts:     []string{"mais", "sauf", "cependant", "pourtant"},
		exceptions:    []string{"juste", "seulement", "uniquement"},
		affirmations:  []string{"oui", "ouais", "si"},
		yesWords:      []string{"oui", "ouais", "si", "parfois", "un", "une", "j'ai", "je", "c'est", "ça"},
		noWords:       []string{"non", "pas", "jamais", "aucun", "aucune", "rien"},
		anyWords:      []string{"des", "avez-vous", "avez vous", "est-ce que vous avez", "vous avez", "aucun", "aucune"},
		resolvedCues:  []string{"guéri", "guérie", "disparu", "disparue", "résolu", "résolue", "passé", "n'a plus", "plus de", "antécédent", "antécédents", "ancien", "ancienne", "avant"},
		ruledOutCues:  []string{"éliminé", "écarté", "exclu", "pas de signe de", "négatif pour", "ce n'est pas", "je ne pense pas que ce soit", "peu probable"},
		orderCues:     []string{"prescrire", "prescris", "faire", "faites", "demander", "demande", "programmer", "prévoir", "organiser", "contrôler", "vérifier", "ordonnance", "je voudrais", "on va"},
		referralCues:  []string{"adresser", "adresse", "orienter", "oriente", "envoyer", "envoie", "voir un", "voir une", "consulter", "rendez-vous avec", "avis", "lettre pour"},
		followUpCues:  []string{"revoir", "revoit", "revenir", "reviendrez", "revenez", "rendez-vous de suivi", "contrôle dans", "suivi", "reprendre rendez-vous", "se revoit"},
		allergyCues:   []string{"allergique à", "allergique aux", "allergique au", "allergie à", "allergie aux", "allergie au", "allergies", "allergie"},
		noAllergyCues: []string{"pas d'allergie", "aucune allergie", "pas allergique", "pas d'allergies", "des allergies"},
		vitals: map[string][]string{
			VitalBloodPressure: {"tension", "tension artérielle", "pression artérielle", "ta"},
			VitalHeartRate:     {"fréquence cardiaque", "pouls", "fc", "cœur bat", "battements"},
			VitalRespiratory:   {"fréquence respiratoire", "fr", "respirations"},
			VitalTemperature:   {"température", "fièvre à", "temp"},
			VitalOxygen:        {"saturation", "sat", "saturation en oxygène", "spo2", "oxygène"},
			VitalWeight:        {"poids", "pèse", "pesez", "pesé"},
			VitalHeight:        {"taille", "mesure", "mesurez"},
		},
		vitalUnits: map[string][]string{
			VitalTemperature: {"Cel|degrés|degré|°c|celsius", "[degF]|fahrenheit"},
			VitalWeight:      {"kg|kilos|kilo|kilogrammes|kilogramme|kg", "[lb_av]|livres"},
			VitalHeight:      {"cm|centimètres|centimètre|cm", "[in_i]|pouces"},
		},
	}
}

var doseUnitsFR = []string{
	"mg|milligrammes|milligramme|mg",
	"µg|microgrammes|microgramme|mcg|µg",
	"g|grammes|gramme|g",
	"mL|millilitres|millilitre|ml",
	"units|unités|unité|ui",
	"puffs|bouffées|bouffée",
	"tablets|comprimés|comprimé|cachets|cachet",
	"capsules|gélules|gélule",
	"drops|gouttes|goutte",
	"%|pour cent|pourcent",
}
