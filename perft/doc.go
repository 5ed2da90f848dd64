// Package perft counts the leaf nodes of the legal move tree of a chess
// position ("perft"), the standard correctness test of a move generator, and
// checks .perft suites of expected counts.
//
// Count and Divide run on one goroutine; CountParallel and DivideParallel
// share the subtrees two plies below the root among several; a Table adds a
// transposition table for deep counts. CountContext and DivideContext do
// any of these within a node budget and until a context ends, with progress
// reports: the suite checker, the chess960 command and its web server count
// with them. Depth is not a measure of work (a position with forced moves
// counts 1 at any depth), so any depth up to MaxDepth is accepted and the
// budget bounds the work. The counting is done by the package's own
// engine, not by chess.Position: a 72-byte node with no hash, legal moves
// made into copies as they are found, with no move lists, and the last
// ply counted from bitboards, not generated. Two plies above the leaves,
// what the replies to every move have in common (the replying king, its
// pins, the attacks near it, each piece's move count) is found once, and
// a reply count looks up only what its move changes; nothing allocates on
// the way down. chess.Position is used above the last few plies, and the engine's
// counts are checked against the suites.
//
// A suite file (the format python-chess and shakmaty use) is read with
// ReadSuite and checked with Check, which the project's tests and the
// chess960 command share.
//
// The package depends on the standard library, package chess and the
// module's internal attack tables only.
package perft
