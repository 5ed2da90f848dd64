// The play page: click-click, drag and keyboard play on the server-drawn
// board. The rules stay on the server: each state lists the legal moves of
// the position on view (with where each one puts the pieces), and after a
// move the page asks /play/state for the next state, board included. The
// address is updated after every move, so a link reproduces the game.
import { getJSON, isTyping, LRU } from "./app.js";
import { createEngine } from "./engine.js";
import "./online.js";

const SVGNS = "http://www.w3.org/2000/svg";
const root = document.getElementById("play");
const boardEl = document.getElementById("board");
const statusEl = document.getElementById("status");
const movesEl = document.getElementById("moves");
const resultEl = document.getElementById("result");
const claimsEl = document.getElementById("claims");
const fenEl = document.getElementById("fen");
const pgnEl = document.getElementById("pgn");
const pgnLink = document.getElementById("download-pgn");
const moveForm = document.getElementById("move-form");
const moveInput = document.getElementById("move-input");
const moveError = document.getElementById("move-error");
const promoEl = document.getElementById("promo");
const nav = {
  start: document.getElementById("nav-start"),
  back: document.getElementById("undo"),
  fwd: document.getElementById("redo"),
  end: document.getElementById("nav-end"),
  flip: document.getElementById("flip"),
};

let state = JSON.parse(document.getElementById("play-state").textContent);
state.svg = boardEl.innerHTML;
// The states seen and prefetched, by address: the last 64 (a state holds
// its board and its legal moves, a few KB to a few tens of KB).
const cache = new LRU(64).set(stateKey(state.url), state);
let byFrom = new Map(); // from square -> legal moves
let selected = null; // square of the selected piece
let cursor = null; // keyboard cursor square
let busy = 0; // number of the latest request; older answers are dropped
// The engine: its moves when playing it, and the analysis panel.
const eng = createEngine({
  state: () => state,
  playURL: (o) => playURL(o),
  play: (uci) => play(uci),
  load: (url) => load(url),
});

function stateKey(playURL) { return playURL.slice(playURL.indexOf("?") + 1); }

// playURL builds the play page's address: the start, the moves, the ply on
// view (when not the last), a claim, the orientation, and the engine's
// part: the side it plays, its strength, and the analysis panel.
function playURL({ moves = state.moves, ply = moves.length, claim = "", flip = state.flip, engine = state.engine,
  skill = state.skill, nodes = state.nodes, analysis = state.analysis } = {}) {
  const parts = [state.start];
  if (moves.length) parts.push("moves=" + moves.map(encodeURIComponent).join(","));
  if (ply < moves.length) parts.push("ply=" + ply);
  if (claim) parts.push("claim=" + claim);
  if (flip) parts.push("flip=1");
  if (engine) parts.push("engine=" + engine);
  if (skill >= 0) parts.push("skill=" + skill);
  if (nodes > 0) parts.push("nodes=" + nodes);
  if (analysis) parts.push("analysis=1");
  return "/play?" + parts.join("&");
}

// The side to move at ply q, and whether the engine is to move there.
function turnAt(st, q) { return (st.blackFirst !== (q % 2 === 1)) ? "black" : "white"; }
function engineTurn(st, q) { return !!st.engine && turnAt(st, q) === st.engine; }

// backPly and fwdPly are where undo and redo go: a ply back or forward, or
// against the engine, the player's previous or next turn (undo takes back
// the player's move and the engine's reply). The ply itself: nowhere.
function backPly(st) {
  for (let q = st.ply - 1; q >= 0; q--) if (!engineTurn(st, q)) return q;
  return st.ply;
}
function fwdPly(st) {
  const n = st.moves.length;
  for (let q = st.ply + 1; q <= n; q++) if (!engineTurn(st, q) || q === n) return q;
  return st.ply;
}

// load fetches (or takes from the cache) the state of a play address and
// shows it. It reports false, with the server's message, for a refused move.
async function load(url) {
  const key = stateKey(url);
  const mine = ++busy;
  let st = cache.get(key);
  if (!st) {
    let status, body;
    try {
      [status, body] = await getJSON("/play/state?" + key);
    } catch (e) {
      if (mine === busy) { showError("The server cannot be reached: " + e.message); render(state); }
      return false;
    }
    if (status !== 200 || !body) {
      if (mine === busy) { showError(body && body.error ? body.error : "error " + status); render(state); }
      return false;
    }
    st = body;
    cache.set(key, st);
    cache.set(stateKey(st.url), st);
  }
  if (mine !== busy) return false;
  showError("");
  state = st;
  render(st);
  history.replaceState(null, "", st.url);
  prefetch();
  return true;
}

