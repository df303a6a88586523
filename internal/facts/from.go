package facts

import (
	"strings"

	"github.com/notegen/notegen/internal/assertion"
	"github.com/notegen/notegen/internal/clinical"
)

// From renders an encounter's facts from its clinical reading, the same
// reading the note is written from, so that the two cannot disagree:
//   - problems are the patient's conditions and present symptoms: active
//     when present now (a chronic condition said to be a history is still
//     present), resolved when past, ruled_out when the clinician excluded
//     it. A denied symptom, a relative's condition and a habit are not
//     problems;
//   - medications are the drugs the patient takes or is prescribed, with
//     what happens to each at this visit, whether it is prescribed today
//     (started, changed or refilled) and, for a prescription, its reason; a drug the patient does not take, or one only spoken of as
//     a possibility, is left out;
//   - orders are the tests, procedures, referrals and follow-ups ordered.
func From(r *clinical.Reading) Facts {
	f := Facts{Problems: []Problem{}, Medications: []Medication{}, Allergies: []Allergy{}, Vitals: []Vital{}, Orders: []Order{}}
	for k := range r.Findings {
		fd := &r.Findings[k]
		spans := r.Spans(fd)
		switch fd.Kind {
		case clinical.Symptom, clinical.Condition:
			if status := problemStatus(fd); status != "" {
				f.Problems = append(f.Problems, Problem{Text: problemText(fd), Status: status, Spans: spans})
			}
		case clinical.Medication:
			// a drug only named, neither taken nor decided on, is no
			// medication of the patient's
			if fd.Assertion != assertion.Present || (!fd.Taken && !fd.New) {
				continue
			}
			f.Medications = append(f.Medications, Medication{Name: fd.Name, Dose: fd.Dose, Route: fd.Route,
				Frequency: fd.Frequency, Action: fd.Action, Prescribed: fd.New || fd.Refill, Reason: reason(fd), Spans: spans})
		case clinical.Allergy:
			if !fd.NoneKnown {
				f.Allergies = append(f.Allergies, Allergy{Substance: fd.Name, Reaction: fd.Reaction, Spans: spans})
			}
		case clinical.Vital:
			f.Vitals = append(f.Vitals, Vital{Kind: fd.VitalKind, Value: fd.Value, Unit: fd.Unit, Spans: spans})
		case clinical.Lab, clinical.Imaging, clinical.Procedure, clinical.Referral, clinical.FollowUp:
			if !fd.Ordered {
				continue
			}
			text := fd.Said
			if fd.Kind == clinical.FollowUp {
				text = fd.Name
			}
			f.Orders = append(f.Orders, Order{Kind: string(fd.Kind), Text: text, Reason: reason(fd), Spans: spans})
		}
	}
	return f
}

// problemStatus is a finding's status as a problem, "" when it is none.
func problemStatus(f *clinical.Finding) string {
	if f.Subject != assertion.Patient {
		return ""
	}
	switch {
	case f.RuledOut:
		return StatusRuledOut
	case f.Assertion == assertion.Possible && !f.Diagnosis:
		// screened for or suspected in passing: not a problem until the
		// clinician names it as the impression
		return ""
	case f.Assertion != assertion.Present && f.Assertion != assertion.Possible:
		return ""
	case f.Time != assertion.Past:
		return StatusActive
	case f.Chronic && !f.Resolved:
		// "a history of hypertension" is hypertension still present
		return StatusActive
	case f.Kind == clinical.Condition:
		return StatusResolved
	}
	return ""
}

func reason(f *clinical.Finding) *string {
	if f.Reason == "" {
		return nil
	}
	r := f.Reason
	return &r
}

// qualifiedWords is the most words of a diagnosis written as said, with
// its qualifiers and place.
const qualifiedWords = 5

// problemText is how a problem is named: a diagnosis as the clinician
// said it, with its qualifiers and place, when those words hold its name
// ("acute low back strain" for a strain, "stable angina"); else its name.
func problemText(fd *clinical.Finding) string {
	said := strings.ToLower(fd.Said)
	if fd.Kind == clinical.Condition && fd.Diagnosis && said != fd.Name && strings.Contains(said, fd.Name) &&
		len(strings.Fields(said)) <= qualifiedWords && !strings.ContainsAny(said, "'’") {
		return said
	}
	return fd.Name
}
