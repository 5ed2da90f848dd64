package testtool

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// PostgresEnv names the environment variable with the DSN of a PostgreSQL
// database the tests may use (scripts/pg-test-start prints it; .ci/run
// starts PostgreSQL and sets it).
const PostgresEnv = "CHESS960_TEST_POSTGRES"

// Postgres returns the DSN of the tests' PostgreSQL database. Without one
// the test fails when CI is set (CI must test PostgreSQL) and is skipped
// otherwise: call it in the subtest that needs the database, so that only
// that one is skipped.
func Postgres(t TB) string {
	t.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		msg := PostgresEnv + ` is not set: set it to a PostgreSQL DSN, e.g. eval "$(scripts/pg-test-start)" at the repository's root`
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set and " + msg + " (.ci/run starts PostgreSQL and sets it)")
		}
		t.Skip(msg)
	}
	return dsn
}

// TB is the part of testing.TB that Postgres uses.
type TB interface {
	Helper()
	Fatal(args ...any)
	Skip(args ...any)
}

// FreshPostgres is Postgres with a schema of the test's own: the DSN's
// search_path names a new, empty schema, dropped after the test, so that
// what the test lists or counts is only what it made (the tests of
// several packages share the database and run at once).
func FreshPostgres(t testing.TB) string {
	t.Helper()
	base := Postgres(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
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
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
