// Package onnxmeta reads the metadata_props of an ONNX model file without
// loading its weights, so the server can tell model families apart (streaming
// or offline transducer, NeMo, ...) before handing files to sherpa-onnx, which
// exits the process instead of returning an error when given the wrong kind.
package onnxmeta

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// Field numbers of onnx.ModelProto and onnx.StringStringEntryProto.
const (
	fieldMetadataProps = 14
	fieldKey           = 1
	fieldValue         = 2
	maxEntryLen        = 1 << 20 // a metadata entry is text, never megabytes
)

// Read returns the metadata key/value pairs of the ONNX model at path. It
// streams the file and skips every other top-level field (including the graph
// with its weights), so memory stays small even for gigabyte models.
func Read(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open onnx model: %w", err)
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	meta := map[string]string{}
	for {
		tag, err := readVarint(r)
		if errors.Is(err, io.EOF) {
			return meta, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read onnx model %s: %w", path, err)
		}
		field, wire := tag>>3, tag&7
		switch wire {
		case 0: // varint
			if _, err := readVarint(r); err != nil {
				return nil, fmt.Errorf("read onnx model %s: %w", path, err)
			}
		case 1: // 64-bit
			if _, err := r.Discard(8); err != nil {
				return nil, fmt.Errorf("read onnx model %s: %w", path, err)
			}
		case 5: // 32-bit
			if _, err := r.Discard(4); err != nil {
				return nil, fmt.Errorf("read onnx model %s: %w", path, err)
			}
		case 2: // length-delimited
			n, err := readVarint(r)
			if err != nil {
				return nil, fmt.Errorf("read onnx model %s: %w", path, err)
			}
			if field != fieldMetadataProps {
				if err := discard(r, n); err != nil {
					return nil, fmt.Errorf("read onnx model %s: %w", path, err)
				}
				continue
			}
			if n > maxEntryLen {
				return nil, fmt.Errorf("read onnx model %s: metadata entry of %d bytes", path, n)
			}
			buf := make([]byte, n)
			if _, err := io.ReadFull(r, buf); err != nil {
				return nil, fmt.Errorf("read onnx model %s: %w", path, err)
			}
			k, v, err := parseEntry(buf)
			if err != nil {
				return nil, fmt.Errorf("read onnx model %s: %w", path, err)
			}
			meta[k] = v
		default:
			return nil, fmt.Errorf("read onnx model %s: unexpected wire type %d (not an ONNX file?)", path, wire)
		}
	}
}

func discard(r *bufio.Reader, n uint64) error {
	for n > 0 {
		step := min(n, 1<<30)
		if _, err := r.Discard(int(step)); err != nil {
			return err
		}
		n -= step
	}
	return nil
}

func parseEntry(b []byte) (key, value string, err error) {
	for len(b) > 0 {
		tag, n := uvarint(b)
		if n <= 0 {
			return "", "", errors.New("bad metadata entry")
		}
		b = b[n:]
		if tag&7 != 2 {
			return "", "", errors.New("bad metadata entry wire type")
		}
		l, n := uvarint(b)
		if n <= 0 || uint64(len(b)-n) < l {
			return "", "", errors.New("bad metadata entry length")
		}
		s := string(b[n : n+int(l)])
		b = b[n+int(l):]
		switch tag >> 3 {
		case fieldKey:
			key = s
		case fieldValue:
			value = s
		}
	}
	return key, value, nil
}

func readVarint(r io.ByteReader) (uint64, error) {
	var x uint64
	for shift := uint(0); shift < 64; shift += 7 {
		b, err := r.ReadByte()
		if err != nil {
			if shift > 0 && errors.Is(err, io.EOF) {
				return 0, io.ErrUnexpectedEOF
			}
			return 0, err
		}
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return x, nil
		}
	}
	return 0, errors.New("varint overflow")
}

func uvarint(b []byte) (uint64, int) {
	var x uint64
	for i, c := range b {
		if i == 10 {
			return 0, -1
		}
		x |= uint64(c&0x7f) << (7 * uint(i))
		if c < 0x80 {
			return x, i + 1
		}
	}
	return 0, 0
}
