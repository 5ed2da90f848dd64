package testtool

import (
	"encoding/json"
	"os"
	"reflect"
	"sort"
	"strings"
)

// OpenAPINames returns the property names of the named schemas of the
// OpenAPI document at path (components.schemas), together and sorted. It
// fails t if the document cannot be read or a schema is missing.
func OpenAPINames(t TB, path string, schemas ...string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(path + ": " + err.Error())
	}
	var out []string
	for _, s := range schemas {
		sc, ok := doc.Components.Schemas[s]
		if !ok {
			t.Fatal(path + " has no schema " + s)
		}
		for k := range sc.Properties {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// JSONNames returns the JSON names of a struct type's fields, those of
// embedded structs included, sorted.
func JSONNames(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, JSONNames(f.Type)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
