package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// sqliteParams are the settings every connection gets (modernc.org/sqlite
// applies busy_timeout first, then the others):
//   - busy_timeout: a writer waits up to 10 s for another (process's)
//     writer instead of failing at once;
//   - foreign_keys: changes must belong to an event;
//   - journal_mode=WAL: readers do not block the writer, nor it them;
//   - synchronous=FULL: a commit is on disk (WAL fsynced) when it returns,
//     so no committed write is lost on a crash or power loss;
//   - _txlock=immediate: every transaction is BEGIN IMMEDIATE, taking the
//     write lock at its start, so Update's version check and its write
//     are atomic across processes.
//   - wal_autocheckpoint=0: no commit copies the WAL back into the file
//     (which made the commit that crossed 1,000 pages, and every update
//     queued behind it, wait for the copy and its fsync); the Store's
//     checkpointer does it beside the writers (checkpointEvery).
const sqliteParams = "?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)" +
	"&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=wal_autocheckpoint(0)&_txlock=immediate"

// checkpointEvery is how often a Store copies the WAL into the database
// file (PRAGMA wal_checkpoint(PASSIVE): it never waits for a reader or a
// writer, and what it cannot copy now it copies next time).
const checkpointEvery = time.Second

// sqliteConns is how many connections a Store keeps open: readers run
// in parallel under WAL; writers take turns anyway.
const sqliteConns = 16

// sqliteStore is the SQLite Store.
type sqliteStore struct {
	t    tables
	path string
	db   *sql.DB
	hub  *hub
	// commits is the group committer of Update (group.go).
	commits *committer
	// wmu lets one of this process's writers at a time try for the
	// file's write lock, so they queue here instead of sleeping in
	// SQLite's busy handler; other processes still wait through
	// busy_timeout.
	wmu   sync.Mutex
	stmts sync.Map // statement text → *sql.Stmt (prepared)
	// stopCheckpoints ends the checkpointer, which closes checkpointsDone.
	stopCheckpoints, checkpointsDone chan struct{}
	closeOnce                        sync.Once
	closeErr                         error
}

// stmt returns the statement q of these tables, prepared once: the
// driver keeps no cache of its own, and parsing each query again cost a
// sixth of live play's time.
func (s *sqliteStore) stmt(ctx context.Context, q string) (*sql.Stmt, error) {
	q = s.t.q(q)
	if st, ok := s.stmts.Load(q); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := s.db.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if old, loaded := s.stmts.LoadOrStore(q, st); loaded {
		st.Close()
		return old.(*sql.Stmt), nil
	}
	return st, nil
}

