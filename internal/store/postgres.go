package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// NotifyChannel is the PostgreSQL channel Update notifies of events, with
// the payload "ID VERSION"; every instance LISTENs on it.
const NotifyChannel = "chess960_events"

// GamesChannel is the NOTIFY channel of the games (Kind Games).
const GamesChannel = "chess960_games"

// migrationLock is the key of the advisory lock that serialises
// migrations across instances: "chess960" in ASCII.
const migrationLock int64 = 0x6368657373393630

// Reconnection backoff of the LISTEN connection.
const (
	listenBackoffMin = 100 * time.Millisecond
	listenBackoffMax = 5 * time.Second
)

// pgStore is the PostgreSQL Store.
type pgStore struct {
	t          tables
	pool       *pgxpool.Pool
	hub        *hub
	commits    *committer // the group committer of Update (group.go)
	listenOnce sync.Once
	closeOnce  sync.Once
}

func openPostgres(ctx context.Context, dsn string, opt Options) (Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: PostgreSQL connection string: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: PostgreSQL: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: PostgreSQL at %s: %w", describe(cfg), err)
	}
	s := &pgStore{t: tablesOf(opt.Kind), pool: pool}
	if err := s.migrate(ctx, describe(cfg)); err != nil {
		pool.Close()
		return nil, err
	}
	poll := opt.Poll
	if poll == 0 {
		poll = PostgresPoll
	}
	s.hub = newHub(s.version, s.versions, poll)
	s.commits = newCommitter(s.writeBatch)
	return s, nil
}

// describe names the database for errors, without the password.
func describe(cfg *pgxpool.Config) string {
	c := cfg.ConnConfig
	return fmt.Sprintf("%s:%d/%s", c.Host, c.Port, c.Database)
}

