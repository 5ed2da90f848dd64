// Package chess960 names, finds and draws the 960 start positions of
// Chess960 (Fischer Random Chess).
//
// A StartPos is one back rank. It converts both ways to Scharnagl's standard
// number 0..959 (518 is ordinary chess; 960 is accepted as 0) and to the
// Fritz9 number 1..960, parses back ranks and start-position FENs, writes FEN
// in X-FEN and Shredder-FEN castling style, finds its mirror image, explains
// its number step by step, and is drawn at random, uniformly, from a secure
// source or reproducibly from a seed.
//
// The package depends on the standard library only.
package chess960
