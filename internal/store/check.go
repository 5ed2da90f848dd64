package store

import (
	"fmt"
	"time"
	"unicode"
	"unicode/utf8"
)

// maxID is the longest event ID in bytes: IDs go into URLs and into
// PostgreSQL notifications (whose payload is limited to 8000 bytes).
const maxID = 256

// checkID rejects an event ID the store cannot keep faithfully.
func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("store: empty event ID")
	}
	if len(id) > maxID {
		return fmt.Errorf("store: event ID %.20q...: %d bytes, more than %d", id, len(id), maxID)
	}
	for i, r := range id {
		if r == utf8.RuneError || !unicode.IsPrint(r) || r == ' ' {
			return fmt.Errorf("store: event ID %q: byte %d: not a printable character other than space", id, i)
		}
	}
	return nil
}

// checkText rejects a text field that would not round-trip: invalid
// UTF-8, or a NUL (which PostgreSQL's text cannot hold).
func checkText(id, field, s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("store: event %q: %s %q: not valid UTF-8", id, field, s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return fmt.Errorf("store: event %q: %s %q: contains a NUL byte", id, field, s)
		}
	}
	return nil
}

// checkCreate validates Create's arguments.
func checkCreate(r Record, first Change) error {
	if err := checkID(r.ID); err != nil {
		return err
	}
	return checkFields(r.ID, r.Name, first)
}

// checkUpdate validates Update's arguments.
func checkUpdate(id string, expect int64, name string, c Change) error {
	if err := checkID(id); err != nil {
		return err
	}
	if expect < 1 {
		return fmt.Errorf("store: event %q: expected version %d: versions start at 1", id, expect)
	}
	return checkFields(id, name, c)
}

func checkFields(id, name string, c Change) error {
	if err := checkText(id, "name", name); err != nil {
		return err
	}
	if err := checkText(id, "change kind", c.Kind); err != nil {
		return err
	}
	return checkText(id, "change author", c.By)
}

// bytesOrEmpty keeps a nil state or body from becoming NULL.
func bytesOrEmpty(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// CheckID reports whether a Store keeps the event ID faithfully, with the
// error every Store gives for an ID it refuses. Other implementations of
// Store (such as storetest.Memory) use it to refuse what the real ones
// refuse.
func CheckID(id string) error { return checkID(id) }

// CheckCreate reports whether Create's arguments would be refused, with
// the error the Stores give (see CheckID).
func CheckCreate(r Record, first Change) error { return checkCreate(r, first) }

// CheckUpdate reports whether Update's arguments would be refused, with
// the error the Stores give (see CheckID).
func CheckUpdate(id string, expect int64, name string, c Change) error {
	return checkUpdate(id, expect, name, c)
}

// Stamp is the time a Store keeps for t: to the microsecond, in UTC, and
// now for the zero time.
func Stamp(t time.Time) time.Time { return stamp(t) }
