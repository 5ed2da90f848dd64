// Package secret makes and checks the capability tokens of links and
// seats: random, kept only as hashes, compared in constant time.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
)

// Token returns n random bytes in URL-safe base64 (16 bytes: 128 bits).
func Token(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Hash is what is kept of a token: its SHA-256, in hex.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Matches reports whether token's hash is hash, in constant time.
func Matches(token, hash string) bool {
	return subtle.ConstantTimeCompare([]byte(Hash(token)), []byte(hash)) == 1
}
