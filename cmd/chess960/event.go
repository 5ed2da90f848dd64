package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	mrand "math/rand/v2"
	"net/url"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/pairing"
)

const eventActions = "new|list|show|players|pair|start|result|standings|bracket|decide|choose|export|import|verify|finish|link"

func init() {
	register(&command{
		name: "event", args: "ACTION [ID] [ARGS] [--db PATH] [--json] (ACTION: " + eventActions + ")",
		summary: "run a Chess960 tournament: players, pairings, positions, results, standings",
		detail: `Events live in a database: --db PATH (default $CHESS960_DB, else ./chess960.db, an
SQLite file), or --db postgres://... Only event new and event import (and serve) create
the SQLite file; the other actions refuse a path where there is none. The web app (serve
--db) uses the same database, so an arbiter can run an event on a laptop offline, from
the pages, or both. The CLI acts with the organiser's rights. A change refused as busy
(too many changes at once; nothing written) is tried again for up to 10 s, with a line
on stderr saying so.

  event new --name NAME --rounds N [--id ID] [--system dutch|roundrobin|double] [--place P]
            [--start YYYY-MM-DD] [--end YYYY-MM-DD] [--time-control TC]
            [--tiebreaks BH-C1,BH,SB,DE,WIN] [--tiebreak-rules 2024|2026]
            [--unrated-rating R] [--late-entries rerank|next] [--per-board] [--exclude LIST]
            [--balanced CP] [--seed S [--weak-seed]] [--players FILE]
            [--games 2|4|6|8 [--scoring games|match] [--armageddon 5+2/4+2]
             [--match-positions round|pair|game]]
            [--system knockout [--games N] [--final-games N] [--ladder 2@15+10,2@5+3]
             [--armageddon 5+2/4+2 [--armageddon-choice]] [--places 2|4|8|all]
             [--colors seed|lot] [--match-positions match|pair|game] [--seeding rating|lot]
             [--from EVENT:TOP,...]]
      creates an event; prints its ID, the seed's commitment and the admin link.
      Without --seed the seed is drawn from crypto/rand and stays secret until
      "event finish".
  event list                      the events in the database
  event show ID                   the event: settings, players, rounds
  event players ID                the players, by pairing number
  event players ID --add NAME [--rating R] [--fide-id N] [--federation F]
            [--title T] [--club C]
  event players ID --edit NO [--name N] [--rating R] [--title T] ...
  event players ID --import FILE  players from CSV (header: name,rating,fideId,
                                  federation,title,club) or a TRF
  event players ID --withdraw NO [--round R] | --reinstate NO
  event players ID --bye NO --round R --kind half|zero|full|none
      NO is the player's pairing number
  event pair ID [--publish] [--set W-B,W-B,...,N-0]
      pairs the next round (a draft) with the FIDE Dutch system or the Berger
      tables, or sets it by hand (--set, pairing numbers; N-0 is the bye); the rules a
      manual pairing breaks are printed as warnings. Pairing again re-pairs the
      draft. --publish publishes it.
  event start ID                  publishes the draft if need be, starts the
                                  round and reveals its position
  event result ID ROUND BOARD RESULT [--pgn FILE]
      RESULT is 1-0, 1/2-1/2, 0-1, +/-, -/+ or -/-; a second entry corrects
      the first (both stay in the history). --pgn attaches the game, checked
      against the round's position and the result.
  event standings ID [--after N] [--csv]
  event bracket ID                a knockout's bracket: each match, its score stage
                                  by stage, how it stands; the places at the end
  event decide ID MATCH NO [--note TEXT]
      a knockout's match (round.match, as event bracket shows) goes to the
      player with pairing number NO: a walkover, or a tie the ladder did not
      break, by lot
  event choose ID MATCH w|b       the colour the better seed takes in the match's
                                  Armageddon (with --armageddon-choice)
  event export ID --format trf|trf16|csv|pgn|json|backup [-o FILE]
      backup holds the seed and the links' hashes: keep it safe; "event
      import" restores it
  event import FILE [--new-id] [--rounds N] [--system S]
      a backup (restored), or a TRF to continue an event begun elsewhere
  event verify ID [--seed S]      re-derives every round's position from the
                                  revealed (or given) seed
  event finish ID                 after the last round: reveals the seed
  event link ID [--add LABEL | --revoke LINKID | --rotate]
      arbiters' links for the web app; --rotate replaces the admin link

--json prints the JSON the web API returns for the same thing. Each action takes only
its own flags (and --db and --json): "chess960 event ACTION --help" lists them.`,
		// Each action parses its own flags (eventFlags): the command takes
		// its arguments as they are.
		raw: true,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			return runEvent
		},
	})
}

