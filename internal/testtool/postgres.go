package testtool

import "os"

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
