package event

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/chess960/chess960"
)

// The stored document is what the store keeps of an event: a layout of its
// own, apart from Event (the model, which the pages show and package
// eventjson writes as the API's JSON) and from Change (what a client sends), so that a field renamed in the API is a change in
// one place and never a silent loss in the database. Its Format says which
// layout it is; decodeDoc reads every layout this program has written and
// migrates it, and refuses a newer one.
//
//   - Format 1 (no "format" field): the layout before the stored document
//     had types of its own. Its fields are those of format 2.
//   - Format 2: the types below, without the games in the app.
//   - Format 3: the games in the app: the settings' play, study window,
//     default time and delay; a player's AtBoard and LinkGen; a round's
//     Clocks; a board's Game; an entry's Note; the player secret. A
//     format 2 document reads as one of an event over the board.
//   - Format 4: knockouts: the settings' knockout rules; the seeds, the
//     decisions and the Armageddon choices; a round's bracket round and
//     game; a board's match game. A format 3 document has none.
//   - Format 5: a Swiss's or round robin's rounds of matches: the
//     settings' matches (a round's bracket round and game, and a board's
//     match game, then name a round of matches and its match); the next
//     stages an event links. A format 4 document has none.
//
// A change to the layout is a new format: its types here, a migration from
// the one before in decodeDoc, and a test that a document of the old
// format reads (TestStoredFormat1).

// storeFormat is the layout this program writes.
const storeFormat = 5

// storedWire is the stored document as JSON: the settings' fields at the top level,
// as format 1 has them, after the others.
type storedWire struct {
	storedDocFields
	storedSettings
}

// storedDocFields is the stored document without its settings (see storedWire).
type storedDocFields struct {
	Format        int                  `json:"format"`
	ID            string               `json:"id"`
	Created       time.Time            `json:"created"`
	Commitment    string               `json:"commitment"`
	OwnSeed       bool                 `json:"ownSeed,omitempty"`
	WeakSeed      bool                 `json:"weakSeed,omitempty"`
	Seed          string               `json:"seed,omitempty"`
	Finished      bool                 `json:"finished"`
	Players       []storedPlayer       `json:"players"`
	Schedule      []storedRound        `json:"schedule"`
	FirstColor    string               `json:"firstColor"`
	NumberChanges []storedNumberChange `json:"numberChanges,omitempty"`
	SeedSecret    string               `json:"seedSecret"`
	Keys          []storedKey          `json:"keys"`
	NextPlayer    int                  `json:"nextPlayer"`
	KeepNumbers   bool                 `json:"keepNumbers,omitempty"`
	PlayerSecret  string               `json:"playerSecret,omitempty"`
	Seeds         []int                `json:"seeds,omitempty"`
	Decisions     []storedDecision     `json:"decisions,omitempty"`
	Choices       []storedChoice       `json:"choices,omitempty"`
	From          []storedSource       `json:"from,omitempty"`
	Next          []storedSource       `json:"next,omitempty"`
}

type storedSource struct {
	Event string `json:"event"`
	Name  string `json:"name"`
	Top   int    `json:"top"`
}

