package client

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/notegen/notegen"
)

func notesStreamCmd(fs *flag.FlagSet) runner {
	jf := newJobFlags(fs)
	file := fs.String("file", "", "WAV (16-bit mono PCM) or raw PCM file to stream")
	realtime := fs.Bool("realtime", false, "send the audio at the speed it was recorded")
	rate := fs.Int("sample-rate", 16000, "sample rate of a raw PCM file (a WAV file's header says its own)")
	return func(ctx context.Context, s *session, args []string) error {
		if *file == "" || len(args) > 0 {
			return usageErr("give the audio with --file FILE")
		}
		c, err := jf.apiKey.client(s)
		if err != nil {
			return err
		}
		f, err := openAudio(*file, "--file "+*file)
		if err != nil {
			return err
		}
		defer f.Close()
		audio, sampleRate, err := pcmOf(bufio.NewReader(f), *rate)
		if err != nil {
			return exitErr(exitValidation, err)
		}
		live := &liveLine{out: s.env.Stderr, quiet: s.jsonOut}
		job, err := c.StreamAudio(ctx, notegen.StreamJobRequest{JobOptions: jf.options(), SampleRate: sampleRate}, audio,
			notegen.StreamOptions{Realtime: *realtime, OnMessage: live.show, OnReconnect: live.dropped})
		live.end()
		if err != nil {
			return err
		}
		return waitAndPrint(ctx, s, c, job.JobID)
	}
}

// liveLine prints partials over one another on a terminal line and each
// final segment on its own line.
type liveLine struct {
	out     io.Writer
	quiet   bool
	partial bool
}

func (l *liveLine) show(m notegen.StreamMessage) {
	if l.quiet {
		return
	}
	switch m.Type {
	case notegen.StreamPartial:
		fmt.Fprintf(l.out, "\r\033[K… %s", m.Text)
		l.partial = true
	case notegen.StreamSegment:
		if l.partial {
			fmt.Fprint(l.out, "\r\033[K")
			l.partial = false
		}
		start, end := 0.0, 0.0
		if m.Segment.StartTime != nil && m.Segment.EndTime != nil {
			start, end = *m.Segment.StartTime, *m.Segment.EndTime
		}
		fmt.Fprintf(l.out, "[%6.1fs-%6.1fs] %s\n", start, end, m.Segment.Text)
	}
}

// dropped says that the connection dropped and the stream is being
// rejoined: the audio goes on from what the server stored.
func (l *liveLine) dropped(err error) {
	if l.quiet {
		return
	}
	l.end()
	l.partial = false
	fmt.Fprintf(l.out, "connection dropped (%v); rejoining the stream\n", err)
}

func (l *liveLine) end() {
	if l.partial {
		fmt.Fprintln(l.out)
	}
}

// pcmOf returns the PCM samples of a WAV file and its sample rate, or the
// reader itself at rawRate when it is not a WAV file.
func pcmOf(r *bufio.Reader, rawRate int) (io.Reader, int, error) {
	head, _ := r.Peek(12)
	if len(head) < 12 || string(head[:4]) != "RIFF" || string(head[8:12]) != "WAVE" {
		return r, rawRate, nil
	}
	if _, err := r.Discard(12); err != nil {
		return nil, 0, err
	}
	rate := 0
	for {
		var hdr [8]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return nil, 0, errors.New("the WAV file has no data chunk")
		}
		id, size := string(hdr[:4]), int64(binary.LittleEndian.Uint32(hdr[4:]))
		switch id {
		case "fmt ":
			fmtChunk := make([]byte, size)
			if _, err := io.ReadFull(r, fmtChunk); err != nil || size < 16 {
				return nil, 0, errors.New("the WAV file's format chunk is cut short")
			}
			format, channels := binary.LittleEndian.Uint16(fmtChunk[0:]), binary.LittleEndian.Uint16(fmtChunk[2:])
			bits := binary.LittleEndian.Uint16(fmtChunk[14:])
			rate = int(binary.LittleEndian.Uint32(fmtChunk[4:]))
			if format != 1 || channels != 1 || bits != 16 {
				return nil, 0, fmt.Errorf("the WAV file is not 16-bit mono PCM; convert it with: ffmpeg -i IN -ac 1 -ar 16000 -c:a pcm_s16le OUT.wav")
			}
		case "data":
			if rate == 0 {
				return nil, 0, errors.New("the WAV file's data comes before its format")
			}
			return io.LimitReader(r, size), rate, nil
		default:
			if _, err := r.Discard(int(size + size%2)); err != nil {
				return nil, 0, errors.New("the WAV file is cut short")
			}
		}
	}
}
