// Package store keeps events: for each event, its current state (an opaque
// JSON document that internal/event reads and writes) with a version, and
// the history of changes that led to it, one row per version. Live play's
// games are kept the same way, in tables of their own (Options.Kind):
// a game's state and the actions that made each version.
//
// Two implementations stand behind one interface: SQLite (the default, an
// embedded file, through the pure-Go driver modernc.org/sqlite) and
// PostgreSQL (through jackc/pgx, for several instances behind a load
// balancer). Every write is one transaction that checks the version it
// expects, writes the new state and appends the change, so a crash at any
// moment leaves the event at one version or the next, never between, and
// two writers never overwrite each other: the second gets ErrConflict.
package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Errors. Implementations wrap them with the event's ID; test with
// errors.Is.
var (
	// ErrNotFound: no event has this ID.
	ErrNotFound = errors.New("no such event")
	// ErrExists: Create with an ID already taken.
	ErrExists = errors.New("an event with this ID exists")
	// ErrConflict: Update expected a version that is no longer current.
	ErrConflict = errors.New("the event has changed since it was read")
)

// Record is an event's current state.
//
// IDs are 1 to 256 bytes of printable UTF-8 without spaces. Times are kept
// to the microsecond and come back in UTC; a zero time given to Create or
// Update means now.
type Record struct {
	ID      string
	Name    string // the event's name, for lists (a copy of what State holds)
	Version int64  // 1 after Create, one more with each Update
	State   []byte // a JSON document
	Created time.Time
	Updated time.Time
}

// Change is one entry of an event's history: the change that made Version.
type Change struct {
	Version int64
	At      time.Time
	Kind    string // what kind of change, for lists ("result", "pair", ...)
	By      string // who made it: a label such as "admin" or an arbiter's name, never a secret
	Body    []byte // the change as JSON
}

// Summary is one line of List.
type Summary struct {
	ID      string
	Name    string
	Version int64
	Created time.Time
	Updated time.Time
}

// Store keeps events. Its methods are safe for concurrent use, also from
// several processes (SQLite) or several instances (PostgreSQL) on one
// database.
type Store interface {
	// Create stores a new event at version 1 with its first change
	// (whose Version is set to 1). ErrExists if the ID is taken.
	Create(ctx context.Context, r Record, first Change) error
	// Load returns the event's current state. ErrNotFound if none.
	Load(ctx context.Context, id string) (Record, error)
	// Update replaces the state of an event at version expect with state
	// and name, and appends c as version expect+1, in one transaction. It
	// returns the new version. ErrConflict if the event is no longer at
	// version expect; ErrNotFound if there is no such event.
	Update(ctx context.Context, id string, expect int64, name string, state []byte, c Change) (int64, error)
	// Version returns the event's current version, as Load would, without
	// reading its state: a cache of what is made from a state asks it
	// first. ErrNotFound if none.
	Version(ctx context.Context, id string) (int64, error)
	// Changes returns the event's changes with Version > since, in order,
	// at most limit of them (limit <= 0: all).
	Changes(ctx context.Context, id string, since int64, limit int) ([]Change, error)
	// List returns every event, the most recently updated first.
	List(ctx context.Context) ([]Summary, error)
	// Watch sends the event's version each time it changes, whoever made
	// the change (another goroutine, process or instance), until ctx ends;
	// then it closes the channel. A slow reader may miss intermediate
	// versions but always gets the latest. It sends the current version
	// first.
	Watch(ctx context.Context, id string) (<-chan int64, error)
	// Beat records that the program instance (a name of 1 to 64
	// printable bytes, new each start) is alive at the instant at, with
	// what is present at it (for live play: the seats of the games
	// connected to it, as "gameID:w"; each 1 to 300 printable bytes, at
	// most MaxPresent bytes in all), and forgets the beats of instances
	// not seen for a day. A beat older than the instance's latest changes
	// nothing.
	Beat(ctx context.Context, instance string, at time.Time, present []string) error
	// Present returns what the instances that beat at since or later
	// said was present at them, each entry once, in no order.
	Present(ctx context.Context, since time.Time) ([]string, error)
	// LastBeat returns the latest instant any instance beat at, and
	// whether one ever did.
	LastBeat(ctx context.Context) (time.Time, bool, error)
	// Close releases the database.
	Close() error
}

