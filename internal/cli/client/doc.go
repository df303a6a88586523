package client

import (
	_ "embed"
	"strings"
)

// helpText is the reference of the client commands, one entry each: the
// command's name and arguments on an unindented line, then, indented by
// four spaces, a one-line summary and, after a blank line, the
// description and examples that --help prints. Keeping the prose in one
// file lets it be read and reviewed as the CLI's manual.
//
//go:embed help.txt
var helpText string

// doc is what help says of a command.
type doc struct {
	args    string // synopsis of positional arguments and flags
	summary string
	help    string // description and examples
}

// docs are the entries of help.txt by their first line.
type docs map[string][]string

func parseDocs(text string) docs {
	d := docs{}
	var synopsis string
	for _, line := range strings.Split(text, "\n") {
		if line != "" && !strings.HasPrefix(line, " ") {
			synopsis = line
			d[synopsis] = nil
			continue
		}
		d[synopsis] = append(d[synopsis], strings.TrimPrefix(line, "    "))
	}
	return d
}

// of returns the documentation of the command named name: the entry whose
// first line is the name, alone or followed by the arguments.
func (d docs) of(name string) doc {
	for synopsis, body := range d {
		if synopsis != name && !strings.HasPrefix(synopsis, name+" ") {
			continue
		}
		out := doc{args: strings.TrimSpace(strings.TrimPrefix(synopsis, name))}
		if len(body) > 0 {
			out.summary = body[0]
		}
		if len(body) > 2 {
			out.help = strings.TrimRight(strings.Join(body[2:], "\n"), "\n")
		}
		return out
	}
	return doc{}
}
