package store

import (
	"fmt"
	"strings"
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
	{
		// Live play's games (internal/game): the same layout as events,
		// a current state and the actions that made each version.
		version: 2,
		sqlite: []string{
			`CREATE TABLE games (
				id      TEXT    NOT NULL PRIMARY KEY,
				name    TEXT    NOT NULL,
				version INTEGER NOT NULL,
				state   BLOB    NOT NULL,
				created INTEGER NOT NULL,
				updated INTEGER NOT NULL
			)`,
			`CREATE INDEX games_updated ON games (updated)`,
			`CREATE TABLE game_actions (
				game_id TEXT    NOT NULL REFERENCES games (id),
				version INTEGER NOT NULL,
				at      INTEGER NOT NULL,
				kind    TEXT    NOT NULL,
				"by"    TEXT    NOT NULL,
				body    BLOB    NOT NULL,
				PRIMARY KEY (game_id, version)
			) WITHOUT ROWID`,
		},
		postgres: []string{
			`CREATE TABLE games (
				id      text        NOT NULL PRIMARY KEY,
				name    text        NOT NULL,
				version bigint      NOT NULL,
				state   bytea       NOT NULL,
				created timestamptz NOT NULL,
				updated timestamptz NOT NULL
			)`,
			`CREATE INDEX games_updated ON games (updated)`,
			`CREATE TABLE game_actions (
				game_id text        NOT NULL REFERENCES games (id),
				version bigint      NOT NULL,
				at      timestamptz NOT NULL,
				kind    text        NOT NULL,
				"by"    text        NOT NULL,
				body    bytea       NOT NULL,
				PRIMARY KEY (game_id, version)
			)`,
		},
	},
	{
		// The instances' heartbeats (Store.Beat): when a program starts,
		// the latest beat of any instance says whether the service was
		// down, and since when (live play's clocks do not run while it is).
		version: 3,
		sqlite: []string{
			`CREATE TABLE heartbeats (
				instance TEXT    NOT NULL PRIMARY KEY,
				seen     INTEGER NOT NULL
			)`,
		},
		postgres: []string{
			`CREATE TABLE heartbeats (
				instance text        NOT NULL PRIMARY KEY,
				seen     timestamptz NOT NULL
			)`,
		},
	},
	{
		// The seats connected to each instance (Store.Beat's present), so
		// that any instance knows who is connected to any game.
		version:  4,
		sqlite:   []string{`ALTER TABLE heartbeats ADD COLUMN present TEXT NOT NULL DEFAULT ''`},
		postgres: []string{`ALTER TABLE heartbeats ADD COLUMN present text NOT NULL DEFAULT ''`},
	},
}

// Kind is what a Store keeps: events (the default) or live play's games.
// Both have the same operations over tables of their own in one
// database.
type Kind uint8

// The kinds.
const (
	Events Kind = iota
	Games
)

// tables are the names a kind's statements use.
type tables struct {
	noun    string // in messages: "event" or "game"
	rep     *strings.Replacer
	channel string // PostgreSQL's NOTIFY channel
}

// tablesOf returns the tables of a kind. Statements name them as
// {records}, {changes} and {owner} (the changes' column of the record's
// ID), which q replaces.
func tablesOf(k Kind) tables {
	if k == Games {
		return tables{noun: "game", channel: GamesChannel,
			rep: strings.NewReplacer("{records}", "games", "{changes}", "game_actions", "{owner}", "game_id")}
	}
	return tables{noun: "event", channel: NotifyChannel,
		rep: strings.NewReplacer("{records}", "events", "{changes}", "changes", "{owner}", "event_id")}
}

// q is the statement for these tables.
func (t tables) q(stmt string) string { return t.rep.Replace(stmt) }

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
