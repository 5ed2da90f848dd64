package secret

import (
	"encoding/base64"
	"testing"
)

// TestTokens: 16 bytes make 22 characters of URL-safe base64 that decode
// to 16 bytes; two tokens differ; a token matches its own hash only. The
// hash of "abc" is SHA-256's published test vector (FIPS 180-2, B.1).
func TestTokens(t *testing.T) {
	a, b := Token(16), Token(16)
	if raw, err := base64.RawURLEncoding.DecodeString(a); len(a) != 22 || err != nil || len(raw) != 16 || a == b {
		t.Fatalf("tokens %q %q", a, b)
	}
	if !Matches(a, Hash(a)) || Matches(b, Hash(a)) || Matches(a, "") {
		t.Error("Matches")
	}
	if got := Hash("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("Hash(abc) = %s", got)
	}
}
