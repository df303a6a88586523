package job

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/audio"
	"github.com/notegen/notegen/internal/store"
	"github.com/notegen/notegen/internal/upload"
)

// MaxAudioBytes is the contract's limit on one recording.
const MaxAudioBytes = 500 << 20

// UploadResult is the answer to an upload.
type UploadResult struct {
	JobID         string
	Status        Status
	BytesReceived int64
}

// Upload receives the audio of a pending job, whole (cr nil) or as one
// range of a resumable upload. The caller has checked the upload URL's
// signature. The body streams to storage; it is never held in memory. The
// job is queued once every byte has arrived.
func (s *Service) Upload(ctx context.Context, jobID string, cr *upload.Range, body io.Reader) (UploadResult, bool, error) {
	now := store.Now()
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
		if cr.Total > MaxAudioBytes {
			return UploadResult{}, false, apperr.New(apperr.PayloadTooLarge, "Audio must be at most %d MiB", MaxAudioBytes>>20)
		}
		if cr.Query {
			return received, false, nil
		}
		start, total = cr.Start, cr.Total
		if j.UploadTotal.Valid && total >= 0 && total != j.UploadTotal.Int64 {
			return UploadResult{}, false, apperr.New(apperr.Conflict, "Content-Range total %d differs from the %d announced earlier", total, j.UploadTotal.Int64)
		}
		if start != 0 && start != j.UploadBytes {
			return received, false, apperr.New(apperr.Conflict, "The upload must continue at byte %d", j.UploadBytes)
		}
	}

	limit := int64(MaxAudioBytes) - start
	if cr != nil {
		limit = cr.Len()
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
		return s.enqueue(ctx, tx, jobID)
	})
	if err != nil {
		return UploadResult{}, false, err
	}
	return received, complete, nil
}
