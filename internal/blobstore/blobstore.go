// Package blobstore keeps uploaded audio at rest, sealed under the master
// key. An upload arrives as one or more byte ranges (resumable uploads send
// chunks); each range is written to its own segment, sealed in 64 KiB
// records bound to their object and offset, and renamed into place only
// once complete, so a crash mid-write never leaves a half-written range.
package blobstore

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/notegen/notegen/internal/masterkey"
)

// Store holds sealed objects. Local is the implementation for one host or
// a shared directory; an object-storage implementation serves replicas on
// several hosts behind the same interface.
type Store interface {
	// WriteRange stores the bytes of r as the range starting at offset of
	// object name, reading at most limit bytes, and returns how many it
	// stored. A range written again replaces the earlier one.
	WriteRange(ctx context.Context, name string, offset int64, r io.Reader, limit int64) (int64, error)
	// Open reads the object's plaintext, which must be size bytes long.
	Open(ctx context.Context, name string, size int64) (io.ReadCloser, error)
	// Delete removes the object; deleting a missing object is no error.
	Delete(ctx context.Context, name string) error
}

const recordSize = 64 << 10

// Local stores objects in a directory.
type Local struct {
	dir    string
	master *masterkey.Key
}

// NewLocal returns a store in dir, creating it.
func NewLocal(dir string, master *masterkey.Key) (*Local, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create blob directory: %w", err)
	}
	return &Local{dir: dir, master: master}, nil
}

func (l *Local) objectDir(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return "", fmt.Errorf("invalid object name %q", name)
	}
	return filepath.Join(l.dir, name), nil
}

func purpose(name string, offset int64) string {
	return "blob:" + name + ":" + strconv.FormatInt(offset, 10)
}