// eventFlags returns the flag set of an action, with only the flags it
// takes, bound to o's fields; the fields of the flags it does not take
// keep their defaults. It returns nil for an unknown action.
func (o *eventOpts) eventFlags(action string) *flag.FlagSet {
	if _, ok := actionFlags[action]; !ok {
		return nil
	}
	// Every field gets its default first, from the other actions' flags.
	for a := range actionFlags {
		if a != action {
			o.define(flag.NewFlagSet(a, flag.ContinueOnError), a)
		}
	}
	fs := flag.NewFlagSet("event "+action, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.define(fs, action)
	o.fs = fs
	return fs
}

// define declares the flags of an action on fs.
func (o *eventOpts) define(fs *flag.FlagSet, action string) {
	o.db = fs.String("db", "", "the database: an SQLite `PATH` or a postgres:// URL (default $CHESS960_DB, else ./chess960.db)")
	o.json = boolFlag(fs, "json", "print JSON, as the web API returns it")
	switch action {
	case "new":
		o.name = fs.String("name", "", "the event's `NAME`")
		o.id = fs.String("id", "", "a readable `ID` for the event's URLs, such as oslo-960 (default: drawn)")
		o.place = fs.String("place", "", "the `PLACE`")
		o.start = fs.String("start", "", "the first day, `YYYY-MM-DD`")
		o.end = fs.String("end", "", "the last day, `YYYY-MM-DD`")
		o.system = choiceFlag(fs, "system", "dutch", []string{"dutch", "roundrobin", "double", "knockout"}, map[string]string{"swiss": "dutch", "rr": "roundrobin", "ko": "knockout"}, "the pairing system")
		o.rounds = numberFlag(fs, "rounds", 0, 0, 99, "the number of rounds (a round robin's follow from its field)")
		o.games = numberFlag(fs, "games", 0, 1, 50, "the games of a match: a knockout's (default 2), or a Swiss's or round robin's rounds as matches of 2, 4, 6 or 8 games")
		o.scoring = choiceFlag(fs, "scoring", "games", []string{"games", "match"}, nil, "rounds of matches: the standings count the games (1, ½, 0) or match points (2, 1, 0)")
		o.finalGames = numberFlag(fs, "final-games", 0, 1, 50, "a knockout: the games of the final (default: as --games)")
		o.ladder = fs.String("ladder", "", "a knockout: the tie-break stages of a tied match, `STAGES` such as 2@15+10,2@5+3 (GAMES@CONTROL; sd@CONTROL: sudden death)")
		o.armageddon = fs.String("armageddon", "", "a knockout: after the ladder, or rounds of matches counting match points: for a tied match, an Armageddon with the clocks `WHITE/BLACK`, such as 5+2/4+2 (a draw is Black's win); - for one without clocks")
		o.armChoice = boolFlag(fs, "armageddon-choice", "a knockout: the better seed chooses the Armageddon's colour (event choose); otherwise it is drawn by lot")
		o.places = fs.String("places", "", "a knockout: down to which place the players play: 2 (the final only, the default), 4 (and third place), 8, ... or all")
		o.colors = choiceFlag(fs, "colors", "seed", []string{"seed", "lot"}, nil, "a knockout: White in each stage's first game: the better seed, or by lot")
		o.matchPos = choiceFlag(fs, "match-positions", "match", []string{"match", "round", "pair", "game"}, nil, "a knockout: one position for each stage of a match (match), for each two games, or for each game; rounds of matches: one for the round's games (round), for each two games, or for each game")
		o.seeding = choiceFlag(fs, "seeding", "rating", []string{"rating", "lot"}, nil, "a knockout: the seeds by rating (the pairing numbers) or by lot")
		o.from = fs.String("from", "", "a knockout: the next stage of earlier events, `EVENT:TOP,...` (group-a:4,group-b:4): their top players, seeded by rank, winners first")
		o.tc = fs.String("time-control", "", "the time control, as text")
		o.tiebreaks = fs.String("tiebreaks", "", "the tie-breaks in order, C.07 acronyms (default: FIDE's for the system)")
		o.tbRules = choiceFlag(fs, "tiebreak-rules", "", []string{"2024", "2026"}, nil, "the C.07 text the tie-breaks follow (default: the one in force on --start, else today; 2026 from 1 March 2026)")
		o.late = choiceFlag(fs, "late-entries", event.LateRerank, []string{event.LateRerank, event.LateNext}, nil, "how a player entered after a round is public is numbered: rerank (C.04.2: the field is ranked again; published rounds keep their numbers) or next (the next free number)")
		o.unrated = numberFlag(fs, "unrated-rating", 0, 1, 4000, "the `RATING` unrated players count with in ARO, TPR, PTP, APRO and APPO (default: none, and those are dropped when a player is unrated)")
		o.perBoard = boolFlag(fs, "per-board", "a position for every board, not one per round")
		o.exclude = fs.String("exclude", "", "positions never drawn, e.g. 518,534,0-9")
		o.balanced = numberFlag(fs, "balanced", -1, 0, 1000, "draw only positions the balance table scores within `CP` centipawns")
		o.seed = fs.String("seed", "", "your own seed (default: drawn in secret); it needs 128 bits of entropy, as 64 hex digits have 256")
		o.weakSeed = boolFlag(fs, "weak-seed", "accept an own seed of fewer than 128 bits, knowing that anyone may find it from the commitment and see every position before its round")
		o.players = fs.String("players", "", "players from a CSV or TRF `FILE`")
	case "players":
		o.add = fs.String("add", "", "add a player with this `NAME`")
		o.edit = numberFlag(fs, "edit", 0, 1, 1<<30, "change the details of the player with this pairing number `NO` (with --name, --rating, ...)")
		o.name = fs.String("name", "", "with --edit: the player's new `NAME`")
		o.rating = numberFlag(fs, "rating", 0, 0, 3500, "with --add or --edit: the rating")
		o.fide = fs.String("fide-id", "", "with --add or --edit: the FIDE ID")
		o.fed = fs.String("federation", "", "with --add or --edit: the federation (three letters)")
		o.title = fs.String("title", "", "with --add or --edit: the title (GM, IM, ...)")
		o.club = fs.String("club", "", "with --add or --edit: the club")
		o.imp = fs.String("import", "", "import players from a CSV or TRF `FILE`")
		o.withdraw = numberFlag(fs, "withdraw", 0, 1, 1<<30, "withdraw the player with this pairing number `NO`")
		o.reinstate = numberFlag(fs, "reinstate", 0, 1, 1<<30, "reinstate the player with this pairing number `NO`")
		o.bye = numberFlag(fs, "bye", 0, 1, 1<<30, "a bye for the player with this pairing number `NO` (with --round and --kind)")
		o.round = numberFlag(fs, "round", 0, 1, 99, "with --withdraw or --bye: the `ROUND`")
		o.kind = choiceFlag(fs, "kind", "", []string{"half", "zero", "full", "none"}, nil, "with --bye: the kind of bye")
	case "pair":
		o.publish = boolFlag(fs, "publish", "publish the pairing too")
		o.set = fs.String("set", "", "a manual pairing, `W-B,...` by pairing numbers, N-0 for the bye")
	case "result":
		o.pgnFile = fs.String("pgn", "", "attach the game in this PGN `FILE`")
	case "standings":
		o.after = numberFlag(fs, "after", 0, 0, 99, "after this round (default: the last complete one)")
		o.csv = boolFlag(fs, "csv", "print CSV")
	case "export":
		o.format = choiceFlag(fs, "format", "", []string{"trf", "trf16", "csv", "pgn", "json", "backup"}, nil, "what to write")
		o.out = fs.String("o", "", "write to `FILE` instead of stdout")
	case "import":
		o.newID = boolFlag(fs, "new-id", "give a restored event a new ID")
		o.rounds = numberFlag(fs, "rounds", 0, 0, 99, "a TRF: the number of rounds, when the file does not say")
		o.system = choiceFlag(fs, "system", "dutch", []string{"dutch", "roundrobin", "double"}, map[string]string{"swiss": "dutch", "rr": "roundrobin"}, "a TRF: the pairing system")
	case "decide":
		o.note = fs.String("note", "", "why, for the history (a walkover, the lots)")
	case "verify":
		o.seed = fs.String("seed", "", "the seed to check (default: the revealed one)")
	case "link":
		o.add = fs.String("add", "", "add an arbiter link with this `LABEL`")
		o.revoke = fs.String("revoke", "", "revoke the arbiter link with this `ID`")
		o.rotate = boolFlag(fs, "rotate", "replace the admin link")
	}
}

type eventOpts struct {
	fs                                                      *flag.FlagSet
	db, id, name, place, start, end, tc, tiebreaks, exclude *string
	seed, players, add, fide, fed, title, club, imp         *string
	set, pgnFile, out, revoke, ladder, armageddon, places   *string
	note, from                                              *string
	armChoice                                               *bool
	colors, matchPos, seeding, scoring                      *choice
	games, finalGames                                       *number
	json, perBoard, publish, csv, newID, rotate, weakSeed   *bool
	system, kind, format, tbRules, late                     *choice
	rounds, balanced, rating, withdraw, reinstate, bye      *number
	round, after, edit, unrated                             *number
}

// actionFlags are the flags each action takes, besides --db and --json.
var actionFlags = map[string][]string{
	"new": {"id", "name", "place", "start", "end", "system", "rounds", "time-control", "tiebreaks", "tiebreak-rules", "unrated-rating", "late-entries", "per-board", "exclude", "balanced", "seed", "weak-seed", "players",
		"games", "scoring", "final-games", "ladder", "armageddon", "armageddon-choice", "places", "colors", "match-positions", "seeding", "from"},
	"bracket":   {},
	"decide":    {"note"},
	"choose":    {},
	"list":      {},
	"show":      {},
	"players":   {"add", "edit", "name", "rating", "fide-id", "federation", "title", "club", "import", "withdraw", "reinstate", "bye", "round", "kind"},
	"pair":      {"publish", "set"},
	"start":     {},
	"result":    {"pgn"},
	"standings": {"after", "csv"},
	"export":    {"format", "o"},
	"import":    {"new-id", "rounds", "system"},
	"verify":    {"seed"},
	"finish":    {},
	"link":      {"add", "revoke", "rotate"},
}

func (o *eventOpts) given(name string) bool { return flagSet(o.fs, name) }

// runEvent runs "event ACTION [ARGS] [FLAGS]": the action comes first
// (--db and --json may come before it), and its own flags are parsed.
func runEvent(e *env, args []string) error {
	i := 0
	for i < len(args) {
		a := args[i]
		if a == "-h" || a == "-help" || a == "--help" {
			return errHelp
		}
		if !strings.HasPrefix(a, "-") || len(a) < 2 {
			break
		}
		name, _, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "json":
			i++
		case name == "db" && hasVal:
			i++
		case name == "db":
			i += 2
		default:
			return usagef("give the action before %s: event ACTION ... (ACTION: %s)", quoteArg(a), eventActions)
		}
	}
	if i >= len(args) {
		return usagef("give an action: %s", eventActions)
	}
	action := args[i]
	o := &eventOpts{}
	fs := o.eventFlags(action)
	if fs == nil {
		return usagef("unknown action %s: want one of %s", quoteArg(action), strings.ReplaceAll(eventActions, "|", ", "))
	}
	pos, err := parseFlags(fs, append(append([]string(nil), args[:i]...), args[i+1:]...))
	var u *usageError
	switch {
	case errors.Is(err, errHelp):
		actionUsage(e.stdout, action, fs)
		return nil
	case errors.As(err, &u) && u.flag != "":
		return usagef("event %s takes no flag --%s%s; its flags: %s", action, u.flag, takenBy(u.flag, action), flagNames(fs))
	case err != nil:
		return err
	}
	return o.run(e, action, pos)
}