// prefetch keeps the state one move back ready, so undo is instant.
function prefetch() {
  if (backPly(state) === state.ply) return;
  const url = playURL({ ply: backPly(state) });
  const key = stateKey(url);
  if (cache.has(key)) return;
  getJSON("/play/state?" + key).then(([status, body]) => {
    if (status === 200 && body) cache.set(key, body);
  }).catch(() => {});
}

function showError(msg) {
  moveError.textContent = msg;
  moveError.hidden = !msg;
  moveInput.setAttribute("aria-invalid", msg ? "true" : "false");
}

// play plays a move (UCI, or any text the server reads) after the ply on
// view; moves after it are dropped.
function play(move, claim = "") {
  const moves = state.moves.slice(0, state.ply).concat([move]);
  byFrom = new Map(); // no move until the next state says what is legal
  return load(playURL({ moves, claim }));
}

function render(st) {
  if (boardEl.innerHTML !== st.svg) boardEl.innerHTML = st.svg;
  selected = null;
  indexMoves(st);
  statusEl.textContent = st.status;
  toggleAttr(statusEl, "data-over", st.over);
  toggleAttr(statusEl, "data-check", st.check && !st.over);
  renderMoves(st);
  const last = st.ply === st.moves.length;
  resultEl.hidden = !(st.over && last);
  resultEl.textContent = st.result;
  claimsEl.replaceChildren(...st.claims.map((c) => {
    const a = document.createElement("a");
    a.className = "button claim";
    a.href = c.url;
    a.dataset.claim = c.kind;
    if (c.uci) a.dataset.uci = c.uci;
    a.textContent = c.label;
    return a;
  }));
  claimsEl.hidden = st.claims.length === 0;
  fenEl.textContent = st.fen;
  pgnEl.value = st.pgn;
  const full = playURL({ moves: st.moves, flip: false, claim: st.claimed || "" });
  pgnLink.href = "/play.pgn?" + stateKey(full);
  setNav(nav.start, playURL({ ply: 0 }), st.ply > 0);
  setNav(nav.back, playURL({ ply: backPly(st) }), backPly(st) !== st.ply);
  setNav(nav.fwd, playURL({ ply: fwdPly(st) }), fwdPly(st) !== st.ply);
  setNav(nav.end, playURL({ ply: st.moves.length }), st.ply < st.moves.length);
  nav.flip.href = playURL({ ply: st.ply, flip: !st.flip });
  for (const inp of moveForm.querySelectorAll('input[type="hidden"]')) inp.remove();
  drawOverlay();
  eng.update(st);
}

function toggleAttr(el, name, on) {
  if (on) el.setAttribute(name, "1"); else el.removeAttribute(name);
}

function setNav(a, href, enabled) {
  a.href = href;
  if (enabled) a.removeAttribute("aria-disabled"); else a.setAttribute("aria-disabled", "true");
}

function renderMoves(st) {
  const rows = [];
  let num = st.firstMove;
  let black = st.blackFirst;
  let row = null;
  st.san.forEach((san, i) => {
    if (!black || !row) {
      row = document.createElement("li");
      row.className = "row";
      const n = document.createElement("span");
      n.className = "mn";
      n.textContent = num + ".";
      row.append(n);
      if (black) {
        const dots = document.createElement("span");
        dots.className = "mv";
        dots.textContent = "…";
        row.append(dots);
      }
      rows.push(row);
    }
    const a = document.createElement("a");
    a.className = "mv";
    a.href = playURL({ moves: st.moves, ply: i + 1, claim: st.claimed || "" });
    a.dataset.ply = String(i + 1);
    a.textContent = san;
    if (i + 1 === st.ply) { a.classList.add("cur"); a.setAttribute("aria-current", "step"); }
    row.append(a);
    if (black) num++;
    black = !black;
  });
  movesEl.replaceChildren(...rows);
  // Keep the current move in view inside the list, without scrolling the
  // page itself.
  const cur = movesEl.querySelector(".cur");
  if (cur) {
    const top = cur.offsetTop, bottom = top + cur.offsetHeight;
    if (top < movesEl.scrollTop || bottom > movesEl.scrollTop + movesEl.clientHeight) {
      movesEl.scrollTop = Math.max(0, bottom - movesEl.clientHeight + 8);
    }
  }
}

function indexMoves(st) {
  byFrom = new Map();
  // Against the engine, the player moves only on their own turn.
  if (st.engineName && engineTurn(st, st.ply)) return;
  for (const m of st.legal) {
    if (!byFrom.has(m.from)) byFrom.set(m.from, []);
    byFrom.get(m.from).push(m);
  }
}

// --- The board's geometry, read from the diagram's data-square elements.

function svg() { return boardEl.querySelector("svg"); }
function squareEl(sq) { return svg().querySelector(`[data-square="${sq}"]:not([data-piece])`); }
function pieceEl(sq) { return svg().querySelector(`[data-piece][data-square="${sq}"]`); }