// migrate applies the pending migrations in one transaction that first
// takes an advisory lock, so instances starting at once take turns.
func (s *pgStore) migrate(ctx context.Context, db string) error {
	fail := func(err error) error { return fmt.Errorf("store: PostgreSQL at %s: migrating the schema: %w", db, err) }
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLock); err != nil {
		return fail(err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer     NOT NULL PRIMARY KEY,
		applied timestamptz NOT NULL
	)`); err != nil {
		return fail(err)
	}
	var have int
	if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&have); err != nil {
		return fail(err)
	}
	if have > schemaVersion() {
		return newerSchemaError("PostgreSQL at "+db, have)
	}
	for _, m := range migrations {
		if m.version <= have {
			continue
		}
		for _, q := range m.postgres {
			if _, err := tx.Exec(ctx, q); err != nil {
				return fail(fmt.Errorf("migration %d: %w", m.version, err))
			}
		}
		if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, applied) VALUES ($1, $2)",
			m.version, stamp(time.Time{})); err != nil {
			return fail(fmt.Errorf("migration %d: %w", m.version, err))
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fail(err)
	}
	return nil
}

func (s *pgStore) wrap(id string, err error) error {
	return fmt.Errorf("store: %s %q: %w", s.t.noun, id, err)
}

// Create implements Store.
func (s *pgStore) Create(ctx context.Context, r Record, first Change) error {
	if err := checkCreate(r, first); err != nil {
		return err
	}
	created := stamp(r.Created)
	updated := created
	if !r.Updated.IsZero() {
		updated = stamp(r.Updated)
	}
	at := updated
	if !first.At.IsZero() {
		at = stamp(first.At)
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, s.t.q(`INSERT INTO {records} (id, name, version, state, created, updated)
			VALUES ($1, $2, 1, $3, $4, $5) ON CONFLICT (id) DO NOTHING`),
			r.ID, r.Name, bytesOrEmpty(r.State), created, updated)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrExists
		}
		_, err = tx.Exec(ctx, s.t.q(`INSERT INTO {changes} ({owner}, version, at, kind, "by", body)
			VALUES ($1, 1, $2, $3, $4, $5)`),
			r.ID, at, first.Kind, first.By, bytesOrEmpty(first.Body))
		return err
	})
	if err != nil {
		return s.wrap(r.ID, err)
	}
	s.hub.publish(r.ID, 1)
	return nil
}

// Load implements Store.
func (s *pgStore) Load(ctx context.Context, id string) (Record, error) {
	if err := checkID(id); err != nil {
		return Record{}, err
	}
	r := Record{ID: id}
	err := s.pool.QueryRow(ctx, s.t.q("SELECT name, version, state, created, updated FROM {records} WHERE id = $1"), id).
		Scan(&r.Name, &r.Version, &r.State, &r.Created, &r.Updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, s.wrap(id, ErrNotFound)
	}
	if err != nil {
		return Record{}, s.wrap(id, err)
	}
	r.Created, r.Updated = r.Created.UTC(), r.Updated.UTC()
	return r, nil
}

// Update implements Store, through the group committer (group.go).
func (s *pgStore) Update(ctx context.Context, id string, expect int64, name string, state []byte, c Change) (int64, error) {
	if err := checkUpdate(id, expect, name, c); err != nil {
		return 0, err
	}
	return s.commits.do(&updateReq{ctx: ctx, id: id, expect: expect, name: name, state: state, c: c, at: stamp(c.At)})
}

// writeBatch writes a batch of updates in one transaction, the records in
// the order of their IDs (so that two instances' batches lock rows in one
// order and cannot deadlock), each record's updates in the order they
// came; if a statement fails, each update again in a transaction of its
// own. A deadlock or serialization failure is tried again.
func (s *pgStore) writeBatch(batch []*updateReq) {
	sorted := append([]*updateReq(nil), batch...)
	slices.SortStableFunc(sorted, func(a, b *updateReq) int { return strings.Compare(a.id, b.id) })
	err := s.writeTxRetry(sorted)
	if err != nil && len(sorted) > 1 {
		for _, r := range sorted {
			if err := s.writeTxRetry([]*updateReq{r}); err != nil {
				r.v, r.err = 0, s.wrap(r.id, err)
			}
		}
	} else if err != nil {
		sorted[0].v, sorted[0].err = 0, s.wrap(sorted[0].id, err)
	}
	for _, r := range sorted {
		if r.err == nil {
			s.hub.publish(r.id, r.v)
		}
	}
}

func (s *pgStore) writeTxRetry(batch []*updateReq) error {
	var err error
	for try := 0; try < 3; try++ {
		if err = s.writeTx(batch); !retryable(err) {
			return err
		}
	}
	return err
}

// retryable reports whether err is a deadlock or serialization failure,
// which the same transaction may pass when tried again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// writeTx writes the batch in one transaction, each update one statement
// (pipelined): the UPDATE checks the version in its WHERE (of two
// transactions expecting the same version, the second waits for the
// first's row lock, then finds the row changed and updates nothing); the
// change is inserted and the notification sent only if it did. It sets
// each update's version or ErrConflict/ErrNotFound.
func (s *pgStore) writeTx(batch []*updateReq) error {
	ctx := context.Background() // each caller waits for its answer (see committer.do)
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		for _, r := range batch {
			r.v, r.err = 0, nil
			b.Queue(s.t.q(`WITH u AS (
					UPDATE {records} SET name = $3, state = $4, version = $2 + 1, updated = $5
					WHERE id = $1 AND version = $2 RETURNING id, version
				), i AS (
					INSERT INTO {changes} ({owner}, version, at, kind, "by", body)
					SELECT id, version, $5::timestamptz, $6::text, $7::text, $8::bytea FROM u RETURNING version
				)
				SELECT (SELECT count(*) FROM i), (SELECT count(pg_notify($9::text, id || ' ' || version)) FROM u)`),
				r.id, r.expect, r.name, bytesOrEmpty(r.state), r.at, r.c.Kind, r.c.By, bytesOrEmpty(r.c.Body), s.t.channel)
		}
		br := tx.SendBatch(ctx, b)
		var missed []*updateReq
		for _, r := range batch {
			var inserted, notified int64
			if err := br.QueryRow().Scan(&inserted, &notified); err != nil {
				br.Close()
				return err
			}
			if inserted == 1 {
				r.v = r.expect + 1
			} else {
				missed = append(missed, r)
			}
		}
		if err := br.Close(); err != nil {
			return err
		}
		for _, r := range missed {
			var cur int64
			err := tx.QueryRow(ctx, s.t.q("SELECT version FROM {records} WHERE id = $1"), r.id).Scan(&cur)
			switch {
			case errors.Is(err, pgx.ErrNoRows):
				r.err = s.wrap(r.id, ErrNotFound)
			case err != nil:
				return err
			default:
				r.err = fmt.Errorf("store: %s %q: at version %d, not %d: %w", s.t.noun, r.id, cur, r.expect, ErrConflict)
			}
		}
		return nil
	})
}

// Beat implements Store.
func (s *pgStore) Beat(ctx context.Context, instance string, at time.Time, present []string) error {
	if err := checkInstance(instance); err != nil {
		return err
	}
	pr, err := joinPresent(present)
	if err != nil {
		return err
	}
	t := stamp(at)
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO heartbeats (instance, seen, present) VALUES ($1, $2, $3)
			ON CONFLICT (instance) DO UPDATE SET seen = greatest(heartbeats.seen, excluded.seen),
				present = CASE WHEN excluded.seen >= heartbeats.seen THEN excluded.present ELSE heartbeats.present END`, instance, t, pr); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM heartbeats WHERE seen < $1`, t.Add(-beatForget))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	return nil
}

// Present implements Store.
func (s *pgStore) Present(ctx context.Context, since time.Time) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT present FROM heartbeats WHERE seen >= $1 AND present <> ''`, stamp(since))
	if err != nil {
		return nil, fmt.Errorf("store: present: %w", err)
	}
	defer rows.Close()
	return readPresent(rows)
}