// takenBy names the actions that take a flag, for the message of an
// action that does not: " (event new and event import take it)".
func takenBy(flagName, action string) string {
	var by []string
	for _, a := range strings.Split(eventActions, "|") {
		if a == action {
			continue
		}
		for _, f := range actionFlags[a] {
			if f == flagName {
				by = append(by, "event "+a)
			}
		}
	}
	switch len(by) {
	case 0:
		return ""
	case 1:
		return " (" + by[0] + " takes it)"
	}
	return " (" + strings.Join(by[:len(by)-1], ", ") + " and " + by[len(by)-1] + " take it)"
}

// flagNames lists the flags of a flag set: "--db, --json, --csv".
func flagNames(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
	return strings.Join(names, ", ")
}

// actionUsage prints an action's synopsis, from the command's detail, and
// its flags ("event ACTION --help").
func actionUsage(w io.Writer, action string, fs *flag.FlagSet) {
	c := lookup("event")
	fmt.Fprintf(w, "usage: chess960 event %s\n\n", action)
	printing := false
	for _, l := range strings.Split(c.detail, "\n") {
		if strings.HasPrefix(l, "  event ") {
			printing = strings.HasPrefix(l, "  event "+action+" ") || l == "  event "+action
		} else if !strings.HasPrefix(l, "    ") {
			printing = false
		}
		if printing {
			fmt.Fprintln(w, l)
		}
	}
	fmt.Fprintln(w, "\nflags:")
	printFlags(w, fs)
}

