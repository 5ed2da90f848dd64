package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/chess960/chess960/internal/testtool"
)

// postgresEnv names the environment variable that holds the DSN of a
// PostgreSQL database the tests may use (scripts/pg-test-start prints it).
const postgresEnv = testtool.PostgresEnv

// backend is one implementation under test: fresh makes a new, empty
// database for one test (removed after it) and returns its DSN; exec runs
// SQL on it directly, behind the Store's back.
type backend struct {
	name  string
	fresh func(t testing.TB) string
	exec  func(t testing.TB, dsn, query string) int64
}

var sqliteBackend = backend{
	name: "sqlite",
	fresh: func(t testing.TB) string {
		return filepath.Join(t.TempDir(), "events.db")
	},
	exec: func(t testing.TB, dsn, query string) int64 {
		t.Helper()
		db, err := sql.Open("sqlite", dsn+sqliteParams)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var n int64
		if err := db.QueryRow(query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	},
}

var postgresBackend = backend{
	name:  "postgres",
	fresh: freshPostgres,
	exec: func(t testing.TB, dsn, query string) int64 {
		t.Helper()
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var n int64
		if err := conn.QueryRow(ctx, query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	},
}

// freshPostgres creates a schema of its own for one test and returns a
// DSN whose search_path is that schema; the schema is dropped after the
// test.
func freshPostgres(t testing.TB) string {
	t.Helper()
	base := testtool.Postgres(t) // fails under CI without one, else skips
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("%s: %v", postgresEnv, err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	schema := "chess960_test_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", postgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// eachBackend runs f as a subtest for each backend.
func eachBackend(t *testing.T, f func(t *testing.T, b backend)) {
	for _, b := range []backend{sqliteBackend, postgresBackend} {
		t.Run(b.name, func(t *testing.T) { f(t, b) })
	}
}

// open opens dsn for the test and closes it after.
func open(t testing.TB, dsn string, opt Options) Store {
	t.Helper()
	s, err := OpenWith(context.Background(), dsn, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