type storedDecision struct {
	Match  string    `json:"match"`
	Winner int       `json:"winner"`
	Note   string    `json:"note,omitempty"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
}

type storedChoice struct {
	Match string    `json:"match"`
	Color string    `json:"color"`
	By    string    `json:"by"`
	At    time.Time `json:"at"`
}

type storedKnockout struct {
	Games            int           `json:"games"`
	FinalGames       int           `json:"finalGames,omitempty"`
	Ladder           []storedStage `json:"ladder,omitempty"`
	Armageddon       bool          `json:"armageddon,omitempty"`
	ArmageddonWhite  string        `json:"armageddonWhite,omitempty"`
	ArmageddonBlack  string        `json:"armageddonBlack,omitempty"`
	ArmageddonChoice bool          `json:"armageddonChoice,omitempty"`
	Places           int           `json:"places"`
	Colors           string        `json:"colors"`
	Positions        string        `json:"positions"`
	Seeding          string        `json:"seeding"`
}

type storedStage struct {
	Games       int    `json:"games"`
	SuddenDeath bool   `json:"suddenDeath,omitempty"`
	TimeControl string `json:"timeControl,omitempty"`
}

type storedMatchGame struct {
	Match      string `json:"match"`
	N          int    `json:"n"`
	Stage      int    `json:"stage,omitempty"`
	Unit       int    `json:"unit,omitempty"`
	Armageddon bool   `json:"armageddon,omitempty"`
}

type storedSettings struct {
	Name          string              `json:"name"`
	Place         string              `json:"place,omitempty"`
	Start         string              `json:"start,omitempty"`
	End           string              `json:"end,omitempty"`
	System        System              `json:"system"`
	Rounds        int                 `json:"rounds"`
	TimeControl   string              `json:"timeControl,omitempty"`
	TieBreaks     []string            `json:"tieBreaks"`
	TieBreakRules string              `json:"tieBreakRules,omitempty"`
	UnratedRating int                 `json:"unratedRating,omitempty"`
	Positions     storedPositionRules `json:"positions"`
	LateEntries   string              `json:"lateEntries,omitempty"`
	Play          PlayMode            `json:"play,omitempty"`
	Study         int                 `json:"study,omitempty"`
	DefaultTime   int                 `json:"defaultTime,omitempty"`
	Delay         string              `json:"delay,omitempty"`
	Knockout      *storedKnockout     `json:"knockout,omitempty"`
	Matches       *storedMatches      `json:"matches,omitempty"`
}

type storedMatches struct {
	Games           int    `json:"games"`
	Scoring         string `json:"scoring"`
	Armageddon      bool   `json:"armageddon,omitempty"`
	ArmageddonWhite string `json:"armageddonWhite,omitempty"`
	ArmageddonBlack string `json:"armageddonBlack,omitempty"`
	Positions       string `json:"positions"`
}

type storedPositionRules struct {
	PerBoard bool   `json:"perBoard"`
	Exclude  string `json:"exclude,omitempty"`
	Balanced bool   `json:"balanced,omitempty"`
	MaxEval  int    `json:"maxEval,omitempty"`
}

type storedPlayer struct {
	ID         int             `json:"id"`
	Number     int             `json:"number"`
	Name       string          `json:"name"`
	Rating     int             `json:"rating,omitempty"`
	FideID     string          `json:"fideId,omitempty"`
	Federation string          `json:"federation,omitempty"`
	Title      string          `json:"title,omitempty"`
	Club       string          `json:"club,omitempty"`
	Sex        string          `json:"sex,omitempty"`
	Birth      string          `json:"birth,omitempty"`
	K          int             `json:"k,omitempty"`
	Joined     int             `json:"joined"`
	Withdrawn  int             `json:"withdrawn,omitempty"`
	Byes       []storedRequest `json:"byes,omitempty"`
	AtBoard    bool            `json:"atBoard,omitempty"`
	LinkGen    int             `json:"linkGen,omitempty"`
}

type storedRequest struct {
	Round int     `json:"round"`
	Kind  ByeKind `json:"kind"`
}

type storedRound struct {
	Number   int                `json:"number"`
	Status   RoundStatus        `json:"status"`
	Position *chess960.StartPos `json:"position,omitempty"`
	Boards   []storedBoard      `json:"boards"`
	Byes     []storedBye        `json:"byes,omitempty"`
	Manual   bool               `json:"manual,omitempty"`
	Imported bool               `json:"imported,omitempty"`
	Warnings []string           `json:"warnings,omitempty"`
	Numbers  map[int]int        `json:"numbers,omitempty"`
	Paired   time.Time          `json:"paired"`
	Began    time.Time          `json:"began,omitzero"`
	Clocks   time.Time          `json:"clocks,omitzero"`
	KORound  int                `json:"koRound,omitempty"`
	KOGame   int                `json:"koGame,omitempty"`
}

type storedBoard struct {
	Board    int                `json:"board"`
	White    int                `json:"white"`
	Black    int                `json:"black"`
	Position *chess960.StartPos `json:"position,omitempty"`
	Result   Result             `json:"result,omitempty"`
	History  []storedEntry      `json:"history,omitempty"`
	PGN      string             `json:"pgn,omitempty"`
	Game     string             `json:"game,omitempty"`
	KO       *storedMatchGame   `json:"ko,omitempty"`
}

type storedEntry struct {
	Result Result    `json:"result"`
	At     time.Time `json:"at"`
	By     string    `json:"by"`
	Note   string    `json:"note,omitempty"`
}

type storedBye struct {
	Player int     `json:"player"`
	Kind   ByeKind `json:"kind"`
}

type storedNumberChange struct {
	Version int64  `json:"version"`
	Text    string `json:"text"`
}

type storedKey struct {
	ID    string    `json:"id"`
	Label string    `json:"label"`
	Role  Role      `json:"role"`
	Hash  string    `json:"hash"`
	Made  time.Time `json:"made"`
}

// encodeDoc is the document as the store keeps it.
func encodeDoc(d *doc) []byte {
	s := storedWire{storedSettings: storeSettings(d.Settings)}
	f := &s.storedDocFields
	f.Format, f.ID, f.Created = storeFormat, d.ID, d.Created
	f.Commitment, f.OwnSeed, f.WeakSeed, f.Seed, f.Finished = d.Commitment, d.OwnSeed, d.WeakSeed, d.Seed, d.Finished
	f.FirstColor, f.SeedSecret, f.NextPlayer, f.KeepNumbers = d.FirstColor, d.SeedSecret, d.NextPlayer, d.KeepNumbers
	f.PlayerSecret = d.PlayerSecret
	f.Seeds = d.Seeds
	for _, x := range d.Decisions {
		f.Decisions = append(f.Decisions, storedDecision(x))
	}
	for _, x := range d.Choices {
		f.Choices = append(f.Choices, storedChoice(x))
	}
	for _, x := range d.From {
		f.From = append(f.From, storedSource(x))
	}
	for _, x := range d.Next {
		f.Next = append(f.Next, storedSource(x))
	}
	f.Players = make([]storedPlayer, len(d.Players))
	for i, p := range d.Players {
		sp := storedPlayer{ID: p.ID, Number: p.Number, Name: p.Name, Rating: p.Rating, FideID: p.FideID,
			Federation: p.Federation, Title: p.Title, Club: p.Club, Sex: p.Sex, Birth: p.Birth, K: p.K,
			Joined: p.Joined, Withdrawn: p.Withdrawn, AtBoard: p.AtBoard, LinkGen: p.LinkGen}
		for _, b := range p.Byes {
			sp.Byes = append(sp.Byes, storedRequest(b))
		}
		f.Players[i] = sp
	}
	f.Schedule = make([]storedRound, len(d.Schedule))
	for i, r := range d.Schedule {
		sr := storedRound{Number: r.Number, Status: r.Status, Position: r.Position, Manual: r.Manual,
			Imported: r.Imported, Warnings: r.Warnings, Numbers: r.Numbers, Paired: r.Paired, Began: r.Began, Clocks: r.Clocks,
			KORound: r.KORound, KOGame: r.KOGame}
		sr.Boards, sr.Byes = storeBoards(r.Boards), storeByes(r.Byes)
		f.Schedule[i] = sr
	}
	for _, n := range d.NumberChanges {
		f.NumberChanges = append(f.NumberChanges, storedNumberChange(n))
	}
	f.Keys = make([]storedKey, len(d.Keys))
	for i, k := range d.Keys {
		f.Keys[i] = storedKey(k)
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic("event: the stored document does not encode: " + err.Error()) // only plain types: cannot happen
	}
	return b
}

func storeSettings(s Settings) storedSettings {
	return storedSettings{Name: s.Name, Place: s.Place, Start: s.Start, End: s.End, System: s.System, Rounds: s.Rounds,
		TimeControl: s.TimeControl, TieBreaks: s.TieBreaks, TieBreakRules: s.TieBreakRules, UnratedRating: s.UnratedRating,
		Positions: storedPositionRules(s.Positions), LateEntries: s.LateEntries,
		Play: s.Play, Study: s.Study, DefaultTime: s.DefaultTime, Delay: s.Delay, Knockout: storeKnockout(s),
		Matches: storeMatches(s.Matches)}
}

func storeMatches(m MatchRules) *storedMatches {
	if m == (MatchRules{}) {
		return nil
	}
	out := storedMatches(m)
	return &out
}

func loadMatches(m *storedMatches) MatchRules {
	if m == nil {
		return MatchRules{}
	}
	return MatchRules(*m)
}

func storeKnockout(s Settings) *storedKnockout {
	k := s.Knockout
	if s.System != Knockout && koSame(k, KnockoutRules{}) {
		return nil
	}
	out := &storedKnockout{Games: k.Games, FinalGames: k.FinalGames, Armageddon: k.Armageddon, ArmageddonWhite: k.ArmageddonWhite,
		ArmageddonBlack: k.ArmageddonBlack, ArmageddonChoice: k.ArmageddonChoice, Places: k.Places, Colors: k.Colors,
		Positions: k.Positions, Seeding: k.Seeding}
	for _, st := range k.Ladder {
		out.Ladder = append(out.Ladder, storedStage(st))
	}
	return out
}

func loadKnockout(k *storedKnockout) KnockoutRules {
	if k == nil {
		return KnockoutRules{}
	}
	out := KnockoutRules{Games: k.Games, FinalGames: k.FinalGames, Armageddon: k.Armageddon, ArmageddonWhite: k.ArmageddonWhite,
		ArmageddonBlack: k.ArmageddonBlack, ArmageddonChoice: k.ArmageddonChoice, Places: k.Places, Colors: k.Colors,
		Positions: k.Positions, Seeding: k.Seeding}
	for _, st := range k.Ladder {
		out.Ladder = append(out.Ladder, TieBreakStage(st))
	}
	return out
}

// loadSettings is storeSettings reversed; a document without play is
// over the board.
func loadSettings(s storedSettings) Settings {
	set := Settings{Name: s.Name, Place: s.Place, Start: s.Start, End: s.End, System: s.System, Rounds: s.Rounds,
		TimeControl: s.TimeControl, TieBreaks: s.TieBreaks, TieBreakRules: s.TieBreakRules, UnratedRating: s.UnratedRating,
		Positions: PositionRules(s.Positions), LateEntries: s.LateEntries,
		Play: s.Play, Study: s.Study, DefaultTime: s.DefaultTime, Delay: s.Delay, Knockout: loadKnockout(s.Knockout),
		Matches: loadMatches(s.Matches)}
	if set.Play == "" {
		set.Play = PlayBoard
	}
	return set
}

// decodeDoc reads a stored document of any format this program knows.
func decodeDoc(data []byte) (*doc, error) {
	var probe struct {
		Format *int `json:"format"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	format := 1
	if probe.Format != nil {
		format = *probe.Format
	}
	switch {
	case format >= 1 && format <= 5:
		// Format 1 has the fields of format 2 without "format"; format 2
		// those of 3 without the games in the app (their zero values).
	case format > storeFormat:
		return nil, fmt.Errorf("stored in format %d, newer than this program's %d: run a newer chess960", format, storeFormat)
	default:
		return nil, fmt.Errorf("stored in format %d, which no chess960 wrote", format)
	}
	var s storedWire
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	f := s.storedDocFields
	d := &doc{}
	d.Settings = loadSettings(s.storedSettings)
	d.ID, d.Created = f.ID, f.Created
	d.Commitment, d.OwnSeed, d.WeakSeed, d.Seed, d.Finished = f.Commitment, f.OwnSeed, f.WeakSeed, f.Seed, f.Finished
	d.FirstColor, d.SeedSecret, d.NextPlayer, d.KeepNumbers = f.FirstColor, f.SeedSecret, f.NextPlayer, f.KeepNumbers
	d.PlayerSecret = f.PlayerSecret
	d.Seeds = f.Seeds
	for _, x := range f.Decisions {
		d.Decisions = append(d.Decisions, MatchDecision(x))
	}
	for _, x := range f.Choices {
		d.Choices = append(d.Choices, ArmageddonChoice(x))
	}
	for _, x := range f.From {
		d.From = append(d.From, StageSource(x))
	}
	for _, x := range f.Next {
		d.Next = append(d.Next, StageSource(x))
	}
	d.Players = make([]Player, len(f.Players))
	for i, p := range f.Players {
		pl := Player{ID: p.ID, Number: p.Number, Name: p.Name, Rating: p.Rating, FideID: p.FideID,
			Federation: p.Federation, Title: p.Title, Club: p.Club, Sex: p.Sex, Birth: p.Birth, K: p.K,
			Joined: p.Joined, Withdrawn: p.Withdrawn, AtBoard: p.AtBoard, LinkGen: p.LinkGen}
		for _, b := range p.Byes {
			pl.Byes = append(pl.Byes, ByeRequest(b))
		}
		d.Players[i] = pl
	}
	d.Schedule = make([]Round, len(f.Schedule))
	for i, r := range f.Schedule {
		rd := Round{Number: r.Number, Status: r.Status, Position: r.Position, Manual: r.Manual,
			Imported: r.Imported, Warnings: r.Warnings, Numbers: r.Numbers, Paired: r.Paired, Began: r.Began, Clocks: r.Clocks,
			KORound: r.KORound, KOGame: r.KOGame}
		rd.Boards, rd.Byes = loadBoards(r.Boards), loadByes(r.Byes)
		d.Schedule[i] = rd
	}
	for _, n := range f.NumberChanges {
		d.NumberChanges = append(d.NumberChanges, NumberChange(n))
	}
	d.Keys = make([]key, len(f.Keys))
	for i, k := range f.Keys {
		d.Keys[i] = key(k)
	}
	return d, nil
}

