package httpapi

import (
	"regexp"
	"strconv"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/upload"
)

var contentRangePattern = regexp.MustCompile(`^bytes (?:(\d+)-(\d+)|(\*))/(\d+|\*)$`)

// parseContentRange reads a Content-Range header; an empty header is a
// whole upload and gives nil.
func parseContentRange(h string) (*upload.Range, error) {
	if h == "" {
		return nil, nil
	}
	m := contentRangePattern.FindStringSubmatch(h)
	if m == nil {
		return nil, apperr.Invalid("Content-Range", "Content-Range must look like \"bytes 0-1023/4096\"")
	}
	r := &upload.Range{Total: -1}
	if m[4] != "*" {
		r.Total, _ = strconv.ParseInt(m[4], 10, 64)
	}
	if m[3] == "*" {
		if r.Total < 0 {
			return nil, apperr.Invalid("Content-Range", "Content-Range \"bytes */*\" names nothing")
		}
		r.Query = true
		return r, nil
	}
	r.Start, _ = strconv.ParseInt(m[1], 10, 64)
	r.End, _ = strconv.ParseInt(m[2], 10, 64)
	if r.End < r.Start || (r.Total >= 0 && r.End >= r.Total) {
		return nil, apperr.Invalid("Content-Range", "Content-Range is not a valid byte range")
	}
	return r, nil
}