// LastBeat implements Store.
func (s *pgStore) LastBeat(ctx context.Context) (time.Time, bool, error) {
	var t *time.Time
	if err := s.pool.QueryRow(ctx, `SELECT max(seen) FROM heartbeats`).Scan(&t); err != nil {
		return time.Time{}, false, fmt.Errorf("store: heartbeats: %w", err)
	}
	if t == nil {
		return time.Time{}, false, nil
	}
	return t.UTC(), true, nil
}

// Changes implements Store.
func (s *pgStore) Changes(ctx context.Context, id string, since int64, limit int) ([]Change, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	var lim *int64 // NULL: no limit
	if limit > 0 {
		l := int64(limit)
		lim = &l
	}
	rows, err := s.pool.Query(ctx, s.t.q(`SELECT version, at, kind, "by", body FROM {changes}
		WHERE {owner} = $1 AND version > $2 ORDER BY version LIMIT $3`), id, since, lim)
	if err != nil {
		return nil, s.wrap(id, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Change, error) {
		var c Change
		err := row.Scan(&c.Version, &c.At, &c.Kind, &c.By, &c.Body)
		c.At = c.At.UTC()
		return c, err
	})
	if err != nil {
		return nil, s.wrap(id, err)
	}
	if len(out) == 0 {
		if _, err := s.version(ctx, id); err != nil {
			return nil, err
		}
		return nil, nil
	}
	return out, nil
}

// List implements Store.
func (s *pgStore) List(ctx context.Context) ([]Summary, error) {
	rows, err := s.pool.Query(ctx, s.t.q("SELECT id, name, version, created, updated FROM {records} ORDER BY updated DESC, id"))
	if err != nil {
		return nil, fmt.Errorf("store: listing %ss: %w", s.t.noun, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Summary, error) {
		var e Summary
		err := row.Scan(&e.ID, &e.Name, &e.Version, &e.Created, &e.Updated)
		e.Created, e.Updated = e.Created.UTC(), e.Updated.UTC()
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: listing %ss: %w", s.t.noun, err)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// Version implements Store: one indexed read of one column.
func (s *pgStore) Version(ctx context.Context, id string) (int64, error) {
	if err := checkID(id); err != nil {
		return 0, err
	}
	return s.version(ctx, id)
}

// version reads an event's current version.
func (s *pgStore) version(ctx context.Context, id string) (int64, error) {
	var v int64
	err := s.pool.QueryRow(ctx, s.t.q("SELECT version FROM {records} WHERE id = $1"), id).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, s.wrap(id, ErrNotFound)
	}
	if err != nil {
		return 0, s.wrap(id, err)
	}
	return v, nil
}

// versions reads the versions of the records of ids that exist.
func (s *pgStore) versions(ctx context.Context, ids []string) (map[string]int64, error) {
	rows, err := s.pool.Query(ctx, s.t.q("SELECT id, version FROM {records} WHERE id = ANY($1)"), ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[string]int64, len(ids))
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		out[id] = v
	}
	return out, rows.Err()
}

// Watch implements Store: this Store's own writes wake watchers at once,
// other instances' writes through LISTEN on one connection the Store
// opens at its first Watch, and, should a notification be lost, through
// polling (Options.Poll).
func (s *pgStore) Watch(ctx context.Context, id string) (<-chan int64, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	s.listenOnce.Do(func() { s.hub.goroutine(s.listen) })
	return s.hub.watch(ctx, id)
}

// listen holds the LISTEN connection until the hub closes: each
// notification makes the hub read that event's version; after each
// (re)connection it reads every watched version, since notifications
// sent while no connection listened are lost. Errors reconnect with
// backoff.
func (s *pgStore) listen() {
	ctx := s.hub.ctx
	backoff := listenBackoffMin
	for {
		err := s.listenConn(ctx, func() { backoff = listenBackoffMin })
		if ctx.Err() != nil {
			return
		}
		_ = err // the connection failed or broke: try again after a pause
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		backoff = min(2*backoff, listenBackoffMax)
	}
}

// listenConn connects, LISTENs and relays notifications until an error.
// It calls listening once the LISTEN is in place.
func (s *pgStore) listenConn(ctx context.Context, listening func()) error {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+s.t.channel); err != nil {
		return err
	}
	listening()
	s.hub.hintAll()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		// The payload is "ID VERSION" (IDs have no spaces). It is only a
		// hint: the hub reads the version from this Store's own tables,
		// so a notification from another database or schema that shares
		// the channel name cannot mislead a watcher.
		if id, _, ok := strings.Cut(n.Payload, " "); ok {
			s.hub.hintID(id)
		}
	}
}

// Close implements Store: it ends the watchers (closing their channels)
// and the LISTEN connection, and closes the pool.
func (s *pgStore) Close() error {
	s.closeOnce.Do(func() {
		s.commits.close()
		s.hub.close()
		s.pool.Close()
	})
	return nil
}

// batches is how many transactions Update has written (for the tests).
func (s *pgStore) batches() int64 { return s.commits.batches.Load() }
