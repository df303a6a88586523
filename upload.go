package notegen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// ProgressFunc is called as an upload proceeds with the bytes sent so far
// and the total (-1 when unknown). It runs on the uploading goroutine.
type ProgressFunc func(sent, total int64)

// UploadOptions tune an audio upload.
type UploadOptions struct {
	// Size is the audio's length in bytes; 0 means find it out from an
	// *os.File or an io.Seeker, else send the body chunked.
	Size int64
	// Progress, if set, is called as bytes are sent.
	Progress ProgressFunc
}

// SubmitAudio creates an audio job and uploads audio to it: POST
// /v1/process-audio (JSON) then PUT to the presigned URL. The upload is
// retried only when audio is an io.Seeker.
func (c *Client) SubmitAudio(ctx context.Context, req AudioJobRequest, audio io.Reader, opts UploadOptions) (*Job, error) {
	if req.FileExtension == "" {
		if f, ok := audio.(*os.File); ok {
			req.FileExtension = strings.TrimPrefix(filepath.Ext(f.Name()), ".")
		}
	}
	job, err := c.CreateAudioJob(ctx, req)
	if err != nil {
		return nil, err
	}
	if job.PresignedURL == "" {
		return nil, newError(0, "invalid_response", "process-audio returned no presigned_url", "", "", nil)
	}
	return c.UploadAudio(ctx, job.PresignedURL, audio, opts)
}

// UploadAudio sends audio to a presigned URL from CreateAudioJob (PUT
// <presigned_url>); the job is then queued. No credential is sent: the
// signature is in the URL.
func (c *Client) UploadAudio(ctx context.Context, presignedURL string, audio io.Reader, opts UploadOptions) (*Job, error) {
	target, err := c.resolve(presignedURL)
	if err != nil {
		return nil, err
	}
	return c.sendAudio(ctx, audio, opts, "upload", func(body io.Reader, size int64) (*http.Request, func(), error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, target, body)
		if err != nil {
			return nil, nil, fmt.Errorf("notegen: build upload: %w", err)
		}
		if size > 0 {
			req.ContentLength = size
		}
		req.Header.Set("Content-Type", "application/octet-stream")
		req.Header.Set("User-Agent", c.userAgent)
		req.Header.Set("Accept", "application/json")
		return req, func() {}, nil
	})
}

// SubmitAudioMultipart creates an audio job and sends the audio in the
// same request (POST /v1/process-audio, multipart with part "file").
// filename names the part; its extension tells the format. It is retried
// only when audio is an io.Seeker.
func (c *Client) SubmitAudioMultipart(ctx context.Context, opts JobOptions, filename string, audio io.Reader, up UploadOptions) (*Job, error) {
	fields, err := formFields(opts)
	if err != nil {
		return nil, err
	}
	header := idempotencyHeader(opts.IdempotencyKey)
	return c.sendAudio(ctx, audio, up, "process-audio", func(body io.Reader, _ int64) (*http.Request, func(), error) {
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() { pw.CloseWithError(writeMultipart(mw, fields, filename, body)) }()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint("/v1/process-audio", nil), pr)
		if err != nil {
			pr.Close()
			return nil, nil, fmt.Errorf("notegen: build upload: %w", err)
		}
		req.Header.Set("Content-Type", mw.FormDataContentType())
		for k, v := range header {
			req.Header[k] = v
		}
		if _, err := c.authorize(ctx, req, authAPIKey); err != nil {
			pr.Close()
			return nil, nil, err
		}
		return req, func() { pr.Close() }, nil
	})
}

// audioRequest builds one attempt's request around body (the audio with
// progress reporting, of size bytes or -1) and a release func to call once
// the answer has arrived.
type audioRequest func(body io.Reader, size int64) (req *http.Request, release func(), err error)