func (o *eventOpts) run(e *env, action string, args []string) error {
	dsn := eventDSN(*o.db)
	if err := needDatabase(action, dsn, *o.db != ""); err != nil {
		return err
	}
	ctx := context.Background()
	st, err := store.Open(ctx, dsn)
	if err != nil {
		return fmt.Errorf("--db %s: %v", quoteArg(redactDSN(dsn)), err)
	}
	defer st.Close()
	svc := event.NewService(st)
	rest := args
	switch action {
	case "new":
		if err := wantArgs(rest, 0, 0, ""); err != nil {
			return err
		}
		return o.newEvent(ctx, e, svc)
	case "list":
		if err := wantArgs(rest, 0, 0, ""); err != nil {
			return err
		}
		return o.list(ctx, e, svc)
	case "import":
		if err := wantArgs(rest, 1, 1, "FILE"); err != nil {
			return err
		}
		return o.importEvent(ctx, e, svc, rest[0])
	}
	if len(rest) == 0 {
		return usagef("event %s needs the event's ID (event list shows them)", action)
	}
	id := rest[0]
	rest = rest[1:]
	switch action {
	case "result":
		if err := wantArgs(rest, 3, 3, "ROUND BOARD RESULT"); err != nil {
			return err
		}
	case "decide":
		if err := wantArgs(rest, 2, 2, "MATCH NO"); err != nil {
			return err
		}
	case "choose":
		if err := wantArgs(rest, 2, 2, "MATCH w|b"); err != nil {
			return err
		}
	default:
		if err := wantArgs(rest, 0, 0, ""); err != nil {
			return err
		}
	}
	cur, err := svc.Load(ctx, id)
	if err != nil {
		return eventErr(id, err)
	}
	c := &eventCtx{o: o, e: e, svc: svc, ctx: ctx, id: id, st: cur}
	switch action {
	case "show":
		return c.show()
	case "players":
		return c.players()
	case "pair":
		return c.pair()
	case "start":
		return c.start()
	case "result":
		return c.result(rest)
	case "standings":
		return c.standings()
	case "bracket":
		return c.bracket()
	case "decide":
		return c.decide(rest)
	case "choose":
		return c.choose(rest)
	case "export":
		return c.export()
	case "verify":
		return c.verify()
	case "finish":
		return c.finish()
	case "link":
		return c.link()
	}
	return nil
}

// eventDSN is the database of serve and event: --db, else $CHESS960_DB,
// else ./chess960.db.
func eventDSN(flagValue string) string {
	switch {
	case flagValue != "":
		return flagValue
	case os.Getenv("CHESS960_DB") != "":
		return os.Getenv("CHESS960_DB")
	}
	return "chess960.db"
}

// busyBudget is how long an event action waits in all, over its retries,
// for a change the event layer refused as busy (event.ErrBusy: nothing was
// written). busySleep sleeps; tests replace it.
var (
	busyBudget = 10 * time.Second
	busySleep  = time.Sleep
)

// retryBusy runs f, and while it fails with event.ErrBusy waits and runs
// it again: after 100 ms, then twice as long each time up to 2 s, each wait
// drawn at random between half and all of that (so that several clients
// do not retry in step), until busyBudget is spent. It says once on stderr
// that it is waiting; after the last try it returns the error, with how
// long it waited.
func retryBusy(e *env, what string, f func() error) error {
	var waited time.Duration
	step := 100 * time.Millisecond
	for tries := 1; ; tries++ {
		err := f()
		if !errors.Is(err, event.ErrBusy) {
			return err
		}
		if waited >= busyBudget {
			return fmt.Errorf("%w (tried %d times over %s)", err, tries, waited.Round(100*time.Millisecond))
		}
		if tries == 1 {
			fmt.Fprintf(e.stderr, "chess960 event: %s: busy with other changes; waiting up to %s and trying again\n", what, busyBudget)
		}
		d := step/2 + mrand.N(step/2+1)
		d = min(d, busyBudget-waited)
		busySleep(d)
		waited += d
		step = min(2*step, 2*time.Second)
	}
}

// needDatabase refuses an action on an SQLite file that is not there:
// only event new and event import make one (and serve, on first use), so
// that a mistyped --db is an error, not a new empty database. A postgres://
// URL names no file; its server says whether the database is there.
func needDatabase(action, dsn string, given bool) error {
	if action == "new" || action == "import" || strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return nil
	}
	_, err := os.Stat(dsn)
	if errors.Is(err, fs.ErrNotExist) {
		what := "--db " + quoteArg(dsn)
		switch {
		case given:
		case os.Getenv("CHESS960_DB") != "":
			what = "$CHESS960_DB " + quoteArg(dsn)
		default:
			what = "the database " + quoteArg(dsn) + " (the default; give --db PATH or set $CHESS960_DB)"
		}
		return fmt.Errorf("%s: no database there (no such file): give the path of an existing one, or make one with event new or event import", what)
	}
	return nil
}

// redactDSN hides a password in a postgres:// URL, for messages.
func redactDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return dsn
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

func eventErr(id string, err error) error {
	if errors.Is(err, event.ErrNotFound) {
		return fmt.Errorf("event %s: no such event in the database (event list shows them)", quoteArg(id))
	}
	return err
}

type eventCtx struct {
	o   *eventOpts
	e   *env
	svc *event.Service
	ctx context.Context
	id  string
	st  *event.State
}

// do applies a change as the organiser ("cli" in the history).
func (c *eventCtx) do(ch event.Change) (string, error) {
	var st *event.State
	var secret string
	err := retryBusy(c.e, "event "+c.id, func() (err error) {
		st, secret, err = c.svc.Apply(c.ctx, c.id, event.Actor{Role: event.RoleAdmin, Label: "cli"}, ch)
		return err
	})
	if err != nil {
		return "", err
	}
	c.st = st
	return secret, nil
}

