package server

import (
	"bytes"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/raster"
	"github.com/chess960/chess960/internal/quote"
)

// picture is what /diagram.svg and /diagram.png draw, read from the
// parameters of the svg command: fen= (or pos=), flip, size, coords,
// highlight, arrow, last-move and theme, read as the command reads its
// flags; download asks for an attachment, and thumbnail draws the squares
// as one element (for pages of many small boards).
type picture struct {
	d        diagram.Diagram
	opts     diagram.Options
	download bool
	name     string
}

func readPicture(q query) (picture, *inputError) {
	var pic picture
	if err := q.only("fen", "pos", "flip", "size", "coords", "highlight", "arrow", "last-move", "theme", "download", "thumbnail"); err != nil {
		return pic, err
	}
	p, _, err := q.position()
	if err != nil {
		return pic, err
	}
	pic.name = "chess960-position"
	if sp, perr := chess960.ParseFEN(p.FEN(chess.Standard)); perr == nil {
		pic.name = "chess960-" + strconv.Itoa(sp.ID())
	}
	o := &pic.opts
	if o.Flip, err = q.flag("flip"); err != nil {
		return pic, err
	}
	if o.Coords, err = q.flag("coords"); err != nil {
		return pic, err
	}
	if o.Thumbnail, err = q.flag("thumbnail"); err != nil {
		return pic, err
	}
	if pic.download, err = q.flag("download"); err != nil {
		return pic, err
	}
	if o.Size, err = q.intParam("size", 16, maxImageSize, 400); err != nil {
		return pic, err
	}
	var perr error
	if o.Theme, perr = diagram.ParseTheme(q.getOr("theme", "light")); perr != nil {
		return pic, badParam("theme", q.get("theme"), "want light or dark")
	}
	if o.Highlight, perr = diagram.ParseSquares(q.get("highlight")); perr != nil {
		return pic, optionError("highlight", perr)
	}
	if q.get("last-move") != "" {
		if o.LastMove, perr = diagram.ParseLastMove(q.get("last-move"), &p); perr != nil {
			return pic, optionError("last-move", perr)
		}
	}
	if strings.Count(q.get("arrow"), ",") >= 64 {
		return pic, badParam("arrow", q.get("arrow"), "too many arrows: at most 64").withCode(codeTooLong)
	}
	if o.Arrows, perr = diagram.ParseArrows(q.get("arrow"), &p); perr != nil {
		return pic, optionError("arrow", perr)
	}
	pic.d = diagram.FromPosition(p)
	return pic, nil
}

// optionError words a diagram option's error as the svg command does:
// `highlight "e9": "e9" is not a square (want a1..h8)`.
func optionError(name string, err error) *inputError {
	var de *diagram.Error
	if errors.As(err, &de) {
		return &inputError{status: http.StatusBadRequest, param: name, code: codeInvalid,
			msg: name + " " + quote.Input(de.Input) + ": " + de.Detail}
	}
	return badInput(name, err)
}

// GET /diagram.svg.
func (s *Server) diagramSVG(w http.ResponseWriter, r *http.Request) *inputError {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	pic, err := readPicture(q)
	if err != nil {
		return err
	}
	body := pic.d.AppendSVG(make([]byte, 0, 16<<10), &pic.opts)
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

// GET /diagram.png.
func (s *Server) diagramPNG(w http.ResponseWriter, r *http.Request) *inputError {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	pic, err := readPicture(q)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if werr := raster.WritePNG(&b, &pic.d, &pic.opts); werr != nil {
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
