// capi.h: our own declarations of the sherpa-onnx 1.13.8 C API subset used by
// this package (see capi.go for why struct prefixes are enough).
#ifndef NOTEGEN_ASR_RECOGNIZER_CAPI_H
#define NOTEGEN_ASR_RECOGNIZER_CAPI_H
#include <stdint.h>
#include <stdlib.h>

typedef struct { int32_t sample_rate; int32_t feature_dim; } FeatureConfig;

typedef struct { const char *encoder, *decoder, *joiner; } TransducerConfig;

// SherpaOnnxOnlineModelConfig, whole (1.13.8): the recognizer config's
// decoding and endpoint fields follow it, so every field must be declared.
typedef struct {
  TransducerConfig transducer;
  struct { const char *encoder, *decoder; } paraformer;
  struct { const char *model; } zipformer2_ctc;
  const char *tokens;
  int32_t num_threads;
  const char *provider;
  int32_t debug;
  const char *model_type;
  const char *modeling_unit;
  const char *bpe_vocab;
  const char *tokens_buf;
  int32_t tokens_buf_size;
  struct { const char *model; } nemo_ctc;
  struct { const char *model; } t_one_ctc;
} OnlineModelConfig;

// SherpaOnnxOnlineRecognizerConfig, leading fields up to the endpoint rules.
typedef struct {
  FeatureConfig feat_config;
  OnlineModelConfig model_config;
  const char *decoding_method;
  int32_t max_active_paths;
  int32_t enable_endpoint;
  float rule1_min_trailing_silence;
  float rule2_min_trailing_silence;
  float rule3_min_utterance_length;
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
int32_t SherpaOnnxOnlineStreamIsEndpoint(const SherpaOnnxOnlineRecognizer *r, const SherpaOnnxOnlineStream *s);
void SherpaOnnxOnlineStreamReset(const SherpaOnnxOnlineRecognizer *r, const SherpaOnnxOnlineStream *s);

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
