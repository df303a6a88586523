// Package audiotest makes audio files for tests.
package audiotest

import (
	"bytes"
	"encoding/binary"
)

// WAV returns a 16-bit mono WAV file of the given length and sample rate
// holding a square-wave tone: valid audio for decoders and sniffers.
func WAV(seconds float64, rate int) []byte {
	samples := int(seconds * float64(rate))
	var b bytes.Buffer
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, uint32(36+samples*2))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(rate), uint32(rate * 2), uint16(2), uint16(16)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, uint32(samples*2))
	period := max(2, rate/440)
	for i := range samples {
		v := int16(6000)
		if (i/(period/2))%2 == 0 {
			v = -6000
		}
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	return b.Bytes()
}
