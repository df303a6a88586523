package notewriter

// Diarization sometimes names the speakers the wrong way round: the turns
// tagged [patient] ask the questions, examine and prescribe. Charting such
// a transcript as tagged turns the clinician's examination into the
// patient's history and drops it from the note.

// swapMargin is how much more clinician-like, per turn, the patient's
// turns must be than the clinician's before the tags are read as swapped:
// in the training conversations correctly tagged clinicians score well
// above their patients, so only a clear inversion counts.
const swapMargin = 0.5

// swapSample is how many of the clinician's and patient's turns, from the
// start, are read to decide: a swap is the diarization's naming and holds
// for the whole transcript, and the opening (greeting, "what brings you
// in", the history) shows it best; reading an hour-long transcript whole
// would cost more than the rest of the note.
const swapSample = 60

// labelsSwapped reports whether the turns tagged as the patient read as
// the clinician's and the other way round, by the same word evidence that
// infers roles in untagged speech.
func labelsSwapped(turns []turn, lang string) bool {
	cues := roleCuesFor(lang)
	var sum [2]float64
	var n [2]int
	for _, t := range turns {
		if t.speaker != speakerClinician && t.speaker != speakerPatient {
			continue
		}
		if n[0]+n[1] == swapSample {
			break
		}
		sum[t.speaker] += cues.evidence(padTokens(t.text))
		n[t.speaker]++
	}
	if n[0] == 0 || n[1] == 0 {
		return false
	}
	return sum[1]/float64(n[1])-sum[0]/float64(n[0]) > swapMargin
}

// swapLabels exchanges the clinician's and the patient's tags.
func swapLabels(turns []turn) {
	for i := range turns {
		switch turns[i].speaker {
		case speakerClinician:
			turns[i].speaker = speakerPatient
		case speakerPatient:
			turns[i].speaker = speakerClinician
		}
	}
}