// sendAudio sends audio with build's requests, retrying transient failures
// when audio can be rewound (an io.Seeker); what names the call in errors.
func (c *Client) sendAudio(ctx context.Context, audio io.Reader, up UploadOptions, what string, build audioRequest) (*Job, error) {
	size := up.Size
	if size <= 0 {
		size = sizeOf(audio)
	}
	seeker, _ := audio.(io.Seeker)
	var start int64
	if seeker != nil {
		var err error
		if start, err = seeker.Seek(0, io.SeekCurrent); err != nil {
			seeker = nil
		}
	}
	for attempt := 1; ; attempt++ {
		if attempt > 1 {
			if _, err := seeker.Seek(start, io.SeekStart); err != nil {
				return nil, fmt.Errorf("notegen: rewind audio for retry: %w", err)
			}
		}
		req, release, err := build(&progressReader{r: audio, total: size, fn: up.Progress}, size)
		if err != nil {
			return nil, err
		}
		resp, data, err := c.send(req)
		release()
		retryable := seeker != nil && c.retry.allows(attempt) && ctx.Err() == nil
		if err != nil {
			if retryable && sleep(ctx, c.retry.backoff(attempt)) == nil {
				continue
			}
			return nil, networkError("upload audio failed", err)
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			var out Job
			if len(data) > 0 {
				if err := json.Unmarshal(data, &out); err != nil {
					return nil, newError(resp.StatusCode, "invalid_response", what+" response is not the expected JSON", "", resp.Header.Get("X-Request-Id"), err)
				}
			}
			return &out, nil
		}
		if retryable && c.shouldRetry(resp.StatusCode, true, attempt) {
			if d, ok := c.retry.delay(attempt, retryAfter(resp.Header, c.now())); ok && sleep(ctx, d) == nil {
				continue
			}
		}
		return nil, errorFromResponse(resp, data)
	}
}

func writeMultipart(mw *multipart.Writer, fields map[string]string, filename string, audio io.Reader) error {
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			return err
		}
	}
	part, err := mw.CreateFormFile("file", filepath.Base(filename))
	if err != nil {
		return err
	}
	if _, err := io.Copy(part, audio); err != nil {
		return err
	}
	return mw.Close()
}

// formFields flattens job options into form fields; objects are sent as
// JSON text.
func formFields(opts JobOptions) (map[string]string, error) {
	data, err := json.Marshal(opts)
	if err != nil {
		return nil, fmt.Errorf("notegen: encode job fields: %w", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("notegen: encode job fields: %w", err)
	}
	fields := make(map[string]string, len(m))
	for k, raw := range m {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			fields[k] = s
		} else {
			fields[k] = string(raw)
		}
	}
	return fields, nil
}

// resolve makes a possibly relative URL absolute against the base URL.
func (c *Client) resolve(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", newError(0, "invalid_response", "presigned URL is invalid", "presigned_url", "", err)
	}
	if u.IsAbs() {
		return u.String(), nil
	}
	return c.base.ResolveReference(u).String(), nil
}

// sizeOf finds the length of what remains in r, or -1.
func sizeOf(r io.Reader) int64 {
	type lenner interface{ Len() int }
	switch v := r.(type) {
	case *os.File:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			if pos, err := v.Seek(0, io.SeekCurrent); err == nil {
				return fi.Size() - pos
			}
		}
	case lenner:
		return int64(v.Len())
	case io.Seeker:
		cur, err := v.Seek(0, io.SeekCurrent)
		if err != nil {
			return -1
		}
		end, err := v.Seek(0, io.SeekEnd)
		if _, err2 := v.Seek(cur, io.SeekStart); err != nil || err2 != nil {
			return -1
		}
		return end - cur
	}
	return -1
}

// progressReader reports bytes read.
type progressReader struct {
	r     io.Reader
	sent  int64
	total int64
	fn    ProgressFunc
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.sent += int64(n)
	if p.fn != nil && (n > 0 || errors.Is(err, io.EOF)) {
		p.fn(p.sent, p.total)
	}
	return n, err
}
