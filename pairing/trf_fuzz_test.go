package pairing

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzReadTRF reads arbitrary files: the reader (in both modes) never panics, refuses with
// a *TRFError whose message quotes little of the input, and a tournament it accepts
// answers every question without panicking, cuts to a valid tournament
// before any round, and writes out (or is refused with a *TRFError) in
// both formats to a file that reads back the same. The seeds are the
// crafted cases and the generated tournaments of testdata/trf.
func FuzzReadTRF(f *testing.F) {
	addFiles(f, "testdata/trf/cases/*.trf", "testdata/trf/generated/*.trf")
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := ParseTRFRecord(data); err != nil {
			var te *TRFError
			if !errors.As(err, &te) {
				t.Fatalf("ParseTRFRecord: %v is not a *TRFError", err)
			}
		}
		tr, err := ParseTRF(data)
		if err != nil {
			var te *TRFError
			if !errors.As(err, &te) {
				t.Fatalf("ParseTRF: %v is not a *TRFError", err)
			}
			// At most about 100 bytes of the input, quoted (\x10 is 4
			// characters), and the reason.
			if len(err.Error()) > 700 {
				t.Fatalf("a message of %d bytes: %.200s...", len(err.Error()), err)
			}
			return
		}
		played := tr.PlayedRounds()
		if rec := tr.RecordedRounds(); rec < played || rec > played+1 {
			t.Fatalf("played %d, recorded %d", played, rec)
		}
		tr.FirstColor()
		_ = tr.PairingReady()
		for _, p := range tr.Players {
			tr.Eligible(p)
			tr.Acceleration(p, played+1)
			if len(p.Games) < played {
				t.Fatalf("player %d has %d rounds, fewer than the %d played", p.Number, len(p.Games), played)
			}
		}
		for r := 1; r <= played+1; r++ {
			if r > 3 && r < played {
				continue // the first rounds and the last two are enough
			}
			tr.NotPaired(r)
			c := tr.Before(r)
			if tr.Rounds > 0 || tr.Baku {
				if err := c.Validate(); err != nil {
					t.Fatalf("Before(%d): %v", r, err)
				}
			}
		}
		for _, format := range []Format{TRF16, TRF2026} {
			var b bytes.Buffer
			if err := tr.WriteTRF(&b, format); err != nil {
				var te *TRFError
				if !errors.As(err, &te) {
					t.Fatalf("WriteTRF(%d): %v is not a *TRFError", format, err)
				}
				continue
			}
			back, err := ParseTRF(b.Bytes())
			if err != nil {
				t.Fatalf("reading what WriteTRF(%d) wrote: %v\n%q", format, err, b.Bytes())
			}
			if !reflect.DeepEqual(back, tr) {
				t.Fatalf("WriteTRF(%d) then ParseTRF differs:\n%+v\n%+v\n%q", format, tr, back, b.Bytes())
			}
		}
	})
}

// addFiles adds the files that match the globs to the fuzzer's seeds.
func addFiles(f *testing.F, globs ...string) {
	for _, glob := range globs {
		files, err := filepath.Glob(glob)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
}
