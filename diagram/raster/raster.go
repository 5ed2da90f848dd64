// Package raster draws diagrams as pixels (PNG), from the same layout and
// the same piece shapes as the SVG of package diagram: it reads the
// shapes' SVG path data and fills and strokes them with
// golang.org/x/image/vector. That dependency lives here so that package
// diagram stays with the standard library only.
//
// Squares fall on whole pixels, so adjacent squares show no seam; the
// other shapes are antialiased.
package raster

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"sync"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/internal/scene"
	"golang.org/x/image/vector"
)

// MaxSize is the largest picture Image draws, in pixels (64 MiB of RGBA).
const MaxSize = 4096

// DefaultSize is the size in pixels that Image and WritePNG draw when
// Options.Size is 0.
const DefaultSize = 400

// Image draws the diagram d with the options o (nil means the zero
// Options) and returns the picture, o.Size pixels wide and high
// (DefaultSize when o.Size is 0; sizes beyond MaxSize are drawn at
// MaxSize).
func Image(d *diagram.Diagram, o *diagram.Options) *image.RGBA {
	o, size := sized(o)
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	render(img, d, o)
	return img
}

// WritePNG draws the diagram d with the options o (see Image) and writes
// it to w as PNG.
func WritePNG(w io.Writer, d *diagram.Diagram, o *diagram.Options) error {
	o, size := sized(o)
	img := imagePool.Get().(*image.RGBA)
	defer imagePool.Put(img)
	if n := 4 * size * size; cap(img.Pix) < n {
		img.Pix = make([]uint8, n)
	} else {
		img.Pix = img.Pix[:n]
		clear(img.Pix)
	}
	img.Stride, img.Rect = 4*size, image.Rect(0, 0, size, size)
	render(img, d, o)
	return encodePNG(w, img)
}

var imagePool = sync.Pool{New: func() any { return new(image.RGBA) }}

// sized returns the options (the zero Options for nil) and the size of
// the picture they ask for.
func sized(o *diagram.Options) (*diagram.Options, int) {
	if o == nil {
		o = &diagram.Options{}
	}
	if o.Size <= 0 {
		return o, DefaultSize
	}
	return o, min(o.Size, MaxSize)
}

// render draws d on img, which is transparent and square.
func render(img *image.RGBA, d *diagram.Diagram, o *diagram.Options) {
	var s scene.Scene
	scene.Layout(&s, d, o)
	r := renderer{img: img, scene: &s, pal: o.Colors(), arrows: o.Arrows, k: float64(img.Rect.Dx()) / float64(s.Width), shapes: loadShapes()}
	r.draw()
}

// shapes are the piece shapes and glyphs, read once.
type shapes struct {
	pieces [7][]part
	glyphs [256]path
}

type part struct {
	kind scene.PartKind
	p    path
}

var loadShapes = sync.OnceValue(func() *shapes {
	sh := new(shapes)
	for r := chess.Pawn; r <= chess.King; r++ {
		for _, pt := range scene.Shape(r) {
			p, err := parsePath(pt.D)
			if err != nil {
				panic(fmt.Sprintf("raster: shape of the %s: %v", r, err))
			}
			sh.pieces[r] = append(sh.pieces[r], part{pt.Kind, p})
		}
	}
	for c := 0; c < 256; c++ {
		if g := scene.Glyph(byte(c)); g != "" {
			p, err := parsePath(g)
			if err != nil {
				panic(fmt.Sprintf("raster: glyph %q: %v", rune(c), err))
			}
			sh.glyphs[c] = p
		}
	}
	return sh
})

type renderer struct {
	img    *image.RGBA
	scene  *scene.Scene
	pal    diagram.Palette
	arrows []diagram.Arrow
	k      float64 // pixels per unit
	shapes *shapes
	z      vector.Rasterizer
	mask   image.Alpha
	pls    []polyline
}

