package chess

// CastlingMode chooses how castling is written in FEN and in UCI. The zero
// value is Standard.
type CastlingMode uint8

// The two ways of writing castling.
const (
	// Standard writes what standard chess writes wherever it can: FEN
	// castling KQkq, with a rook's file letter only for an inner rook that
	// is not the outermost on its side (X-FEN), and UCI castling as the
	// king's move, e1g1.
	Standard CastlingMode = iota
	// Chess960 writes FEN castling as the rooks' file letters, HAha
	// (Shredder-FEN), and UCI castling as the king taking its own rook,
	// e1h1, as engines expect with UCI_Chess960.
	Chess960
)
