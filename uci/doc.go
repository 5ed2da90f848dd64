// Package uci is a client for chess engines that speak the Universal Chess
// Interface, with Chess960 (UCI_Chess960) as the general case.
//
// Start runs an engine process and does the handshake: "uci" up to
// "uciok" (reading the engine's name, author and options), then
// UCI_Chess960 on if the engine offers it, the configured options, and
// "isready" up to "readyok". One goroutine reads the engine's stdout
// into lines that the calls consume; every call takes a context.Context.
//
// Positions are sent as the start position's FEN and the moves played
// from it ("position fen FEN moves ..."), the moves written the way the
// engine expects: castling as the king taking its own rook (e1h1, and
// g1h1 when the king does not move) with UCI_Chess960, as the king's move
// (e1g1) without. What the engine sends back is checked against package
// chess: the best move must be legal and written the same way (or the
// search fails with ErrIllegalMove), and a principal variation stops at
// its first illegal move. Engine.Search runs a search to its end;
// Engine.Go starts one that Search.Stop, Search.PonderHit and the context
// control, and Search.Wait ends. Info lines are parsed leniently, as the
// protocol asks (ParseInfo): unknown words are skipped.
//
// Failures are *Error values that name the engine, the call and the
// reason (ErrExited, ErrProtocol, ErrIllegalMove, ErrTimeout, ErrClosed,
// ...), with the tail of the engine's stderr. An engine left in an
// unknown state (it crashed, printed garbage, did not answer, or a call
// was abandoned before its answer) is killed, and later calls fail with
// ErrClosed; Engine.Err says why. Close sends "quit" and kills an engine
// that does not exit at once.
//
// # Servers
//
// An Engine serves one call at a time. A server should not start an
// engine per request, nor let requests queue for one: use a Pool, which
// runs at most Size searches at once, each on its own engine process,
// each stopped after MaxSearch. When all Size are busy, Pool.Search fails
// at once with a *BusyError (errors.Is(err, ErrBusy)), whose RetryAfter a
// handler sends as "429 Too Many Requests" with a Retry-After header
// (rounded up to whole seconds). So no request waits for an engine, and
// none holds one for longer than MaxSearch plus the engine's answer to
// "stop" (Config.StopTimeout, after which it is killed). Give each engine
// one thread and Size no more than the CPUs the server may spend on
// engines. Pass the request's context to Pool.Search: a client that goes
// away stops its search. A job's options (Skill Level for a weaker
// opponent, MultiPV for analysis) are set before its search and put back
// to their defaults for the next job. Call Pool.Check at start-up to fail
// early on a wrong engine path, and Pool.Close at shutdown.
//
// Engine.Perft asks for a divide ("go perft N") and reads Stockfish's
// "move: count" lines and the usual variants (ParseDivideLine), for
// comparing an engine's move generator with package perft.
package uci