// boxIn returns el's bounding box in the coordinates of the element space.
function boxIn(el, space) {
  const bb = el.getBBox();
  const m = space.getScreenCTM().inverse().multiply(el.getScreenCTM());
  const p = new DOMPoint(bb.x, bb.y).matrixTransform(m);
  const q = new DOMPoint(bb.x + bb.width, bb.y + bb.height).matrixTransform(m);
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), w: Math.abs(q.x - p.x), h: Math.abs(q.y - p.y) };
}

// squareAt returns the square under a point of the screen, or null.
function squareAt(x, y) {
  for (const r of svg().querySelectorAll("[data-square]:not([data-piece])")) {
    const b = r.getBoundingClientRect();
    if (x >= b.left && x < b.right && y >= b.top && y < b.bottom) return r.dataset.square;
  }
  return null;
}

function toUser(x, y) {
  return new DOMPoint(x, y).matrixTransform(svg().getScreenCTM().inverse());
}

// --- Hints: the selected square, its targets and the keyboard cursor,
// drawn in a layer of our own on top of the diagram.

function drawOverlay() {
  const s = svg();
  if (!s) return;
  let layer = s.querySelector("g.overlay");
  if (layer) layer.remove();
  layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "overlay");
  layer.setAttribute("aria-hidden", "true");
  const rect = (sq, cls) => {
    const b = boxIn(squareEl(sq), s);
    const r = document.createElementNS(SVGNS, "rect");
    r.setAttribute("x", b.x); r.setAttribute("y", b.y);
    r.setAttribute("width", b.w); r.setAttribute("height", b.h);
    r.setAttribute("class", cls);
    layer.append(r);
    return b;
  };
  if (selected) {
    rect(selected, "sel-square");
    const seen = new Set();
    for (const m of byFrom.get(selected) || []) {
      if (seen.has(m.to)) continue;
      seen.add(m.to);
      const b = boxIn(squareEl(m.to), s);
      const c = document.createElementNS(SVGNS, "circle");
      c.setAttribute("cx", b.x + b.w / 2);
      c.setAttribute("cy", b.y + b.h / 2);
      if (pieceEl(m.to)) {
        c.setAttribute("r", b.w * 0.44);
        c.setAttribute("class", "hint-ring");
      } else {
        c.setAttribute("r", b.w * 0.16);
        c.setAttribute("class", "hint-dot");
      }
      layer.append(c);
    }
  }
  if (cursor && document.activeElement === boardEl) rect(cursor, "cursor-square");
  s.append(layer);
}

// --- Selecting and moving.

function movable(sq) { return byFrom.has(sq); }

function targets(from, to) { return (byFrom.get(from) || []).filter((m) => m.to === to); }

function select(sq) {
  selected = sq && movable(sq) ? sq : null;
  drawOverlay();
}

// tryMove plays from -> to if it is legal (asking for the promotion piece
// when needed) and reports whether it did.
function tryMove(from, to) {
  const ms = targets(from, to);
  if (ms.length === 0) return false;
  if (ms.length > 1 && ms[0].promo) {
    choosePromotion(ms, from, to);
    return true;
  }
  preview(ms[0], from, to);
  play(ms[0].uci);
  return true;
}

// preview moves the piece at once, before the server's board arrives.
function preview(m, from, to) {
  const s = svg();
  const p = pieceEl(from);
  if (!p) return;
  const target = pieceEl(to);
  const a = boxIn(squareEl(from), p.parentNode);
  const b = boxIn(squareEl(m.castle ? m.kingTo || to : to), p.parentNode);
  if (target && target !== p && !m.castle) target.setAttribute("opacity", "0");
  if (m.ep) { const e = pieceEl(m.ep); if (e) e.setAttribute("opacity", "0"); }
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
  p.parentNode.insertBefore(g, p);
  g.append(p);
  selected = null;
  drawOverlay();
  void s;
}

let pendingPromo = null;

function choosePromotion(ms, from, to) {
  pendingPromo = { ms, from, to };
  promoEl.hidden = false;
  promoEl.querySelector("button[data-promotion]").focus();
}

promoEl.addEventListener("click", (ev) => {
  const b = ev.target.closest("button");
  if (!b || !pendingPromo) return;
  const { ms, from, to } = pendingPromo;
  pendingPromo = null;
  promoEl.hidden = true;
  if (b.dataset.promotion) {
    const m = ms.find((x) => x.promo === b.dataset.promotion);
    if (m) { preview(m, from, to); play(m.uci); }
  } else {
    select(null);
  }
  boardEl.focus({ preventScroll: true });
});

promoEl.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") { ev.preventDefault(); promoEl.querySelector("#promo-cancel").click(); }
});

