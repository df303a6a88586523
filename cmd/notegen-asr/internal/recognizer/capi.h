// capi.h: our own declarations of the sherpa-onnx 1.13.8 C API subset used by
// this package (see capi.go for why struct prefixes are enough).
#ifndef NOTEGEN_ASR_RECOGNIZER_CAPI_H
#define NOTEGEN_ASR_RECOGNIZER_CAPI_H
#include <stdint.h>
#include <stdlib.h>

typedef struct { int32_t sample_rate; int32_t feature_dim; } FeatureConfig;

typedef struct { const char *encoder, *decoder, *joiner; } TransducerConfig;

// SherpaOnnxOnlineModelConfig, leading fields.
typedef struct {
  TransducerConfig transducer;
  struct { const char *encoder, *decoder; } paraformer;
  struct { const char *model; } zipformer2_ctc;
  const char *tokens;
  int32_t num_threads;
  const char *provider;
  int32_t debug;
  const char *model_type;
} OnlineModelPrefix;

// SherpaOnnxOnlineRecognizerConfig, leading fields.
typedef struct {
  FeatureConfig feat_config;
  OnlineModelPrefix model_config;
} OnlineRecognizerPrefix;

typedef struct {
  const char *encoder, *decoder, *language, *task;
  int32_t tail_paddings;
  int32_t enable_token_timestamps;
  int32_t enable_segment_timestamps;
} WhisperConfig;

typedef struct {
  const char *preprocessor, *encoder, *uncached_decoder, *cached_decoder, *merged_decoder;
} MoonshineConfig;

// SherpaOnnxOfflineModelConfig, leading fields up to and including moonshine.
typedef struct {
  TransducerConfig transducer;
  struct { const char *model; } paraformer;
  struct { const char *model; } nemo_ctc;
  WhisperConfig whisper;
  struct { const char *model; } tdnn;
  const char *tokens;
  int32_t num_threads;
  int32_t debug;
  const char *provider;
  const char *model_type;
  const char *modeling_unit;
  const char *bpe_vocab;
  const char *telespeech_ctc;
  struct { const char *model; const char *language; int32_t use_itn; } sense_voice;
  MoonshineConfig moonshine;
} OfflineModelPrefix;

// SherpaOnnxOfflineRecognizerConfig, leading fields.
typedef struct {
  FeatureConfig feat_config;
  OfflineModelPrefix model_config;
} OfflineRecognizerPrefix;

typedef struct SherpaOnnxOnlineRecognizer SherpaOnnxOnlineRecognizer;
typedef struct SherpaOnnxOnlineStream SherpaOnnxOnlineStream;
typedef struct SherpaOnnxOfflineRecognizer SherpaOnnxOfflineRecognizer;
typedef struct SherpaOnnxOfflineStream SherpaOnnxOfflineStream;

// SherpaOnnxOnlineRecognizerResult, leading fields.
typedef struct {
  const char *text;
  const char *tokens;
  const char *const *tokens_arr;
  float *timestamps;
  int32_t count;
} OnlineResultPrefix;

// SherpaOnnxOfflineRecognizerResult, leading fields.
typedef struct {
  const char *text;
  float *timestamps;
  int32_t count;
  const char *tokens;
  const char *const *tokens_arr;
} OfflineResultPrefix;

const char *SherpaOnnxGetVersionStr(void);

const SherpaOnnxOnlineRecognizer *SherpaOnnxCreateOnlineRecognizer(const void *config);
void SherpaOnnxDestroyOnlineRecognizer(const SherpaOnnxOnlineRecognizer *r);
const SherpaOnnxOnlineStream *SherpaOnnxCreateOnlineStream(const SherpaOnnxOnlineRecognizer *r);
void SherpaOnnxDestroyOnlineStream(const SherpaOnnxOnlineStream *s);
void SherpaOnnxOnlineStreamAcceptWaveform(const SherpaOnnxOnlineStream *s, int32_t sample_rate, const float *samples, int32_t n);
void SherpaOnnxOnlineStreamInputFinished(const SherpaOnnxOnlineStream *s);
int32_t SherpaOnnxIsOnlineStreamReady(const SherpaOnnxOnlineRecognizer *r, const SherpaOnnxOnlineStream *s);
void SherpaOnnxDecodeOnlineStream(const SherpaOnnxOnlineRecognizer *r, const SherpaOnnxOnlineStream *s);
const OnlineResultPrefix *SherpaOnnxGetOnlineStreamResult(const SherpaOnnxOnlineRecognizer *r, const SherpaOnnxOnlineStream *s);
void SherpaOnnxDestroyOnlineRecognizerResult(const OnlineResultPrefix *r);

const SherpaOnnxOfflineRecognizer *SherpaOnnxCreateOfflineRecognizer(const void *config);
void SherpaOnnxDestroyOfflineRecognizer(const SherpaOnnxOfflineRecognizer *r);
const SherpaOnnxOfflineStream *SherpaOnnxCreateOfflineStream(const SherpaOnnxOfflineRecognizer *r);
void SherpaOnnxDestroyOfflineStream(const SherpaOnnxOfflineStream *s);
void SherpaOnnxAcceptWaveformOffline(const SherpaOnnxOfflineStream *s, int32_t sample_rate, const float *samples, int32_t n);
void SherpaOnnxOfflineStreamSetOption(const SherpaOnnxOfflineStream *s, const char *key, const char *value);
void SherpaOnnxDecodeOfflineStream(const SherpaOnnxOfflineRecognizer *r, const SherpaOnnxOfflineStream *s);
const OfflineResultPrefix *SherpaOnnxGetOfflineStreamResult(const SherpaOnnxOfflineStream *s);
void SherpaOnnxDestroyOfflineRecognizerResult(const OfflineResultPrefix *r);

#endif
