package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/apikey"
	"github.com/notegen/notegen/internal/job"
)

var pathParam = regexp.MustCompile(`\{([a-zA-Z_]+)\}`)

// wirePackage is the package whose named types become the document's
// component schemas: the wire types of the Go SDK.
var wirePackage = reflect.TypeOf(notegen.Job{}).PkgPath()

// requestEnums lists, by field name, the values a request body field
// accepts; the services' own lists, so the document cannot drift from the
// checks.
func requestEnums() map[string][]string {
	enums := job.FieldValues()
	enums["keyType"] = []string{string(apikey.Sandbox), string(apikey.Live)}
	enums["status"] = []string{string(apikey.Active), string(apikey.Inactive)}
	enums["env"] = slices.Clone(enums["webhook_env"])
	return enums
}

// errorResponses names and describes the shared error answers by status,
// all with the contract's error body.
var errorResponses = map[string]struct{ name, description string }{
	"400":     {"BadRequest", "The request is invalid: error.code says why and error.field names the field at fault"},
	"401":     {"Unauthorized", "Missing, invalid or expired credentials"},
	"402":     {"PaymentRequired", "Unpaid invoices, or the free jobs are used up"},
	"403":     {"Forbidden", "The credential may not do this, or the account is inactive or cancelled"},
	"404":     {"NotFound", "No such resource for this account"},
	"409":     {"Conflict", "The resource is not in a state that allows this"},
	"413":     {"PayloadTooLarge", "The body is too large"},
	"429":     {"TooManyRequests", "Too many requests; Retry-After says when to try again"},
	"4XX":     {"ClientError", "The request was refused; error.code says why"},
	"503":     {"Unavailable", "The service cannot answer now"},
	"default": {"Error", "Any other failure"},
}

// openAPIDocument builds the OpenAPI 3.1 document of the route table, with
// request and response schemas reflected from the wire types the handlers
// use. serverURL is the service's public URL.
func openAPIDocument(routes []route, version, serverURL string) ([]byte, error) {
	b := &schemaBuilder{components: map[string]any{}}
	enums := requestEnums()
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		op := map[string]any{
			"summary":     rt.summary,
			"operationId": operationID(rt),
			"tags":        []string{rt.tag},
			"security":    securityOf(rt.auth),
		}
		pathParams := pathParam.FindAllStringSubmatch(rt.path, -1)
		var params []map[string]any
		for _, m := range pathParams {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		for _, q := range rt.query {
			params = append(params, map[string]any{"name": q.name, "in": "query", "description": q.description, "schema": map[string]any{"type": q.schemaType}})
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if body := b.requestBody(rt, enums); body != nil {
			op["requestBody"] = body
		}
		success := map[string]any{"description": http.StatusText(rt.status)}
		if text, ok := rt.response.(string); ok {
			success["content"] = map[string]any{"text/plain": map[string]any{"schema": map[string]any{"type": "string", "description": text}}}
		} else if rt.response != nil {
			content := map[string]any{"application/json": map[string]any{"schema": b.schema(reflect.TypeOf(rt.response))}}
			for mediaType, description := range rt.alternates {
				content[mediaType] = map[string]any{"schema": map[string]any{"type": "object", "description": description}}
			}
			success["content"] = content
		}
		responses := map[string]any{strconv.Itoa(rt.status): success}
		for _, code := range append(errorCodes(rt, len(pathParams) > 0), "default") {
			responses[code] = map[string]any{"$ref": "#/components/responses/" + errorResponses[code].name}
		}
		op["responses"] = responses
		if paths[rt.path] == nil {
			paths[rt.path] = map[string]any{}
		}
		paths[rt.path][strings.ToLower(rt.method)] = op
	}
	errorBody := b.schema(reflect.TypeOf(notegen.ErrorBody{}))
	responses := map[string]any{}
	for _, r := range errorResponses {
		responses[r.name] = map[string]any{"description": r.description, "content": map[string]any{"application/json": map[string]any{"schema": errorBody}}}
	}
	doc := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "notegen API",
			"version":     version,
			"description": "Turns clinical encounters into structured medical notes.",
			"license":     map[string]any{"name": "Proprietary", "url": serverURL + "/openapi.json"},
		},
		"servers": []map[string]any{{"url": serverURL, "description": "This notegen service"}},
		"paths":   paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{
				"bearerAuth": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT", "description": "The account owner's ID token from /v1/auth/login"},
				"apiKey":     map[string]any{"type": "apiKey", "in": "header", "name": "x-api-key", "description": "An API key, for note generation"},
			},
			"schemas":   b.components,
			"responses": responses,
		},
	}
	var buf bytes.Buffer
	enc := newEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("encode OpenAPI document: %w", err)
	}
	return buf.Bytes(), nil
}

// securityOf is an operation's security requirement; public operations
// (and presigned uploads, whose signature is in the URL) have none.
func securityOf(a authKind) []map[string][]string {
	switch a {
	case authBearer:
		return []map[string][]string{{"bearerAuth": {}}}
	case authAPIKey:
		return []map[string][]string{{"apiKey": {}}}
	}
	return []map[string][]string{}
}

