package store

import (
	"bytes"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"
)

// memFS is a read-only file system of files held in memory, all in its
// root: the migrations once translated for SQLite, which goose reads
// through io/fs. It is written here rather than borrowed from
// testing/fstest so that the server links no testing package.
type memFS map[string][]byte

// Open opens the root directory or one of its files.
func (m memFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == "." {
		entries, _ := m.ReadDir(".")
		return &memDir{info: memInfo{name: ".", mode: fs.ModeDir | 0o555}, entries: entries}, nil
	}
	data, ok := m[name]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memFile{Reader: bytes.NewReader(data), info: m.info(name)}, nil
}

// ReadDir lists the root directory, sorted by name as fs.ReadDir promises.
func (m memFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		err := fs.ErrNotExist
		if _, ok := m[name]; ok {
			err = fs.ErrInvalid // a file, not a directory
		}
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: err}
	}
	entries := make([]fs.DirEntry, 0, len(m))
	for n := range m {
		entries = append(entries, fs.FileInfoToDirEntry(m.info(n)))
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

func (m memFS) info(name string) memInfo {
	return memInfo{name: name, size: int64(len(m[name])), mode: 0o444}
}

// memFile is an open file of a memFS.
type memFile struct {
	*bytes.Reader
	info memInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

// memDir is the open root directory of a memFS.
type memDir struct {
	info    memInfo
	entries []fs.DirEntry
	read    int // entries returned so far
}

func (d *memDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *memDir) Close() error               { return nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: fs.ErrInvalid}
}

// ReadDir returns the next n entries (all that are left for n <= 0), as
// fs.ReadDirFile specifies: io.EOF once none are left when n > 0.
func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	left := d.entries[d.read:]
	if n <= 0 {
		d.read = len(d.entries)
		return left, nil
	}
	if len(left) == 0 {
		return nil, io.EOF
	}
	left = left[:min(n, len(left))]
	d.read += len(left)
	return left, nil
}

// memInfo describes a file or the root of a memFS.
type memInfo struct {
	name string
	size int64
	mode fs.FileMode
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return i.mode }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return i.mode.IsDir() }
func (i memInfo) Sys() any           { return nil }
