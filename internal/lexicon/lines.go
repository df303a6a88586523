package lexicon

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"
)

// EachLine calls fn with the number and the text of every line of a data
// file that is not blank or a comment ("#" first), trimmed: the one reader
// of the line format the lexicon's files, the training rules and the test
// encounters share. Errors name the file and the line.
func EachLine(fsys fs.FS, name string, fn func(n int, line string) error) error {
	f, err := fsys.Open(name)
	if err != nil {
		return fmt.Errorf("open %s: %w", name, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := fn(n, line); err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}
