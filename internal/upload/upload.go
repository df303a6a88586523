// Package upload holds the rules of a presigned audio upload that are about
// the request rather than the job: the signed URL a client PUTs audio to,
// and the byte range one request of a resumable upload carries. The HTTP
// edge checks the URL and reads the range from the Content-Range header
// before the job service sees the body, so neither this package nor the
// job service knows HTTP.
package upload

import (
	"crypto/hmac"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/notegen/notegen/internal/apperr"
	"github.com/notegen/notegen/internal/masterkey"
)

// macPurpose and streamPurpose separate upload and stream signatures from
// each other and from every other MAC made with the master key, so an
// upload URL's signature never opens a stream or the other way round.
const (
	macPurpose    = "presigned-upload"
	streamPurpose = "signed-stream"
)

// Signer makes and checks presigned upload URLs: each is bound to one job
// and an expiry by an HMAC under the master key, so any replica can check a
// URL another replica made, and no state is stored for it.
type Signer struct {
	master    *masterkey.Key
	publicURL string
}

// NewSigner returns a signer whose URLs start with publicURL, the address
// clients reach the service at.
func NewSigner(master *masterkey.Key, publicURL string) *Signer {
	return &Signer{master: master, publicURL: publicURL}
}

// URL returns the URL the client PUTs the job's audio to. The expiry is in
// whole seconds, so the same job and expiry always give the same URL: a
// replayed submission answers the URL the first answer carried.
func (s *Signer) URL(jobID string, expires time.Time) string {
	exp := strconv.FormatInt(expires.Unix(), 10)
	return s.publicURL + "/v1/uploads/" + jobID + "?expires=" + exp + "&signature=" + hex.EncodeToString(s.mac(jobID, exp))
}

func (s *Signer) mac(jobID, expires string) []byte {
	return s.master.MAC(macPurpose, []byte(jobID+"|"+expires))
}

// StreamURL returns the WebSocket URL a client streams the job's audio to:
// the public URL with its scheme made ws:// or wss://, signed like an
// upload URL under its own purpose.
func (s *Signer) StreamURL(jobID string, expires time.Time) string {
	base := s.publicURL
	switch {
	case strings.HasPrefix(base, "https://"):
		base = "wss://" + strings.TrimPrefix(base, "https://")
	case strings.HasPrefix(base, "http://"):
		base = "ws://" + strings.TrimPrefix(base, "http://")
	}
	exp := strconv.FormatInt(expires.Unix(), 10)
	return base + "/v1/streams/" + jobID + "?expires=" + exp + "&signature=" + hex.EncodeToString(s.master.MAC(streamPurpose, []byte(jobID+"|"+exp)))
}

// ErrBadStreamURL answers a stream whose URL was not made by the service or
// has expired.
var ErrBadStreamURL = apperr.New(apperr.Authorization, "The stream URL is invalid or has expired; submit the job again for a new one")

// VerifyStream checks the signature of a stream URL for jobID and returns
// its expiry. The caller decides about expiry: a stream that is under way
// may be rejoined after its URL has expired.
func (s *Signer) VerifyStream(jobID, expires, signature string) (time.Time, error) {
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return time.Time{}, ErrBadStreamURL
	}
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(got, s.master.MAC(streamPurpose, []byte(jobID+"|"+expires))) {
		return time.Time{}, ErrBadStreamURL
	}
	return time.Unix(exp, 0), nil
}

// ErrBadURL answers an upload whose URL was not made by the service or has
// expired; the client's remedy is a new submission.
var ErrBadURL = apperr.New(apperr.Authorization, "The upload URL is invalid or has expired; submit the job again for a new one")

// Verify checks the expires and signature query parameters of an upload
// URL for jobID at now.
func (s *Signer) Verify(jobID, expires, signature string, now time.Time) error {
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return ErrBadURL
	}
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(got, s.mac(jobID, expires)) {
		return ErrBadURL
	}
	if !now.Before(time.Unix(exp, 0)) {
		return ErrBadURL
	}
	return nil
}

// Range is the byte range one request of a resumable upload carries.
type Range struct {
	// Start and End are the first and last byte of the body, inclusive.
	Start, End int64
	// Total is the size of the whole recording; -1 when not yet known.
	Total int64
	// Query is "bytes */total": the client asks how much has arrived and
	// sends no bytes.
	Query bool
}

// Len is how many bytes the body of the range carries.
func (r *Range) Len() int64 { return r.End - r.Start + 1 }
