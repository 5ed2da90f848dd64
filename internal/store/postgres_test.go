package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"testing"
	"time"
)

// TestListenReconnect kills the server side of a Store's LISTEN
// connection; the Store must reconnect and go on delivering versions
// written by another instance. Polling is off, so nothing else could.
func TestListenReconnect(t *testing.T) {
	ctx := context.Background()
	dsn := postgresBackend.fresh(t)
	writer := open(t, dsn, Options{})
	// The watching Store's connections carry a name of their own, so the
	// test can find its LISTEN connection among the server's.
	var b [6]byte
	rand.Read(b[:])
	app := "chess960_listen_" + hex.EncodeToString(b[:])
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	watcher := open(t, u.String(), Options{Poll: -1})

	if err := writer.Create(ctx, Record{ID: "r", Name: "R", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch, err := watcher.Watch(wctx, "r")
	if err != nil {
		t.Fatal(err)
	}
	if v := next(t, ch); v != 1 {
		t.Fatalf("first version %d, want 1", v)
	}
	terminate := "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '" + app +
		"' AND query LIKE 'LISTEN%'"
	for version := int64(2); version <= 3; version++ {
		// Wait for the (re)connected listener, then cut it off.
		deadline := time.Now().Add(guard)
		for postgresBackend.exec(t, dsn, terminate) != 1 {
			if time.Now().After(deadline) {
				t.Fatalf("no LISTEN connection of %s within %v", app, guard)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if _, err := writer.Update(ctx, "r", version-1, "R", []byte(`{}`), Change{Kind: "k"}); err != nil {
			t.Fatal(err)
		}
		if v := next(t, ch); v != version {
			t.Fatalf("after the listener was cut off: Watch sent %d, want %d", v, version)
		}
	}
}
