// Package chess is a rules engine for Chess960 (Fischer Random Chess), with
// standard chess as start position 518.
//
// The layers are Board -> Setup -> Position. A Board is a placement of
// pieces and nothing else. A Setup is every field of a FEN (board, side to
// move, castling rights, en-passant square, counters), possibly illegal: a
// board editor fills one in. Setup.Position validates it once, and a
// Position that exists can be played: its methods never check again. A
// Position is a value type, so a copy is an independent snapshot, and its
// read methods take value receivers (g.Position().FEN(chess.Standard) works),
// but for LegalMoves and CountLegalMoves, which search loops call once a node
// and which take a pointer so as to copy nothing.
// NewPosition starts from a chess960.StartPos; ParseFEN reads FEN with
// standard, X-FEN or Shredder-FEN castling fields, refusing text that does
// not read with a *FENError and positions that cannot be played with a
// *PositionError that lists every rule broken. Positions that no game can
// reach but that can be played (extra queens, say) are accepted, and
// Position.Warnings names what is impossible about them.
//
// Castling rights are a set of rook squares (CastlingRooks), and a castling
// Move is stored as the king taking its own rook: From is the king's square,
// To the rook's; KingTo and RookTo give where they land (g/f or c/d file).
// One CastlingMode chooses how castling is written: Standard (FEN KQkq,
// UCI e1g1) or Chess960 (FEN HAha, UCI e1h1). ParseUCI and ParseMove
// accept both.
//
// Moves are read and written in SAN (ParseSAN, SAN) and UCI (ParseUCI,
// Move.UCI); ParseMove takes either. A Game records the moves and the
// positions of a game, ends it by the rules (checkmate, stalemate,
// insufficient material, the 75-move rule, fivefold repetition), lists the
// draws a player may claim (fifty moves, threefold repetition, on the board
// or by announcing a move) and takes claims.
//
// Move generation is legal by construction (check and pin masks, magic
// bitboard sliding attacks) and does not allocate: use a MoveList or
// AppendLegalMoves with a slice that has room. CountLegalMoves counts without
// listing. Package perft counts move trees with them.
package chess
