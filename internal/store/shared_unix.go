//go:build unix

package store

import (
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// sharedSize is the mapped length: one page holds the two counters.
const sharedSize = 4096

// openSharedVersion maps path, creating it when missing. SQLite's WAL
// mode already requires every process on the file to share memory (its
// -shm file), so this adds no new constraint.
func openSharedVersion(path string) (*sharedVersion, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", path, err)
	}
	if info.Size() < sharedSize {
		if err := f.Truncate(sharedSize); err != nil {
			return nil, fmt.Errorf("size %s: %w", path, err)
		}
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, sharedSize, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("map %s: %w", path, err)
	}
	return &sharedVersion{
		mem:     mem,
		pending: (*atomic.Int64)(unsafe.Pointer(&mem[0])),
		version: (*atomic.Int64)(unsafe.Pointer(&mem[8])),
	}, nil
}

func (s *sharedVersion) close() error {
	if s == nil {
		return nil
	}
	return syscall.Munmap(s.mem)
}
