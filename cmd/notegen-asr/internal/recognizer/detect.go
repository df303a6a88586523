package recognizer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/notegen/notegen/cmd/notegen-asr/internal/onnxmeta"
)

// Kind names a sherpa-onnx model family; operators can force one with
// --model-type when detection from the file names guesses wrong.
type Kind string

// The model families the server can load.
const (
	KindOnlineTransducer  Kind = "online-transducer"  // streaming zipformer transducer
	KindOfflineTransducer Kind = "offline-transducer" // non-streaming zipformer transducer
	KindNemoTransducer    Kind = "nemo-transducer"    // NeMo / Parakeet TDT and RNN-T
	KindNemoCTC           Kind = "nemo-ctc"           // NeMo CTC (single model.onnx)
	KindWhisper           Kind = "whisper"
	KindMoonshine         Kind = "moonshine"
)

// Kinds lists every supported Kind, for flag help and validation.
var Kinds = []Kind{KindOnlineTransducer, KindOfflineTransducer, KindNemoTransducer, KindNemoCTC, KindWhisper, KindMoonshine}

// Spec is a model directory resolved to the files sherpa-onnx needs.
type Spec struct {
	Kind                           Kind
	Tokens                         string
	Encoder, Decoder, Joiner       string // transducers, Whisper, Moonshine
	Model                          string // single-file CTC models
	Preprocessor                   string // Moonshine v1
	UncachedDecoder, CachedDecoder string // Moonshine v1
	MergedDecoder                  string // Moonshine v2
}

// Streaming reports whether the model is a streaming (online) model; those get
// tail padding and need no upper bound on segment length.
func (s Spec) Streaming() bool { return s.Kind == KindOnlineTransducer }

// Detect resolves dir to a Spec. kind may be empty to guess it from the file
// names and, for transducers, from the encoder's ONNX metadata. It never hands
// sherpa-onnx a wrong family, because sherpa-onnx exits the process on that.
func Detect(dir string, kind Kind) (Spec, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Spec{}, fmt.Errorf("read model dir: %w", err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if kind != "" && !slices.Contains(Kinds, kind) {
		return Spec{}, fmt.Errorf("unknown model type %q (want one of %v)", kind, Kinds)
	}
	pick := func(parts ...string) string { return pickFile(dir, names, parts...) }
	s := Spec{Kind: kind, Tokens: pick("tokens", ".txt")}
	if s.Tokens == "" {
		return Spec{}, fmt.Errorf("model dir %s: no tokens file (*tokens*.txt)", dir)
	}
	s.Encoder, s.Decoder, s.Joiner = pick("encoder", ".onnx"), pick("decoder", ".onnx"), pick("joiner", ".onnx")
	if s.Kind == "" {
		switch {
		case pick("preprocess", ".onnx") != "" || pick("merged_decode", ".onnx") != "":
			s.Kind = KindMoonshine
		case s.Encoder != "" && s.Decoder != "" && s.Joiner != "":
			s.Kind, err = transducerKind(s.Encoder)
			if err != nil {
				return Spec{}, err
			}
		case s.Encoder != "" && s.Decoder != "":
			s.Kind = KindWhisper
		case pick("model", ".onnx") != "":
			s.Kind = KindNemoCTC
		default:
			return Spec{}, fmt.Errorf("model dir %s: no known sherpa-onnx model layout (set --model-type)", dir)
		}
	}
	switch s.Kind {
	case KindOnlineTransducer, KindOfflineTransducer, KindNemoTransducer:
		if s.Encoder == "" || s.Decoder == "" || s.Joiner == "" {
			return Spec{}, fmt.Errorf("model dir %s: %s needs encoder, decoder and joiner .onnx files", dir, s.Kind)
		}
	case KindWhisper:
		if s.Encoder == "" || s.Decoder == "" {
			return Spec{}, fmt.Errorf("model dir %s: whisper needs encoder and decoder .onnx files", dir)
		}
		s.Joiner = ""
	case KindMoonshine:
		s.Preprocessor = pick("preprocess", ".onnx")
		s.Encoder = pick("encode", ".onnx")
		s.UncachedDecoder = pick("uncached_decode", ".onnx")
		s.CachedDecoder = pick("cached_decode", ".onnx")
		s.MergedDecoder = pick("merged_decode", ".onnx")
		if s.Encoder == "" || (s.MergedDecoder == "" && (s.UncachedDecoder == "" || s.CachedDecoder == "")) {
			return Spec{}, fmt.Errorf("model dir %s: moonshine needs encode and decode .onnx files", dir)
		}
		s.Decoder, s.Joiner = "", ""
	case KindNemoCTC:
		s.Model = pick("model", ".onnx")
		if s.Model == "" {
			return Spec{}, fmt.Errorf("model dir %s: nemo-ctc needs model.onnx", dir)
		}
		s.Encoder, s.Decoder, s.Joiner = "", "", ""
	}
	return s, nil
}

// transducerKind tells streaming, NeMo and plain offline transducers apart by
// the metadata their export scripts write into the encoder.
func transducerKind(encoder string) (Kind, error) {
	meta, err := onnxmeta.Read(encoder)
	if err != nil {
		return "", fmt.Errorf("inspect encoder: %w", err)
	}
	has := func(k string) bool { _, ok := meta[k]; return ok }
	switch {
	case has("decode_chunk_len") || has("chunk_size") || strings.Contains(meta["comment"], "streaming"):
		return KindOnlineTransducer, nil
	case has("pred_rnn_layers") || has("normalize_type") || strings.HasPrefix(meta["model_type"], "EncDec") ||
		strings.Contains(strings.ToLower(meta["url"]+" "+meta["model_author"]), "nemo") ||
		strings.Contains(strings.ToLower(meta["url"]), "nvidia"):
		return KindNemoTransducer, nil
	case len(meta) == 0:
		return "", errors.New("encoder has no metadata: set --model-type")
	default:
		return KindOfflineTransducer, nil
	}
}

// pickFile returns the file in names containing every part, preferring the
// int8-quantised variant (smaller and faster on CPU) when both exist.
func pickFile(dir string, names []string, parts ...string) string {
	var found []string
	for _, n := range names {
		ok := true
		for _, p := range parts {
			if !strings.Contains(n, p) {
				ok = false
				break
			}
		}
		// "decoder" must not match "uncached_decoder"/"merged_decoder" and vice versa.
		if ok && parts[0] == "decoder" && (strings.Contains(n, "cached_decode") || strings.Contains(n, "merged_decode")) {
			ok = false
		}
		if ok && parts[0] == "cached_decode" && strings.Contains(n, "uncached_decode") {
			ok = false
		}
		if ok && parts[0] == "encode" && strings.Contains(n, "decode") && !strings.Contains(n, "encode") {
			ok = false
		}
		if ok {
			found = append(found, n)
		}
	}
	if len(found) == 0 {
		return ""
	}
	slices.Sort(found)
	for _, n := range found {
		if strings.Contains(n, "int8") {
			return filepath.Join(dir, n)
		}
	}
	return filepath.Join(dir, found[0])
}
