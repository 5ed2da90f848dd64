package server

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// picture is what /diagram.svg and /diagram.png draw, read from the
// parameters of the svg command: fen= or pos=, flip, size, coords,
// highlight, arrow, last-move and theme; download asks for an attachment.
type picture struct {
	pos      chess.Position
	start    *chess960.StartPos
	opts     boardOpts
	download bool
	name     string
}

func readPicture(q query, defaultSize int) (picture, *inputError) {
	var pic picture
	if err := q.only("fen", "pos", "flip", "size", "coords", "highlight", "arrow", "last-move", "theme", "download"); err != nil {
		return pic, err
	}
	if q.has("pos") && !q.has("fen") {
		sp, err := startPosParam("pos", q.get("pos"), false)
		if err != nil {
			return pic, err
		}
		pic.start = &sp
		pic.pos = chess.NewPosition(sp)
		pic.name = "chess960-" + strconv.Itoa(sp.ID())
	} else {
		p, _, err := q.position()
		if err != nil {
			return pic, err
		}
		pic.pos = p
		pic.name = "chess960-position"
	}
	var err *inputError
	o := &pic.opts
	if o.Flip, err = q.flag("flip"); err != nil {
		return pic, err
	}
	if o.Coords, err = q.flag("coords"); err != nil {
		return pic, err
	}
	if pic.download, err = q.flag("download"); err != nil {
		return pic, err
	}
	if o.Size, err = q.intParam("size", 16, maxImageSize, defaultSize); err != nil {
		return pic, err
	}
	switch strings.ToLower(q.get("theme")) {
	case "", "light":
	case "dark":
		o.Dark = true
	default:
		return pic, badParam("theme", q.get("theme"), "unknown theme: want light or dark")
	}
	if q.has("highlight") {
		for _, s := range moveList(q.get("highlight")) {
			sq, perr := chess.ParseSquare(s)
			if perr != nil {
				return pic, badParam("highlight", s, "not a square (want e.g. e4)")
			}
			o.Highlight |= sq.BB()
		}
	}
	if q.has("arrow") {
		list := moveList(q.get("arrow"))
		if len(list) > 64 {
			return pic, badParam("arrow", q.get("arrow"), "too many arrows: at most 64")
		}
		for _, s := range list {
			from, to, ok := squarePair(s)
			if !ok {
				return pic, badParam("arrow", s, "not an arrow: want two squares such as e2e4")
			}
			o.Arrows = append(o.Arrows, [2]chess.Square{from, to})
		}
	}
	if q.has("last-move") {
		s := q.get("last-move")
		from, to, ok := squarePair(s)
		if !ok {
			return pic, badParam("last-move", s, "not a move: want UCI such as e2e4")
		}
		o.LastMove = from.BB() | to.BB()
	}
	return pic, nil
}

// squarePair reads "e2e4" (and "e7e8q": the promotion letter is ignored).
func squarePair(s string) (chess.Square, chess.Square, bool) {
	if len(s) == 5 && strings.ContainsRune("qrbnQRBN", rune(s[4])) {
		s = s[:4]
	}
	if len(s) != 4 {
		return 0, 0, false
	}
	from, err1 := chess.ParseSquare(s[:2])
	to, err2 := chess.ParseSquare(s[2:])
	return from, to, err1 == nil && err2 == nil
}

// GET /diagram.svg.
func (s *Server) diagramSVG(w http.ResponseWriter, r *http.Request) *inputError {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	pic, err := readPicture(q, 0)
	if err != nil {
		return err
	}
	var body []byte
	if pic.start != nil {
		body = appendStartBoard([]byte(xmlHeader), *pic.start, pic.opts)
	} else {
		body = appendPositionBoard([]byte(xmlHeader), pic.pos, pic.opts)
	}
	body = append(body, '\n')
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", cacheStable)
	// A picture opened on its own needs its style; keep everything else shut.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
	if pic.download {
		h.Set("Content-Disposition", `attachment; filename="`+pic.name+`.svg"`)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
	return nil
}

const xmlHeader = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// GET /diagram.png.
func (s *Server) diagramPNG(w http.ResponseWriter, r *http.Request) *inputError {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	pic, err := readPicture(q, 400)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if werr := writeBoardPNG(&b, pic.pos, pic.start, pic.opts); werr != nil {
		return &inputError{status: http.StatusUnprocessableEntity, msg: "cannot draw this picture: " + werr.Error()}
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", cacheStable)
	if pic.download {
		h.Set("Content-Disposition", `attachment; filename="`+pic.name+`.png"`)
	}
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.Write(b.Bytes())
	return nil
}
