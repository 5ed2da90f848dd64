package api

import "github.com/chess960/chess960"

// IdentifiedStart is what id --json prints for a Chess960 start (and GET
// /api/identify answers): the start position, as pos prints it, and the
// same start as a Double Fischer Random one, W:B with W = B, and its DFRC
// index W × 960 + B, so that a walk over a DFRC book gets an index for
// every line (id of a DFRC start whose ranks differ prints DFRCStart).
type IdentifiedStart struct {
	StartPosition
	DFRC  string `json:"dfrc"`  // "518:518"
	Index int    `json:"index"` // the DFRC index, W × 960 + B
}

// NewIdentifiedStart describes p as id --json prints it.
func NewIdentifiedStart(p chess960.StartPos) IdentifiedStart {
	d := chess960.DFRC{White: p, Black: p}
	return IdentifiedStart{StartPosition: NewStartPosition(p), DFRC: d.String(), Index: d.Index()}
}
