package onnxmeta

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// entry encodes a StringStringEntryProto as ModelProto field 14.
func entry(k, v string) []byte {
	inner := append([]byte{0x0a, byte(len(k))}, k...)
	inner = append(inner, 0x12, byte(len(v)))
	inner = append(inner, v...)
	return append([]byte{14<<3 | 2, byte(len(inner))}, inner...)
}

func TestReadSkipsOtherFields(t *testing.T) {
	t.Parallel()
	var b []byte
	b = append(b, 0x08, 0x07)                   // ir_version = 7
	b = append(b, 0x3a, 0x03, 0x01, 0x02, 0x03) // graph (field 7), 3 opaque bytes
	b = append(b, entry("model_type", "zipformer2")...)
	b = append(b, entry("decode_chunk_len", "32")...)
	p := filepath.Join(t.TempDir(), "m.onnx")
	require.NoError(t, os.WriteFile(p, b, 0o600))
	m, err := Read(p)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"model_type": "zipformer2", "decode_chunk_len": "32"}, m)
}

func TestReadRejectsGarbage(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "m.onnx")
	require.NoError(t, os.WriteFile(p, []byte{0x0f, 0xff}, 0o600)) // wire type 7
	_, err := Read(p)
	require.Error(t, err)
}