// checkSQLitePath rejects a path that Open cannot use, with the reason.
func checkSQLitePath(path string) error {
	switch {
	case path == "":
		return errors.New("store: no database given: want the path of an SQLite file or a postgres:// URL")
	case strings.Contains(path, "://"):
		return fmt.Errorf("store: %q: not a file path, and the only URLs supported are postgres:// and postgresql://", path)
	case strings.ContainsRune(path, '?'):
		return fmt.Errorf("store: SQLite file %q: a path with '?' is not supported", path)
	case strings.HasPrefix(path, "file:") || strings.HasPrefix(path, ":memory:"):
		return fmt.Errorf("store: SQLite file %q: give a plain file path, not an SQLite URI or in-memory name", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("store: SQLite file %q: is a directory", path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("store: SQLite file %q: directory %q does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("store: SQLite file %q: %w", path, err)
	case !fi.IsDir():
		return fmt.Errorf("store: SQLite file %q: %q is not a directory", path, dir)
	}
	return nil
}

func openSQLite(ctx context.Context, path string, opt Options) (Store, error) {
	if err := checkSQLitePath(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", path+sqliteParams)
	if err != nil {
		return nil, fmt.Errorf("store: SQLite file %q: %w", path, err)
	}
	// Connections are kept, not opened per query: opening one costs the
	// file's open and the pragmas above, which live play's load (many
	// small reads at once) turned into half of the server's time.
	db.SetMaxOpenConns(sqliteConns)
	db.SetMaxIdleConns(sqliteConns)
	s := &sqliteStore{t: tablesOf(opt.Kind), path: path, db: db}
	if err := s.migrateRetry(ctx); err != nil {
		db.Close()
		return nil, err
	}
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: SQLite file %q: %w", path, err)
	}
	if !strings.EqualFold(mode, "wal") {
		db.Close()
		return nil, fmt.Errorf("store: SQLite file %q: journal mode is %q, not WAL (is the file on a file system without shared memory?)", path, mode)
	}
	poll := opt.Poll
	if poll == 0 {
		poll = SQLitePoll
	}
	s.hub = newHub(s.version, s.versions, poll)
	s.commits = newCommitter(s.writeBatch)
	s.stopCheckpoints = make(chan struct{})
	s.checkpointsDone = make(chan struct{})
	go s.checkpointer()
	return s, nil
}

// checkpointer checkpoints the WAL every checkpointEvery, and once more
// when the Store closes.
func (s *sqliteStore) checkpointer() {
	defer close(s.checkpointsDone)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stopCheckpoints:
			s.db.Exec("PRAGMA wal_checkpoint(PASSIVE)")
			return
		case <-t.C:
			// An error (the database busy) is tried again next time.
			s.db.Exec("PRAGMA wal_checkpoint(PASSIVE)")
		}
	}
}

// migrateRetry is migrate, tried again for up to migrateWait while SQLite
// answers SQLITE_BUSY without waiting: it does so to a connection that
// opens a new file while another process or Store is making it (setting
// WAL mode, or recovering its index), where busy_timeout does not apply.
// TestConcurrentOpen opened four Stores on a new file at once and failed
// about once in thirty runs before this.
func (s *sqliteStore) migrateRetry(ctx context.Context) error {
	deadline := time.Now().Add(migrateWait)
	pause := 5 * time.Millisecond
	for {
		err := s.migrate(ctx)
		var coded interface{ Code() int }
		if err == nil || !errors.As(err, &coded) || coded.Code()&0xff != sqliteBusy || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
		pause = min(2*pause, 200*time.Millisecond)
	}
}

// migrateWait bounds migrateRetry; sqliteBusy is SQLITE_BUSY's primary code.
const (
	migrateWait = 10 * time.Second
	sqliteBusy  = 5
)

// migrate applies the pending migrations in one BEGIN IMMEDIATE
// transaction, so two processes opening a new file at once take turns.
func (s *sqliteStore) migrate(ctx context.Context) error {
	fail := func(err error) error {
		return fmt.Errorf("store: SQLite file %q: migrating the schema: %w", s.path, err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER NOT NULL PRIMARY KEY,
		applied INTEGER NOT NULL
	)`); err != nil {
		return fail(err)
	}
	var have int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&have); err != nil {
		return fail(err)
	}
	if have > schemaVersion() {
		return newerSchemaError(fmt.Sprintf("SQLite file %q", s.path), have)
	}
	for _, m := range migrations {
		if m.version <= have {
			continue
		}
		for _, q := range m.sqlite {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fail(fmt.Errorf("migration %d: %w", m.version, err))
			}
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied) VALUES (?, ?)",
			m.version, stamp(time.Time{}).UnixMicro()); err != nil {
			return fail(fmt.Errorf("migration %d: %w", m.version, err))
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}

func (s *sqliteStore) wrap(id string, err error) error {
	return fmt.Errorf("store: %s %q: %w", s.t.noun, id, err)
}

// Create implements Store.
func (s *sqliteStore) Create(ctx context.Context, r Record, first Change) error {
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
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(r.ID, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.t.q(`INSERT INTO {records} (id, name, version, state, created, updated)
		VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
		r.ID, r.Name, bytesOrEmpty(r.State), created.UnixMicro(), updated.UnixMicro())
	if err != nil {
		return s.wrap(r.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return s.wrap(r.ID, err)
	} else if n == 0 {
		return s.wrap(r.ID, ErrExists)
	}
	if _, err := tx.ExecContext(ctx, s.t.q(`INSERT INTO {changes} ({owner}, version, at, kind, "by", body)
		VALUES (?, 1, ?, ?, ?, ?)`),
		r.ID, at.UnixMicro(), first.Kind, first.By, bytesOrEmpty(first.Body)); err != nil {
		return s.wrap(r.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return s.wrap(r.ID, err)
	}
	s.hub.publish(r.ID, 1)
	return nil
}

// Load implements Store.
func (s *sqliteStore) Load(ctx context.Context, id string) (Record, error) {
	if err := checkID(id); err != nil {
		return Record{}, err
	}
	r := Record{ID: id}
	var created, updated int64
	st, err := s.stmt(ctx, "SELECT name, version, state, created, updated FROM {records} WHERE id = ?")
	if err != nil {
		return Record{}, s.wrap(id, err)
	}
	err = st.QueryRowContext(ctx, id).Scan(&r.Name, &r.Version, &r.State, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, s.wrap(id, ErrNotFound)
	}
	if err != nil {
		return Record{}, s.wrap(id, err)
	}
	r.Created, r.Updated = fromMicro(created), fromMicro(updated)
	return r, nil
}

func fromMicro(us int64) time.Time { return time.UnixMicro(us).UTC() }

// Update implements Store, through the group committer (group.go).
func (s *sqliteStore) Update(ctx context.Context, id string, expect int64, name string, state []byte, c Change) (int64, error) {
	if err := checkUpdate(id, expect, name, c); err != nil {
		return 0, err
	}
	return s.commits.do(&updateReq{ctx: ctx, id: id, expect: expect, name: name, state: state, c: c, at: stamp(c.At)})
}

// writeBatch writes a batch of updates in one BEGIN IMMEDIATE transaction;
// if a statement fails, each update again in a transaction of its own.
func (s *sqliteStore) writeBatch(batch []*updateReq) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if err := s.writeTx(batch); err != nil && len(batch) > 1 {
		for _, r := range batch {
			if err := s.writeTx([]*updateReq{r}); err != nil {
				r.v, r.err = 0, s.wrap(r.id, err)
			}
		}
	} else if err != nil {
		batch[0].v, batch[0].err = 0, s.wrap(batch[0].id, err)
	}
	for _, r := range batch {
		if r.err == nil {
			s.hub.publish(r.id, r.v)
		}
	}
}

// writeTx writes the batch in one transaction and sets each update's
// version or ErrConflict/ErrNotFound; a failed statement or commit is its
// error, and then nothing is written.
func (s *sqliteStore) writeTx(batch []*updateReq) error {
	ctx := context.Background()       // each caller waits for its answer (see committer.do)
	tx, err := s.db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the write lock is ours from here
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var sel, upd, ins *sql.Stmt
	for q, p := range map[string]**sql.Stmt{
		"SELECT version FROM {records} WHERE id = ?":                                               &sel,
		"UPDATE {records} SET name = ?, state = ?, version = ?, updated = ? WHERE id = ?":          &upd,
		`INSERT INTO {changes} ({owner}, version, at, kind, "by", body) VALUES (?, ?, ?, ?, ?, ?)`: &ins,
	} {
		st, err := s.stmt(ctx, q)
		if err != nil {
			return err
		}
		*p = tx.StmtContext(ctx, st)
	}
	for _, r := range batch {
		r.v, r.err = 0, nil
		var cur int64
		err = sel.QueryRowContext(ctx, r.id).Scan(&cur)
		if errors.Is(err, sql.ErrNoRows) {
			r.err = s.wrap(r.id, ErrNotFound)
			continue
		}
		if err != nil {
			return err
		}
		if cur != r.expect {
			r.err = fmt.Errorf("store: %s %q: at version %d, not %d: %w", s.t.noun, r.id, cur, r.expect, ErrConflict)
			continue
		}
		next := r.expect + 1
		if _, err := upd.ExecContext(ctx, r.name, bytesOrEmpty(r.state), next, r.at.UnixMicro(), r.id); err != nil {
			return err
		}
		if _, err := ins.ExecContext(ctx, r.id, next, r.at.UnixMicro(), r.c.Kind, r.c.By, bytesOrEmpty(r.c.Body)); err != nil {
			return err
		}
		r.v = next
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return nil
}

// Changes implements Store.
func (s *sqliteStore) Changes(ctx context.Context, id string, since int64, limit int) ([]Change, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	lim := int64(limit)
	if limit <= 0 {
		lim = -1 // SQLite: no limit
	}
	st, err := s.stmt(ctx, `SELECT version, at, kind, "by", body FROM {changes}
		WHERE {owner} = ? AND version > ? ORDER BY version LIMIT ?`)
	if err != nil {
		return nil, s.wrap(id, err)
	}
	rows, err := st.QueryContext(ctx, id, since, lim)
	if err != nil {
		return nil, s.wrap(id, err)
	}
	defer rows.Close()
	var out []Change
	for rows.Next() {
		var c Change
		var at int64
		if err := rows.Scan(&c.Version, &at, &c.Kind, &c.By, &c.Body); err != nil {
			return nil, s.wrap(id, err)
		}
		c.At = fromMicro(at)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(id, err)
	}
	if len(out) == 0 {
		// None: an event past since, or no event at all?
		if _, err := s.version(ctx, id); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// List implements Store.
func (s *sqliteStore) List(ctx context.Context) ([]Summary, error) {
	rows, err := s.db.QueryContext(ctx, s.t.q("SELECT id, name, version, created, updated FROM {records} ORDER BY updated DESC, id"))
	if err != nil {
		return nil, fmt.Errorf("store: listing %ss: %w", s.t.noun, err)
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var e Summary
		var created, updated int64
		if err := rows.Scan(&e.ID, &e.Name, &e.Version, &created, &updated); err != nil {
			return nil, fmt.Errorf("store: listing %ss: %w", s.t.noun, err)
		}
		e.Created, e.Updated = fromMicro(created), fromMicro(updated)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: listing %ss: %w", s.t.noun, err)
	}
	return out, nil
}

// Version implements Store: one indexed read of one column.
func (s *sqliteStore) Version(ctx context.Context, id string) (int64, error) {
	if err := checkID(id); err != nil {
		return 0, err
	}
	return s.version(ctx, id)
}

// version reads an event's current version.
func (s *sqliteStore) version(ctx context.Context, id string) (int64, error) {
	var v int64
	st, err := s.stmt(ctx, "SELECT version FROM {records} WHERE id = ?")
	if err != nil {
		return 0, s.wrap(id, err)
	}
	err = st.QueryRowContext(ctx, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, s.wrap(id, ErrNotFound)
	}
	if err != nil {
		return 0, s.wrap(id, err)
	}
	return v, nil
}

// versions reads the versions of the records of ids that exist.
func (s *sqliteStore) versions(ctx context.Context, ids []string) (map[string]int64, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.t.q("SELECT id, version FROM {records} WHERE id IN (?"+strings.Repeat(", ?", len(ids)-1)+")"), args...)
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
// other processes' writes within a poll (Options.Poll).
func (s *sqliteStore) Watch(ctx context.Context, id string) (<-chan int64, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	return s.hub.watch(ctx, id)
}

// Beat implements Store.
func (s *sqliteStore) Beat(ctx context.Context, instance string, at time.Time, present []string) error {
	if err := checkInstance(instance); err != nil {
		return err
	}
	pr, err := joinPresent(present)
	if err != nil {
		return err
	}
	t := stamp(at)
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO heartbeats (instance, seen, present) VALUES (?, ?, ?)
		ON CONFLICT (instance) DO UPDATE SET present = CASE WHEN excluded.seen >= seen THEN excluded.present ELSE present END,
			seen = max(seen, excluded.seen)`, instance, t.UnixMicro(), pr); err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM heartbeats WHERE seen < ?`, t.Add(-beatForget).UnixMicro()); err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	return nil
}

// Present implements Store.
func (s *sqliteStore) Present(ctx context.Context, since time.Time) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT present FROM heartbeats WHERE seen >= ? AND present <> ''`, stamp(since).UnixMicro())
	if err != nil {
		return nil, fmt.Errorf("store: present: %w", err)
	}
	defer rows.Close()
	return readPresent(rows)
}

// LastBeat implements Store.
func (s *sqliteStore) LastBeat(ctx context.Context) (time.Time, bool, error) {
	var us sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT max(seen) FROM heartbeats`).Scan(&us); err != nil {
		return time.Time{}, false, fmt.Errorf("store: heartbeats: %w", err)
	}
	if !us.Valid {
		return time.Time{}, false, nil
	}
	return fromMicro(us.Int64), true, nil
}

// Close implements Store: it ends the watchers (closing their channels)
// and closes the database.
func (s *sqliteStore) Close() error {
	s.closeOnce.Do(func() {
		s.commits.close()
		s.hub.close()
		close(s.stopCheckpoints)
		<-s.checkpointsDone
		s.stmts.Range(func(_, st any) bool { st.(*sql.Stmt).Close(); return true })
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// batches is how many transactions Update has written (for the tests).
func (s *sqliteStore) batches() int64 { return s.commits.batches.Load() }
