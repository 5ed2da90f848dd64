package pairing

// Tie-breaks as the FIDE Tie-Break Regulations (Handbook C.07, the text in
// force from 1 August 2024, which keeps the definitions approved in 2023)
// define them. Section numbers in comments are C.07's.
//
// Source note: the search corpus holds only the opening of the handbook page
// (articles 1 to 4: scope, play-offs, the ordered list of tie-breaks), not the
// definitions of articles 5 to 16. The definitions below follow what could be
// checked: the acronyms and article numbers of C.07's own table (article 5,
// as several public implementations reproduce it), and, for how unplayed
// rounds count (article 16) and what the Cut and Median modifiers cut
// (article 14), the reference checker of FIDE's Technical Commission
// (TEC-FIDE/TieBreakServer, by Otto Milvang), read, not copied. Where that
// left a choice open the doc comment says what this package does.
//
// C.07 was revised again from 1 March 2026 (approved by the FIDE Council on
// 02/02/2026; per TEC's checker, which follows it: GE renamed REP, new STD,
// TPN and RTNG, and caps on the dummy opponent's score, 16.4.1 and 16.4.2).
// Of that text this package implements the caps, chosen by
// StandingsOptions.Edition (see Edition2026); the new tie-breaks and the
// new name are not computed.
//
// Rating-based tie-breaks (article 10: ARO, TPR, PTP, APRO, APPO) need a
// rating for every opponent. C.07 leaves the rating an unrated participant
// counts with to the tournament's regulations (TEC's checker takes it as a
// modifier, "ARO/U1400"); StandingsOptions.UnratedRating carries it, and
// without it, in a tournament with an unrated participant, those
// tie-breaks are dropped (Dropped).

import (
	"fmt"
	"strings"
)

// Method is one tie-break of C.07, without its modifier.
type Method uint8

// The tie-breaks. Type letters are C.07's (article 5): A uses a subset of
// the games, B the participant's own results, C the opponents' results, D
// the opponents' ratings.
const (
	// DE, Direct Encounter (6): the points scored in the games played over
	// the board between the players still tied. When they have not all met
	// (a Swiss), a player is ranked ahead only if no other tied player could
	// reach their score by winning the games not played (6.2); the rest stay
	// tied and the rule is applied again among them alone. Repeated meetings
	// count as their average. Forfeits do not count.
	DE Method = iota + 1
	// WIN, Number of Wins (7.1): rounds in which the player scored a win's
	// points, played or not (a forfeit win, a full-point bye, a
	// pairing-allocated bye worth a win).
	WIN
	// WON, Number of Games Won (7.2): games won over the board, rated or not.
	WON
	// BPG, Number of Games Played with Black (7.3), over the board.
	BPG
	// BWG, Number of Games Won with Black (7.4), over the board.
	BWG
	// PS, (Sum of) Progressive Scores (7.5): the sum of the player's running
	// score after each round. PS-C1 and PS-C2 leave out the first one or two
	// running scores.
	PS
	// GE, Games one Elected to play (7.6; REP in the 2026 text): the rounds
	// that are not voluntary unplayed rounds (see Standings), that is every
	// round less half- and zero-point byes, absences and forfeit losses.
	GE
	// BH, Buchholz (8.1): the sum of the opponents' scores, each adjusted as
	// article 16.3 says, with each of the player's own unplayed rounds
	// counted as a game against a dummy opponent with the player's own
	// score (16.4).
	BH
	// AOB, Average of Opponents' Buchholz (8.2): the mean of the Buchholz of
	// the opponents met over the board, rounded half up to hundredths.
	AOB
	// SB, Sonneborn-Berger (9.1): the sum, over the rounds, of the score of
	// the opponent (adjusted as for BH, the dummy for an unplayed round)
	// times the points the player scored in that round.
	SB
	// KS, Koya System (9.2): the points scored against the opponents who
	// scored at least half of the maximum possible score (a win's points
	// times the rounds), in every round with an opponent, forfeits included
	// (as FIDE TEC's checker counts them).
	KS
	// ARO, Average Rating of Opponents (10.1): the mean rating of the
	// opponents met over the board, rounded half up to a whole number; an
	// unrated opponent counts with StandingsOptions.UnratedRating, and with
	// none ARO is dropped when anyone is unrated (see Dropped).
	ARO
	// TPR, Tournament Performance Rating (10.2): ARO plus dp, from B.02
	// table 8.1(a), for the fractional score against those opponents
	// (PerformanceRating).
	TPR
	// PTP, Perfect Tournament Performance (10.3): the lowest rating whose
	// expected score against those opponents (B.02 table 8.1(b), without the
	// 400-point rule) reaches the player's score; for a zero score, the
	// lowest opponent's rating less 800 (PerfectPerformance).
	PTP
	// APRO, Average Performance Rating of Opponents (10.4): the mean TPR of
	// the opponents met over the board, rounded half up.
	APRO
	// APPO, Average Perfect Performance of Opponents (10.5): the mean PTP of
	// the opponents met over the board, rounded half up.
	APPO
)

// methodNames are the C.07 acronyms, indexed by Method.
var methodNames = [...]string{
	DE: "DE", WIN: "WIN", WON: "WON", BPG: "BPG", BWG: "BWG", PS: "PS", GE: "GE",
	BH: "BH", AOB: "AOB", SB: "SB", KS: "KS", ARO: "ARO", TPR: "TPR", PTP: "PTP",
	APRO: "APRO", APPO: "APPO",
}

