#!/usr/bin/env python3
"""Format check for the test encounters in this directory.

Run: python3 internal/encounters/testdata/check.py
It validates what the Go test will parse (headers, expectation forms,
section keys of the chosen template, alternatives) and a few consistency
rules that catch authoring slips (a "lacks" that contradicts a "has", a
medication-dose for a drug with no action line, a drug or allergy name the
transcript never says). It checks the files, not the writer. Exit status 1
on any error.
"""
import collections
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))

# Wire keys (notetemplate.WireKey) of the templates these encounters use,
# from internal/notetemplate/catalog.go.
TEMPLATES = {
    "primaryCare": ["chief_complaint", "history_of_present_illness", "review_of_systems",
                    "past_medical_history", "medications", "allergies", "social_history",
                    "family_history", "physical_exam", "results", "assessment", "plan"],
    "er": ["chief_complaint", "history_of_present_illness", "review_of_systems",
           "past_medical_history", "medications", "allergies", "physical_exam", "results",
           "ed_course", "assessment", "plan", "disposition"],
}
HEADERS = ["title", "lang", "template", "recording_type", "style"]
ACTIONS = {"start", "continue", "stop", "change", "mention"}
ORDER_KINDS = {"lab", "imaging", "referral", "procedure", "follow_up"}
VITALS = {"blood_pressure", "heart_rate", "respiratory_rate", "temperature",
          "oxygen_saturation", "weight", "height"}
FHIR_TYPES = {"Condition", "MedicationRequest", "MedicationStatement", "ServiceRequest",
              "AllergyIntolerance", "Observation"}
