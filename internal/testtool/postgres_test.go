package testtool

import (
	"fmt"
	"testing"
)

// fakeTB records what Postgres does with a test.
type fakeTB struct{ fatal, skip string }

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Fatal(args ...any) { f.fatal = fmt.Sprint(args...); panic(f) }
func (f *fakeTB) Skip(args ...any)  { f.skip = fmt.Sprint(args...); panic(f) }

func run(f *fakeTB) (dsn string) {
	defer func() {
		if v := recover(); v != nil && v != f {
			panic(v)
		}
	}()
	return Postgres(f)
}

// TestPostgresRule: the DSN when set; without one, a skip, or with CI
// set a failure, never a skip.
func TestPostgresRule(t *testing.T) {
	t.Setenv(PostgresEnv, "postgres://u@127.0.0.1/db")
	t.Setenv("CI", "1")
	if f := (&fakeTB{}); run(f) != "postgres://u@127.0.0.1/db" || f.fatal != "" || f.skip != "" {
		t.Errorf("with the DSN set: %+v", f)
	}
	t.Setenv(PostgresEnv, "")
	f := &fakeTB{}
	run(f)
	if f.fatal == "" || f.skip != "" {
		t.Errorf("CI set, no DSN: fatal %q, skip %q; want a failure", f.fatal, f.skip)
	}
	t.Setenv("CI", "")
	f = &fakeTB{}
	run(f)
	if f.skip == "" || f.fatal != "" {
		t.Errorf("no CI, no DSN: fatal %q, skip %q; want a skip", f.fatal, f.skip)
	}
}