// px maps the scene's x (or y) to pixels.
func (r *renderer) px(x, min int) float64 { return float64(x-min) * r.k }

// edge returns the pixel edge of the board's column or row i (0..8).
func (r *renderer) edge(i, min int) int { return int(math.Round(r.px(i*scene.Unit, min))) }

func (r *renderer) cellRect(c *scene.Cell) image.Rectangle {
	s := r.scene
	col, row := c.X/scene.Unit, c.Y/scene.Unit
	return image.Rect(r.edge(col, s.MinX), r.edge(row, s.MinY), r.edge(col+1, s.MinX), r.edge(row+1, s.MinY))
}

func (r *renderer) draw() {
	s := r.scene
	pal := &r.pal
	// One uniform image per colour, not one per square.
	frame, light, dark := image.NewUniform(pal.Frame), image.NewUniform(pal.LightSquare), image.NewUniform(pal.DarkSquare)
	last, high := image.NewUniform(pal.LastMove), image.NewUniform(pal.Highlight)
	if s.Frame {
		draw.Draw(r.img, r.img.Bounds(), frame, image.Point{}, draw.Src)
	}
	for i := range s.Cells {
		c := &s.Cells[i]
		col, u := pal.DarkSquare, dark
		if c.Light {
			col, u = pal.LightSquare, light
		}
		op := draw.Over
		if col.A == 255 {
			op = draw.Src
		}
		draw.Draw(r.img, r.cellRect(c), u, image.Point{}, op)
	}
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Marks&scene.MarkLastMove != 0 {
			draw.Draw(r.img, r.cellRect(c), last, image.Point{}, draw.Over)
		}
		if c.Marks&scene.MarkHighlight != 0 {
			draw.Draw(r.img, r.cellRect(c), high, image.Point{}, draw.Over)
		}
	}
	for i := range s.Cells {
		if c := &s.Cells[i]; c.Marks&scene.MarkCheck != 0 {
			r.checkMarker(r.cellRect(c), pal.Check)
		}
	}
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Piece.Role == chess.NoRole {
			continue
		}
		rect := r.cellRect(c)
		sp := r.sprite(c.Piece, rect.Dx(), rect.Dy())
		draw.Draw(r.img, rect, sp, image.Point{}, draw.Over)
	}
	for _, a := range r.arrows {
		r.arrow(s.Arrow(a.From, a.To, a.Color, r.pal.Arrow))
	}
	if s.NLabels > 0 {
		r.labels()
	}
}

// spriteKey names a piece drawn in its colours at a size.
type spriteKey struct {
	role               chess.Role
	fill, line, detail color.NRGBA
	w, h               int
}

// The pieces drawn so far, kept for the next pictures (read-only once
// made); the cache starts again when it would hold more than
// maxSpriteBytes of pixels.
var (
	spriteMu    sync.Mutex
	spriteCache = map[spriteKey]*image.RGBA{}
	spriteBytes int
)

const maxSpriteBytes = 32 << 20

// sprite returns piece pc drawn in a w x h cell, drawing it the first time.
func (r *renderer) sprite(pc chess.Piece, w, h int) *image.RGBA {
	pal := &r.pal
	key := spriteKey{role: pc.Role, fill: pal.WhiteFill, line: pal.WhiteLine, detail: pal.WhiteLine, w: w, h: h}
	if pc.Color == chess.Black {
		key.fill, key.line, key.detail = pal.BlackFill, pal.BlackLine, pal.BlackDetail
	}
	spriteMu.Lock()
	img := spriteCache[key]
	spriteMu.Unlock()
	if img != nil {
		return img
	}
	img = r.drawSprite(key)
	spriteMu.Lock()
	if spriteBytes+len(img.Pix) > maxSpriteBytes {
		clear(spriteCache)
		spriteBytes = 0
	}
	if _, dup := spriteCache[key]; !dup {
		spriteCache[key] = img
		spriteBytes += len(img.Pix)
	}
	spriteMu.Unlock()
	return img
}

