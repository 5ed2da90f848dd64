package raster

import (
	"math"

	"golang.org/x/image/vector"
)

// canvas adds flattened shapes to a rasterizer whose origin is at pixel
// (ox, oy) of the picture.
//
// Strokes are built as a union of polygons: a rectangle for each segment, a
// round join or bevel at each vertex and round caps. The rasterizer adds up
// the signed coverage of everything it is given and takes the absolute
// value, clamped to 1; polygons that all turn the same way therefore add
// up to their union, which is the stroke.
type canvas struct {
	z      *vector.Rasterizer
	ox, oy float64
}

func (c *canvas) moveTo(p pt) { c.z.MoveTo(float32(p.x-c.ox), float32(p.y-c.oy)) }
func (c *canvas) lineTo(p pt) { c.z.LineTo(float32(p.x-c.ox), float32(p.y-c.oy)) }

// fill adds the polylines as closed areas (non-zero winding, as SVG fills).
func (c *canvas) fill(pls []polyline) {
	for _, pl := range pls {
		if len(pl.pts) < 3 {
			continue
		}
		c.moveTo(pl.pts[0])
		for _, p := range pl.pts[1:] {
			c.lineTo(p)
		}
		c.z.ClosePath()
	}
}

// polygon adds a closed polygon turning the positive way (reversing it if
// it turns the other).
func (c *canvas) polygon(pts []pt) {
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	if area == 0 {
		return
	}
	if area > 0 {
		c.moveTo(pts[0])
		for _, p := range pts[1:] {
			c.lineTo(p)
		}
	} else {
		c.moveTo(pts[len(pts)-1])
		for i := len(pts) - 2; i >= 0; i-- {
			c.lineTo(pts[i])
		}
	}
	c.z.ClosePath()
}

// disc adds a filled circle.
func (c *canvas) disc(o pt, r float64) {
	var buf [64]pt
	n := 6
	if r > tolerance {
		n = int(math.Ceil(math.Pi / math.Acos(1-tolerance/r)))
	}
	n = min(max(n, 6), len(buf))
	for i := range n {
		t := 2 * math.Pi * float64(i) / float64(n)
		buf[i] = pt{o.x + r*math.Cos(t), o.y + r*math.Sin(t)}
	}
	c.polygon(buf[:n])
}

// ring adds the area between two circles: the outer one turning the
// positive way and the inner one the other way, so the hole stays empty.
func (c *canvas) ring(o pt, r1, r2 float64) {
	c.disc(o, r2)
	var buf [64]pt
	n := int(math.Ceil(math.Pi / math.Acos(1-tolerance/math.Max(r1, tolerance*2))))
	n = min(max(n, 6), len(buf))
	for i := range n {
		t := -2 * math.Pi * float64(i) / float64(n)
		buf[i] = pt{o.x + r1*math.Cos(t), o.y + r1*math.Sin(t)}
	}
	// The inner circle must turn the negative way: add it as it is when it
	// does, reversed when it does not.
	area := 0.0
	for i, p := range buf[:n] {
		q := buf[(i+1)%n]
		area += p.x*q.y - q.x*p.y
	}
	if area > 0 {
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			buf[i], buf[j] = buf[j], buf[i]
		}
	}
	c.moveTo(buf[0])
	for _, p := range buf[1:n] {
		c.lineTo(p)
	}
	c.z.ClosePath()
}

// stroke adds the outline of the polylines drawn with a pen of half width
// hw, with round joins and round caps (as the SVG says for every stroke
// here).
func (c *canvas) stroke(pls []polyline, hw float64) {
	for _, pl := range pls {
		pts := pl.pts
		n := len(pts)
		if n == 1 {
			if !pl.closed {
				c.disc(pts[0], hw)
			}
			continue
		}
		nseg := n - 1
		if pl.closed {
			nseg = n
		}
		for i := range nseg {
			a, b := pts[i], pts[(i+1)%n]
			dx, dy := b.x-a.x, b.y-a.y
			l := math.Hypot(dx, dy)
			if l == 0 {
				continue
			}
			nx, ny := -dy/l*hw, dx/l*hw
			c.polygon([]pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}})
		}
		// Joins, where two segments meet.
		first, last := 1, n-2
		if pl.closed {
			first, last = 0, n-1
		}
		for i := first; i <= last; i++ {
			a, v, b := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
			d1x, d1y := v.x-a.x, v.y-a.y
			d2x, d2y := b.x-v.x, b.y-v.y
			l1, l2 := math.Hypot(d1x, d1y), math.Hypot(d2x, d2y)
			if l1 == 0 || l2 == 0 {
				continue
			}
			cos := (d1x*d2x + d1y*d2y) / (l1 * l2)
			turn := math.Acos(math.Max(-1, math.Min(1, cos)))
			switch {
			case hw*turn < 0.02: // the gap is far below a pixel
			case turn < 0.6:
				// A bevel on each side covers the gap of a slight turn.
				n1x, n1y := -d1y/l1*hw, d1x/l1*hw
				n2x, n2y := -d2y/l2*hw, d2x/l2*hw
				c.polygon([]pt{v, {v.x + n1x, v.y + n1y}, {v.x + n2x, v.y + n2y}})
				c.polygon([]pt{v, {v.x - n1x, v.y - n1y}, {v.x - n2x, v.y - n2y}})
			default:
				c.disc(v, hw)
			}
		}
		if !pl.closed {
			c.disc(pts[0], hw)
			c.disc(pts[n-1], hw)
		}
	}
}
