package realtime

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time the calling OS thread has used. With one
// onnxruntime thread the decode runs on the caller's thread, so the
// difference around a decode (with the goroutine locked to its thread) is
// the CPU it cost: a real-time factor on one core that a busy machine's
// preemption does not inflate, unlike wall time.
func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
