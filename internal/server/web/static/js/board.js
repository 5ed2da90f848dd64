// The live page's board: an empty board the server draws (its squares,
// coordinates and orientation) with the pieces placed here from a FEN,
// the last move and check marks, the hints, and the input: click-click,
// drag with a ghost piece, and a keyboard cursor. It knows nothing of the
// rules: the page says which squares may be picked up (movable), where a
// hint goes (targets) and what a drop does (drop).

const SVGNS = "http://www.w3.org/2000/svg";
export const FILES = "abcdefgh";

// parseBoard reads a FEN's placement into a Map: square -> "wK", "bP", ...
export function parseBoard(fen) {
  const b = new Map();
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "8") { f += Number(ch); continue; }
      const c = ch === ch.toUpperCase() ? "w" : "b";
      if (f < 8) b.set(FILES[f] + (8 - i), c + ch.toUpperCase());
      f++;
    }
  });
  return b;
}

// applyUCI plays a move given in Chess960 UCI (castling as the king taking
// its own rook) on a board, with no check of the rules, and returns the
// new board and the two squares of its last-move marker (for castling,
// the king's path, or the rook's when the king stays).
export function applyUCI(board, uci) {
  const b = new Map(board);
  const from = uci.slice(0, 2), to = uci.slice(2, 4), promo = uci[4];
  const p = b.get(from);
  if (!p) return { board: b, marks: [from, to] };
  const target = b.get(to);
  if (p[1] === "K" && target === p[0] + "R") {
    const rank = from[1];
    const short = FILES.indexOf(to[0]) > FILES.indexOf(from[0]);
    const kTo = (short ? "g" : "c") + rank, rTo = (short ? "f" : "d") + rank;
    b.delete(from); b.delete(to);
    b.set(kTo, p); b.set(rTo, p[0] + "R");
    return { board: b, marks: from === kTo ? [to, rTo] : [from, kTo] };
  }
  if (p[1] === "P" && from[0] !== to[0] && !target) b.delete(to[0] + from[1]); // en passant
  b.delete(from);
  b.set(to, promo ? p[0] + promo.toUpperCase() : p);
  return { board: b, marks: [from, to] };
}

// Board draws on and reads the input of the board in frame.
export class Board {
  constructor(frame, hooks) {
    this.frame = frame;
    this.hooks = hooks; // {movable(sq), targets(sq) -> squares, drop(from, to) -> bool, cancel()}
    this.selected = null;
    this.cursor = null;
    this.premove = null; // [from, to] drawn as a queued move
    this.drag = null;
    this.listen();
  }

  svg() { return this.frame.querySelector("svg"); }
  flipped() { return this.svg().dataset.orientation === "black"; }
  squareEl(sq) { return this.svg().querySelector(`.c960-squares [data-square="${sq}"]`); }
  pieceEl(sq) { return this.svg().querySelector(`[data-piece][data-square="${sq}"]`); }
  pieceAt(sq) { const p = this.pieceEl(sq); return p ? p.dataset.piece : ""; }

  // useSVG puts a board (an <svg> element) in place of the one shown.
  useSVG(el) { this.svg().replaceWith(el); }

  // group returns the group of class cls, made before the element
  // before (or at the end) when missing.
  group(cls, before) {
    const s = this.svg();
    let g = s.querySelector("g." + cls);
    if (!g) {
      g = document.createElementNS(SVGNS, "g");
      g.setAttribute("class", cls);
      const b = before && s.querySelector(before);
      if (b) s.insertBefore(g, b); else s.append(g);
    }
    return g;
  }

  // draw shows the pieces of board (parseBoard), the last move's squares
  // (or none) and the check marker on a square (or none).
  draw(board, last, check) {
    const at = (sq) => { const r = this.squareEl(sq); return [r.getAttribute("x"), r.getAttribute("y")]; };
    const marks = this.group("c960-marks", ".c960-coords");
    const pieces = this.group("c960-pieces", ".c960-coords");
    if (marks.nextElementSibling !== pieces) pieces.before(marks);
    const ms = [];
    for (const sq of last || []) {
      const [x, y] = at(sq);
      ms.push(el("rect", { x, y, width: 100, height: 100, fill: "#f2c92e", "fill-opacity": 0.5, "data-mark": "last-move", "data-square": sq }));
    }
    if (check) {
      const [x, y] = at(check);
      ms.push(el("circle", { cx: +x + 50, cy: +y + 50, r: 50, fill: "url(#c960-check)", "data-mark": "check", "data-square": check }));
    }
    marks.replaceChildren(...ms);
    const ps = [];
    for (const [sq, p] of board) {
      const [x, y] = at(sq);
      ps.push(el("use", { href: "#c960-" + p, x, y, "data-piece": p, "data-square": sq }));
    }
    pieces.replaceChildren(...ps);
    this.selected = null;
    this.overlay();
  }