// The history's entries are stored in a layout of their own too: a change
// as a client sends it (Change) is not what the database keeps, so that
// the API's names may change without the history's. encodeChange writes
// it; DecodeChange reads every layout (format 1 is Change's JSON as it was,
// which has the same fields).

type storedChange struct {
	Kind     ChangeKind           `json:"kind"`
	Round    int                  `json:"round,omitempty"`
	Board    int                  `json:"board,omitempty"`
	Player   int                  `json:"player,omitempty"`
	Result   string               `json:"result,omitempty"`
	PGN      string               `json:"pgn,omitempty"`
	Bye      ByeKind              `json:"bye,omitempty"`
	Settings *storedSettings      `json:"settings,omitempty"`
	Players  []storedPlayerInfo   `json:"players,omitempty"`
	Pairs    []storedManualPair   `json:"pairs,omitempty"`
	Label    string               `json:"label,omitempty"`
	Link     string               `json:"link,omitempty"`
	Note     string               `json:"note,omitempty"`
	Import   *storedImportedRound `json:"import,omitempty"`
	Game     string               `json:"game,omitempty"`
	Confirm  bool                 `json:"confirm,omitempty"`
	Match    string               `json:"match,omitempty"`
	Color    string               `json:"color,omitempty"`
	Event    string               `json:"event,omitempty"`
}

