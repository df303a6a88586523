package clinical

import "strings"

// fill puts values into a phrase's {slots} and tidies the spaces an empty
// slot leaves.
func fill(phrase string, values map[string]string) string {
	for k, v := range values {
		phrase = strings.ReplaceAll(phrase, "{"+k+"}", v)
	}
	return strings.Join(strings.Fields(phrase), " ")
}
