package eventjson

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/event"
)

// fill sets every field of v, at every depth, to a value that is not its
// zero (two elements per slice, one entry per map), so that a converter
// that drops a field shows in the JSON. n numbers the values.
func fill(t *testing.T, v reflect.Value, n *int) {
	*n++
	switch v.Type() {
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(time.Date(2026, 3, 1+*n%27, 9, *n%60, 0, 0, time.UTC)))
		return
	case reflect.TypeFor[chess960.StartPos]():
		v.Set(reflect.ValueOf(chess960.MustNew(*n % 960)))
		return
	case reflect.TypeFor[event.Result]():
		v.Set(reflect.ValueOf(event.Results[*n%len(event.Results)]))
		return
	case reflect.TypeFor[event.RoundStatus]():
		v.Set(reflect.ValueOf(event.Started))
		return
	case reflect.TypeFor[event.ByeKind]():
		v.Set(reflect.ValueOf(event.ByeHalf))
		return
	case reflect.TypeFor[event.System]():
		v.Set(reflect.ValueOf(event.Swiss))
		return
	case reflect.TypeFor[event.PlayMode]():
		v.Set(reflect.ValueOf(event.PlayApp))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				t.Fatalf("%s.%s: unexported field in a model type", v.Type(), v.Type().Field(i).Name)
			}
			fill(t, v.Field(i), n)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(t, v.Index(i), n)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(t, k, n)
		fill(t, e, n)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem(), n)
	case reflect.String:
		v.SetString("s" + strconv.Itoa(*n))
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Bool:
		v.SetBool(true)
	default:
		t.Fatalf("fill: no value for %s", v.Type())
	}
}

// filled returns a T with every field set (fill).
func filled[T any](t *testing.T) T {
	var x T
	n := 0
	fill(t, reflect.ValueOf(&x).Elem(), &n)
	return x
}