type storedPlayerInfo struct {
	Name       string `json:"name"`
	Rating     int    `json:"rating,omitempty"`
	FideID     string `json:"fideId,omitempty"`
	Federation string `json:"federation,omitempty"`
	Title      string `json:"title,omitempty"`
	Club       string `json:"club,omitempty"`
	Sex        string `json:"sex,omitempty"`
	Birth      string `json:"birth,omitempty"`
	K          int    `json:"k,omitempty"`
	AtBoard    bool   `json:"atBoard,omitempty"`
}

type storedManualPair struct {
	White int `json:"white"`
	Black int `json:"black"`
}

type storedImportedRound struct {
	Boards []storedBoard `json:"boards"`
	Byes   []storedBye   `json:"byes,omitempty"`
}

// encodeChange is the change as the history keeps it (its base is not
// kept: it says what the change was made against, not what it did).
func encodeChange(c Change) []byte {
	s := storedChange{Kind: c.Kind, Round: c.Round, Board: c.Board, Player: c.Player, Result: c.Result, PGN: c.PGN,
		Bye: c.Bye, Label: c.Label, Link: c.Link, Note: c.Note, Game: c.Game, Confirm: c.Confirm, Match: c.Match, Color: c.Color, Event: c.Event}
	if c.Settings != nil {
		ss := storeSettings(*c.Settings)
		s.Settings = &ss
	}
	for _, p := range c.Players {
		s.Players = append(s.Players, storedPlayerInfo(p))
	}
	for _, p := range c.Pairs {
		s.Pairs = append(s.Pairs, storedManualPair(p))
	}
	if c.Import != nil {
		s.Import = &storedImportedRound{Boards: storeBoards(c.Import.Boards), Byes: storeByes(c.Import.Byes)}
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic("event: a change does not encode: " + err.Error()) // only plain types: cannot happen
	}
	return b
}

