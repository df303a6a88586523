//go:build !unix

package store

// openSharedVersion has no shared memory to offer here: caches read the
// database instead.
func openSharedVersion(string) (*sharedVersion, error) { return nil, nil }

func (s *sharedVersion) close() error { return nil }
