package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// MaxLine is the longest line accepted from an engine; a longer one is a
// protocol violation (ErrProtocol).
const MaxLine = 1 << 20

// StderrTail is how many of the last bytes an engine wrote to its stderr
// are kept for error messages.
const StderrTail = 2048

// Default timeouts, used when a Config leaves them zero.
const (
	DefaultReadyTimeout = 10 * time.Second
	DefaultStopTimeout  = 2 * time.Second
	DefaultQuitTimeout  = 500 * time.Millisecond
)

// Config says how to start an engine.
type Config struct {
	// Path is the engine's executable (looked up in PATH if it has no
	// slash, as exec.Command does). Args are its arguments.
	Path string
	Args []string
	// Dir is the working directory (empty: this process's). Env is the
	// environment (nil: this process's).
	Dir string
	Env []string
	// Castling is how the castling rights of the positions sent are
	// written while UCI_Chess960 is on: chess.Standard (the default) sends
	// X-FEN (KQkq, with a file letter only for an inner rook),
	// chess.Chess960 sends Shredder-FEN (HAha), for engines that read only
	// that form. With UCI_Chess960 off, positions are always sent as
	// standard FEN. Moves are written as Mode says.
	Castling chess.CastlingMode
	// Options are set, in order, after the handshake, e.g. {"Threads",
	// "1"}, {"Hash", "64"}. The client turns UCI_Chess960 on whenever the
	// engine offers it, unless Options sets it: {"UCI_Chess960", "false"}
	// keeps the engine in standard chess, where castling is sent and read
	// as the king's move (e1g1) and positions whose castling standard UCI
	// cannot express are refused with ErrPosition.
	Options []Setting
	// ReadyTimeout bounds the wait for "uciok" and "readyok" when the
	// context has no earlier deadline (0: DefaultReadyTimeout).
	ReadyTimeout time.Duration
	// StopTimeout bounds the wait for "bestmove" after a cancelled search
	// has been told to stop, before the engine is killed (0:
	// DefaultStopTimeout).
	StopTimeout time.Duration
	// Stderr, if set, receives a copy of everything the engine writes to
	// its stderr. The last StderrTail bytes are kept for errors anyway.
	Stderr io.Writer
	// Trace, if set, receives every line sent ("> go depth 10") and
	// received ("< bestmove e2e4"), for debugging an engine.
	Trace io.Writer
}

// Engine is a running UCI engine process. Start one with Start; Close it
// when done. An Engine serves one call at a time: a call made while
// another runs (a search lasts until its Wait returns) waits for it, or
// for its own context. Its methods may be called from any goroutine.
//
// A failure that leaves the engine's state unknown (it exited, printed
// garbage, did not answer in time, or a call was abandoned by its context
// before the engine answered) kills the process; every later call then
// fails with ErrClosed, and Err says why.
type Engine struct {
	cfg     Config
	cmd     *exec.Cmd
	kill    context.CancelFunc
	in      chan string
	lines   chan event
	stdout  *os.File      // the read end of the engine's stdout
	waited  chan struct{} // closed once the process has been waited for
	exitErr error         // cmd.Wait's error, valid after waited
	exited  chan struct{} // closed once stdout is done and the process waited for
	closing chan struct{} // closed by Close
	stderr  *tail
	sem     chan struct{} // held by the running call

	name, author string
	options      []Option
	mode         chess.CastlingMode
	fenMode      chess.CastlingMode

	mu     sync.Mutex
	closed bool
	dead   error    // why the engine can no longer be used
	recent []string // the last lines read, for error messages
	trace  sync.Mutex
}

type event struct {
	line string
	err  error
}

