package conformance

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	st "github.com/notegen/notegen/internal/servertest"
)

// rawRequest sends a request whose headers are added, not set, so a test
// can repeat a header or send bytes that st.Do would not.
func rawRequest(t *testing.T, s *st.Server, method, path string, body []byte, headers ...st.Header) st.Response {
	t.Helper()
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL+path, reader)
	require.NoError(t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range headers {
		req.Header.Add(h[0], h[1])
	}
	resp, err := s.Send(req)
	require.NoError(t, err)
	return resp
}

// requireError asserts the contract's error body with the given status,
// code and, when not empty, field.
func requireError(t *testing.T, resp st.Response, status int, code, field, msgAndArgs string) {
	t.Helper()
	require.Equal(t, status, resp.Status, "%s: %s", msgAndArgs, resp.Body)
	var body struct {
		Error struct {
			Code  string `json:"code"`
			Field string `json:"field"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal(resp.Body, &body), "%s: %s", msgAndArgs, resp.Body)
	require.Equal(t, code, body.Error.Code, "%s: %s", msgAndArgs, resp.Body)
	if field != "" {
		require.Equal(t, field, body.Error.Field, "%s: %s", msgAndArgs, resp.Body)
	}
}

// TestDuplicateCredentialHeaders checks that two x-api-key or two
// Authorization headers are refused even when both are valid: which one
// would win is up to the reader, so the server takes neither.
func TestDuplicateCredentialHeaders(t *testing.T) {
	st.EachOwner(t, func(t *testing.T, s *st.Server, o *st.Owner) {
		other := s.NewOwner(t)
		key := createKey(t, s, o, "sandbox", nil)
		otherKey := createKey(t, s, other, "sandbox", nil)

		// Each credential alone works, so the refusals below are about the
		// repetition.
		require.Equal(t, http.StatusOK, rawRequest(t, s, "GET", "/v1/system/status", nil, st.APIKey(key)).Status)
		require.Equal(t, http.StatusOK, rawRequest(t, s, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken)).Status)

		cases := []struct {
			name    string
			method  string
			path    string
			headers []st.Header
		}{
			{"two api keys of two accounts", "GET", "/v1/system/status", []st.Header{st.APIKey(key), st.APIKey(otherKey)}},
			{"the same api key twice", "GET", "/v1/system/status", []st.Header{st.APIKey(key), st.APIKey(key)}},
			{"two bearer tokens", "GET", "/v1/user/account/info", []st.Header{st.Bearer(o.IDToken), st.Bearer(other.IDToken)}},
			{"the same bearer token twice", "GET", "/v1/user/account/info", []st.Header{st.Bearer(o.IDToken), st.Bearer(o.IDToken)}},
			{"two Authorization on an API-key route", "GET", "/v1/system/status", []st.Header{st.APIKey(key), st.Bearer(o.IDToken), st.Bearer(o.IDToken)}},
		}
		for _, tc := range cases {
			resp := rawRequest(t, s, tc.method, tc.path, nil, tc.headers...)
			requireError(t, resp, http.StatusBadRequest, "bad_request", "", tc.name)
		}

	})
}

// openAPIOperation is what the input-rules test reads of one operation of
// /openapi.json, which the server generates from its route table: a new
// route is covered without touching the test.
type openAPIOperation struct {
	Security   []map[string][]string `json:"security"`
	Parameters []struct {
		Name string `json:"name"`
		In   string `json:"in"`
	} `json:"parameters"`
	RequestBody *struct {
		Content map[string]struct {
			Schema map[string]any `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

// inputMarker starts every bad value, so the database can be searched for
// anything that slipped through.
const inputMarker = "inputrulemark"

// badStrings are the two ways a string breaks the input rules, as JSON
// string literals: an escaped NUL, and raw bytes that are not UTF-8.
var badStrings = []struct{ name, literal string }{
	{"NUL", `"` + inputMarker + `\u0000b"`},
	{"invalid UTF-8", "\"" + inputMarker + "\xff\xfeb\""},
}

// stringFields lists, for a JSON Schema, a body that puts value at each
// string inside it (nested objects, maps and arrays included) and the field
// name the error must carry.
func stringFields(t *testing.T, doc map[string]any, schema map[string]any, prefix string, value string) map[string]string {
	t.Helper()
	schema = resolveRef(t, doc, schema)
	out := map[string]string{}
	typ := schemaType(schema)
	switch typ {
	case "string":
		// A date-time would be refused by its own parser first.
		if format, _ := schema["format"].(string); format != "date-time" {
			out[prefix] = value
		}
	case "object":
		props, _ := schema["properties"].(map[string]any)
		for name, sub := range props {
			field := name
			if prefix != "" {
				field = prefix + "." + name
			}
			for f, inner := range stringFields(t, doc, sub.(map[string]any), field, value) {
				out[f] = `{"` + name + `":` + inner + `}`
			}
		}
		if extra, ok := schema["additionalProperties"].(map[string]any); ok {
			field := "k"
			if prefix != "" {
				field = prefix + ".k"
			}
			for f, inner := range stringFields(t, doc, extra, field, value) {
				out[f] = `{"k":` + inner + `}`
			}
		}
	case "array":
		if items, ok := schema["items"].(map[string]any); ok {
			for f, inner := range stringFields(t, doc, items, prefix+"[0]", value) {
				out[f] = `[` + inner + `]`
			}
		}
	}
	return out
}

func schemaType(schema map[string]any) string {
	switch v := schema["type"].(type) {
	case string:
		return v
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok && s != "null" {
				return s
			}
		}
	}
	return ""
}

func resolveRef(t *testing.T, doc map[string]any, schema map[string]any) map[string]any {
	t.Helper()
	ref, ok := schema["$ref"].(string)
	if !ok {
		return schema
	}
	node := any(doc)
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := node.(map[string]any)
		require.True(t, ok, "unresolvable $ref %s", ref)
		node = m[part]
	}
	resolved, ok := node.(map[string]any)
	require.True(t, ok, "unresolvable $ref %s", ref)
	return resolved
}

// TestInputRules sends bytes that are not valid UTF-8, and NUL, in every
// path segment, query parameter, JSON body string and read header of every
// documented route. Both databases must answer the same 400 (PostgreSQL used
// to answer 500 where SQLite stored the bytes) and store none of it.
func TestInputRules(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, key string) {

		resp := s.Do(t, "GET", "/openapi.json", nil)
		require.Equal(t, http.StatusOK, resp.Status)
		var doc map[string]any
		require.NoError(t, json.Unmarshal(resp.Body, &doc))
		var paths map[string]map[string]openAPIOperation
		require.NoError(t, json.Unmarshal(resp.Body, &struct {
			Paths *map[string]map[string]openAPIOperation `json:"paths"`
		}{&paths}))
		require.NotEmpty(t, paths)

		wildcard := regexp.MustCompile(`\{[^}]+\}`)
		checked := map[string]int{}
		for path, ops := range paths {
			for method, op := range ops {
				method = strings.ToUpper(method)
				name := method + " " + path
				var creds []st.Header
				for _, sec := range op.Security {
					if _, ok := sec["bearerAuth"]; ok {
						creds = append(creds, st.Bearer(o.IDToken))
					}
					if _, ok := sec["apiKey"]; ok {
						creds = append(creds, st.APIKey(key))
					}
				}
				valid := wildcard.ReplaceAllString(path, "00000000-0000-0000-0000-000000000000")

				// Path segments: 400 bad_request, whichever segment.
				for _, p := range op.Parameters {
					if p.In != "path" {
						continue
					}
					for _, bad := range []string{inputMarker + "%ff%fe", inputMarker + "%00b"} {
						target := strings.Replace(path, "{"+p.Name+"}", bad, 1)
						target = wildcard.ReplaceAllString(target, "00000000-0000-0000-0000-000000000000")
						resp := rawRequest(t, s, method, target, nil, creds...)
						requireError(t, resp, http.StatusBadRequest, "bad_request", "", name+" path "+bad)
						checked["path"]++
					}
				}
				// Query parameters: 400 validation_error naming the parameter.
				for _, p := range op.Parameters {
					if p.In != "query" {
						continue
					}
					for _, bad := range []string{inputMarker + "%ff%fe", inputMarker + "%00b", "%ff"} {
						resp := rawRequest(t, s, method, valid+"?"+p.Name+"="+bad, nil, creds...)
						requireError(t, resp, http.StatusBadRequest, "validation_error", p.Name, name+" query "+p.Name+"="+bad)
						checked["query"]++
					}
				}
				// JSON body strings: 400 validation_error naming the field.
				if op.RequestBody != nil {
					if content, ok := op.RequestBody.Content["application/json"]; ok {
						for _, bad := range badStrings {
							fields := stringFields(t, doc, content.Schema, "", bad.literal)
							for field, body := range fields {
								resp := rawRequest(t, s, method, valid, []byte(body), creds...)
								requireError(t, resp, http.StatusBadRequest, "validation_error", field, name+" body "+bad.name+" "+body)
								checked["body"]++
							}
						}
					}
				}
				// Headers the service reads: 400 bad_request. Go's client
				// refuses to send NUL in a header, so only raw bytes are sent.
				for _, header := range []string{"x-api-key", "Authorization", "Idempotency-Key"} {
					headers := []st.Header{{header, inputMarker + "\xff\xfe"}}
					for _, c := range creds {
						if !strings.EqualFold(c[0], header) {
							headers = append(headers, c)
						}
					}
					resp := rawRequest(t, s, method, valid, nil, headers...)
					requireError(t, resp, http.StatusBadRequest, "bad_request", "", name+" header "+header)
					checked["header"]++
				}
			}
		}
		// The cases the issue saw are among those sent; the counts show the
		// walk found every kind of input.
		for _, kind := range []string{"path", "query", "body", "header"} {
			require.NotZero(t, checked[kind], "no %s input was checked", kind)
		}
		t.Logf("checked %v", checked)

		// Free-form JSON (custom_metadata has no schema) is walked too.
		resp = rawRequest(t, s, "POST", "/v1/process-text",
			[]byte(`{"text":"Cough.","template":"primaryCare","visit_type":"followUp","recording_type":"dictation","lang":"en","custom_metadata":{"ref":["ok","`+inputMarker+`\u0000"]}}`), st.APIKey(key))
		requireError(t, resp, http.StatusBadRequest, "validation_error", "custom_metadata.ref[1]", "custom_metadata")

		// Multipart form fields follow the same rules as JSON fields.
		fields := map[string]string{"template": "er", "visit_type": "initialEncounter", "recording_type": "conversation", "lang": "en", "documentation_style": "soap"}
		for field := range fields {
			for _, bad := range []string{inputMarker + "\x00", inputMarker + "\xff\xfe"} {
				form := map[string]string{}
				for k, v := range fields {
					form[k] = v
				}
				form[field] = bad
				resp := submitMultipart(t, s, key, form, "visit.wav", testWAV(0.2))
				requireError(t, resp, http.StatusBadRequest, "validation_error", field, "multipart "+field)
			}
		}

		// A request with one bad field among good ones is refused whole:
		// the good field is not written either.
		resp = rawRequest(t, s, "POST", "/v1/user/account/update",
			[]byte(`{"company_name":"`+inputMarker+` Clinic","address":"a\u0000b"}`), st.Bearer(o.IDToken))
		requireError(t, resp, http.StatusBadRequest, "validation_error", "address", "account update")
		info := s.Do(t, "GET", "/v1/user/account/info", nil, st.Bearer(o.IDToken))
		require.Equal(t, http.StatusOK, info.Status)
		require.NotContains(t, string(info.Body), inputMarker)
		require.NotContains(t, dumpDatabase(t, s.DB), inputMarker)
	}, st.WithEnv("NOTEGEN_RATE_SANDBOX", "100000/min"))
}

// TestJSONIsNotHTMLEscaped checks that a presigned_url reaches the client
// with a raw "&" (contract: "Input rules"), on the first answer and on its
// idempotent replay, so a shell script can PUT to it as it is.
func TestJSONIsNotHTMLEscaped(t *testing.T) {
	eachKey(t, "sandbox", func(t *testing.T, s *st.Server, o *st.Owner, sandbox string) {
		idem := st.Header{"Idempotency-Key", "raw-ampersand"}
		for _, attempt := range []string{"first answer", "replay"} {
			resp := s.Do(t, "POST", "/v1/process-audio", audioFields, st.APIKey(sandbox), idem)
			require.Equal(t, http.StatusOK, resp.Status, "%s: %s", attempt, resp.Body)
			require.Contains(t, string(resp.Body), "&signature=", "%s: the URL's & is written raw", attempt)
			require.NotContains(t, string(resp.Body), `\u0026`, attempt)

			url := resp.JSON(t)["presigned_url"].(string)
			require.Contains(t, url, "&signature=")
		}
	})
}