// drawSprite draws a piece in a cell of its own.
func (r *renderer) drawSprite(key spriteKey) *image.RGBA {
	w, h := key.w, key.h
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill, line, detail := key.fill, key.line, key.detail
	t := transform{sx: float64(w) / scene.Unit, sy: float64(h) / scene.Unit}
	hw := scene.StrokeWidth / 2 * (t.sx + t.sy) / 2
	for _, p := range r.shapes.pieces[key.role] {
		r.pls = flatten(r.pls[:0], p.p, t)
		switch p.kind {
		case scene.Body:
			r.paint(img, r.pls, 0, fill)
			r.paint(img, r.pls, hw, line)
		case scene.Line:
			r.paint(img, r.pls, hw, detail)
		case scene.Dot:
			r.paint(img, r.pls, 0, detail)
		}
	}
	return img
}

// paint fills the polylines (hw == 0) or strokes them with a pen of half
// width hw, in colour col over dst. It rasterizes only the shapes' bounding
// box, into a coverage mask, and blends only the pixels it covers.
func (r *renderer) paint(dst *image.RGBA, pls []polyline, hw float64, col color.NRGBA) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, pl := range pls {
		for _, p := range pl.pts {
			x0, y0, x1, y1 = math.Min(x0, p.x), math.Min(y0, p.y), math.Max(x1, p.x), math.Max(y1, p.y)
		}
	}
	pad := hw + 1
	rect := image.Rect(int(math.Floor(x0-pad)), int(math.Floor(y0-pad)), int(math.Ceil(x1+pad)), int(math.Ceil(y1+pad))).Intersect(dst.Bounds())
	if rect.Empty() {
		return
	}
	w, h := rect.Dx(), rect.Dy()
	r.z.Reset(w, h)
	cv := canvas{z: &r.z, ox: float64(rect.Min.X), oy: float64(rect.Min.Y)}
	if hw == 0 {
		cv.fill(pls)
	} else {
		cv.stroke(pls, hw)
	}
	r.cover(dst, rect, col)
}

// cover blends col over dst's rect through the coverage of what was added
// to the rasterizer (whose size is rect's).
func (r *renderer) cover(dst *image.RGBA, rect image.Rectangle, col color.NRGBA) {
	w, h := rect.Dx(), rect.Dy()
	if n := w * h; cap(r.mask.Pix) < n {
		r.mask.Pix = make([]uint8, n)
	} else {
		r.mask.Pix = r.mask.Pix[:n]
	}
	r.mask.Stride, r.mask.Rect = w, image.Rect(0, 0, w, h)
	r.z.DrawOp = draw.Src
	r.z.Draw(&r.mask, r.mask.Rect, image.Opaque, image.Point{})
	// Premultiplied source colour, 0..255 scaled by 255.
	ca := uint32(col.A)
	cr, cg, cb := uint32(col.R)*ca, uint32(col.G)*ca, uint32(col.B)*ca
	for y := range h {
		m := r.mask.Pix[y*w : y*w+w]
		i := dst.PixOffset(rect.Min.X, rect.Min.Y+y)
		px := dst.Pix[i : i+4*w]
		for x, cov := range m {
			if cov == 0 {
				continue
			}
			p := px[4*x : 4*x+4 : 4*x+4]
			c := uint32(cov)
			if c == 255 && ca == 255 {
				p[0], p[1], p[2], p[3] = col.R, col.G, col.B, 255
				continue
			}
			// out = src*cov + dst*(1 - srcA*cov), in 0..255.
			a := ca * c / 255 // the source's coverage-scaled alpha
			inv := 255 - a
			p[0] = uint8((cr*c/255 + uint32(p[0])*inv + 127) / 255)
			p[1] = uint8((cg*c/255 + uint32(p[1])*inv + 127) / 255)
			p[2] = uint8((cb*c/255 + uint32(p[2])*inv + 127) / 255)
			p[3] = uint8((a*255 + uint32(p[3])*inv + 127) / 255)
		}
	}
}