// Start starts the engine, does the handshake ("uci" ... "uciok", reading
// its name, author and options), turns UCI_Chess960 on if the engine
// offers it (unless c.Options sets it), sets c.Options, and waits for
// "readyok".
// The context bounds the start only: the process lives until Close. If the
// handshake fails the process is killed, and the error (an *Error) carries
// the tail of the engine's stderr.
func Start(ctx context.Context, c Config) (*Engine, error) {
	if c.ReadyTimeout <= 0 {
		c.ReadyTimeout = DefaultReadyTimeout
	}
	if c.StopTimeout <= 0 {
		c.StopTimeout = DefaultStopTimeout
	}
	e := &Engine{
		cfg:     c,
		in:      make(chan string, 64),
		lines:   make(chan event, 256),
		exited:  make(chan struct{}),
		waited:  make(chan struct{}),
		closing: make(chan struct{}),
		stderr:  &tail{max: StderrTail},
		sem:     make(chan struct{}, 1),
		mode:    chess.Standard,
		fenMode: chess.Standard,
	}
	if c.Path == "" {
		return nil, &Error{Engine: "", Op: "start", Err: ErrStart, Detail: "no path given"}
	}
	life, kill := context.WithCancel(context.Background())
	e.kill = kill
	e.cmd = exec.CommandContext(life, c.Path, c.Args...)
	e.cmd.Dir, e.cmd.Env = c.Dir, c.Env
	e.cmd.WaitDelay = time.Second
	if c.Stderr != nil {
		e.cmd.Stderr = io.MultiWriter(e.stderr, c.Stderr)
	} else {
		e.cmd.Stderr = e.stderr
	}
	// Stdout is a pipe of our own, not StdoutPipe, so that waiting for the
	// process and reading its last lines do not race, and so that Close
	// can cut the pipe if a child of the engine keeps it open.
	stdin, err := e.cmd.StdinPipe()
	if err == nil {
		e.stdout, e.cmd.Stdout, err = os.Pipe()
	}
	if err == nil {
		err = e.cmd.Start()
		e.cmd.Stdout.(*os.File).Close()
		if err != nil {
			e.stdout.Close()
		}
	}
	if err != nil {
		kill()
		return nil, &Error{Engine: c.Path, Op: "start", Err: ErrStart, Detail: err.Error()}
	}
	go func() {
		e.exitErr = e.cmd.Wait()
		close(e.waited)
	}()
	go e.readLoop()
	go e.writeLoop(stdin)
	if err := e.handshake(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

func (e *Engine) handshake(ctx context.Context) error {
	const op = "handshake"
	e.sem <- struct{}{}
	defer e.release()
	timer := time.NewTimer(e.cfg.ReadyTimeout)
	defer timer.Stop()
	if err := e.send(ctx, op, "uci"); err != nil {
		return err
	}
	for {
		line, err := e.next(ctx, op, timer.C, "uciok")
		if err != nil {
			return err
		}
		w, rest := nextWord(line)
		switch w {
		case "id":
			key, val := nextWord(rest)
			val = strings.TrimSpace(val)
			switch key {
			case "name":
				e.name = val
			case "author":
				e.author = val
			}
		case "option":
			o, err := ParseOption(line)
			if err != nil {
				continue // an option we could not set safely: ignore it
			}
			if i := e.optionIndex(o.Name); i >= 0 {
				e.options[i] = o
			} else {
				e.options = append(e.options, o)
			}
		case "uciok":
			return e.configure(ctx)
		}
	}
}

// configure turns UCI_Chess960 on, sets the configured options and waits
// for readyok; the caller holds the engine.
func (e *Engine) configure(ctx context.Context) error {
	set960 := true
	for _, s := range e.cfg.Options {
		if strings.EqualFold(s.Name, "UCI_Chess960") {
			set960 = false
		}
	}
	if o, ok := e.Option("UCI_Chess960"); ok && o.Type == "check" && set960 {
		if err := e.setOption(ctx, o, "true"); err != nil {
			return err
		}
	}
	for _, s := range e.cfg.Options {
		o, ok := e.Option(s.Name)
		if !ok {
			return e.errorf("setoption", ErrUnknownOption, "%s: the engine declares no such option", quote.Input(s.Name))
		}
		if err := e.setOption(ctx, o, s.Value); err != nil {
			return err
		}
	}
	return e.isReady(ctx, "isready")
}

// Name returns the engine's name, as its "id name" line gave it, or the
// path it was started from if it gave none.
func (e *Engine) Name() string {
	if e.name != "" {
		return e.name
	}
	return e.cfg.Path
}

// Author returns the engine's "id author", or "".
func (e *Engine) Author() string { return e.author }

// Options returns the options the engine declared, in its order.
func (e *Engine) Options() []Option { return append([]Option(nil), e.options...) }

// Option returns the engine's option with the given name (in any case, as
// UCI asks).
func (e *Engine) Option(name string) (Option, bool) {
	if i := e.optionIndex(name); i >= 0 {
		return e.options[i], true
	}
	return Option{}, false
}

func (e *Engine) optionIndex(name string) int {
	for i, o := range e.options {
		if strings.EqualFold(o.Name, name) {
			return i
		}
	}
	return -1
}

// Mode returns how the engine writes castling: chess.Chess960 (king takes
// rook, e1h1) when UCI_Chess960 is on, chess.Standard (e1g1) otherwise.
func (e *Engine) Mode() chess.CastlingMode {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.mode
}

// Err returns why the engine can no longer be used, or nil while it can.
func (e *Engine) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dead
}

// SetOption sets an option the engine declared, checking the value against
// the declaration first (see Option.Check), and waits for readyok. Setting
// UCI_Chess960 changes Mode.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	if err := e.acquire(ctx, "setoption"); err != nil {
		return err
	}
	defer e.release()
	o, ok := e.Option(name)
	if !ok {
		return e.errorf("setoption", ErrUnknownOption, "%s: the engine declares no such option", quote.Input(name))
	}
	if err := e.setOption(ctx, o, value); err != nil {
		return err
	}
	return e.isReady(ctx, "setoption")
}

