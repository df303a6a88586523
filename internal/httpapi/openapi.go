package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/notegen/notegen"
)

var pathParam = regexp.MustCompile(`\{([a-zA-Z_]+)\}`)

// openAPIDocument builds the OpenAPI 3.1 document of the route table, with
// request and response schemas reflected from the handlers' own types.
func openAPIDocument(routes []route, version string) ([]byte, error) {
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		op := map[string]any{
			"summary":     rt.summary,
			"operationId": operationID(rt),
			"tags":        []string{rt.tag},
		}
		switch rt.auth {
		case authBearer:
			op["security"] = []map[string][]string{{"bearerAuth": {}}}
		case authAPIKey:
			op["security"] = []map[string][]string{{"apiKey": {}}}
		}
		var params []map[string]any
		for _, m := range pathParam.FindAllStringSubmatch(rt.path, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		for _, q := range rt.query {
			params = append(params, map[string]any{"name": q.name, "in": "query", "description": q.description, "schema": map[string]any{"type": q.schemaType}})
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if rt.request != nil {
			op["requestBody"] = map[string]any{
				"required": true,
				"content":  map[string]any{"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.request))}},
			}
		}
		success := map[string]any{"description": http.StatusText(rt.status)}
		if text, ok := rt.response.(string); ok {
			success["content"] = map[string]any{"text/plain": map[string]any{"schema": map[string]any{"type": "string", "description": text}}}
		} else if rt.response != nil {
			success["content"] = map[string]any{"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.response))}}
		}
		op["responses"] = map[string]any{
			strconv.Itoa(rt.status): success,
			"default": map[string]any{
				"description": "Error",
				"content":     map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}},
			},
		}
		if paths[rt.path] == nil {
			paths[rt.path] = map[string]any{}
		}
		paths[rt.path][strings.ToLower(rt.method)] = op
	}
	doc := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "notegen API",
			"version":     version,
			"description": "Turns clinical encounters into structured medical notes.",
		},
		"paths": paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{
				"bearerAuth": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
				"apiKey":     map[string]any{"type": "apiKey", "in": "header", "name": "x-api-key"},
			},
			"schemas": map[string]any{"Error": schemaOf(reflect.TypeOf(notegen.ErrorBody{}))},
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

func operationID(rt route) string {
	name := strings.NewReplacer("/", "_", "{", "", "}", "", ".", "", "-", "_").Replace(rt.path)
	return strings.ToLower(rt.method) + strings.TrimRight(name, "_")
}

var (
	timeType    = reflect.TypeOf(time.Time{})
	rawJSONType = reflect.TypeOf(json.RawMessage{})
)

// schemaOf reflects a JSON Schema from a Go type and its json tags.
func schemaOf(t reflect.Type) map[string]any {
	if t.Kind() == reflect.Pointer {
		inner := schemaOf(t.Elem())
		if typ, ok := inner["type"].(string); ok {
			inner["type"] = []string{typ, "null"}
		}
		return inner
	}
	if t == rawJSONType {
		return map[string]any{"description": "any JSON value; see the summary"}
	}
	if t == timeType {
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
		return map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem())}
	case reflect.Struct:
		props := map[string]any{}
		addStructFields(t, props)
		return map[string]any{"type": "object", "properties": props}
	default:
		return map[string]any{}
	}
}

func addStructFields(t reflect.Type, props map[string]any) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				addStructFields(ft, props)
				continue
			}
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		props[name] = schemaOf(f.Type)
	}
}
