package console

import (
	"html/template"
	"strings"
	"time"
)

// funcs are the helpers the page templates use.
var funcs = template.FuncMap{
	"when": func(t any) string {
		switch v := t.(type) {
		case time.Time:
			if v.IsZero() {
				return ""
			}
			return v.UTC().Format("2006-01-02 15:04 UTC")
		case *time.Time:
			if v == nil {
				return "never"
			}
			return v.UTC().Format("2006-01-02 15:04 UTC")
		}
		return ""
	},
	"fieldError": func(errs map[string]string, name string) string { return errs[name] },
	"formValue":  func(form map[string]string, name string) string { return form[name] },
	"list":       func(items ...string) []string { return items },
	// shortTarget shortens an audit target that is a masked key to what
	// it reveals; other targets (ids) are shown whole.
	"shortTarget": func(target string) string {
		if strings.HasPrefix(target, "****") && len(target) > 4 {
			return "key …" + target[len(target)-4:]
		}
		return target
	},
	// lastFour shortens a masked key to what it reveals, for narrow tables.
	"lastFour": func(masked string) string {
		if len(masked) <= 4 {
			return masked
		}
		return "…" + masked[len(masked)-4:]
	},
}
