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
	"github.com/chess960/chess960/internal/server/site"
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

func readPicture(q query) (picture, *site.Error) {
	var pic picture
	if err := q.Only("fen", "pos", "flip", "size", "coords", "highlight", "arrow", "last-move", "theme", "download", "thumbnail"); err != nil {
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
	if o.Flip, err = q.Flag("flip"); err != nil {
		return pic, err
	}
	if o.Coords, err = q.Flag("coords"); err != nil {
		return pic, err
	}
	if o.Thumbnail, err = q.Flag("thumbnail"); err != nil {
		return pic, err
	}
	if pic.download, err = q.Flag("download"); err != nil {
		return pic, err
	}
	if o.Size, err = q.Int("size", 16, maxImageSize, 400); err != nil {
		return pic, err
	}
	var perr error
	if o.Theme, perr = diagram.ParseTheme(q.GetOr("theme", "light")); perr != nil {
		return pic, site.BadParam("theme", q.Get("theme"), "want light or dark")
	}
	if o.Highlight, perr = diagram.ParseSquares(q.Get("highlight")); perr != nil {
		return pic, optionError("highlight", perr)
	}
	if q.Get("last-move") != "" {
		if o.LastMove, perr = diagram.ParseLastMove(q.Get("last-move"), &p); perr != nil {
			return pic, optionError("last-move", perr)
		}
	}
	if strings.Count(q.Get("arrow"), ",") >= 64 {
		return pic, site.BadParam("arrow", q.Get("arrow"), "too many arrows: at most 64").WithCode(site.CodeTooLong)
	}
	if o.Arrows, perr = diagram.ParseArrows(q.Get("arrow"), &p); perr != nil {
		return pic, optionError("arrow", perr)
	}
	pic.d = diagram.FromPosition(p)
	return pic, nil
}

// optionError words a diagram option's error as the svg command does:
// `highlight "e9": "e9" is not a square (want a1..h8)`.
func optionError(name string, err error) *site.Error {
	var de *diagram.Error
	if errors.As(err, &de) {
		return &site.Error{Status: http.StatusBadRequest, Param: name, Code: site.CodeInvalid,
			Msg: name + " " + quote.Input(de.Input) + ": " + de.Detail}
	}
	return site.BadInput(name, err)
}

// GET /diagram.svg.
func (s *Server) diagramSVG(w http.ResponseWriter, r *http.Request) *site.Error {
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
	h.Set("Cache-Control", site.CacheStable)
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
func (s *Server) diagramPNG(w http.ResponseWriter, r *http.Request) *site.Error {
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
		return &site.Error{Status: http.StatusUnprocessableEntity, Msg: "cannot draw this picture: " + werr.Error()}
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", site.CacheStable)
	if pic.download {
		h.Set("Content-Disposition", `attachment; filename="`+pic.name+`.png"`)
	}
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.Write(b.Bytes())
	return nil
}