func (e *Engine) setOption(ctx context.Context, o Option, value string) error {
	v, detail := o.check(value)
	if detail != "" {
		return &Error{Engine: e.Name(), Op: "setoption", Err: ErrOptionValue, Detail: "option " + quote.Input(o.Name) + " value " + quote.Input(value) + ": " + detail}
	}
	cmd := "setoption name " + o.Name
	if o.Type != "button" {
		cmd += " value " + v
	}
	if err := e.send(ctx, "setoption", cmd); err != nil {
		return err
	}
	if strings.EqualFold(o.Name, "UCI_Chess960") {
		e.mu.Lock()
		e.mode, e.fenMode = chess.Standard, chess.Standard
		if v == "true" {
			e.mode, e.fenMode = chess.Chess960, e.cfg.Castling
		}
		e.mu.Unlock()
	}
	return nil
}

// IsReady sends "isready" and waits for "readyok".
func (e *Engine) IsReady(ctx context.Context) error {
	if err := e.acquire(ctx, "isready"); err != nil {
		return err
	}
	defer e.release()
	return e.isReady(ctx, "isready")
}

// NewGame sends "ucinewgame" (the next search belongs to another game; the
// engine may clear its hash) and waits for "readyok".
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.acquire(ctx, "ucinewgame"); err != nil {
		return err
	}
	defer e.release()
	if err := e.send(ctx, "ucinewgame", "ucinewgame"); err != nil {
		return err
	}
	return e.isReady(ctx, "ucinewgame")
}

func (e *Engine) isReady(ctx context.Context, op string) error {
	timer := time.NewTimer(e.cfg.ReadyTimeout)
	defer timer.Stop()
	if err := e.send(ctx, op, "isready"); err != nil {
		return err
	}
	for {
		line, err := e.next(ctx, op, timer.C, "readyok")
		if err != nil {
			return err
		}
		if w, _ := nextWord(line); w == "readyok" {
			return nil
		}
	}
}