func (o *eventOpts) newEvent(ctx context.Context, e *env, svc *event.Service) error {
	if !o.given("name") {
		return usagef("event new needs --name")
	}
	s := event.Settings{Name: *o.name, Place: *o.place, Start: *o.start, End: *o.end,
		System: event.System(o.system.v), Rounds: int(o.rounds.n), TimeControl: *o.tc,
		Positions: event.PositionRules{PerBoard: *o.perBoard, Exclude: *o.exclude}}
	if *o.tiebreaks != "" {
		s.TieBreaks = strings.Split(*o.tiebreaks, ",")
	}
	s.TieBreakRules, s.UnratedRating = o.tbRules.v, int(o.unrated.n)
	s.LateEntries = o.late.v
	if o.given("balanced") {
		s.Positions.Balanced, s.Positions.MaxEval = true, int(o.balanced.n)
	}
	if err := o.knockoutRules(&s); err != nil {
		return err
	}
	in := event.Init{ID: *o.id, Settings: s, Seed: *o.seed, WeakSeed: *o.weakSeed}
	if *o.from != "" {
		if *o.players != "" {
			return usagef("--from and --players: a stage's players come from the earlier events")
		}
		var err error
		if in.From, err = event.ParseFrom(*o.from); err != nil {
			return fmt.Errorf("--from: %w", err)
		}
	}
	if o.given("seed") && *o.seed == "" {
		return fmt.Errorf("--seed: empty: leave it out to have a seed drawn in secret")
	}
	if *o.players != "" {
		data, err := readArg(e, *o.players, 4<<20)
		if err != nil {
			return err
		}
		ps, err := event.ReadPlayers(data)
		if err != nil {
			return fmt.Errorf("--players %s: %w", quoteArg(*o.players), err)
		}
		in.Players = ps
	}
	var st *event.State
	var tok string
	err := retryBusy(e, "event new", func() (err error) {
		st, tok, err = svc.Create(ctx, in)
		return err
	})
	if err != nil {
		return err
	}
	ev := st.Admin()
	// The command line has the organiser's rights over every event of the
	// database: each earlier stage links this one from its page.
	for _, f := range ev.From {
		err := retryBusy(e, "event new", func() error {
			_, _, err := svc.Apply(ctx, f.Event, event.Actor{Role: event.RoleAdmin, Label: "cli"}, event.Change{Kind: event.KindNextStage, Event: ev.ID})
			return err
		})
		if err != nil {
			return fmt.Errorf("event %s is made, but its source %s does not link it: %w", ev.ID, f.Event, err)
		}
	}
	if *o.json {
		return writeJSON(e.stdout, struct {
			Event eventjson.Event `json:"event"`
			Admin string          `json:"admin"`
		}{eventjson.FromEvent(ev), adminPath(ev.ID, tok)})
	}
	fmt.Fprintf(e.stdout, "event %s: %s\n", ev.ID, ev.Name)
	fmt.Fprintf(e.stdout, "commitment %s\n", ev.Commitment)
	fmt.Fprintf(e.stdout, "admin link %s (keep it secret: it is the only key to the event's pages)\n", adminPath(ev.ID, tok))
	return nil
}

func adminPath(id, tok string) string { return "/e/" + id + "/a/" + tok }

func (o *eventOpts) list(ctx context.Context, e *env, svc *event.Service) error {
	ls, err := svc.List(ctx)
	if err != nil {
		return err
	}
	if *o.json {
		type item struct {
			ID      string `json:"id"`
			Name    string `json:"name"`
			Version int64  `json:"version"`
			Updated string `json:"updated"`
		}
		out := []item{}
		for _, s := range ls {
			out = append(out, item{s.ID, s.Name, s.Version, s.Updated.UTC().Format("2006-01-02T15:04:05Z")})
		}
		return writeJSON(e.stdout, out)
	}
	tw := newTable(e.stdout)
	for _, s := range ls {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.ID, s.Updated.UTC().Format("2006-01-02 15:04"), s.Name)
	}
	return tw.Flush()
}

func (o *eventOpts) importEvent(ctx context.Context, e *env, svc *event.Service, name string) error {
	data, err := readArg(e, name, 64<<20)
	if err != nil {
		return err
	}
	var st *event.State
	if event.IsBackup(data) {
		if o.given("rounds") || o.given("system") {
			return usagef("--rounds and --system go with a TRF; a backup has its settings")
		}
		err = retryBusy(e, "event import", func() (err error) {
			st, err = svc.Restore(ctx, data, *o.newID)
			return err
		})
		if errors.Is(err, event.ErrExists) {
			return fmt.Errorf("%s: the database has an event with this backup's ID: give --new-id to restore it beside it", quoteArg(name))
		}
	} else {
		if *o.newID {
			return usagef("--new-id goes with a backup")
		}
		var in event.Init
		in, err = event.FromTRF(data, event.Settings{Rounds: int(o.rounds.n), System: event.System(o.system.v)})
		if err != nil {
			return fmt.Errorf("%s: %w", quoteArg(name), err)
		}
		var tok string
		err = retryBusy(e, "event import", func() (err error) {
			st, tok, err = svc.Create(ctx, in)
			return err
		})
		if err == nil && !*o.json {
			defer fmt.Fprintf(e.stdout, "admin link %s\n", adminPath(st.ID(), tok))
		}
	}
	if err != nil {
		return err
	}
	ev := st.Admin()
	if *o.json {
		return writeJSON(e.stdout, eventjson.FromEvent(ev))
	}
	fmt.Fprintf(e.stdout, "event %s: %s: %d players, %d rounds of %d played\n", ev.ID, ev.Name, len(ev.Players), ev.RoundsBegun(), ev.Rounds)
	return nil
}

func (c *eventCtx) show() error {
	ev := c.st.Admin()
	if c.o.json != nil && *c.o.json {
		return writeJSON(c.e.stdout, eventjson.FromEvent(ev))
	}
	w := c.e.stdout
	fmt.Fprintf(w, "%s (%s)\n", ev.Name, ev.ID)
	if ev.Place != "" || ev.Start != "" {
		fmt.Fprintf(w, "%s %s %s\n", ev.Place, ev.Start, ev.End)
	}
	fmt.Fprintf(w, "system %s, %d rounds, tie-breaks %s\n", ev.System, ev.Rounds, strings.Join(ev.TieBreaks, ", "))
	if m := ev.Matches; m.On() && ev.System != event.Knockout {
		fmt.Fprintf(w, "%s\n", event.MatchRulesText(m))
	}
	for _, f := range ev.From {
		fmt.Fprintf(w, "qualified from %s (%s), top %d\n", f.Event, f.Name, f.Top)
	}
	for _, f := range ev.Next {
		fmt.Fprintf(w, "next stage %s (%s) takes the top %d\n", f.Event, f.Name, f.Top)
	}
	fmt.Fprintf(w, "tie-break rules: C.07 %s text; %s\n", cmp.Or(ev.TieBreakRules, event.TieBreaks2024), unratedText(ev.UnratedRating))
	late := "re-ranked (C.04.2); published rounds keep their numbers"
	if ev.LateEntries == event.LateNext {
		late = "the next free number"
	}
	fmt.Fprintf(w, "late entries: %s\n", late)
	fmt.Fprintf(w, "commitment %s\n", ev.Commitment)
	if ev.Seed != "" {
		fmt.Fprintf(w, "seed %s\n", ev.Seed)
	}
	fmt.Fprintf(w, "%d players\n", len(ev.Players))
	for _, r := range ev.Schedule {
		c.printRound(ev, r)
	}
	return nil
}

