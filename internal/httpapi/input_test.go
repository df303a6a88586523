package httpapi

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen/internal/apperr"
)

// TestCheckJSONTextNamesTheField checks the field names the input rules
// report for strings deep inside a body, where the conformance suite only
// reaches what the OpenAPI schemas describe.
func TestCheckJSONTextNamesTheField(t *testing.T) {
	t.Parallel()
	cases := []struct {
		body  string
		field string
		code  apperr.Code
	}{
		{`{"a":"x\u0000"}`, "a", apperr.Validation},
		{"{\"a\":\"x\xffy\"}", "a", apperr.Validation},
		{`{"a":1,"b":{"c":["ok",{"d":"\u0000"}]}}`, "b.c[1].d", apperr.Validation},
		{`{"a":[[1,2],["ok","\u0000"]]}`, "a[1][1]", apperr.Validation},
		{`{"a":{"b":true},"c":"\u0000"}`, "c", apperr.Validation},
		{`["ok","\u0000"]`, "[1]", apperr.Validation},
		{`"\u0000"`, "", apperr.Validation},
		{`{"k\u0000":"v"}`, "", apperr.Validation},
	}
	for _, tc := range cases {
		err := checkJSONText([]byte(tc.body))
		require.Error(t, err, tc.body)
		e := apperr.From(err)
		require.Equal(t, tc.code, e.Code, tc.body)
		require.Equal(t, tc.field, e.Field, tc.body)
	}
	for _, ok := range []string{`{}`, `{"a":"é ✓ \u00e9","b":[null,1.5,{"c":"\ud83d\ude00"}]}`, `{"a":"\t\n"}`} {
		require.NoError(t, checkJSONText([]byte(ok)), ok)
	}
}
