package notegen

import "time"

// StreamJobRequest is the body of CreateStream (POST /v1/process-stream):
// the job fields of an audio job, without a file extension, and the sample
// rate of the PCM the client will stream.
type StreamJobRequest struct {
	JobOptions
	// SampleRate of the 16-bit mono PCM, 8000 to 48000 Hz; 0 means 16000.
	SampleRate int `json:"sample_rate,omitempty"`
}

// StreamJob is the answer to CreateStream: the job, waiting for its audio,
// and the signed WebSocket URL to stream it to.
type StreamJob struct {
	JobID  string `json:"job_id"`
	Status string `json:"status"`
	// StreamURL is a signed ws:// or wss:// URL; a dropped connection may
	// open it again within 60 s and go on.
	StreamURL string `json:"stream_url"`
	// ExpiresAt is when StreamURL stops taking a first connection.
	ExpiresAt time.Time `json:"expires_at"`
}

// Message types of a live stream's WebSocket.
const (
	StreamPartial = "partial"
	StreamSegment = "segment"
	StreamDone    = "done"
	StreamError   = "error"
	StreamEnd     = "end"
)

// StreamMessage is one text message on a live stream's WebSocket. The
// server sends partial (Text: the words of the current utterance so far),
// segment (Segment: a final utterance), done (JobID, Status) after the
// client's end, and error (Error) before it closes; the client sends end.
type StreamMessage struct {
	Type    string       `json:"type"`
	Text    string       `json:"text,omitempty"`
	Segment *Segment     `json:"segment,omitempty"`
	JobID   string       `json:"job_id,omitempty"`
	Status  string       `json:"status,omitempty"`
	Error   *StreamFault `json:"error,omitempty"`
}

// StreamFault is the error of an error message: a code of the error table
// and a message for people.
type StreamFault struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}
