// Command notegen-asr is notegen's local speech-to-text server: an
// OpenAI-compatible POST /v1/audio/transcriptions on top of sherpa-onnx, kept
// in its own process so the native engine cannot take the notegen service down.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "notegen-asr: %v\n", err)
		stop()
		os.Exit(1)
	}
}