// checkMarker paints the check marker's radial gradient over rect.
func (r *renderer) checkMarker(rect image.Rectangle, col color.NRGBA) {
	stops := scene.CheckStops()
	cx, cy := float64(rect.Min.X+rect.Max.X)/2, float64(rect.Min.Y+rect.Max.Y)/2
	rad := float64(rect.Dx()+rect.Dy()) / 4
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy) / rad
			if d >= 1 {
				continue
			}
			op := stops[len(stops)-1].Opacity
			for i := 1; i < len(stops); i++ {
				if d <= stops[i].Offset {
					a, b := stops[i-1], stops[i]
					op = a.Opacity + (b.Opacity-a.Opacity)*(d-a.Offset)/(b.Offset-a.Offset)
					break
				}
			}
			blend(r.img, x, y, col, op*float64(col.A)/255)
		}
	}
}

// blend paints col at opacity a (0..1) over pixel (x, y).
func blend(img *image.RGBA, x, y int, col color.NRGBA, a float64) {
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	inv := 1 - a
	p[0] = uint8(math.Round(float64(col.R)*a + float64(p[0])*inv))
	p[1] = uint8(math.Round(float64(col.G)*a + float64(p[1])*inv))
	p[2] = uint8(math.Round(float64(col.B)*a + float64(p[2])*inv))
	p[3] = uint8(math.Round(255*a + float64(p[3])*inv))
}

// bounds returns the pixel rectangle around pts, grown by pad and clipped
// to the picture.
func (r *renderer) bounds(pts []pt, pad float64) image.Rectangle {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0, x1, y1 = math.Min(x0, p.x), math.Min(y0, p.y), math.Max(x1, p.x), math.Max(y1, p.y)
	}
	rect := image.Rect(int(math.Floor(x0-pad)), int(math.Floor(y0-pad)), int(math.Ceil(x1+pad)), int(math.Ceil(y1+pad)))
	return rect.Intersect(r.img.Bounds())
}

func (r *renderer) toPx(p scene.Point) pt {
	return pt{(p.X - float64(r.scene.MinX)) * r.k, (p.Y - float64(r.scene.MinY)) * r.k}
}

func (r *renderer) arrow(a scene.ArrowShape) {
	if a.Ring {
		c := r.toPx(a.Center)
		r1, r2 := (a.Radius-a.Width)*r.k, a.Radius*r.k
		rect := r.bounds([]pt{{c.x - r2, c.y - r2}, {c.x + r2, c.y + r2}}, 1)
		if rect.Empty() {
			return
		}
		r.z.Reset(rect.Dx(), rect.Dy())
		cv := canvas{z: &r.z, ox: float64(rect.Min.X), oy: float64(rect.Min.Y)}
		cv.ring(c, r1, r2)
		r.cover(r.img, rect, a.Color)
		return
	}
	var pts [7]pt
	for i, p := range a.Points {
		pts[i] = r.toPx(p)
	}
	rect := r.bounds(pts[:], 1)
	if rect.Empty() {
		return
	}
	r.z.Reset(rect.Dx(), rect.Dy())
	cv := canvas{z: &r.z, ox: float64(rect.Min.X), oy: float64(rect.Min.Y)}
	cv.polygon(pts[:])
	r.cover(r.img, rect, a.Color)
}

func (r *renderer) labels() {
	s := r.scene
	sc := scene.LabelScale * r.k
	hw := scene.GlyphStroke / 2.0 * sc
	for _, l := range s.Labels[:s.NLabels] {
		t := transform{sx: sc, sy: sc, tx: (l.X - float64(s.MinX)) * r.k, ty: (l.Y - float64(s.MinY)) * r.k}
		r.pls = flatten(r.pls[:0], r.shapes.glyphs[l.Char], t)
		r.paint(r.img, r.pls, hw, r.pal.Text)
	}
}
