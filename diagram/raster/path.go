package raster

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// A path is SVG path data read into absolute segments: moveTo, lineTo,
// quadTo, cubeTo and close. Arcs are turned into cubic Béziers.
type path []seg

type op uint8

const (
	opMove op = iota
	opLine
	opQuad
	opCube
	opClose
)

type pt struct{ x, y float64 }

type seg struct {
	op op
	p  [3]pt // the control points and the end point, as many as op needs
}

var errPath = errors.New("invalid path data")

// parsePath reads SVG path data (all commands, absolute and relative).
func parsePath(d string) (path, error) {
	var (
		p          path
		cur, start pt
		lastCtl    pt // reflected for S and T
		lastOp     byte
		cmd        byte
		i          int
	)
	fail := func(why string) (path, error) {
		return nil, fmt.Errorf("%w at byte %d: %s", errPath, i, why)
	}
	skip := func() {
		for i < len(d) && (d[i] == ' ' || d[i] == ',' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r') {
			i++
		}
	}
	number := func() (float64, bool) {
		skip()
		j := i
		if j < len(d) && (d[j] == '+' || d[j] == '-') {
			j++
		}
		digits := false
		for j < len(d) && d[j] >= '0' && d[j] <= '9' {
			j, digits = j+1, true
		}
		if j < len(d) && d[j] == '.' {
			j++
			for j < len(d) && d[j] >= '0' && d[j] <= '9' {
				j, digits = j+1, true
			}
		}
		if !digits {
			return 0, false
		}
		if j < len(d) && (d[j] == 'e' || d[j] == 'E') {
			k := j + 1
			if k < len(d) && (d[k] == '+' || d[k] == '-') {
				k++
			}
			if k < len(d) && d[k] >= '0' && d[k] <= '9' {
				for k < len(d) && d[k] >= '0' && d[k] <= '9' {
					k++
				}
				j = k
			}
		}
		v, err := strconv.ParseFloat(d[i:j], 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return 0, false
		}
		i = j
		return v, true
	}
	flag := func() (bool, bool) {
		skip()
		if i < len(d) && (d[i] == '0' || d[i] == '1') {
			i++
			return d[i-1] == '1', true
		}
		return false, false
	}
	for {
		skip()
		if i >= len(d) {
			return p, nil
		}
		if c := d[i]; (c|0x20) >= 'a' && (c|0x20) <= 'z' {
			cmd = c
			i++
		} else if cmd == 0 {
			return fail("path data must start with a command")
		} else if cmd == 'Z' || cmd == 'z' {
			return fail("number after Z")
		}
		rel := cmd >= 'a'
		var nums [7]float64
		n := argCount(cmd)
		if n < 0 {
			return fail(fmt.Sprintf("unknown command %q", cmd))
		}
		for k := 0; k < n; k++ {
			var v float64
			var ok bool
			if cmd|0x20 == 'a' && (k == 3 || k == 4) {
				var b bool
				b, ok = flag()
				if b {
					v = 1
				}
			} else {
				v, ok = number()
			}
			if !ok {
				return fail(fmt.Sprintf("command %c wants %d numbers", cmd, n))
			}
			nums[k] = v
		}
		abs := func(x, y float64) pt {
			if rel {
				return pt{cur.x + x, cur.y + y}
			}
			return pt{x, y}
		}
		if len(p) == 0 && cmd|0x20 != 'm' {
			return fail("path data must start with M")
		}
		switch cmd | 0x20 {
		case 'm':
			cur = abs(nums[0], nums[1])
			start = cur
			p = append(p, seg{op: opMove, p: [3]pt{cur}})
			// Further pairs are lineTos.
			if rel {
				cmd = 'l'
			} else {
				cmd = 'L'
			}
		case 'l':
			cur = abs(nums[0], nums[1])
			p = append(p, seg{op: opLine, p: [3]pt{cur}})
		case 'h':
			x := nums[0]
			if rel {
				x += cur.x
			}
			cur = pt{x, cur.y}
			p = append(p, seg{op: opLine, p: [3]pt{cur}})
		case 'v':
			y := nums[0]
			if rel {
				y += cur.y
			}
			cur = pt{cur.x, y}
			p = append(p, seg{op: opLine, p: [3]pt{cur}})
		case 'c', 's':
			var c1, c2, end pt
			if cmd|0x20 == 'c' {
				c1, c2, end = abs(nums[0], nums[1]), abs(nums[2], nums[3]), abs(nums[4], nums[5])
			} else {
				c1 = cur
				if lastOp == 'c' || lastOp == 's' {
					c1 = pt{2*cur.x - lastCtl.x, 2*cur.y - lastCtl.y}
				}
				c2, end = abs(nums[0], nums[1]), abs(nums[2], nums[3])
			}
			p = append(p, seg{op: opCube, p: [3]pt{c1, c2, end}})
			lastCtl, cur = c2, end
		case 'q', 't':
			var c, end pt
			if cmd|0x20 == 'q' {
				c, end = abs(nums[0], nums[1]), abs(nums[2], nums[3])
			} else {
				c = cur
				if lastOp == 'q' || lastOp == 't' {
					c = pt{2*cur.x - lastCtl.x, 2*cur.y - lastCtl.y}
				}
				end = abs(nums[0], nums[1])
			}
			p = append(p, seg{op: opQuad, p: [3]pt{c, end}})
			lastCtl, cur = c, end
		case 'a':
			end := abs(nums[5], nums[6])
			p = appendArc(p, cur, nums[0], nums[1], nums[2], nums[3] != 0, nums[4] != 0, end)
			cur = end
		case 'z':
			p = append(p, seg{op: opClose})
			cur = start
		}
		lastOp = cmd | 0x20
	}
}