// String returns the method's acronym ("BH"), or "Method(n)" for a value
// that is none of the constants.
func (m Method) String() string {
	if int(m) < len(methodNames) && methodNames[m] != "" {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Modifier is a C.07 article 14 modifier: which values of a sum or an
// average are left out.
type Modifier uint8

// The modifiers. Cut1 and Cut2 leave out the one or two least significant
// values (14.1, 14.2); Median1 and Median2 leave out the one or two least
// and the one or two most significant (14.3, 14.4). For PS the least
// significant values are the first rounds' running scores.
const (
	NoModifier Modifier = iota
	Cut1
	Cut2
	Median1
	Median2
)

// modifierNames are the suffixes, indexed by Modifier.
var modifierNames = [...]string{NoModifier: "", Cut1: "C1", Cut2: "C2", Median1: "M1", Median2: "M2"}

// low and high are how many values the modifier cuts from the bottom and the
// top.
func (m Modifier) low() int {
	switch m {
	case Cut1, Median1:
		return 1
	case Cut2, Median2:
		return 2
	}
	return 0
}

func (m Modifier) high() int {
	switch m {
	case Median1:
		return 1
	case Median2:
		return 2
	}
	return 0
}

// modifiers lists the modifiers each method takes: BH and ARO take all
// four; SB and PS the cuts (the codes FIDE's MTB26 list gives).
var modifiers = map[Method][]Modifier{
	BH:  {Cut1, Cut2, Median1, Median2},
	ARO: {Cut1, Cut2, Median1, Median2},
	SB:  {Cut1, Cut2},
	PS:  {Cut1, Cut2},
}

// TieBreak is one tie-break of an ordered list: a method and a modifier. The
// zero value is not a tie-break; ParseTieBreaks makes valid ones.
type TieBreak struct {
	Method   Method   // the tie-break: BH, SB, ...
	Modifier Modifier // the values it cuts, NoModifier for none
}

// String returns the C.07 acronym: "BH", "BH-C1", "ARO-M2".
func (tb TieBreak) String() string {
	if tb.Modifier == NoModifier || int(tb.Modifier) >= len(modifierNames) {
		return tb.Method.String()
	}
	return tb.Method.String() + "-" + modifierNames[tb.Modifier]
}

// valid reports whether the method exists and takes the modifier.
func (tb TieBreak) valid() bool {
	if int(tb.Method) >= len(methodNames) || methodNames[tb.Method] == "" {
		return false
	}
	if tb.Modifier == NoModifier {
		return true
	}
	for _, m := range modifiers[tb.Method] {
		if m == tb.Modifier {
			return true
		}
	}
	return false
}

// allTieBreaks is every valid tie-break, in the order the error message
// lists them.
func allTieBreaks() []TieBreak {
	var out []TieBreak
	for m := DE; m <= APPO; m++ {
		out = append(out, TieBreak{Method: m})
		for _, mod := range modifiers[m] {
			out = append(out, TieBreak{Method: m, Modifier: mod})
		}
	}
	return out
}

// TieBreakError is an item of a tie-break list that names no tie-break.
type TieBreakError struct {
	Item   string // the item as given
	Reason string // what is wrong with it
}

// Error returns `tie-break "BH-C3": reason`.
func (e *TieBreakError) Error() string {
	return fmt.Sprintf("tie-break %q: %s", e.Item, e.Reason)
}

// ParseTieBreaks reads a comma-separated list of C.07 acronyms such as
// "BH-C1,BH,SB,DE,WIN", in any case, with spaces around items allowed; a
// modifier may follow a hyphen or, as FIDE's 2026 codes write it, a slash
// ("BH/C1"). An unknown item, an empty item or a tie-break given twice is an
// error naming it (and, for an unknown one, listing the valid ones). An empty
// string is an empty list.
func ParseTieBreaks(s string) ([]TieBreak, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []TieBreak
	seen := map[TieBreak]bool{}
	for _, item := range strings.Split(s, ",") {
		name := strings.ToUpper(strings.TrimSpace(item))
		if name == "" {
			return nil, &TieBreakError{Item: item, Reason: "empty item in the list " + fmt.Sprintf("%q", s)}
		}
		tb, ok := lookupTieBreak(strings.ReplaceAll(name, "/", "-"))
		if !ok {
			var names []string
			for _, v := range allTieBreaks() {
				names = append(names, v.String())
			}
			return nil, &TieBreakError{Item: strings.TrimSpace(item), Reason: "not a C.07 tie-break this package computes; valid: " + strings.Join(names, ", ")}
		}
		if seen[tb] {
			return nil, &TieBreakError{Item: strings.TrimSpace(item), Reason: "given twice"}
		}
		seen[tb] = true
		out = append(out, tb)
	}
	return out, nil
}

// lookupTieBreak finds the tie-break whose acronym is name (upper case,
// hyphenated).
func lookupTieBreak(name string) (TieBreak, bool) {
	for _, tb := range allTieBreaks() {
		if tb.String() == name {
			return tb, true
		}
	}
	return TieBreak{}, false
}

// DefaultTieBreaks returns this package's default list. C.07 prescribes no
// default (the tournament regulations choose, article 4.1); these are the
// project's choice: for a Swiss BH-C1, BH, SB, DE, WIN, and for a round
// robin SB, DE, WIN (Buchholz means little when everybody meets everybody).
// None of them uses ratings, so they work with unrated players.
func DefaultTieBreaks(roundRobin bool) []TieBreak {
	if roundRobin {
		return []TieBreak{{Method: SB}, {Method: DE}, {Method: WIN}}
	}
	return []TieBreak{{Method: BH, Modifier: Cut1}, {Method: BH}, {Method: SB}, {Method: DE}, {Method: WIN}}
}
