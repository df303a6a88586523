package facts

// medicationNames are generic and brand names of drugs common in primary and
// specialty care, shared by both languages (French adds its own spellings).
// Each name is its own canonical form: a fact names the drug as it was said.
const medicationNames = `
acetaminophen tylenol paracetamol ibuprofen advil motrin naproxen naprosyn aleve aspirin meloxicam mobic
celecoxib celebrex diclofenac voltaren indomethacin ketorolac toradol tramadol ultram oxycodone percocet
hydrocodone vicodin norco morphine codeine fentanyl hydromorphone dilaudid methadone buprenorphine suboxone
gabapentin neurontin pregabalin lyrica cyclobenzaprine flexeril methocarbamol robaxin tizanidine zanaflex baclofen
prednisone prednisolone methylprednisolone medrol dexamethasone hydrocortisone triamcinolone kenalog cortisone
lisinopril zestril prinivil enalapril ramipril benazepril quinapril captopril losartan cozaar valsartan diovan
irbesartan olmesartan benicar telmisartan candesartan entresto sacubitril amlodipine norvasc nifedipine procardia
diltiazem cardizem verapamil metoprolol toprol lopressor atenolol tenormin carvedilol coreg propranolol inderal
bisoprolol labetalol nebivolol bystolic hydrochlorothiazide hctz chlorthalidone furosemide lasix bumetanide bumex
torsemide spironolactone aldactone eplerenone triamterene clonidine hydralazine doxazosin cardura terazosin
prazosin isosorbide imdur nitroglycerin digoxin lanoxin amiodarone sotalol flecainide
atorvastatin lipitor simvastatin zocor rosuvastatin crestor pravastatin pravachol lovastatin ezetimibe zetia
fenofibrate gemfibrozil niacin repatha praluent
warfarin coumadin apixaban eliquis rivaroxaban xarelto dabigatran pradaxa edoxaban heparin enoxaparin lovenox
clopidogrel plavix ticagrelor brilinta prasugrel effient
metformin glucophage glipizide glyburide glimepiride sitagliptin januvia janumet linagliptin tradjenta
empagliflozin jardiance dapagliflozin farxiga canagliflozin invokana pioglitazone actos liraglutide victoza
semaglutide ozempic wegovy rybelsus dulaglutide trulicity tirzepatide mounjaro exenatide insulin lantus
levemir tresiba humalog novolog glargine lispro aspart
levothyroxine synthroid levoxyl methimazole propylthiouracil liothyronine
omeprazole prilosec pantoprazole protonix esomeprazole nexium lansoprazole prevacid rabeprazole famotidine
pepcid ranitidine zantac sucralfate carafate ondansetron zofran metoclopramide reglan promethazine phenergan
docusate colace senna miralax polyethylene lactulose loperamide imodium dicyclomine bentyl mesalamine
sertraline zoloft fluoxetine prozac citalopram celexa escitalopram lexapro paroxetine paxil venlafaxine
effexor duloxetine cymbalta bupropion wellbutrin mirtazapine remeron trazodone amitriptyline nortriptyline
buspirone buspar lorazepam ativan alprazolam xanax clonazepam klonopin diazepam valium zolpidem ambien
quetiapine seroquel aripiprazole abilify risperidone risperdal olanzapine zyprexa lithium lamotrigine
lamictal levetiracetam keppra topiramate topamax valproate depakote carbamazepine tegretol phenytoin dilantin
oxcarbazepine methylphenidate ritalin adderall amphetamine atomoxetine strattera donepezil aricept memantine
sumatriptan imitrex rizatriptan maxalt
albuterol proair ventolin proventil xopenex levalbuterol fluticasone flovent flonase advair symbicort
budesonide pulmicort mometasone nasonex tiotropium spiriva montelukast singulair breo trelegy ipratropium
atrovent cetirizine zyrtec loratadine claritin fexofenadine allegra diphenhydramine benadryl hydroxyzine
guaifenesin mucinex benzonatate pseudoephedrine sudafed
amoxicillin augmentin penicillin ampicillin cephalexin keflex cefdinir ceftriaxone rocephin cefuroxime
azithromycin zithromax z-pak zpack clarithromycin erythromycin doxycycline minocycline tetracycline
ciprofloxacin cipro levofloxacin levaquin moxifloxacin bactrim septra sulfamethoxazole trimethoprim
nitrofurantoin macrobid metronidazole flagyl clindamycin vancomycin linezolid fluconazole diflucan
terbinafine lamisil nystatin clotrimazole ketoconazole acyclovir valacyclovir valtrex oseltamivir tamiflu
paxlovid hydroxychloroquine plaquenil
allopurinol zyloprim febuxostat uloric colchicine colcrys probenecid methotrexate sulfasalazine humira
adalimumab enbrel etanercept remicade infliximab stelara dupixent
alendronate fosamax risedronate ibandronate denosumab prolia calcitonin
finasteride proscar dutasteride avodart tamsulosin flomax oxybutynin ditropan tolterodine detrol mirabegron
myrbetriq sildenafil viagra tadalafil cialis testosterone estradiol estrogen premarin progesterone
medroxyprogesterone provera norethindrone levonorgestrel
potassium magnesium calcium iron ferrous folate b12 cyanocobalamin multivitamin biotin melatonin
epinephrine epipen naloxone narcan nicotine varenicline chantix
latanoprost timolol mupirocin bacitracin neosporin hydrocortisone silvadene lidocaine capsaicin
ketoconazole clobetasol tretinoin benzoyl
`

