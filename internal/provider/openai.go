package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/notegen/notegen/internal/transcript"
)

// endpoint joins an OpenAI-compatible base URL ("https://api.openai.com/v1",
// "http://host:8090" or the full endpoint URL) with an API path.
func endpoint(base, path string) string {
	base = strings.TrimRight(base, "/")
	switch {
	case strings.HasSuffix(base, path):
		return base
	case strings.HasSuffix(base, "/v1"):
		return base + path
	default:
		return base + "/v1" + path
	}
}

// call sends req and classifies failures; a 2xx body is returned.
func call(client *http.Client, req *http.Request, name string) ([]byte, error) {
	resp, err := client.Do(req)
	if err != nil {
		var netErr net.Error
		transient := errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "connection refused")
		if req.Context().Err() == context.Canceled {
			transient = true
		}
		return nil, &Error{Provider: name, Transient: transient, Message: "could not reach the provider", Cause: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if err != nil {
		return nil, &Error{Provider: name, Transient: true, Message: "the provider's answer was cut off", Cause: err}
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return body, nil
	}
	e := &Error{Provider: name, Message: fmt.Sprintf("the provider answered %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 || resp.StatusCode == http.StatusRequestTimeout {
		e.Transient = true
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
			e.RetryAfter = time.Duration(secs) * time.Second
		}
	}
	// The provider's own message helps an operator; it is about the
	// request, and OpenAI-style servers never echo the audio or text.
	var apiErr struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &apiErr) == nil && apiErr.Error.Message != "" {
		e.Cause = errors.New(truncate(apiErr.Error.Message, 300))
	}
	return nil, e
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// OpenAITranscriber speaks POST /v1/audio/transcriptions.
type OpenAITranscriber struct {
	URL, APIKey, Model string
	Client             *http.Client
}

const sttName = "speech-to-text"

// Transcribe implements Transcriber.
func (t *OpenAITranscriber) Transcribe(ctx context.Context, wav io.Reader, lang string) (Transcript, error) {
	// The multipart body is streamed, so an hour of audio is never held in
	// memory.
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			model := t.Model
			if model == "" {
				model = "whisper-1"
			}
			// verbose_json brings the timed utterances that become the
			// transcript's segments; a provider that answers plain json
			// anyway still works, as one segment.
			for k, v := range map[string]string{"model": model, "language": lang, "response_format": "verbose_json",
				"timestamp_granularities[]": "segment"} {
				if err := mw.WriteField(k, v); err != nil {
					return err
				}
			}
			part, err := mw.CreateFormFile("file", "audio.wav")
			if err != nil {
				return err
			}
			if _, err := io.Copy(part, wav); err != nil {
				return err
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint(t.URL, "/audio/transcriptions"), pr)
	if err != nil {
		return Transcript{}, &Error{Provider: sttName, Message: "invalid speech-to-text URL", Cause: err}
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if t.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+t.APIKey)
	}
	body, err := call(t.Client, req, sttName)
	if err != nil {
		return Transcript{}, err
	}
	var out struct {
		Text  *string `json:"text"`
		Usage struct {
			InputTokens int64 `json:"input_tokens"`
			TotalTokens int64 `json:"total_tokens"`
		} `json:"usage"`
		Segments []struct {
			Start float64 `json:"start"`
			End   float64 `json:"end"`
			Text  string  `json:"text"`
			// Speaker is sent by servers that diarise (an extension of
			// verbose_json); OpenAI's own does not.
			Speaker string `json:"speaker"`
		} `json:"segments"`
	}
	if err := json.Unmarshal(body, &out); err != nil || out.Text == nil {
		return Transcript{}, &Error{Provider: sttName, Message: "the speech-to-text provider gave a malformed answer (no text)"}
	}
	text := strings.TrimSpace(*out.Text)
	var segs []transcript.Timed
	for _, seg := range out.Segments {
		segs = append(segs, transcript.Timed{Start: seg.Start, End: seg.End, Text: seg.Text, Speaker: seg.Speaker})
	}
	return Transcript{Text: text, Tokens: transcript.EstimateTokens(text), Segments: segs}, nil
}

// OpenAIChat writes notes through POST /v1/chat/completions.
type OpenAIChat struct {
	URL, APIKey, Model string
	Client             *http.Client
}

const llmName = "note writer"

// Write implements NoteWriter.
func (c *OpenAIChat) Write(ctx context.Context, r NoteRequest) (Note, error) {
	prompt, err := BuildPrompt(r)
	if err != nil {
		return Note{}, &Error{Provider: llmName, Message: err.Error()}
	}
	text, tokens, err := c.chat(ctx, prompt.System, prompt.User, nil)
	if err != nil {
		return Note{}, err
	}
	return Note{Title: prompt.Title, Text: text, Tokens: tokens}, nil
}

// chat sends one chat completion, a system and a user message at
// temperature 0 (the same transcript gives the same note), with the
// request's other fields in extra, and returns the answer's text and the
// tokens it cost.
func (c *OpenAIChat) chat(ctx context.Context, system, user string, extra map[string]any) (string, int64, error) {
	model := c.Model
	if model == "" {
		model = "gpt-4o-mini"
	}
	fields := map[string]any{
		"model":       model,
		"temperature": 0,
		"messages": []map[string]string{
			{"role": "system", "content": system},
			{"role": "user", "content": user},
		},
	}
	maps.Copy(fields, extra)
	reqBody, err := json.Marshal(fields)
	if err != nil {
		return "", 0, fmt.Errorf("encode chat request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint(c.URL, "/chat/completions"), bytes.NewReader(reqBody))
	if err != nil {
		return "", 0, &Error{Provider: llmName, Message: "invalid language model URL", Cause: err}
	}
	req.Header.Set("Content-Type", "application/json")
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	body, err := call(c.Client, req, llmName)
	if err != nil {
		return "", 0, err
	}
	return chatContent(body)
}

// chatContent reads a chat completion's answer and its token count.
func chatContent(body []byte) (string, int64, error) {
	var out struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Usage struct {
			CompletionTokens int64 `json:"completion_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal(body, &out); err != nil || len(out.Choices) == 0 || strings.TrimSpace(out.Choices[0].Message.Content) == "" {
		return "", 0, &Error{Provider: llmName, Message: "the language model gave a malformed answer (no note)"}
	}
	text := strings.TrimSpace(out.Choices[0].Message.Content)
	tokens := out.Usage.CompletionTokens
	if tokens == 0 {
		tokens = transcript.EstimateTokens(text)
	}
	return text, tokens, nil
}
