package job

import (
	"bufio"
	"context"
	"crypto/hmac"
	"encoding/hex"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/store"
)

// MaxAudioBytes is the contract's limit on one recording.
const MaxAudioBytes = 500 << 20

const uploadPurpose = "presigned-upload"

// presign returns the URL the client PUTs the audio to: bound to one job
// and an expiry by an HMAC under the master key.
func (s *Service) presign(jobID string, expires time.Time) string {
	exp := strconv.FormatInt(expires.Unix(), 10)
	sig := hex.EncodeToString(s.master.MAC(uploadPurpose, []byte(jobID+"|"+exp)))
	return s.cfg.PublicURL + "/v1/uploads/" + jobID + "?expires=" + exp + "&signature=" + sig
}

var errBadUploadURL = apperr.New(apperr.Authorization, "The upload URL is invalid or has expired; submit the job again for a new one")

func (s *Service) verifyPresigned(jobID, expires, signature string, now time.Time) error {
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return errBadUploadURL
	}
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(got, s.master.MAC(uploadPurpose, []byte(jobID+"|"+expires))) {
		return errBadUploadURL
	}
	if !now.Before(time.Unix(exp, 0)) {
		return errBadUploadURL
	}
	return nil
}

// UploadResult is the answer to an upload.
type UploadResult struct {
	JobID         string `json:"job_id"`
	Status        Status `json:"status"`
	BytesReceived int64  `json:"bytes_received"`
}

// contentRange is a parsed Content-Range header; total is -1 when unknown.
type contentRange struct {
	start, end, total int64
	query             bool // "bytes */total": how much has arrived?
}

var contentRangePattern = regexp.MustCompile(`^bytes (?:(\d+)-(\d+)|(\*))/(\d+|\*)$`)

func parseContentRange(h string) (*contentRange, error) {
	if h == "" {
		return nil, nil
	}
	m := contentRangePattern.FindStringSubmatch(h)
	if m == nil {
		return nil, apperr.Invalid("Content-Range", "Content-Range must look like \"bytes 0-1023/4096\"")
	}
	cr := &contentRange{total: -1}
	if m[4] != "*" {
		cr.total, _ = strconv.ParseInt(m[4], 10, 64)
	}
	if m[3] == "*" {
		if cr.total < 0 {
			return nil, apperr.Invalid("Content-Range", "Content-Range \"bytes */*\" names nothing")
		}
		cr.query = true
		return cr, nil
	}
	cr.start, _ = strconv.ParseInt(m[1], 10, 64)
	cr.end, _ = strconv.ParseInt(m[2], 10, 64)
	if cr.end < cr.start || (cr.total >= 0 && cr.end >= cr.total) {
		return nil, apperr.Invalid("Content-Range", "Content-Range is not a valid byte range")
	}
	return cr, nil
}

// Upload receives the audio of a pending job, whole or as one range of a
// resumable upload. The body streams to storage; it is never held in
// memory. The job is queued once every byte has arrived.
func (s *Service) Upload(ctx context.Context, jobID, expires, signature, rangeHeader string, body io.Reader) (UploadResult, bool, error) {
	now := store.Now()
	if err := s.verifyPresigned(jobID, expires, signature, now); err != nil {
		return UploadResult{}, false, err
	}
	cr, err := parseContentRange(rangeHeader)
	if err != nil {
		return UploadResult{}, false, err
	}
	j, err := load(ctx, s.db, jobID, false)
	if err != nil {
		return UploadResult{}, false, err
	}
	if j.Status != Pending {
		return UploadResult{}, false, apperr.New(apperr.Conflict, "The job's audio has already been received; the job is %s", j.Status)
	}
	received := UploadResult{JobID: j.ID, Status: Pending, BytesReceived: j.UploadBytes}
	start, total := int64(0), int64(-1)
	if cr != nil {
		if cr.total > MaxAudioBytes {
			return UploadResult{}, false, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", MaxAudioBytes>>20)
		}
		if cr.query {
			return received, false, nil
		}
		start, total = cr.start, cr.total
		if j.UploadTotal.Valid && total >= 0 && total != j.UploadTotal.Int64 {
			return UploadResult{}, false, apperr.New(apperr.Conflict, "Content-Range total %d differs from the %d announced earlier", total, j.UploadTotal.Int64)
		}
		if start != 0 && start != j.UploadBytes {
			return received, false, apperr.New(apperr.Conflict, "The upload must continue at byte %d", j.UploadBytes)
		}
	}

	limit := int64(MaxAudioBytes) - start
	if cr != nil {
		limit = cr.end - cr.start + 1
	}
	src := bufio.NewReaderSize(body, audio.SniffLen)
	if start == 0 {
		head, _ := src.Peek(audio.SniffLen)
		if len(head) == 0 {
			return UploadResult{}, false, apperr.Invalid("file", "The audio file is empty")
		}
		if !audio.Matches(j.Spec.FileExtension, head) {
			return UploadResult{}, false, apperr.Invalid("file", "The file is not %s audio", j.Spec.FileExtension)
		}
	}
	// One byte past the limit tells an oversized body from an exact one.
	written, err := s.blobs.WriteRange(ctx, j.ID, start, src, limit+1)
	if err != nil {
		return UploadResult{}, false, fmt.Errorf("store audio: %w", err)
	}
	if written > limit {
		_ = s.blobs.Delete(ctx, j.ID)
		if cr != nil {
			return UploadResult{}, false, apperr.Invalid("Content-Range", "The body is longer than its Content-Range")
		}
		return UploadResult{}, false, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", MaxAudioBytes>>20)
	}
	if cr != nil && written != limit {
		return UploadResult{}, false, apperr.Invalid("Content-Range", "The body is %d bytes, shorter than its Content-Range", written)
	}
	if start == 0 && written == 0 {
		return UploadResult{}, false, apperr.Invalid("file", "The audio file is empty")
	}
	complete := cr == nil || (total >= 0 && start+written == total)
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		j, err := load(ctx, tx, jobID, true)
		if err != nil {
			return err
		}
		if j.Status != Pending || (start != 0 && j.UploadBytes != start) {
			return apperr.New(apperr.Conflict, "Another upload to this job was received at the same time; continue at byte %d", j.UploadBytes)
		}
		var totalArg any
		if total >= 0 {
			totalArg = total
		} else if complete {
			totalArg = start + written
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET upload_bytes = ?, upload_total = COALESCE(?, upload_total), updated_at = ? WHERE id = ?`,
			start+written, totalArg, now, jobID); err != nil {
			return fmt.Errorf("record upload: %w", err)
		}
		received.BytesReceived = start + written
		if !complete {
			return nil
		}
		received.Status = Queued
		if err := s.setStatus(ctx, tx, j, Queued, statusMessage(Queued), now); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, jobID, false)
	})
	if err != nil {
		return UploadResult{}, false, err
	}
	return received, complete, nil
}