// medicationPhrases are names of more than one word.
var medicationPhrases = []string{
	"vitamin d|vitamin d3|vitamin d 3", "vitamin b12|vitamin b 12|b 12", "vitamin c", "fish oil|omega 3",
	"insulin glargine", "nitro patch", "baby aspirin", "potassium chloride", "folic acid", "iron|iron supplement|iron supplements|iron supplementation|iron pills",
	"statin|statins",
	"birth control|oral contraceptive", "prenatal vitamin|prenatal vitamins", "stool softener",
	"cortisone shot|steroid shot|steroid injection", "flu shot|flu vaccine", "fish oil",
	"toprol xl", "ferrous sulfate",
}

func englishLexicon() rawLexicon {
	return rawLexicon{
		lang:        "en",
		medications: append(words(medicationNames), medicationPhrases...),
		problems: []string{
			"hypertension|high blood pressure|elevated blood pressure|htn",
			"hypotension|low blood pressure",
			"type 2 diabetes|type two diabetes|diabetes type 2|diabetes type two", "type ii diabetes",
			"type 1 diabetes|type one diabetes|diabetes type 1",
			"diabetes|diabetes mellitus|diabetic",
			"prediabetes|pre diabetes|prediabetic",
			"hyperlipidemia|high cholesterol|elevated cholesterol|dyslipidemia|hypercholesterolemia",
			"congestive heart failure|heart failure|chf|hfref|hfpef",
			"coronary artery disease|cad|heart disease",
			"myocardial infarction|heart attack|mi",
			"atrial fibrillation|afib|a fib|atrial flutter",
			"chest pain", "shortness of breath|dyspnea", "palpitations",
			"stroke|cva|tia|transient ischemic attack",
			"deep vein thrombosis|dvt|blood clot", "pulmonary embolism",
			"peripheral artery disease|peripheral vascular disease",
			"asthma", "copd|chronic obstructive pulmonary disease|emphysema|chronic bronchitis",
			"pneumonia", "bronchitis", "sleep apnea|obstructive sleep apnea|osa",
			"cough", "upper respiratory infection|uri|common cold",
			"sinusitis|sinus infection", "allergic rhinitis|seasonal allergies|hay fever",
			"covid|covid 19|coronavirus", "influenza|flu",
			"depression|major depressive disorder|depressed", "anxiety|generalized anxiety disorder|panic attacks|panic disorder",
			"bipolar disorder|bipolar", "insomnia|trouble sleeping", "adhd|attention deficit",
			"ptsd|post traumatic stress disorder", "schizophrenia", "dementia|alzheimer's|alzheimers", "memory loss",
			"hypothyroidism|underactive thyroid", "hyperthyroidism|overactive thyroid|graves disease",
			"obesity|overweight", "gout", "osteoporosis|osteopenia",
			"osteoarthritis|arthritis|degenerative joint disease", "rheumatoid arthritis|ra",
			"lupus", "fibromyalgia",
			"chronic kidney disease|ckd|kidney disease|renal insufficiency", "kidney stone|kidney stones|nephrolithiasis",
			"kidney transplant|renal transplant", "acute kidney injury|aki",
			"urinary tract infection|uti|bladder infection", "benign prostatic hyperplasia|bph|enlarged prostate",
			"erectile dysfunction", "incontinence|urinary incontinence", "hematuria|blood in the urine|blood in my urine",
			"gerd|acid reflux|reflux|gastroesophageal reflux|heartburn", "peptic ulcer|ulcer|stomach ulcer",
			"irritable bowel syndrome|ibs", "crohn's disease|crohns|crohn's", "ulcerative colitis|colitis",
			"diverticulitis|diverticulosis", "constipation", "diarrhea", "nausea", "vomiting",
			"abdominal pain|stomach pain|belly pain", "cirrhosis", "hepatitis|hepatitis c|hepatitis b",
			"fatty liver", "pancreatitis", "gallstones|cholecystitis", "hemorrhoids", "gi bleed|gastrointestinal bleed",
			"anemia|iron deficiency", "thrombocytopenia",
			"migraine|migraines", "headache|headaches", "seizure|seizures|epilepsy", "neuropathy|peripheral neuropathy",
			"multiple sclerosis|ms", "parkinson's|parkinsons|parkinson's disease", "dizziness|vertigo",
			"syncope|fainting|passed out", "concussion",
			"back pain|low back pain|lower back pain|lumbar pain", "neck pain", "sciatica|radiculopathy",
			"knee pain", "shoulder pain", "hip pain", "elbow pain", "wrist pain", "ankle pain", "foot pain",
			"joint pain", "carpal tunnel syndrome|carpal tunnel", "rotator cuff tear|rotator cuff",
			"tendonitis|tendinitis", "bursitis", "plantar fasciitis", "sprain|ankle sprain", "fracture|broken bone",
			"meniscus tear|torn meniscus", "acl tear", "lateral epicondylitis|tennis elbow",
			"trigger finger", "muscle strain|strain", "herniated disc|disc herniation|bulging disc",
			"spinal stenosis", "scoliosis",
			"eczema|atopic dermatitis", "psoriasis", "acne", "rash", "cellulitis", "abscess", "shingles|herpes zoster",
			"melanoma", "skin cancer|basal cell carcinoma|squamous cell carcinoma", "wart|warts",
			"breast cancer", "prostate cancer", "lung cancer", "colon cancer|colorectal cancer", "cancer",
			"lymphoma", "leukemia",
			"fever", "fatigue|tiredness", "weight loss", "weight gain", "edema|swelling in the legs|leg swelling",
			"urinary frequency", "hot flashes|menopause", "pregnancy|pregnant",
			"polycystic ovary syndrome|pcos", "endometriosis",
			"otitis media|ear infection", "strep throat|pharyngitis|sore throat", "conjunctivitis|pink eye",
			"glaucoma", "cataract|cataracts", "macular degeneration",
			"hiv", "alcohol use disorder|alcoholism|alcohol abuse", "substance use disorder|opioid use disorder",
			"tobacco use|smoking|smoker|nicotine dependence",
		},
		allergens: []string{
			"penicillin|penicillins", "amoxicillin", "sulfa|sulfa drugs|sulfonamides", "codeine", "morphine",
			"aspirin", "ibuprofen", "nsaids", "latex", "peanuts|peanut", "tree nuts|nuts", "shellfish", "shrimp",
			"eggs|egg", "milk|dairy", "bees|bee stings|bee sting", "iodine", "contrast|contrast dye",
			"cephalosporins", "erythromycin", "tetracycline", "ciprofloxacin", "levofloxacin", "lisinopril",
			"ace inhibitors", "statins", "adhesive|tape", "pollen", "cats|cat dander", "dogs", "dust|dust mites",
			"mold", "gluten", "soy", "fish", "strawberries",
		},
		reactions: []string{
			"hives|urticaria", "rash", "itching|itchy", "swelling|angioedema", "anaphylaxis|anaphylactic",
			"shortness of breath|trouble breathing|difficulty breathing", "nausea", "vomiting", "throat swelling|throat closes|throat closing",
			"upset stomach|stomach upset", "diarrhea", "wheezing", "cough", "dizziness", "headache",
		},
		labs: []string{
			"blood work|bloodwork|labs|lab work|blood test|blood tests", "complete blood count|cbc",
			"basic metabolic panel|bmp", "comprehensive metabolic panel|cmp|metabolic panel",
			"hemoglobin a1c|a1c|hba1c", "lipid panel|cholesterol panel|lipid profile|fasting lipid panel",
			"thyroid function tests|tsh|thyroid panel|thyroid stimulating hormone",
			"urinalysis|urine test|ua", "urine culture", "blood culture|blood cultures", "culture",
			"liver function tests|lfts|liver panel", "kidney function|renal function panel|creatinine",
			"vitamin d level", "b12 level", "iron studies|ferritin", "psa", "inr|pt inr", "troponin",
			"bnp", "d dimer", "strep test|rapid strep", "covid test", "flu test", "pregnancy test",
			"sed rate|esr", "crp|c reactive protein", "uric acid", "electrolytes", "magnesium level",
			"potassium level", "hepatitis panel", "hiv test", "stool test|stool sample", "glucose tolerance test",
			"fasting glucose|blood sugar", "microalbumin", "urine microalbumin", "sleep study",
		},
		imaging: []string{
			"x ray|xray|x rays|radiograph", "mri|magnetic resonance imaging", "ct scan|ct|cat scan|cat scan",
			"ultrasound|sonogram|doppler", "echocardiogram|echo|cardiac echo", "mammogram|mammography",
			"bone density scan|dexa scan|dexa", "pet scan", "chest x ray", "stress test|nuclear stress test|stress echo",
			"ekg|ecg|electrocardiogram", "holter monitor|event monitor|zio patch", "emg|nerve conduction study",
			"carotid ultrasound", "renal ultrasound", "abdominal ultrasound",
		},
		procedures: []string{
			"colonoscopy", "endoscopy|egd|upper endoscopy", "biopsy", "injection|steroid injection|cortisone injection",
			"surgery|operation", "arthroscopy", "knee replacement", "hip replacement", "cardiac catheterization|cath|heart cath",
			"stent", "ablation", "cardioversion", "pacemaker", "physical therapy|pt", "occupational therapy",
			"vaccination|vaccine", "suture|sutures|stitches", "excision", "drainage|incision and drainage",
			"cast|splint|brace", "lumbar puncture|spinal tap", "pap smear", "cystoscopy", "dialysis",
			"epidural|epidural injection|nerve block", "cryotherapy",
		},
		referrals: []string{
			"cardiologist|cardiology", "dermatologist|dermatology", "endocrinologist|endocrinology",
			"gastroenterologist|gastroenterology|gi", "nephrologist|nephrology", "neurologist|neurology",
			"oncologist|oncology", "orthopedist|orthopedics|orthopedic surgeon|ortho", "physical therapy|physical therapist|pt",
			"psychiatrist|psychiatry", "psychologist|therapist|counselor|counseling|therapy",
			"pulmonologist|pulmonology", "rheumatologist|rheumatology", "urologist|urology",
			"surgeon|general surgery", "ent|ear nose and throat", "ophthalmologist|eye doctor", "podiatrist|podiatry",
			"allergist", "nutritionist|dietitian|dietician", "sleep medicine|sleep clinic", "pain management",
			"hand surgeon", "spine surgeon", "obstetrician|gynecologist|ob gyn|obgyn", "hematologist",
			"infectious disease", "cardiothoracic surgeon", "vascular surgeon", "neurosurgeon|neurosurgery",
			"chiropractor", "occupational therapy", "speech therapy", "diabetes educator",
		},
		over:      []string{"over"},
		of:        []string{"of"},
		elisions:  nil,
		doseUnits: doseUnitsEN,
		routes: []string{
			"oral|by mouth|orally|po|pill|pills|tablet|tablets|capsule",
			"intravenous|iv|intravenously", "intramuscular|im|intramuscularly",
			"subcutaneous|subcutaneously|subq|sub q|under the skin|injection|injections|shot|shots|injectable",
			"inhaled|inhaler|inhalers|nebulizer|puff|puffs", "topical|cream|ointment|gel|lotion|topically",
			"transdermal|patch", "nasal|nasal spray|nose spray", "ophthalmic|eye drops|eye drop", "rectal|suppository",
			"sublingual|under the tongue",
		},
		frequencies: []string{
			"once daily|once a day|one time a day|once per day|daily|every day|a day|each day|qd|once every day",
			"twice daily|twice a day|two times a day|bid|b.i.d|twice per day|two times daily",
			"three times daily|three times a day|tid|t.i.d",
			"four times daily|four times a day|qid",
			"every morning|in the morning|each morning|in the mornings",
			"every evening|in the evening|at night|nightly|every night|in the evenings",
			"at bedtime|before bed|before bedtime|qhs",
			"as needed|as necessary|when needed|prn|if needed",
			"weekly|once a week|every week|once weekly", "monthly|once a month|every month",
			"every other day", "with meals|with each meal",
		},
		actions: map[string][]string{
			ActionStart: {"start", "starting", "started", "prescribe", "prescribed", "prescribing", "put you on",
				"begin", "add", "adding", "try", "trial", "give you", "going to give", "send in", "sent in", "new prescription",
				"i'll order", "recommend"},
			ActionContinue: {"continue", "continuing", "keep taking", "keep you on", "stay on", "remain on", "refill",
				"refills", "keep on", "still taking", "maintain", "stick with", "keep"},
			ActionStop: {"stop", "stopping", "stopped", "discontinue", "discontinued", "discontinuing", "hold", "holding",
				"come off", "get off", "quit", "cease", "no longer take", "taper off", "wean off"},
			ActionChange: {"increase", "increasing", "increased", "decrease", "decreasing", "decreased", "reduce", "reducing",
				"raise", "bump up", "bump", "double", "switch", "switching", "change", "changing", "adjust",
				"adjusting", "titrate", "lower", "lowering", "up the dose", "go up", "cut back", "cut down", "half"},
		},
		negations:    []string{"no", "not", "denies", "deny", "denied", "without", "never", "negative for", "none", "n't", "don't", "doesn't", "didn't", "haven't", "hasn't", "nor"},
		measureWords: []string{"level", "levels", "deficiency", "deficient", "score", "count", "stores", "studies", "panel"},
		contrasts:    []string{"but", "although", "though", "however", "except"},
		exceptions:   []string{"just", "only"},
		affirmations: []string{"yes", "yeah", "yep", "yup", "uh-huh", "mm-hmm"},
		yesWords:     []string{"yes", "yeah", "yep", "yup", "uh-huh", "mm-hmm", "definitely", "sometimes", "some", "a", "i", "it", "my", "well"},
		noWords:      []string{"no", "nope", "nah", "not", "never", "none", "nothing", "negative"},
		anyWords:     []string{"any", "anything", "ever", "have you had", "do you have", "did you have"},
		resolvedCues: []string{"resolved", "went away", "gone away", "has gone", "no longer", "cleared up", "cleared", "healed", "better now", "history of", "used to have", "in the past", "previous", "prior"},
		ruledOutCues: []string{"ruled out", "rule out", "negative for", "no evidence of", "not consistent with", "doesn't look like", "does not look like", "don't think it's", "do not think it's", "unlikely"},
		orderCues: []string{"order", "ordering", "ordered", "get", "getting", "schedule", "scheduling", "send", "sending",
			"check", "checking", "obtain", "want you to have", "want to get", "going to get", "i'd like to get",
			"recommend", "perform", "do", "plan", "set you up", "arrange", "draw"},
		referralCues: []string{"refer", "referral", "referring", "referred", "send you to", "see a", "see the", "see an", "consult", "consultation", "set you up with"},
		followUpCues: []string{"follow up", "follow-up", "followup", "come back", "see you back", "see you again", "return", "recheck", "check back", "touch base"},
		allergyCues:  []string{"allergic to", "allergy to", "allergies to", "allergy", "allergic reaction to", "reaction to"},
		noAllergyCues: []string{"no known allergies", "no known drug allergies", "nkda", "no allergies", "no drug allergies",
			"not allergic", "no medication allergies", "any allergies"},
		vitals: map[string][]string{
			VitalBloodPressure: {"blood pressure", "bp", "pressure"},
			VitalHeartRate:     {"heart rate", "pulse", "hr", "heart rate is", "pulse rate"},
			VitalRespiratory:   {"respiratory rate", "respirations", "resp rate", "breathing rate", "rr"},
			VitalTemperature:   {"temperature", "temp", "fever of"},
			VitalOxygen:        {"oxygen saturation", "o2 sat", "o2 saturation", "oxygen level", "pulse ox", "sats", "sat", "saturation", "satting", "saturating", "oxygen", "spo2"},
			VitalWeight:        {"weight", "weigh", "weighs", "weighed", "weighing"},
			VitalHeight:        {"height", "tall"},
		},
		vitalUnits: map[string][]string{
			VitalTemperature: {"[degF]|fahrenheit|degrees fahrenheit|f", "Cel|celsius|degrees celsius|centigrade|c"},
			VitalWeight:      {"[lb_av]|pounds|pound|lbs|lb", "kg|kilograms|kilogram|kilos|kilo|kg"},
			VitalHeight:      {"[in_i]|inches|inch|in", "cm|centimeters|centimeter|cm|centimetres"},
		},
	}
}

// doseUnitsEN maps how a dose unit is said to how it is written in a dose.
var doseUnitsEN = []string{
	"mg|milligrams|milligram|mgs|mg's|milligrams of",
	"mcg|micrograms|microgram|mcgs|ug",
	"g|grams|gram",
	"mL|milliliters|milliliter|ml|cc|ccs",
	"units|unit|iu|international units",
	"puffs|puff",
	"tablets|tablet|pills|pill|tabs|tab",
	"capsules|capsule|caps",
	"drops|drop",
	"%|percent",
	"mEq|meq|milliequivalents",
}
