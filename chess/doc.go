// Package chess is a rules engine for Chess960 (Fischer Random Chess), with
// standard chess as start position 518.
//
// A Position is a validated, legal position held as bitboards; it is a
// value type, so a copy is an independent snapshot (perft and search use
// copy-make). NewPosition starts from a chess960.StartPos and ParseFEN reads
// FEN with standard, X-FEN or Shredder-FEN castling fields, refusing
// impossible positions with a *FENError that names the rule.
//
// Castling rights are a set of rook squares (CastlingRooks), and a castling
// Move is stored as the king taking its own rook: From is the king's square,
// To the rook's; KingTo and RookTo give where they land (g/f or c/d file).
// Move.UCI writes castling as "e1h1" in Chess960 mode and "e1g1" otherwise;
// ParseUCI accepts both.
//
// Move generation is legal by construction (check and pin masks, magic
// bitboard sliding attacks built at start-up from a fixed seed) and does not
// allocate: use a MoveList or AppendLegalMoves with a slice that has room.
// Perft and Divide count move-tree leaves, the standard correctness test of
// a move generator.
package chess