// DecodeChange reads a change as the history keeps it (store.Change.Body).
func DecodeChange(body []byte) (Change, error) {
	var s storedChange
	if err := json.Unmarshal(body, &s); err != nil {
		return Change{}, fmt.Errorf("a change in the history does not read: %v", err)
	}
	c := Change{Kind: s.Kind, Round: s.Round, Board: s.Board, Player: s.Player, Result: s.Result, PGN: s.PGN,
		Bye: s.Bye, Label: s.Label, Link: s.Link, Note: s.Note, Game: s.Game, Confirm: s.Confirm, Match: s.Match, Color: s.Color, Event: s.Event}
	if s.Settings != nil {
		set := loadSettings(*s.Settings)
		c.Settings = &set
	}
	for _, p := range s.Players {
		c.Players = append(c.Players, PlayerInfo(p))
	}
	for _, p := range s.Pairs {
		c.Pairs = append(c.Pairs, ManualPair(p))
	}
	if s.Import != nil {
		c.Import = &ImportedRound{Boards: loadBoards(s.Import.Boards), Byes: loadByes(s.Import.Byes)}
	}
	return c, nil
}

// storeBoards and loadBoards convert a round's boards; a nil list stays
// nil and an empty one empty, as the round trip tests want.
func storeBoards(bs []Board) []storedBoard {
	if bs == nil {
		return nil
	}
	out := make([]storedBoard, len(bs))
	for j, b := range bs {
		sb := storedBoard{Board: b.Board, White: b.White, Black: b.Black, Position: b.Position, Result: b.Result, PGN: b.PGN, Game: b.Game}
		if b.KO != nil {
			k := storedMatchGame(*b.KO)
			sb.KO = &k
		}
		for _, h := range b.History {
			sb.History = append(sb.History, storedEntry(h))
		}
		out[j] = sb
	}
	return out
}

func loadBoards(bs []storedBoard) []Board {
	if bs == nil {
		return nil
	}
	out := make([]Board, len(bs))
	for j, b := range bs {
		bd := Board{Board: b.Board, White: b.White, Black: b.Black, Position: b.Position, Result: b.Result, PGN: b.PGN, Game: b.Game}
		if b.KO != nil {
			k := MatchGame(*b.KO)
			bd.KO = &k
		}
		for _, h := range b.History {
			bd.History = append(bd.History, Entry(h))
		}
		out[j] = bd
	}
	return out
}

func storeByes(ys []Bye) []storedBye {
	var out []storedBye
	for _, y := range ys {
		out = append(out, storedBye(y))
	}
	return out
}

func loadByes(ys []storedBye) []Bye {
	var out []Bye
	for _, y := range ys {
		out = append(out, Bye(y))
	}
	return out
}
