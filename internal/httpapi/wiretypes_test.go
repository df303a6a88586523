package httpapi

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRoutesUseWireTypes keeps one definition of every body: each route's
// request and response type is one of the SDK's wire types (or a list or
// map of them), so the server, /openapi.json and the SDK cannot drift.
// /metrics (text) and /openapi.json (the document itself) are the only
// bodies that are not.
func TestRoutesUseWireTypes(t *testing.T) {
	t.Parallel()
	for _, rt := range (&Server{}).routeTable() {
		for what, v := range map[string]any{"request": rt.request, "response": rt.response} {
			if v == nil || rt.path == "/metrics" || rt.path == "/openapi.json" {
				continue
			}
			typ := reflect.TypeOf(v)
			for typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map || typ.Kind() == reflect.Pointer {
				typ = typ.Elem()
			}
			require.Equal(t, wirePackage, typ.PkgPath(), "%s %s: the %s body %s is not a wire type of the SDK", rt.method, rt.path, what, typ)
		}
	}
}