  // boxIn returns el's bounding box in the coordinates of the element space.
  boxIn(e, space) {
    const bb = e.getBBox();
    const m = space.getScreenCTM().inverse().multiply(e.getScreenCTM());
    const p = new DOMPoint(bb.x, bb.y).matrixTransform(m);
    const q = new DOMPoint(bb.x + bb.width, bb.y + bb.height).matrixTransform(m);
    return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), w: Math.abs(q.x - p.x), h: Math.abs(q.y - p.y) };
  }

  squareAt(x, y) {
    for (const r of this.svg().querySelectorAll(".c960-squares [data-square]")) {
      const b = r.getBoundingClientRect();
      if (x >= b.left && x < b.right && y >= b.top && y < b.bottom) return r.dataset.square;
    }
    return null;
  }

  // overlay draws the selection, its hints, the queued premove and the
  // keyboard cursor in a layer of its own.
  overlay() {
    const s = this.svg();
    if (!s) return;
    const old = s.querySelector("g.overlay");
    if (old) old.remove();
    const layer = el("g", { class: "overlay", "aria-hidden": "true" });
    const rect = (sq, cls) => {
      const b = this.boxIn(this.squareEl(sq), s);
      layer.append(el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, class: cls }));
    };
    for (const sq of this.premove || []) rect(sq, "premove-square");
    if (this.selected) {
      rect(this.selected, "sel-square");
      for (const to of new Set(this.hooks.targets(this.selected))) {
        const b = this.boxIn(this.squareEl(to), s);
        const ring = !!this.pieceEl(to);
        layer.append(el("circle", { cx: b.x + b.w / 2, cy: b.y + b.h / 2, r: b.w * (ring ? 0.44 : 0.16), class: ring ? "hint-ring" : "hint-dot" }));
      }
    }
    if (this.cursor && document.activeElement === this.frame) rect(this.cursor, "cursor-square");
    s.append(layer);
  }

  select(sq) {
    this.selected = sq && this.hooks.movable(sq) ? sq : null;
    this.overlay();
  }

  // tryDrop hands a move to the page, and reports whether it took it.
  tryDrop(from, to) {
    if (!this.hooks.drop(from, to)) return false;
    this.selected = null;
    this.overlay();
    return true;
  }

  cancel() {
    this.select(null);
    this.hooks.cancel();
  }

  listen() {
    const f = this.frame;
    f.addEventListener("contextmenu", (ev) => { ev.preventDefault(); this.cancel(); });
    f.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0 || !this.svg()) return;
      const sq = this.squareAt(ev.clientX, ev.clientY);
      if (!sq) return;
      if (this.selected && this.selected !== sq && this.tryDrop(this.selected, sq)) { ev.preventDefault(); return; }
      if (!this.hooks.movable(sq)) { this.cancel(); return; }
      ev.preventDefault();
      f.focus({ preventScroll: true });
      const was = this.selected === sq;
      this.select(sq);
      this.drag = { from: sq, x: ev.clientX, y: ev.clientY, piece: this.pieceEl(sq), ghost: null, was, id: ev.pointerId };
      f.setPointerCapture(ev.pointerId);
    });
    f.addEventListener("pointermove", (ev) => {
      const d = this.drag;
      if (!d || ev.pointerId !== d.id) return;
      const dx = ev.clientX - d.x, dy = ev.clientY - d.y;
      if (!d.ghost) {
        if (dx * dx + dy * dy < 16 || !d.piece) return;
        d.ghost = el("g", { class: "ghost" });
        d.ghost.append(d.piece.cloneNode(true));
        this.svg().append(d.ghost);
        d.piece.classList.add("dragging");
        document.body.classList.add("grabbing");
      }
      const inv = this.svg().getScreenCTM().inverse();
      const a = new DOMPoint(d.x, d.y).matrixTransform(inv), b = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(inv);
      d.ghost.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
    });
    const end = (ev, cancelled) => {
      const d = this.drag;
      if (!d || ev.pointerId !== d.id) return;
      this.drag = null;
      document.body.classList.remove("grabbing");
      if (d.ghost) {
        d.ghost.remove();
        if (d.piece) d.piece.classList.remove("dragging");
        const to = cancelled ? null : this.squareAt(ev.clientX, ev.clientY);
        if (to && to !== d.from && this.tryDrop(d.from, to)) return;
        this.overlay();
        return;
      }
      if (d.was) this.select(null); // a second click puts the piece down
    };
    f.addEventListener("pointerup", (ev) => end(ev, false));
    f.addEventListener("pointercancel", (ev) => end(ev, true));
    f.addEventListener("keydown", (ev) => {
      const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      if (keys[ev.key]) {
        ev.preventDefault();
        ev.stopPropagation();
        let [df, dr] = keys[ev.key];
        if (this.flipped()) { df = -df; dr = -dr; }
        const c = this.cursor || this.selected || (this.flipped() ? "e8" : "e1");
        const fi = Math.min(7, Math.max(0, FILES.indexOf(c[0]) + (this.cursor ? df : 0)));
        const r = Math.min(8, Math.max(1, Number(c[1]) + (this.cursor ? dr : 0)));
        this.cursor = FILES[fi] + r;
        this.overlay();
      } else if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        if (!this.cursor) { this.cursor = this.flipped() ? "e8" : "e1"; this.overlay(); return; }
        if (this.selected && this.selected !== this.cursor && this.tryDrop(this.selected, this.cursor)) return;
        this.select(this.selected === this.cursor ? null : this.cursor);
      } else if (ev.key === "Escape") {
        this.cancel();
      }
    });
    f.addEventListener("focus", () => this.overlay());
    f.addEventListener("blur", () => setTimeout(() => this.overlay(), 0));
  }
}

function el(name, attrs) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}