FHIR_STATUSES = {"active", "stopped", "resolved", "completed", "refuted"}
def _canonical_frequencies():
    """The canonical frequencies, as the lexicon names them (the first term
    of each line of its English frequencies list)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lexicon", "data", "en", "frequencies.txt")
    names = set()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                names.add(line.split(";", 1)[0].split("|", 1)[0].strip())
    return names


FREQUENCIES = _canonical_frequencies()


def normalised_frequency(value):
    """A frequency a fact reports, or a part of one: a canonical one, with
    "as needed" after it, or the low end of a range before it ("two or
    three times daily")."""
    value = re.sub(r"^\S+ (?:or|to) ", "", value)
    value = re.sub(r" as needed$", "", value) if value != "as needed" else value
    # an expectation holds when the fact contains its text ("daily" of
    # "once daily")
    return any(value in name for name in FREQUENCIES)

# One pattern per form; groups: (kind, qualifier, left text, right text).
FORMS = [
    ("section", re.compile(r"^section ([a-z_]+) (has|lacks): (.+)$")),
    ("note", re.compile(r"^note (lacks): (.+)$")),
    ("problem", re.compile(r"^problem (active|resolved|ruled_out|not-active): (.+)$")),
    ("medication", re.compile(r"^medication (start|continue|stop|change|mention|not): (.+)$")),
    ("medication-attr", re.compile(r"^medication-(dose|frequency|reason) (.+?): (.+)$")),
    ("allergy", re.compile(r"^allergy: (.+)$")),
    ("allergy-reaction", re.compile(r"^allergy-reaction (.+?): (.+)$")),
    ("no-allergy", re.compile(r"^no-allergy: (.+)$")),
    ("order", re.compile(r"^order ([a-z_]+): (.+)$")),
    ("order-reason", re.compile(r"^order-reason (.+?): (.+)$")),
    ("vital", re.compile(r"^vital ([a-z_]+): (.+)$")),
    ("no-vital", re.compile(r"^no-vital ([a-z_]+): (.+)$")),
    ("fhir-no", re.compile(r"^fhir no ([A-Za-z]+): (.+)$")),
    ("fhir", re.compile(r"^fhir ([A-Za-z]+)(?: ([a-z_]+))?: (.+)$")),
    ("number", re.compile(r"^number: (.+)$")),
]


def fold(s):
    """Lower case, accents off, whitespace collapsed: how the test matches."""
    s = unicodedata.normalize("NFD", s.lower())
    s = "".join(c for c in s if unicodedata.category(c) != "Mn")
    return " ".join(s.split())


def alts(text):
    parts = [p.strip() for p in text.split(" | ")]
    return parts


class File:
    def __init__(self, name):
        self.name = name
        self.errors = []

    def err(self, line, msg):
        self.errors.append(f"{self.name}:{line}: {msg}")


def read_transcript(path, f):
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    headers, i = {}, 0
    while i < len(lines) and lines[i].startswith("# "):
        m = re.match(r"^# ([a-z_]+): (.+)$", lines[i])
        if not m:
            f.err(i + 1, f"malformed header {lines[i]!r}")
        else:
            if m.group(1) in headers:
                f.err(i + 1, f"duplicate header {m.group(1)}")
            headers[m.group(1)] = m.group(2).strip()
        i += 1
    for h in HEADERS:
        if h not in headers:
            f.err(1, f"missing header {h}")
    if i >= len(lines) or lines[i] != "":
        f.err(i + 1, "headers must be followed by one blank line")
    body = "\n".join(lines[i + 1:]).strip()
    if len(body) < 300:
        f.err(i + 2, "transcript is empty or too short")
    if any(l.startswith("# ") for l in lines[i + 1:]):
        f.err(i + 2, "a '# ' line inside the transcript")
    if headers.get("lang") not in ("en", "fr"):
        f.err(1, f"lang must be en or fr, got {headers.get('lang')!r}")
    if headers.get("template") not in TEMPLATES:
        f.err(1, f"template {headers.get('template')!r} not one this checker knows")
    if headers.get("recording_type") not in ("conversation", "dictation"):
        f.err(1, f"recording_type must be conversation or dictation")
    return headers, body


def parse_expect(path, f):
    out = []
    with open(path, encoding="utf-8") as fh:
        for n, raw in enumerate(fh, 1):
            line = raw.split("#", 1)[0].strip() if not raw.strip().startswith("#") else ""
            # A "#" inside an expectation is not allowed (it starts a comment).
            if not line:
                continue
            for kind, rx in FORMS:
                m = rx.match(line)
                if m:
                    out.append((n, kind, m.groups(), line))
                    break
            else:
                f.err(n, f"unknown expectation form: {line!r}")
    return out


def check(stem):
    f = File(stem)
    headers, body = read_transcript(os.path.join(HERE, stem + ".txt"), f)
    exps = parse_expect(os.path.join(HERE, stem + ".expect"), f)
    tbody = fold(body)
    keys = TEMPLATES.get(headers.get("template"), [])
    if not 8 <= len(exps) <= 40:
        f.err(0, f"{len(exps)} expectations; want 8 to 40")
    has = collections.defaultdict(list)       # section -> alternatives lists
    lacks = collections.defaultdict(list)
    meds, med_not, active, not_active = {}, [], [], []
    fhir_pos, fhir_neg = collections.defaultdict(list), collections.defaultdict(list)
    allergies, no_allergies = [], []
    # Drug names first, so a medication-dose line may come before its action line.
    named = {fold(a) for _, kind, g, _ in exps if kind == "medication" and g[0] != "not" for a in alts(g[1])}
    for n, kind, g, line in exps:
        texts = [t for grp in g if grp for t in alts(grp)]
        if any(t == "" for t in texts) or "||" in line or line.endswith("|"):
            f.err(n, "empty alternative")
        # A two-letter alternative ("ER", "PT") is inside too many words to
        # test anything under substring matching.
        for t in alts(g[-1]) if kind != "vital" else []:
            if len(t) < 3 and not re.search(r"[\d?]", t):
                f.err(n, f"alternative {t!r} is too short to mean anything as a substring")
        if kind == "section":
            key, verb, text = g
            if key not in keys:
                f.err(n, f"section {key} is not in template {headers.get('template')}")
            (has if verb == "has" else lacks)[key].append((n, alts(text)))
        elif kind == "note":
            lacks["*"].append((n, alts(g[1])))
        elif kind == "problem":
            (active if g[0] == "active" else not_active if g[0] == "not-active" else []).append((n, alts(g[1])))
        elif kind == "medication":
            if g[0] == "not":
                med_not.append((n, alts(g[1])))
            else:
                for name in alts(g[1]):
                    meds[fold(name)] = g[0]
                if not any(fold(a) in tbody for a in alts(g[1])):
                    f.err(n, f"medication {g[1]!r} is not said in the transcript")
        elif kind == "medication-attr":
            attr, name, val = g
            if not any(fold(a) in named for a in alts(name)):
                f.err(n, f"medication-{attr} for {name!r} without a medication action line")
            if attr == "frequency" and not any(normalised_frequency(fold(a)) for a in alts(val)):
                f.err(n, f"frequency {val!r} is not a normalised English frequency")
        elif kind == "allergy":
            allergies.append((n, alts(g[0])))
            if not any(fold(a) in tbody for a in alts(g[0])):
                f.err(n, f"allergy {g[0]!r} is not said in the transcript")
        elif kind == "allergy-reaction":
            pass
        elif kind == "no-allergy":
            no_allergies.append((n, alts(g[0])))
        elif kind == "order":
            if g[0] not in ORDER_KINDS:
                f.err(n, f"order kind {g[0]!r} unknown")
        elif kind in ("vital", "no-vital"):
            if g[0] not in VITALS:
                f.err(n, f"vital kind {g[0]!r} unknown")
            for v in alts(g[1]):
                if not re.fullmatch(r"\d+(?:[.,]\d+)?(?:/\d+)?", v):
                    f.err(n, f"vital value {v!r} is not digits as said")
        elif kind == "fhir":
            typ, status, text = g
            if typ not in FHIR_TYPES:
                f.err(n, f"FHIR type {typ!r} unknown")
            if status and status not in FHIR_STATUSES:
                f.err(n, f"FHIR status {status!r} unknown")
            fhir_pos[typ].append((n, alts(text)))
        elif kind == "fhir-no":
            if g[0] not in FHIR_TYPES:
                f.err(n, f"FHIR type {g[0]!r} unknown")
            fhir_neg[g[0]].append((n, alts(g[1])))
        elif kind == "number":
            for v in alts(g[0]):
                if not re.search(r"\d", v):
                    f.err(n, f"number {v!r} has no digit")

    def clash(pos, neg, what):
        # Every alternative of a positive must avoid every alternative of a
        # negative, or the two expectations can never hold together.
        for pn, palts in pos:
            for nn, nalts in neg:
                for p in palts:
                    for q in nalts:
                        if fold(q) in fold(p):
                            f.err(nn, f"{what}: {q!r} is inside {p!r} (line {pn})")

    for key, pos in has.items():
        clash(pos, lacks.get(key, []), f"section {key} lacks what it has")
        clash(pos, lacks.get("*", []), "note lacks what a section has")
    clash(active, not_active, "problem not-active inside an active one")
    clash([(n, list(meds)) for n in [0]], med_not, "medication not vs a medication line")
    clash(allergies, no_allergies, "no-allergy vs allergy")
    for typ, pos in fhir_pos.items():
        clash(pos, fhir_neg.get(typ, []), f"fhir no {typ} vs fhir {typ}")
    return f, headers, exps


def main():
    stems = sorted({os.path.splitext(n)[0] for n in os.listdir(HERE)
                    if n.endswith((".txt", ".expect"))})
    errors, kinds, styles = [], collections.Counter(), collections.Counter()
    for stem in stems:
        if not re.fullmatch(r"\d{2,3}-[a-z0-9-]+", stem):
            errors.append(f"{stem}: name is not NN-short-name")
        for ext in (".txt", ".expect"):
            if not os.path.exists(os.path.join(HERE, stem + ext)):
                errors.append(f"{stem}: missing {ext}")
        if errors and errors[-1].startswith(stem + ": missing"):
            continue
        f, headers, exps = check(stem)
        errors += f.errors
        styles[headers.get("style", "?").split(",")[0]] += 1
        for _, kind, g, line in exps:
            kinds[line.split(":")[0].split(" ")[0] if kind not in ("section", "problem", "medication", "fhir", "fhir-no", "order") else " ".join(line.split(":")[0].split(" ")[:2])] += 1
    for e in errors:
        print(e)
    print(f"{len(stems)} encounters, {sum(kinds.values())} expectations")
    if "-v" in sys.argv:
        for k, v in sorted(styles.items()):
            print(f"  style {k}: {v}")
        for k, v in sorted(kinds.items()):
            print(f"  {k}: {v}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