// Pointer input: click-click, and drag with a ghost piece.
let drag = null;

boardEl.addEventListener("pointerdown", (ev) => {
  if (ev.button !== 0 || !svg() || !promoEl.hidden) return;
  const sq = squareAt(ev.clientX, ev.clientY);
  if (!sq) return;
  if (selected && selected !== sq && tryMove(selected, sq)) { ev.preventDefault(); return; }
  if (!movable(sq)) { select(null); return; }
  ev.preventDefault();
  boardEl.focus({ preventScroll: true });
  const wasSelected = selected === sq;
  select(sq);
  const p = pieceEl(sq);
  drag = { from: sq, x: ev.clientX, y: ev.clientY, piece: p, ghost: null, wasSelected, id: ev.pointerId };
  boardEl.setPointerCapture(ev.pointerId);
});

boardEl.addEventListener("pointermove", (ev) => {
  if (!drag || ev.pointerId !== drag.id) return;
  const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
  if (!drag.ghost) {
    if (dx * dx + dy * dy < 16 || !drag.piece) return;
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", "ghost");
    g.append(drag.piece.cloneNode(true));
    svg().append(g);
    drag.piece.classList.add("dragging");
    drag.ghost = g;
    document.body.classList.add("grabbing");
  }
  const a = toUser(drag.x, drag.y), b = toUser(ev.clientX, ev.clientY);
  drag.ghost.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
});

function endDrag(ev, cancelled) {
  if (!drag || ev.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  document.body.classList.remove("grabbing");
  if (d.ghost) {
    d.ghost.remove();
    if (d.piece) d.piece.classList.remove("dragging");
    const to = cancelled ? null : squareAt(ev.clientX, ev.clientY);
    if (to && to !== d.from && tryMove(d.from, to)) return;
    drawOverlay();
    return;
  }
  // A click on the selected piece again puts it down.
  if (d.wasSelected) select(null);
}

boardEl.addEventListener("pointerup", (ev) => endDrag(ev, false));
boardEl.addEventListener("pointercancel", (ev) => endDrag(ev, true));

// --- Keyboard: a cursor on the board; elsewhere, moving through the game.

const FILES = "abcdefgh";

function moveCursor(df, dr) {
  if (!cursor) cursor = selected || (state.turn === "black" ? "e8" : "e1");
  let f = FILES.indexOf(cursor[0]), r = Number(cursor[1]);
  if (state.blackBottom) { df = -df; dr = -dr; }
  f = Math.min(7, Math.max(0, f + df));
  r = Math.min(8, Math.max(1, r + dr));
  cursor = FILES[f] + r;
  drawOverlay();
}

boardEl.addEventListener("keydown", (ev) => {
  const keys = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (keys[ev.key]) {
    ev.preventDefault();
    ev.stopPropagation();
    moveCursor(...keys[ev.key]);
    return;
  }
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    if (!cursor) { moveCursor(0, 0); return; }
    if (selected && selected !== cursor && tryMove(selected, cursor)) return;
    select(selected === cursor ? null : cursor);
    return;
  }
  if (ev.key === "Escape") { select(null); }
});

boardEl.addEventListener("focus", drawOverlay);
boardEl.addEventListener("blur", () => setTimeout(drawOverlay, 0));

document.addEventListener("keydown", (ev) => {
  if (isTyping(ev) || ev.altKey || ev.ctrlKey || ev.metaKey || !promoEl.hidden) return;
  // The board keeps the arrow keys for its cursor (they do not reach
  // here); Home and End go to the start and the end from anywhere.
  const go = { ArrowLeft: nav.back, ArrowRight: nav.fwd, Home: nav.start, End: nav.end }[ev.key];
  if (go) {
    ev.preventDefault();
    if (!go.hasAttribute("aria-disabled")) load(go.href);
  } else if (ev.key === "f") {
    ev.preventDefault();
    load(nav.flip.href);
  }
});

// Links inside the page (moves, navigation, flip, claims) load in place.
root.addEventListener("click", (ev) => {
  const a = ev.target.closest("a");
  if (!a || !root.contains(a) || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  const u = new URL(a.href, location.href);
  if (u.origin !== location.origin || u.pathname !== "/play" || a.closest("#engine-stop")) return;
  ev.preventDefault();
  if (a.getAttribute("aria-disabled") === "true") return;
  load(u.pathname + u.search);
});

// Typed moves: the server reads SAN or UCI.
moveForm.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const text = moveInput.value.trim();
  if (!text) return;
  if (state.engineName && engineTurn(state, state.ply)) {
    showError("It is the engine's move.");
    return;
  }
  if (await play(text)) moveInput.value = "";
  else moveInput.focus();
});

render(state);
