package store

import (
	"fmt"
	"time"
)

// migration is one numbered schema change, in each backend's dialect.
// Migrations are applied in order, each once, and recorded in
// schema_migrations; a released migration is never edited, only followed
// by a new one.
type migration struct {
	version  int
	sqlite   []string
	postgres []string
}

// migrations is the schema's history. Times are kept as microseconds
// since the Unix epoch (SQLite) or timestamptz (PostgreSQL, which keeps
// microseconds too), so both backends return the same instants. States
// and bodies are opaque bytes, not jsonb, so they come back byte for byte.
var migrations = []migration{
	{
		version: 1,
		sqlite: []string{
			`CREATE TABLE events (
				id      TEXT    NOT NULL PRIMARY KEY,
				name    TEXT    NOT NULL,
				version INTEGER NOT NULL,
				state   BLOB    NOT NULL,
				created INTEGER NOT NULL,
				updated INTEGER NOT NULL
			)`,
			`CREATE INDEX events_updated ON events (updated)`,
			`CREATE TABLE changes (
				event_id TEXT    NOT NULL REFERENCES events (id),
				version  INTEGER NOT NULL,
				at       INTEGER NOT NULL,
				kind     TEXT    NOT NULL,
				"by"     TEXT    NOT NULL,
				body     BLOB    NOT NULL,
				PRIMARY KEY (event_id, version)
			) WITHOUT ROWID`,
		},
		postgres: []string{
			`CREATE TABLE events (
				id      text        NOT NULL PRIMARY KEY,
				name    text        NOT NULL,
				version bigint      NOT NULL,
				state   bytea       NOT NULL,
				created timestamptz NOT NULL,
				updated timestamptz NOT NULL
			)`,
			`CREATE INDEX events_updated ON events (updated)`,
			`CREATE TABLE changes (
				event_id text        NOT NULL REFERENCES events (id),
				version  bigint      NOT NULL,
				at       timestamptz NOT NULL,
				kind     text        NOT NULL,
				"by"     text        NOT NULL,
				body     bytea       NOT NULL,
				PRIMARY KEY (event_id, version)
			)`,
		},
	},
}

// schemaVersion is the newest schema this program knows.
func schemaVersion() int { return migrations[len(migrations)-1].version }

// newerSchemaError is the error of a program older than its database.
func newerSchemaError(db string, have int) error {
	return fmt.Errorf("store: %s: the database's schema is at version %d, newer than this program's %d; use a newer chess960", db, have, schemaVersion())
}

// stamp turns t (zero: now) into the instant the store keeps: UTC,
// microseconds (what both backends hold).
func stamp(t time.Time) time.Time {
	if t.IsZero() {
		t = time.Now()
	}
	return t.UTC().Truncate(time.Microsecond)
}
