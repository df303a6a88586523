package pipeline

import (
	"bytes"
	"context"

	"github.com/notegen/notegen/internal/job"
)

// AppendStream stores pcm, sealed, after the audio the stream has, and
// records the new length (job.AppendStream, which writes it under the
// job's row lock so that a connection that was taken over cannot append).
func (s *Service) AppendStream(ctx context.Context, st *job.Stream, pcm []byte) error {
	return s.jobs.AppendStream(ctx, st, int64(len(pcm)), func(offset int64) (int64, error) {
		return s.blobs.WriteRange(ctx, st.JobID, offset, bytes.NewReader(pcm), int64(len(pcm)))
	})
}

// EndStream finishes a live stream with what it received (job.EndStream)
// and then deletes its audio, which its utterances have replaced, unless
// audio is kept.
func (s *Service) EndStream(ctx context.Context, jobID string) (job.Status, error) {
	status, ended, err := s.jobs.EndStream(ctx, jobID)
	if err != nil {
		return "", err
	}
	if ended && !s.cfg.KeepAudio {
		if err := s.blobs.Delete(ctx, jobID); err != nil {
			s.log.WarnContext(ctx, "could not delete streamed audio", "job_id", jobID, "error", err.Error())
		}
	}
	return status, nil
}