// beatForget is how long Beat keeps an instance that stopped beating.
const beatForget = 24 * time.Hour

// checkInstance rejects an instance name Beat cannot keep.
func checkInstance(instance string) error {
	if instance == "" || len(instance) > 64 {
		return fmt.Errorf("store: instance name %.70q: want 1 to 64 bytes", instance)
	}
	for i := 0; i < len(instance); i++ {
		if c := instance[i]; c <= ' ' || c > '~' {
			return fmt.Errorf("store: instance name %.70q: byte %d is not a printable ASCII character other than space", instance, i)
		}
	}
	return nil
}

// MaxPresent bounds what one beat says is present, in bytes.
const MaxPresent = 1 << 20

// joinPresent checks the entries of a beat's present and joins them, one
// a line.
func joinPresent(present []string) (string, error) {
	n := 0
	for i, p := range present {
		if p == "" || len(p) > 300 {
			return "", fmt.Errorf("store: present entry %d, %.70q: want 1 to 300 bytes", i, p)
		}
		for j := 0; j < len(p); j++ {
			if c := p[j]; c <= ' ' || c > '~' {
				return "", fmt.Errorf("store: present entry %.70q: byte %d is not a printable ASCII character other than space", p, j)
			}
		}
		if n += len(p) + 1; n > MaxPresent {
			return "", fmt.Errorf("store: present: %d entries are more than %d bytes", len(present), MaxPresent)
		}
	}
	return strings.Join(present, "\n"), nil
}

// presentRows are the rows of a query of the heartbeats' present column,
// as database/sql and pgx both give them.
type presentRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// readPresent reads the present of each row and returns their entries,
// each once.
func readPresent(rows presentRows) ([]string, error) {
	seen, out := map[string]bool{}, []string{}
	for rows.Next() {
		var stored string
		if err := rows.Scan(&stored); err != nil {
			return nil, fmt.Errorf("store: present: %w", err)
		}
		for p := range strings.SplitSeq(stored, "\n") {
			if p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: present: %w", err)
	}
	return out, nil
}

// Options tune a Store. The zero value is the default.
type Options struct {
	// Kind is what the Store keeps: Events (the zero value) or Games.
	// A program that keeps both opens one Store of each on the same
	// database.
	Kind Kind
	// Poll is how often Watch reads the version of each watched event
	// from the database, to see changes made elsewhere: other processes
	// on the same SQLite file, or other instances whose notification was
	// lost (PostgreSQL). Zero means the default: 500 ms for SQLite, 2 s
	// for PostgreSQL. A negative value turns polling off, so that only
	// this Store's own writes (and, for PostgreSQL, notifications) wake
	// watchers; tests use it to show that notifications alone suffice.
	Poll time.Duration
}

// Default poll intervals of Watch (see Options.Poll).
const (
	SQLitePoll   = 500 * time.Millisecond
	PostgresPoll = 2 * time.Second
)

// Open opens the store named by dsn with the default Options: see OpenWith.
func Open(ctx context.Context, dsn string) (Store, error) {
	return OpenWith(ctx, dsn, Options{})
}

// OpenWith opens the store named by dsn and brings its schema up to date.
//
// A dsn that starts with "postgres://" or "postgresql://" is a PostgreSQL
// connection string (pgx's syntax; any parameter pgx does not know, such
// as search_path, is sent to the server as a run-time setting). Anything
// else is the path of an SQLite file, created on first use; its directory
// must exist.
//
// Pending migrations are applied in one transaction, which is safe when
// several processes open the same database at once. A database whose
// schema is newer than this program knows is refused.
func OpenWith(ctx context.Context, dsn string, opt Options) (Store, error) {
	if opt.Kind != Events && opt.Kind != Games {
		return nil, fmt.Errorf("store: kind %d: want Events or Games", opt.Kind)
	}
	if isPostgres(dsn) {
		return openPostgres(ctx, dsn, opt)
	}
	return openSQLite(ctx, dsn, opt)
}

// isPostgres reports whether dsn names a PostgreSQL database.
func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// ErrClosed: the Store has been closed.
var ErrClosed = errors.New("store: closed")
