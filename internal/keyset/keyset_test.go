package keyset_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/keyset"
)

func TestCursorRoundTrip(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 12, 30, 0, 123456789, time.FixedZone("CET", 3600))
	gotAt, gotID, err := keyset.Decode(keyset.Encode(at, "id|with|bars"))
	require.NoError(t, err)
	require.True(t, at.Equal(gotAt))
	require.Equal(t, time.UTC, gotAt.Location())
	require.Equal(t, "id|with|bars", gotID)
}

func TestDecodeRefusesForeignCursors(t *testing.T) {
	t.Parallel()
	for _, c := range []string{"not base64!", "bm8tYmFy" /* "no-bar" */, "eWVzdGVyZGF5fGlk" /* "yesterday|id" */} {
		_, _, err := keyset.Decode(c)
		require.Error(t, err, c)
	}
}

func TestPage(t *testing.T) {
	t.Parallel()
	type row struct {
		at time.Time
		id string
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rows := []row{{t0.Add(2), "c"}, {t0.Add(1), "b"}, {t0, "a"}}
	key := func(r row) (time.Time, string) { return r.at, r.id }

	page, next := keyset.Page(rows, 2, key)
	require.Equal(t, rows[:2], page)
	at, id, err := keyset.Decode(next)
	require.NoError(t, err)
	require.Equal(t, "b", id, "the next page starts after the last row shown")
	require.True(t, t0.Add(1).Equal(at))

	page, next = keyset.Page(rows, 3, key)
	require.Equal(t, rows, page)
	require.Empty(t, next, "no cursor on the last page")
}

func TestOlderRefusesACursorWhoseIDFailsTheCheck(t *testing.T) {
	t.Parallel()
	cursor := keyset.Encode(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "not-a-uuid")
	notUUID := func(string) error { return errors.New("not a UUID") }
	_, _, err := keyset.Older("SELECT id FROM t WHERE 1 = 1", nil, "created_at", "id", cursor, 10, notUUID)
	require.Error(t, err, "an id the list cannot hold is a foreign cursor")
	_, _, err = keyset.Older("SELECT id FROM t WHERE 1 = 1", nil, "created_at", "id", "not base64!", 10, nil)
	require.Error(t, err)
	_, args, err := keyset.Older("SELECT id FROM t WHERE 1 = 1", nil, "created_at", "id", cursor, 10, nil)
	require.NoError(t, err)
	require.Equal(t, 11, args[len(args)-1], "one row more than the page tells whether more follow")
}
