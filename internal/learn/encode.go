package learn

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// magic starts every stored model, with the format's version.
const magic = "notegen-linear-1\n"

// MarshalBinary stores the model gzipped: its labels, biases, and each
// non-zero bucket's weights quantised to 16 bits against the largest
// weight. Buckets are written in order, so the same model gives the same
// bytes.
func (m *Model) MarshalBinary() ([]byte, error) {
	var raw bytes.Buffer
	raw.WriteString(magic)
	putUvarint(&raw, uint64(m.Bits))
	putUvarint(&raw, uint64(len(m.Labels)))
	for _, l := range m.Labels {
		putUvarint(&raw, uint64(len(l)))
		raw.WriteString(l)
	}
	for _, b := range m.Bias {
		_ = binary.Write(&raw, binary.LittleEndian, b)
	}
	largest := float32(0)
	for _, row := range m.weights {
		for _, x := range row {
			largest = max(largest, float32(math.Abs(float64(x))))
		}
	}
	scale := largest / math.MaxInt16
	if scale == 0 {
		scale = 1
	}
	_ = binary.Write(&raw, binary.LittleEndian, scale)
	buckets := make([]uint32, 0, len(m.weights))
	for b := range m.weights {
		buckets = append(buckets, b)
	}
	slices.Sort(buckets)
	putUvarint(&raw, uint64(len(buckets)))
	prev := uint32(0)
	for _, b := range buckets {
		putUvarint(&raw, uint64(b-prev))
		prev = b
		for _, x := range m.weights[b] {
			putVarint(&raw, int64(math.Round(float64(x/scale))))
		}
	}
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("store model: %w", err)
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return nil, fmt.Errorf("store model: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("store model: %w", err)
	}
	return out.Bytes(), nil
}

// UnmarshalBinary reads a model MarshalBinary stored.
func (m *Model) UnmarshalBinary(data []byte) error {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("read model: %w", err)
	}
	r := bufio.NewReader(zr)
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != magic {
		return errors.New("read model: not a notegen linear model")
	}
	bits, err := binary.ReadUvarint(r)
	if err != nil || bits == 0 || bits > 30 {
		return fmt.Errorf("read model: bad feature space")
	}
	n, err := binary.ReadUvarint(r)
	if err != nil || n < 2 || n > 1000 {
		return fmt.Errorf("read model: bad label count")
	}
	out := Model{Bits: uint8(bits), weights: map[uint32][]float32{}}
	for i := uint64(0); i < n; i++ {
		ln, err := binary.ReadUvarint(r)
		if err != nil || ln > 1000 {
			return fmt.Errorf("read model: bad label")
		}
		name := make([]byte, ln)
		if _, err := io.ReadFull(r, name); err != nil {
			return fmt.Errorf("read model: %w", err)
		}
		out.Labels = append(out.Labels, string(name))
	}
	out.Bias = make([]float32, n)
	if err := binary.Read(r, binary.LittleEndian, out.Bias); err != nil {
		return fmt.Errorf("read model biases: %w", err)
	}
	var scale float32
	if err := binary.Read(r, binary.LittleEndian, &scale); err != nil {
		return fmt.Errorf("read model scale: %w", err)
	}
	count, err := binary.ReadUvarint(r)
	if err != nil || count > 1<<bits {
		return fmt.Errorf("read model: bad bucket count")
	}
	b := uint32(0)
	for i := uint64(0); i < count; i++ {
		d, err := binary.ReadUvarint(r)
		if err != nil {
			return fmt.Errorf("read model bucket: %w", err)
		}
		b += uint32(d)
		row := make([]float32, n)
		for c := range row {
			q, err := binary.ReadVarint(r)
			if err != nil {
				return fmt.Errorf("read model weight: %w", err)
			}
			row[c] = float32(q) * scale
		}
		out.weights[b] = row
	}
	*m = out
	return nil
}

// Buckets is how many buckets hold a weight: the stored model's size.
func (m *Model) Buckets() int { return len(m.weights) }

func putUvarint(w *bytes.Buffer, x uint64) {
	var buf [binary.MaxVarintLen64]byte
	w.Write(buf[:binary.PutUvarint(buf[:], x)])
}

func putVarint(w *bytes.Buffer, x int64) {
	var buf [binary.MaxVarintLen64]byte
	w.Write(buf[:binary.PutVarint(buf[:], x)])
}