// WriteRange implements Store.
func (l *Local) WriteRange(ctx context.Context, name string, offset int64, r io.Reader, limit int64) (int64, error) {
	dir, err := l.objectDir(name)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return 0, fmt.Errorf("create object directory: %w", err)
	}
	final := filepath.Join(dir, segmentName(offset))
	tmp, err := os.CreateTemp(dir, "upload-*.tmp")
	if err != nil {
		return 0, fmt.Errorf("create segment: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	written, err := sealRecords(ctx, l.master, tmp, r, limit, name, offset)
	if err != nil {
		tmp.Close()
		return written, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return written, fmt.Errorf("sync segment: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return written, fmt.Errorf("close segment: %w", err)
	}
	// Later segments belong to an earlier, abandoned attempt at the rest of
	// the object; a client resuming from here will send them again.
	if err := l.dropSegmentsFrom(dir, offset); err != nil {
		return written, err
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return written, fmt.Errorf("store segment: %w", err)
	}
	return written, nil
}

func (l *Local) dropSegmentsFrom(dir string, offset int64) error {
	segs, err := segments(dir)
	if err != nil {
		return err
	}
	for _, s := range segs {
		if s.offset >= offset {
			if err := os.Remove(s.path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("drop segment: %w", err)
			}
		}
	}
	return nil
}

// segment is one stored range of an object, found at path.
type segment struct {
	offset int64
	path   string
}

// segmentName names the segment of an object that starts at offset,
// zero-padded so that names sort like offsets: "0000000000012800.seg".
func segmentName(offset int64) string {
	return fmt.Sprintf("%016d.seg", offset)
}

// segmentOffset reads the offset from a name segmentName wrote; ok is false
// for any other name, such as an upload's temporary file.
func segmentOffset(name string) (offset int64, ok bool) {
	base, ok := strings.CutSuffix(name, ".seg")
	if !ok {
		return 0, false
	}
	offset, err := strconv.ParseInt(base, 10, 64)
	return offset, err == nil
}

// sortSegments puts an object's segments in the order they are read.
func sortSegments(segs []segment) {
	sort.Slice(segs, func(i, j int) bool { return segs[i].offset < segs[j].offset })
}

// sealRecords reads at most limit bytes of r and writes them to w as sealed
// records bound to the object and their offset. It returns the plaintext
// bytes written.
func sealRecords(ctx context.Context, master *masterkey.Key, w io.Writer, r io.Reader, limit int64, name string, offset int64) (int64, error) {
	buf := make([]byte, recordSize)
	sealed := make([]byte, 0, recordSize+64)
	var written int64
	src := io.LimitReader(r, limit)
	for {
		if err := ctx.Err(); err != nil {
			return written, err
		}
		n, rerr := io.ReadFull(src, buf)
		if n > 0 {
			sealed = master.SealAppend(sealed, purpose(name, offset+written), buf[:n])
			var header [4]byte
			binary.BigEndian.PutUint32(header[:], uint32(len(sealed)))
			if _, err := w.Write(header[:]); err != nil {
				return written, fmt.Errorf("write segment: %w", err)
			}
			if _, err := w.Write(sealed); err != nil {
				return written, fmt.Errorf("write segment: %w", err)
			}
			written += int64(n)
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			return written, nil
		}
		if rerr != nil {
			return written, fmt.Errorf("read upload: %w", rerr)
		}
	}
}

func segments(dir string) ([]segment, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list segments: %w", err)
	}
	var out []segment
	for _, e := range entries {
		if off, ok := segmentOffset(e.Name()); ok {
			out = append(out, segment{offset: off, path: filepath.Join(dir, e.Name())})
		}
	}
	sortSegments(out)
	return out, nil
}

// Open implements Store.
func (l *Local) Open(ctx context.Context, name string, size int64) (io.ReadCloser, error) {
	dir, err := l.objectDir(name)
	if err != nil {
		return nil, err
	}
	segs, err := segments(dir)
	if err != nil {
		return nil, err
	}
	return &reader{master: l.master, name: name, segs: segs, size: size, open: func(seg segment) (io.ReadCloser, error) {
		return os.Open(seg.path)
	}}, nil
}

// reader decrypts segments in order, checking that they are contiguous and
// add up to the expected size, so a missing or truncated range is an error
// rather than silently shorter audio.
type reader struct {
	master  *masterkey.Key
	name    string
	segs    []segment
	open    func(segment) (io.ReadCloser, error)
	size    int64
	offset  int64
	current io.ReadCloser
	pending []byte
}

func (r *reader) Read(p []byte) (int, error) {
	for len(r.pending) == 0 {
		if err := r.nextRecord(); err != nil {
			return 0, err
		}
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

func (r *reader) nextRecord() error {
	if r.current == nil {
		if len(r.segs) == 0 {
			if r.offset != r.size {
				return fmt.Errorf("object %s is %d bytes, want %d", r.name, r.offset, r.size)
			}
			return io.EOF
		}
		seg := r.segs[0]
		r.segs = r.segs[1:]
		if seg.offset != r.offset {
			return fmt.Errorf("object %s has a gap at %d", r.name, r.offset)
		}
		f, err := r.open(seg)
		if err != nil {
			return fmt.Errorf("open segment: %w", err)
		}
		r.current = f
	}
	var header [4]byte
	if _, err := io.ReadFull(r.current, header[:]); err == io.EOF {
		r.current.Close()
		r.current = nil
		return nil
	} else if err != nil {
		return fmt.Errorf("read segment: %w", err)
	}
	sealed := make([]byte, binary.BigEndian.Uint32(header[:]))
	if _, err := io.ReadFull(r.current, sealed); err != nil {
		return fmt.Errorf("read segment: %w", err)
	}
	plain, err := r.master.Open(purpose(r.name, r.offset), sealed)
	if err != nil {
		return err
	}
	r.offset += int64(len(plain))
	r.pending = plain
	return nil
}

func (r *reader) Close() error {
	if r.current != nil {
		return r.current.Close()
	}
	return nil
}

// Delete implements Store.
func (l *Local) Delete(ctx context.Context, name string) error {
	dir, err := l.objectDir(name)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("delete object: %w", err)
	}
	return nil
}
