package store

// FreshSQLite and FreshPostgres make an empty database for one test (see
// backend) and return its DSN, for the conformance suite in package
// store_test (storetest.Run).
var (
	FreshSQLite   = sqliteBackend.fresh
	FreshPostgres = postgresBackend.fresh
)