// tallyWord says how a match stands after its score: " (P1 wins)", " (a
// tie)", "" while it goes on.
func tallyWord(ev *event.Event, t *event.MatchTally) string {
	switch {
	case t.Winner != 0:
		return " (" + ev.PlayerName(t.Winner) + " wins)"
	case t.Done:
		return " (a tie)"
	}
	return ""
}

func (c *eventCtx) printRound(ev event.Event, r event.Round) {
	w := c.e.stdout
	head := fmt.Sprintf("round %d: %s", r.Number, r.Status)
	if name := ev.MatchRoundName(&r); name != "" {
		_, g, _ := strings.Cut(name, ", ")
		head = fmt.Sprintf("round %d (round %d of matches, %s): %s", r.Number, r.KORound, g, r.Status)
	} else if r.KORound > 0 {
		head = fmt.Sprintf("round %d (bracket round %d, game %d): %s", r.Number, r.KORound, r.KOGame, r.Status)
	}
	if r.Position != nil {
		sp := *r.Position
		head += fmt.Sprintf(", position %d (Fritz9 %d) %s, FEN %s", sp.ID(), sp.Fritz9(), sp, sp.FEN())
	}
	fmt.Fprintln(w, head)
	tw := newTable(w)
	for _, b := range r.Boards {
		wp, bp := ev.PlayerByID(b.White), ev.PlayerByID(b.Black)
		pos := ""
		if b.Position != nil {
			pos = fmt.Sprintf("\tposition %d", b.Position.ID())
		}
		res := b.Result
		if res == "" {
			res = "-"
		}
		if b.KO != nil {
			pos += fmt.Sprintf("\tmatch %s, game %d", b.KO.Match, b.KO.N)
			if st := ev.StageName(b.KO); st != "" {
				pos += ": " + st
			}
		}
		fmt.Fprintf(tw, "  %d\t%d %s\t%s\t%d %s%s\n", b.Board, wp.Number, wp.Name, res, bp.Number, bp.Name, pos)
	}
	for _, y := range r.Byes {
		p := ev.PlayerByID(y.Player)
		fmt.Fprintf(tw, "  -\t%d %s\t%s bye\t\n", p.Number, p.Name, y.Kind)
	}
	tw.Flush()
	if ev.MatchRoundName(&r) != "" && (r.Number == len(ev.Schedule) || ev.Schedule[r.Number].KORound != r.KORound) {
		// The last round of the schedule in its round of matches: how the matches stand.
		for _, t := range ev.MatchTallies(r.KORound) {
			if t.Games == 0 {
				continue
			}
			fmt.Fprintf(w, "  match %s: %s %s %s%s\n", t.Match, ev.PlayerName(t.A), t.MatchScoreText(), ev.PlayerName(t.B), tallyWord(&ev, t))
		}
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(c.e.stderr, "chess960 event: warning: round %d: %s\n", r.Number, warn)
	}
}

func (c *eventCtx) players() error {
	o := c.o
	var ch *event.Change
	count := 0
	for _, f := range []string{"add", "edit", "import", "withdraw", "reinstate", "bye"} {
		if o.given(f) {
			count++
		}
	}
	if count > 1 {
		return usagef("give one of --add, --edit, --import, --withdraw, --reinstate and --bye")
	}
	// Which flags go with which change.
	with := map[string][]string{
		"name": {"edit"}, "rating": {"add", "edit"}, "fide-id": {"add", "edit"}, "federation": {"add", "edit"},
		"title": {"add", "edit"}, "club": {"add", "edit"}, "round": {"withdraw", "bye"}, "kind": {"bye"},
	}
	for _, f := range []string{"name", "rating", "fide-id", "federation", "title", "club", "round", "kind"} {
		if !o.given(f) {
			continue
		}
		ok := false
		for _, w := range with[f] {
			ok = ok || o.given(w)
		}
		if !ok {
			return usagef("--%s goes with --%s", f, strings.Join(with[f], " or --"))
		}
	}
	switch {
	case o.given("add"):
		ch = &event.Change{Kind: event.KindAddPlayers, Players: []event.PlayerInfo{{Name: *o.add, Rating: int(o.rating.n),
			FideID: *o.fide, Federation: *o.fed, Title: *o.title, Club: *o.club}}}
	case o.given("edit"):
		id, err := c.playerID(int(o.edit.n))
		if err != nil {
			return err
		}
		ev := c.st.Admin()
		p := ev.PlayerByID(id)
		info := event.PlayerInfo{Name: p.Name, Rating: p.Rating, FideID: p.FideID, Federation: p.Federation,
			Title: p.Title, Club: p.Club, Sex: p.Sex, Birth: p.Birth, K: p.K}
		set := map[string]func(){
			"name":       func() { info.Name = *o.name },
			"rating":     func() { info.Rating = int(o.rating.n) },
			"fide-id":    func() { info.FideID = *o.fide },
			"federation": func() { info.Federation = *o.fed },
			"title":      func() { info.Title = *o.title },
			"club":       func() { info.Club = *o.club },
		}
		changed := false
		for f, apply := range set {
			if o.given(f) {
				apply()
				changed = true
			}
		}
		if !changed {
			return usagef("--edit needs what to change: --name, --rating, --fide-id, --federation, --title or --club")
		}
		ch = &event.Change{Kind: event.KindEditPlayer, Player: id, Players: []event.PlayerInfo{info}}
	case o.given("import"):
		data, err := readArg(c.e, *o.imp, 4<<20)
		if err != nil {
			return err
		}
		ps, err := event.ReadPlayers(data)
		if err != nil {
			return fmt.Errorf("--import %s: %w", quoteArg(*o.imp), err)
		}
		ch = &event.Change{Kind: event.KindAddPlayers, Players: ps}
	case o.given("withdraw"):
		id, err := c.playerID(int(o.withdraw.n))
		if err != nil {
			return err
		}
		ch = &event.Change{Kind: event.KindWithdraw, Player: id, Round: int(o.round.n)}
	case o.given("reinstate"):
		id, err := c.playerID(int(o.reinstate.n))
		if err != nil {
			return err
		}
		ch = &event.Change{Kind: event.KindReinstate, Player: id}
	case o.given("bye"):
		if !o.given("round") || !o.given("kind") {
			return usagef("--bye needs --round and --kind")
		}
		k := o.kind.v
		if k == "none" {
			k = ""
		}
		id, err := c.playerID(int(o.bye.n))
		if err != nil {
			return err
		}
		ch = &event.Change{Kind: event.KindBye, Player: id, Round: int(o.round.n), Bye: event.ByeKind(k)}
	}
	if ch != nil {
		if _, err := c.do(*ch); err != nil {
			return err
		}
	}
	ev := c.st.Admin()
	if *o.json {
		return writeJSON(c.e.stdout, eventjson.FromPlayers(ev.Players))
	}
	tw := newTable(c.e.stdout)
	fmt.Fprintln(tw, "no.\tname\ttitle\trating\tfed\tclub\tstatus")
	for _, p := range byNumber(ev.Players) {
		status := ""
		if p.Withdrawn > 0 {
			status = fmt.Sprintf("withdrawn from round %d", p.Withdrawn)
		} else if p.Joined > 1 {
			status = fmt.Sprintf("entered in round %d", p.Joined)
		}
		for _, b := range p.Byes {
			status += fmt.Sprintf(" %s bye in round %d", b.Kind, b.Round)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Number, p.Name, p.Title, ratingText(p.Rating), p.Federation, p.Club, strings.TrimSpace(status))
	}
	return tw.Flush()
}