// argCount returns how many numbers command c takes, or -1 for a letter
// that is not a command.
func argCount(c byte) int {
	switch c | 0x20 {
	case 'z':
		return 0
	case 'h', 'v':
		return 1
	case 'm', 'l', 't':
		return 2
	case 's', 'q':
		return 4
	case 'c':
		return 6
	case 'a':
		return 7
	}
	return -1
}

// appendArc appends the SVG elliptical arc from p0 to p1 as cubic
// Béziers of at most 90 degrees each (SVG 1.1, appendix F.6).
func appendArc(p path, p0 pt, rx, ry, phiDeg float64, large, sweep bool, p1 pt) path {
	if p0 == p1 {
		return p
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		return append(p, seg{op: opLine, p: [3]pt{p1}})
	}
	phi := phiDeg * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	dx, dy := (p0.x-p1.x)/2, (p0.y-p1.y)/2
	x1 := cos*dx + sin*dy
	y1 := -sin*dx + cos*dy
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		s := math.Sqrt(l)
		rx, ry = rx*s, ry*s
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	k := 0.0
	if num > 0 && den > 0 {
		k = math.Sqrt(num / den)
	}
	if large == sweep {
		k = -k
	}
	cx1, cy1 := k*rx*y1/ry, -k*ry*x1/rx
	cx := cos*cx1 - sin*cy1 + (p0.x+p1.x)/2
	cy := sin*cx1 + cos*cy1 + (p0.y+p1.y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	t1 := angle(1, 0, (x1-cx1)/rx, (y1-cy1)/ry)
	dt := angle((x1-cx1)/rx, (y1-cy1)/ry, (-x1-cx1)/rx, (-y1-cy1)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(dt) / (math.Pi / 2)))
	if n < 1 {
		n = 1
	}
	step := dt / float64(n)
	alpha := 4.0 / 3 * math.Tan(step/4)
	on := func(t float64) (pt, pt) { // point and derivative on the ellipse
		ct, st := math.Cos(t), math.Sin(t)
		return pt{cx + rx*ct*cos - ry*st*sin, cy + rx*ct*sin + ry*st*cos},
			pt{-rx*st*cos - ry*ct*sin, -rx*st*sin + ry*ct*cos}
	}
	a, da := on(t1)
	for i := 1; i <= n; i++ {
		b, db := on(t1 + step*float64(i))
		if i == n {
			b = p1
		}
		p = append(p, seg{op: opCube, p: [3]pt{
			{a.x + alpha*da.x, a.y + alpha*da.y},
			{b.x - alpha*db.x, b.y - alpha*db.y},
			b,
		}})
		a, da = b, db
	}
	return p
}