// Close ends the engine: it sends "quit", waits briefly for the process to
// exit, and kills it if it does not. A call running meanwhile fails with
// ErrClosed. Close may be called more than once and from any goroutine;
// it returns nil.
func (e *Engine) Close() error {
	e.mu.Lock()
	first := !e.closed
	if first {
		e.closed = true
		if e.dead == nil {
			e.dead = &Error{Engine: e.Name(), Op: "close", Err: ErrClosed, Detail: "Close was called"}
		}
		close(e.closing)
	}
	e.mu.Unlock()
	if first {
		t := time.NewTimer(DefaultQuitTimeout)
		select {
		case <-e.exited:
		case <-t.C:
		}
		t.Stop()
	}
	e.kill()
	<-e.waited
	t := time.NewTimer(time.Second)
	select {
	case <-e.exited:
	case <-t.C:
		// A child of the engine holds its stdout open: cut the pipe.
		e.stdout.Close()
		<-e.exited
	}
	t.Stop()
	return nil
}

// breakWith records why the engine cannot be used any more and kills it.
func (e *Engine) breakWith(err error) {
	e.mu.Lock()
	if e.dead == nil {
		e.dead = err
	}
	e.mu.Unlock()
	e.kill()
}

func (e *Engine) acquire(ctx context.Context, op string) error {
	if err := e.Err(); err != nil {
		return e.deadError(op, err)
	}
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return &Error{Engine: e.Name(), Op: op, Err: ctx.Err(), Detail: "waiting for the engine to finish another call"}
	case <-e.closing:
		return e.deadError(op, e.Err())
	}
	if err := e.Err(); err != nil {
		<-e.sem
		return e.deadError(op, err)
	}
	return nil
}

func (e *Engine) release() { <-e.sem }

func (e *Engine) deadError(op string, cause error) error {
	var ue *Error
	if errors.As(cause, &ue) && errors.Is(ue.Err, ErrClosed) {
		return &Error{Engine: e.Name(), Op: op, Err: ErrClosed, Detail: ue.Detail}
	}
	return &Error{Engine: e.Name(), Op: op, Err: ErrClosed, Detail: "after an earlier failure: " + cause.Error()}
}

// errorf makes an *Error with the tail of the engine's stderr.
func (e *Engine) errorf(op string, reason error, format string, a ...any) *Error {
	return &Error{Engine: e.Name(), Op: op, Err: reason, Detail: fmt.Sprintf(format, a...), Stderr: e.stderr.String()}
}

// send queues a line for the engine.
func (e *Engine) send(ctx context.Context, op, line string) error {
	select {
	case e.in <- line:
		return nil
	case <-ctx.Done():
		err := e.errorf(op, ctx.Err(), "sending %s", quote.Input(line))
		e.breakWith(err)
		return err
	case <-e.closing:
		return e.deadError(op, e.Err())
	case <-e.exited:
		return e.exitError(op)
	}
}

// sendNow queues a line without a context (stop, ponderhit), giving up
// after a second if the engine reads nothing.
func (e *Engine) sendNow(line string) {
	t := time.NewTimer(time.Second)
	defer t.Stop()
	select {
	case e.in <- line:
	case <-e.closing:
	case <-e.exited:
	case <-t.C:
	}
}

// next returns the next line from the engine. A context that ends, a
// timeout, an exit or garbage breaks the engine (its state is unknown).
func (e *Engine) next(ctx context.Context, op string, timeout <-chan time.Time, waitingFor string) (string, error) {
	select {
	case ev, ok := <-e.lines:
		return e.got(op, ev, ok)
	case <-ctx.Done():
		err := e.errorf(op, ctx.Err(), "no %s yet", waitingFor)
		e.breakWith(err)
		return "", err
	case <-timeout:
		err := e.errorf(op, ErrTimeout, "no %s within %v%s", waitingFor, e.cfg.ReadyTimeout, e.lastSaid())
		e.breakWith(err)
		return "", err
	case <-e.closing:
		return "", e.deadError(op, e.Err())
	}
}