// playerID returns the ID of the player with the pairing number.
func (c *eventCtx) playerID(number int) (int, error) {
	ev := c.st.Admin()
	for _, p := range ev.Players {
		if p.Number == number {
			return p.ID, nil
		}
	}
	return 0, fmt.Errorf("event %s: no player has the pairing number %d (event players lists them)", c.id, number)
}

func ratingText(r int) string {
	if r == 0 {
		return "-"
	}
	return strconv.Itoa(r)
}

func byNumber(ps []event.Player) []event.Player {
	out := make([]event.Player, len(ps))
	copy(out, ps)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Number < out[j-1].Number; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func (c *eventCtx) pair() error {
	ch := event.Change{Kind: event.KindPair}
	if *c.o.set != "" {
		// The one manual-pairing syntax of the web page and the command
		// line, by pairing numbers (internal/event/manual.go).
		pairs, err := event.ParseManual(*c.o.set)
		if err != nil {
			return fmt.Errorf("--set: %w", err)
		}
		ev := c.st.Admin()
		if pairs, err = ev.PairsByNumber(pairs); err != nil {
			return fmt.Errorf("--set: event %s: %w", c.id, err)
		}
		ch = event.Change{Kind: event.KindSetPairing, Pairs: pairs}
		if l := lastRound(c.st.Admin()); l != nil && l.Status == event.Draft {
			ch.Round = l.Number
		}
	}
	if _, err := c.do(ch); err != nil {
		return err
	}
	r := lastRound(c.st.Admin())
	if *c.o.publish {
		if _, err := c.do(event.Change{Kind: event.KindPublish, Round: r.Number}); err != nil {
			return err
		}
	}
	return c.showLastRound()
}

// showLastRound prints the last round paired, or its JSON.
func (c *eventCtx) showLastRound() error {
	ev := c.st.Admin()
	r := lastRound(ev)
	if *c.o.json {
		return writeJSON(c.e.stdout, eventjson.FromRound(r))
	}
	c.printRound(ev, *r)
	return nil
}

func lastRound(ev event.Event) *event.Round {
	if len(ev.Schedule) == 0 {
		return nil
	}
	return &ev.Schedule[len(ev.Schedule)-1]
}

func (c *eventCtx) start() error {
	r := lastRound(c.st.Admin())
	if r == nil {
		return fmt.Errorf("event %s: no round is paired: run event pair first", c.id)
	}
	if r.Status == event.Draft {
		if _, err := c.do(event.Change{Kind: event.KindPublish, Round: r.Number}); err != nil {
			return err
		}
	}
	if _, err := c.do(event.Change{Kind: event.KindStart, Round: r.Number}); err != nil {
		return err
	}
	return c.showLastRound()
}

func (c *eventCtx) result(args []string) error {
	rn, err := strconv.Atoi(args[0])
	if err != nil || rn < 1 {
		return usagef("ROUND %s: want a round number", quoteArg(args[0]))
	}
	bn, err := strconv.Atoi(args[1])
	if err != nil || bn < 1 {
		return usagef("BOARD %s: want a board number", quoteArg(args[1]))
	}
	res, err := event.ParseResult(args[2])
	if err != nil {
		return err
	}
	cur := c.st.Admin()
	if rn <= len(cur.Schedule) && bn <= len(cur.Schedule[rn-1].Boards) && cur.Schedule[rn-1].Boards[bn-1].Result != event.Result(res) {
		if _, err := c.do(event.Change{Kind: event.KindResult, Round: rn, Board: bn, Result: string(res)}); err != nil {
			return err
		}
	} else if *c.o.pgnFile == "" {
		if _, err := c.do(event.Change{Kind: event.KindResult, Round: rn, Board: bn, Result: string(res)}); err != nil {
			return err
		}
	}
	if *c.o.pgnFile != "" {
		data, err := readArg(c.e, *c.o.pgnFile, event.MaxPGN)
		if err != nil {
			return err
		}
		if _, err := c.do(event.Change{Kind: event.KindPGN, Round: rn, Board: bn, PGN: string(data)}); err != nil {
			return fmt.Errorf("--pgn %s: %w", quoteArg(*c.o.pgnFile), err)
		}
	}
	ev := c.st.Admin()
	b := ev.Schedule[rn-1].Boards[bn-1]
	if *c.o.json {
		return writeJSON(c.e.stdout, eventjson.FromBoard(b))
	}
	fmt.Fprintf(c.e.stdout, "round %d, board %d: %s %s %s\n", rn, bn, ev.PlayerName(b.White), b.Result, ev.PlayerName(b.Black))
	if n := ev.Schedule[rn-1].Pending(); n > 0 {
		fmt.Fprintf(c.e.stdout, "%d %s of round %d to come\n", n, plural(n, "board", "boards"), rn)
	}
	return nil
}

func (c *eventCtx) standings() error {
	ev := c.st.Public()
	s, err := ev.Standings(int(c.o.after.n))
	if err != nil {
		return err
	}
	switch {
	case *c.o.json:
		return writeJSON(c.e.stdout, eventjson.FromStandings(s))
	case *c.o.csv:
		return event.WriteStandingsCSV(c.e.stdout, ev, s)
	}
	tw := newTable(c.e.stdout)
	fmt.Fprintf(tw, "rank\tno.\tname\trating\tpoints\t%s\n", strings.Join(s.TieBreaks, "\t"))
	for _, r := range s.Rows {
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\n", r.Rank, r.Number, r.Name, ratingText(r.Rating), r.Points, strings.Join(r.TieBreaks, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, d := range s.Dropped {
		fmt.Fprintf(c.e.stdout, "%s %s\n", d.TieBreak, d.Reason)
	}
	return nil
}

func (c *eventCtx) export() error {
	if !c.o.given("format") {
		return usagef("event export needs --format trf, trf16, csv, pgn, json or backup")
	}
	w := c.e.stdout
	var f *os.File
	if *c.o.out != "" {
		var err error
		f, err = os.Create(*c.o.out)
		if err != nil {
			return fmt.Errorf("-o %s: %v", quoteArg(*c.o.out), err)
		}
		defer f.Close()
		w = f
	}
	ev := c.st.Admin()
	var err error
	switch c.o.format.v {
	case "trf":
		err = ev.TRF(w, pairing.TRF2026)
	case "trf16":
		err = ev.TRF(w, pairing.TRF16)
	case "csv":
		var s event.Standings
		if s, err = ev.Standings(0); err == nil {
			err = event.WriteStandingsCSV(w, ev, s)
		}
	case "pgn":
		err = ev.PGN(w)
	case "json":
		err = writeJSON(w, eventjson.FromEvent(ev))
	case "backup":
		var b []byte
		if b, err = c.st.Backup(); err == nil {
			_, err = w.Write(b)
		}
	}
	if err == nil && f != nil {
		err = f.Close()
	}
	return err
}

func (c *eventCtx) verify() error {
	ev := c.st.Public()
	v, err := ev.Verify(*c.o.seed)
	if err != nil {
		return err
	}
	if *c.o.json {
		if err := writeJSON(c.e.stdout, eventjson.FromVerification(v)); err != nil {
			return err
		}
	} else {
		w := c.e.stdout
		fmt.Fprintf(w, "commitment %s\nseed %s: %s\n", v.Commitment, v.Seed, okText(v.CommitmentOK, "its SHA-256 is the commitment", "its SHA-256 is NOT the commitment"))
		for _, ck := range v.Checks {
			where := fmt.Sprintf("round %d", ck.Round)
			if ck.Board > 0 {
				where += fmt.Sprintf(", board %d", ck.Board)
			}
			fmt.Fprintf(w, "%s: played %d, derived %d: %s\n", where, ck.Played, ck.Derived, okText(ck.OK, "ok", "DIFFERENT"))
		}
		fmt.Fprintf(w, "re-derive with: %s\n", v.Command)
	}
	if !v.OK {
		return fmt.Errorf("event %s: the positions played are not those the seed gives", c.id)
	}
	return nil
}

func okText(ok bool, yes, no string) string {
	if ok {
		return yes
	}
	return no
}

func (c *eventCtx) finish() error {
	if _, err := c.do(event.Change{Kind: event.KindFinish}); err != nil {
		return err
	}
	ev := c.st.Public()
	if *c.o.json {
		return writeJSON(c.e.stdout, eventjson.FromEvent(ev))
	}
	fmt.Fprintf(c.e.stdout, "event %s finished\nseed %s\ncommitment %s\n", ev.ID, ev.Seed, ev.Commitment)
	return nil
}

func (c *eventCtx) link() error {
	o := c.o
	n := 0
	for _, f := range []string{"add", "revoke", "rotate"} {
		if o.given(f) {
			n++
		}
	}
	if n > 1 {
		return usagef("give one of --add, --revoke and --rotate")
	}
	var secret string
	var err error
	switch {
	case o.given("add"):
		secret, err = c.do(event.Change{Kind: event.KindAddLink, Label: *o.add})
	case o.given("revoke"):
		_, err = c.do(event.Change{Kind: event.KindRevokeLink, Link: *o.revoke})
	case *o.rotate:
		secret, err = c.do(event.Change{Kind: event.KindRotateAdmin})
	}
	if err != nil {
		return err
	}
	ev := c.st.Admin()
	if *o.json {
		out := struct {
			Links []eventjson.Link `json:"links"`
			New   string           `json:"new,omitempty"`
		}{eventjson.FromLinks(ev.Links), ""}
		if secret != "" {
			out.New = adminPath(ev.ID, secret)
		}
		return writeJSON(c.e.stdout, out)
	}
	if secret != "" {
		fmt.Fprintf(c.e.stdout, "new link %s\n", adminPath(ev.ID, secret))
	}
	for _, l := range ev.Links {
		fmt.Fprintf(c.e.stdout, "%s\t%s\t%s\n", l.ID, l.Made.Format("2006-01-02 15:04"), l.Label)
	}
	return nil
}

// newTable returns a tabwriter for the event tables whose lines end
// without the padding of empty last cells.
func newTable(w io.Writer) *tabwriter.Writer {
	return tabwriter.NewWriter(&trimWriter{w: w}, 0, 4, 2, ' ', 0)
}

// trimWriter drops the spaces at the end of each line it passes on.
type trimWriter struct {
	w      io.Writer
	spaces int
}

func (t *trimWriter) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p))
	for _, c := range p {
		switch c {
		case ' ':
			t.spaces++
			continue
		case '\n':
			t.spaces = 0
		default:
			for ; t.spaces > 0; t.spaces-- {
				out = append(out, ' ')
			}
		}
		out = append(out, c)
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// unratedText says what rating unrated players count with in the
// rating-based tie-breaks.
func unratedText(r int) string {
	if r == 0 {
		return "no rating for unrated players (ARO, TPR and the like are dropped if a player is unrated)"
	}
	return fmt.Sprintf("unrated players count as %d in ARO, TPR and the like", r)
}