// errorCodes are the client errors an operation documents: 400 for any
// input, 401 and 403 for a credential, 404 for a path id, 429 for the
// per-key rate limit, and the route's own; "4XX" when none applies.
func errorCodes(rt route, hasPathParams bool) []string {
	codes := map[string]bool{}
	if rt.request != nil || len(rt.query) > 0 || hasPathParams || rt.auth != authNone {
		codes["400"] = true
	}
	if rt.auth != authNone {
		codes["401"], codes["403"] = true, true
	}
	if hasPathParams {
		codes["404"] = true
	}
	if rt.auth == authAPIKey {
		codes["429"] = true
	}
	for _, c := range rt.errors {
		codes[strconv.Itoa(c)] = true
	}
	if !slices.ContainsFunc(slices.Collect(maps.Keys(codes)), func(c string) bool { return c[0] == '4' }) {
		codes["4XX"] = true
	}
	out := make([]string, 0, len(codes))
	for c := range codes {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// requestBody documents what a route reads: raw bytes, or a JSON object
// (and the same fields as multipart/form-data with a file part). The body
// is required when its schema has required fields.
func (b *schemaBuilder) requestBody(rt route, enums map[string][]string) map[string]any {
	binary := map[string]any{"type": "string", "format": "binary"}
	if rt.binaryBody {
		return map[string]any{"required": true, "content": map[string]any{"application/octet-stream": map[string]any{"schema": binary}}}
	}
	if rt.request == nil {
		return nil
	}
	ref := b.schema(reflect.TypeOf(rt.request))
	schema := b.component(ref)
	props, _ := schema["properties"].(map[string]any)
	for name, values := range enums {
		if p, ok := props[name].(map[string]any); ok {
			p["enum"] = values
		}
	}
	required, _ := schema["required"].([]string)
	content := map[string]any{"application/json": map[string]any{"schema": ref}}
	if rt.formFile != "" {
		form := map[string]any{rt.formFile: binary}
		for name, p := range props {
			form[name] = p
		}
		formRequired := []string{rt.formFile}
		for _, name := range required {
			if !slices.Contains(rt.formImplied, name) {
				formRequired = append(formRequired, name)
			}
		}
		content["multipart/form-data"] = map[string]any{"schema": map[string]any{
			"type": "object", "properties": form, "required": formRequired,
		}}
	}
	return map[string]any{"required": len(required) > 0, "content": content}
}

// schemaBuilder reflects JSON Schemas from Go types and their json tags.
// Named wire types become component schemas, referenced by name.
type schemaBuilder struct {
	components map[string]any
}

var (
	timeType    = reflect.TypeOf(time.Time{})
	rawJSONType = reflect.TypeOf(json.RawMessage{})
)

// component returns the schema a $ref points to, or s itself.
func (b *schemaBuilder) component(s map[string]any) map[string]any {
	ref, ok := s["$ref"].(string)
	if !ok {
		return s
	}
	c, _ := b.components[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
	return c
}

func (b *schemaBuilder) schema(t reflect.Type) map[string]any {
	if t.Kind() == reflect.Pointer {
		inner := b.schema(t.Elem())
		if typ, ok := inner["type"].(string); ok {
			inner["type"] = []string{typ, "null"}
		}
		return inner
	}
	switch {
	case t == rawJSONType:
		// The wire's raw fields are JSON objects kept as sent.
		return map[string]any{"type": "object", "description": "a JSON object, kept as sent"}
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": b.schema(t.Elem())}
	case reflect.Map:
		if t.Elem().Kind() == reflect.Interface {
			return map[string]any{"type": "object", "additionalProperties": true}
		}
		return map[string]any{"type": "object", "additionalProperties": b.schema(t.Elem())}
	case reflect.Struct:
		if t.PkgPath() != wirePackage || t.Name() == "" {
			return b.object(t)
		}
		if _, ok := b.components[t.Name()]; !ok {
			b.components[t.Name()] = map[string]any{} // placeholder: a type may refer to itself
			b.components[t.Name()] = b.object(t)
		}
		return map[string]any{"$ref": "#/components/schemas/" + t.Name()}
	default:
		return map[string]any{}
	}
}

// object is a struct's schema. A field without omitempty or omitzero is
// always written, so it is required (and nullable when it is a pointer). A
// field tagged openapi:"-" is the SDK's own, never on the wire.
func (b *schemaBuilder) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	b.addFields(t, props, &required)
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		slices.Sort(required)
		s["required"] = required
	}
	return s
}

func (b *schemaBuilder) addFields(t reflect.Type, props map[string]any, required *[]string) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				b.addFields(ft, props, required)
				continue
			}
		}
		if !f.IsExported() || name == "-" || f.Tag.Get("openapi") == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		props[name] = b.schema(f.Type)
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}

func operationID(rt route) string {
	name := strings.NewReplacer("/", "_", "{", "", "}", "", ".", "", "-", "_").Replace(rt.path)
	return strings.ToLower(rt.method) + strings.TrimRight(name, "_")
}
