// capi.h: our own declarations of the sherpa-onnx 1.13.8 C API subset used by
// the VAD package. As in internal/recognizer, configs are built in a larger
// zeroed block, so only the leading fields we set are declared.
#ifndef NOTEGEN_ASR_VAD_CAPI_H
#define NOTEGEN_ASR_VAD_CAPI_H
#include <stdint.h>

// SherpaOnnxVadModelConfig, leading fields.
typedef struct {
  struct {
    const char *model;
    float threshold;
    float min_silence_duration;
    float min_speech_duration;
    int32_t window_size;
    float max_speech_duration;
  } silero_vad;
  int32_t sample_rate;
  int32_t num_threads;
  const char *provider;
  int32_t debug;
} VadConfigPrefix;

typedef struct {
  int32_t start;
  float *samples;
  int32_t n;
} SherpaOnnxSpeechSegment;

typedef struct SherpaOnnxVoiceActivityDetector SherpaOnnxVoiceActivityDetector;

const SherpaOnnxVoiceActivityDetector *SherpaOnnxCreateVoiceActivityDetector(const void *config, float buffer_size_in_seconds);
void SherpaOnnxDestroyVoiceActivityDetector(const SherpaOnnxVoiceActivityDetector *p);
void SherpaOnnxVoiceActivityDetectorAcceptWaveform(const SherpaOnnxVoiceActivityDetector *p, const float *samples, int32_t n);
int32_t SherpaOnnxVoiceActivityDetectorEmpty(const SherpaOnnxVoiceActivityDetector *p);
void SherpaOnnxVoiceActivityDetectorPop(const SherpaOnnxVoiceActivityDetector *p);
const SherpaOnnxSpeechSegment *SherpaOnnxVoiceActivityDetectorFront(const SherpaOnnxVoiceActivityDetector *p);
void SherpaOnnxDestroySpeechSegment(const SherpaOnnxSpeechSegment *p);
void SherpaOnnxVoiceActivityDetectorReset(const SherpaOnnxVoiceActivityDetector *p);
void SherpaOnnxVoiceActivityDetectorFlush(const SherpaOnnxVoiceActivityDetector *p);

#endif