// got handles a line read from the lines channel.
func (e *Engine) got(op string, ev event, ok bool) (string, error) {
	if !ok {
		err := e.exitError(op)
		e.breakWith(err)
		return "", err
	}
	if ev.err != nil {
		err := e.errorf(op, ErrProtocol, "%v", ev.err)
		e.breakWith(err)
		return "", err
	}
	e.mu.Lock()
	if len(e.recent) == 3 {
		copy(e.recent, e.recent[1:])
		e.recent = e.recent[:2]
	}
	e.recent = append(e.recent, ev.line)
	e.mu.Unlock()
	return ev.line, nil
}

// lastSaid describes the last lines the engine printed.
func (e *Engine) lastSaid() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.recent) == 0 {
		return "; it printed nothing"
	}
	q := make([]string, len(e.recent))
	for i, l := range e.recent {
		q[i] = quote.Input(l)
	}
	return "; its last lines: " + strings.Join(q, ", ")
}

// exitError describes the end of the process; the caller has seen the
// lines channel closed, which happens after the process was waited for.
func (e *Engine) exitError(op string) error {
	<-e.exited
	if err := e.Err(); err != nil {
		return e.deadError(op, err)
	}
	how := "exited with status 0"
	if e.exitErr != nil {
		how = e.exitErr.Error()
	}
	return e.errorf(op, ErrExited, "%s%s", how, e.lastSaid())
}

func (e *Engine) readLoop() {
	br := bufio.NewReaderSize(e.stdout, 64<<10)
	deliver := func(ev event) bool {
		select {
		case e.lines <- ev:
			return true
		case <-e.closing:
			return false
		}
	}
	var long []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			if len(long)+len(chunk) > MaxLine {
				deliver(event{err: fmt.Errorf("a line longer than %d bytes", MaxLine)})
				break
			}
			long = append(long, chunk...)
			continue
		}
		if len(chunk) > 0 || len(long) > 0 {
			line := string(append(long, chunk...))
			long = long[:0]
			line = strings.TrimRight(line, "\r\n")
			e.traceLine("< ", line)
			ev := event{line: line}
			if bad := garbage(line); bad != "" {
				ev = event{err: fmt.Errorf("garbage output %s: %s", quote.Input(line), bad)}
			}
			if !deliver(ev) {
				break
			}
		}
		if err != nil {
			break
		}
	}
	// Drain the rest so that the engine is never blocked writing.
	io.Copy(io.Discard, br)
	<-e.waited
	e.stdout.Close()
	close(e.exited)
	close(e.lines)
}

// garbage says why a line is not text an engine may print, or "".
func garbage(line string) string {
	if !utf8.ValidString(line) {
		return "not UTF-8 text"
	}
	for _, r := range line {
		if r < ' ' && r != '\t' || r == 0x7f {
			return "control characters"
		}
	}
	return ""
}

func (e *Engine) writeLoop(stdin io.WriteCloser) {
	var werr error
	write := func(line string) {
		if werr != nil {
			return
		}
		e.traceLine("> ", line)
		_, werr = io.WriteString(stdin, line+"\n")
	}
	for {
		select {
		case line := <-e.in:
			write(line)
		case <-e.closing:
			for {
				select {
				case line := <-e.in:
					write(line)
					continue
				default:
				}
				break
			}
			write("quit")
			stdin.Close()
			return
		case <-e.exited:
			stdin.Close()
			return
		}
	}
}

func (e *Engine) traceLine(dir, line string) {
	if e.cfg.Trace == nil {
		return
	}
	e.trace.Lock()
	io.WriteString(e.cfg.Trace, dir+line+"\n")
	e.trace.Unlock()
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
