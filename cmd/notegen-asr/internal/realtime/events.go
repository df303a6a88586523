package realtime

import (
	"encoding/json"
)

// The wire events of OpenAI's Realtime transcription protocol that this
// server speaks. Both session shapes are accepted: the current one
// (session.update with session.audio.input) and the beta one
// (transcription_session.update with input_audio_format); each is answered
// in its own shape.

// clientEvent is any event a client sends; only the fields of the types we
// handle are decoded.
type clientEvent struct {
	Type    string          `json:"type"`
	EventID string          `json:"event_id,omitempty"`
	Audio   string          `json:"audio,omitempty"`
	Session json.RawMessage `json:"session,omitempty"`
}

// sessionConfig is the session object of session.update (current shape).
type sessionConfig struct {
	Type  string `json:"type,omitempty"`
	Audio *struct {
		Input *struct {
			Format *struct {
				Type string `json:"type"`
				Rate int    `json:"rate,omitempty"`
			} `json:"format,omitempty"`
			Transcription *transcriptionConfig `json:"transcription,omitempty"`
			TurnDetection json.RawMessage      `json:"turn_detection,omitempty"`
		} `json:"input,omitempty"`
	} `json:"audio,omitempty"`
}

// betaSessionConfig is the session object of transcription_session.update.
type betaSessionConfig struct {
	InputAudioFormat        string               `json:"input_audio_format,omitempty"`
	InputAudioTranscription *transcriptionConfig `json:"input_audio_transcription,omitempty"`
	TurnDetection           json.RawMessage      `json:"turn_detection,omitempty"`
}

type transcriptionConfig struct {
	Model    string `json:"model,omitempty"`
	Language string `json:"language,omitempty"`
}

// turnDetection is what the server reports of its voice-activity detection:
// the recognizer's endpoint rules stand in for OpenAI's server VAD.
type turnDetection struct {
	Type              string  `json:"type"`
	Threshold         float64 `json:"threshold"`
	PrefixPaddingMS   int     `json:"prefix_padding_ms"`
	SilenceDurationMS int     `json:"silence_duration_ms"`
}

// serverEvent is every event this server sends; unused fields are omitted.
type serverEvent struct {
	Type           string     `json:"type"`
	EventID        string     `json:"event_id"`
	Session        any        `json:"session,omitempty"`
	ItemID         string     `json:"item_id,omitempty"`
	PreviousItemID *string    `json:"previous_item_id,omitempty"`
	ContentIndex   *int       `json:"content_index,omitempty"`
	AudioStartMS   *int64     `json:"audio_start_ms,omitempty"`
	AudioEndMS     *int64     `json:"audio_end_ms,omitempty"`
	Delta          *string    `json:"delta,omitempty"`
	Transcript     *string    `json:"transcript,omitempty"`
	Usage          *usage     `json:"usage,omitempty"`
	Error          *wireError `json:"error,omitempty"`
}

type usage struct {
	Type    string  `json:"type"`
	Seconds float64 `json:"seconds"`
}

type wireError struct {
	Type    string  `json:"type"`
	Code    string  `json:"code"`
	Message string  `json:"message"`
	Param   *string `json:"param"`
	EventID *string `json:"event_id"`
}

func ptr[T any](v T) *T { return &v }
