// Package pgn reads and writes chess games in Portable Game Notation, with
// Chess960 as the general case and standard chess as start position 518.
//
// # Reading
//
// A Reader streams games from an io.Reader one at a time, in constant
// memory whatever the size of the input: a scanner cuts the text into games
// (tags, movetext, comments and variations are tokenised once, over a
// bufio.Reader), and a small state machine plays each game's moves on a
// chess.Position. ReadParallel does the same with several goroutines and
// hands the results back in input order.
//
// The reader takes what real files contain:
//   - tag pairs, several on a line or one per line, with \" and \\ escapes;
//   - movetext in SAN ("0-0" and "0-0-0" too, "e.p." after a capture,
//     "Ng1-f3" style hyphens, and the null move of analysis, "--", "Z0",
//     "0000" or "@@@@": a pass by a side not in check, read as
//     chess.NullMove and written "--"), move numbers with "." or "...", the four
//     results, comments {...} over several lines and ; to the end of the
//     line, NAGs $n and the suffixes ! ? !! ?? !? ?! (kept as $1 to $6),
//     variations ( ... ) nested to any reasonable depth, and % escape lines;
//   - a UTF-8 byte-order mark, CRLF line ends, a missing result, and text
//     after the result (ignored up to the next game: a line that starts with
//     "[", or, after a blank line, with a move number).
//
// The start position comes from the FEN tag when there is one (SetUp is
// not required), read with chess.ParseFEN: castling in KQkq, X-FEN or
// Shredder-FEN form, and chess.com's four-field FENs. Otherwise it is the
// standard start, position 518. The Variant tag may name Chess960 in the
// spellings real sources use ("Chess960", "chess960", "Chess 960",
// "fischerandom" from Cute Chess, "Fischer Random", "FRC") or standard
// chess ("Standard", "From Position", ...); any other variant is an error.
// A FEN with a Chess960 start position other than 518 and no Variant tag,
// as top events publish their games, is read as Chess960 (see
// Game.IsChess960).
//
// Variation moves are read against the position before the move they
// replace and checked like the main line, so an illegal move inside a
// variation is reported too. Each game keeps its moves as a tree (Game.Moves,
// Node.Variations) with its comments and NAGs, so that it can be written
// back.
//
// # Errors
//
// A game that cannot be read completely carries an *Error in Game.Err: the
// game's number, the line and column of the token at fault, the token and
// the reason (an illegal or ambiguous move, an unterminated comment or
// variation, a malformed tag, a FEN or variant that cannot be played, ...).
// The moves before the error are kept: after an error in the main line the
// rest of the game is skipped, and after an error inside a variation the
// rest of that variation. The next game is read as usual: one bad game
// never stops the rest of the file. Reader.Read returns an error only when
// the input itself fails.
//
// # Writing
//
// Writer and Game.String write the PGN export format: the Seven Tag Roster
// first, then Variant "Chess960", SetUp "1" and FEN for a Chess960 game
// (X-FEN castling by default, Shredder-FEN on request), then the other tags
// in their order; movetext in SAN, wrapped at 80 columns, with the comments,
// NAGs and variations, so that writing a game read from a file and reading
// it back gives the same game. A standard game from the usual start stays
// standard: no Variant, SetUp or FEN tag.
package pgn