// transform maps a point of a path to pixels.
type transform struct{ sx, sy, tx, ty float64 }

func (t transform) apply(p pt) pt { return pt{p.x*t.sx + t.tx, p.y*t.sy + t.ty} }

// polyline is one flattened subpath in pixels.
type polyline struct {
	pts    []pt
	closed bool
}

// tolerance is the largest distance, in pixels, between a curve and the
// lines that stand for it.
const tolerance = 0.1

// flatten turns p, mapped by t, into polylines, appending to dst and
// reusing its storage.
func flatten(dst []polyline, p path, t transform) []polyline {
	var cur pt
	open := func() *polyline { return &dst[len(dst)-1] }
	add := func(q pt) {
		if len(dst) == 0 {
			dst = append(dst, polyline{pts: []pt{cur}})
		}
		pl := open()
		if last := pl.pts[len(pl.pts)-1]; last == q {
			return
		}
		pl.pts = append(pl.pts, q)
	}
	for _, s := range p {
		switch s.op {
		case opMove:
			cur = t.apply(s.p[0])
			dst = appendPolyline(dst, cur)
		case opLine:
			q := t.apply(s.p[0])
			add(q)
			cur = q
		case opQuad:
			c, q := t.apply(s.p[0]), t.apply(s.p[1])
			dd := math.Hypot(cur.x-2*c.x+q.x, cur.y-2*c.y+q.y)
			n := segments(0.25 * dd)
			for i := 1; i <= n; i++ {
				u := float64(i) / float64(n)
				v := 1 - u
				add(pt{v*v*cur.x + 2*u*v*c.x + u*u*q.x, v*v*cur.y + 2*u*v*c.y + u*u*q.y})
			}
			cur = q
		case opCube:
			c1, c2, q := t.apply(s.p[0]), t.apply(s.p[1]), t.apply(s.p[2])
			dd := math.Max(math.Hypot(cur.x-2*c1.x+c2.x, cur.y-2*c1.y+c2.y),
				math.Hypot(c1.x-2*c2.x+q.x, c1.y-2*c2.y+q.y))
			n := segments(0.75 * dd)
			for i := 1; i <= n; i++ {
				u := float64(i) / float64(n)
				v := 1 - u
				a, b, c, e := v*v*v, 3*u*v*v, 3*u*u*v, u*u*u
				add(pt{a*cur.x + b*c1.x + c*c2.x + e*q.x, a*cur.y + b*c1.y + c*c2.y + e*q.y})
			}
			cur = q
		case opClose:
			if len(dst) > 0 {
				pl := open()
				pl.closed = true
				if len(pl.pts) > 1 && pl.pts[0] == pl.pts[len(pl.pts)-1] {
					pl.pts = pl.pts[:len(pl.pts)-1]
				}
				cur = pl.pts[0]
				dst = appendPolyline(dst, cur)
			}
		}
	}
	return dst
}

// segments returns how many lines a curve needs, by Wang's formula: m is
// the curve's second difference scaled for its degree.
func segments(m float64) int {
	n := math.Ceil(math.Sqrt(m / tolerance))
	switch {
	case !(n >= 1): // also NaN
		return 1
	case n > 100:
		return 100
	}
	return int(n)
}

// appendPolyline starts a new polyline at q, reusing the storage of the
// slot it takes.
func appendPolyline(dst []polyline, q pt) []polyline {
	if n := len(dst); n > 0 && len(dst[n-1].pts) == 1 && !dst[n-1].closed {
		dst[n-1].pts[0] = q // an empty subpath: replace it
		return dst
	}
	if len(dst) < cap(dst) {
		dst = dst[:len(dst)+1]
		pl := &dst[len(dst)-1]
		pl.pts = append(pl.pts[:0], q)
		pl.closed = false
		return dst
	}
	return append(dst, polyline{pts: []pt{q}})
}
