package billing_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/notegen/notegen"
	"github.com/notegen/notegen/internal/billing"
)

// TestInvoiceIsTheWireInvoice fails when billing's invoice and the wire's
// differ in a field, its JSON name or its type: the events would then carry
// an invoice the SDK cannot read.
func TestInvoiceIsTheWireInvoice(t *testing.T) {
	t.Parallel()
	shape := func(typ reflect.Type) []string {
		var fields []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			fields = append(fields, f.Name+" "+f.Tag.Get("json")+" "+f.Type.String())
		}
		return fields
	}
	require.Equal(t, shape(reflect.TypeFor[notegen.Invoice]()), shape(reflect.TypeFor[billing.Invoice]()))
}
