// The live game page, /g/{id}, over /api/games/{id}/live, for a seat or a
// spectator. The server decides everything: the page draws what it is
// sent, and shows each numbered action as sending until it is acknowledged
// (committed) or refused. The seat's token comes in the fragment (never
// in a log), is kept in local storage, and leaves the address shown.
import { getJSON, isTyping } from "./app.js";
import { Board, parseBoard, applyUCI } from "./board.js";

const $ = (id) => document.getElementById(id);
const root = $("live");
const gameID = root.dataset.id;
const startFEN = root.dataset.start;
const control = root.dataset.control;

// --- The seat's token.
const seatKey = "chess960.seat." + gameID;
let token = "";
{
  const frag = location.hash.slice(1);
  try {
    if (frag) localStorage.setItem(seatKey, frag);
    token = localStorage.getItem(seatKey) || "";
  } catch (e) {
    token = frag; // no storage (private mode): kept for this visit only
  }
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

// --- State.
let game = null; // the game as the server last sent it
let recvAt = 0; // performance.now() when it came
let skew = 0; // the server's wall clock less ours, ms (from clock.asOf)
const seenAt = new Map(); // version -> performance.now() it was first seen
let side = ""; // "w" or "b" once seated; "" watching
let seatError = "";
let ws = null, online = false, seated = false, everOnline = false, resendDue = false;
let attempt = 0, retryTimer = 0, retryAt = 0;
let nextN = 1;
const pending = new Map(); // n -> action sent or to send, until it lands or is refused
let premove = null; // {from, to, promo}: queued for the player's next turn
let legal = null; // {version, moves, claims, check}: from /play/state, on the player's turn
let legalAsked = 0; // the version whose legal moves were asked for
let turnStart = 0, turnVersion = 0; // when the player's turn began, here
let viewPly = null; // the ply on view while stepping through; null: the game as it stands
let plies = [{ board: parseBoard(startFEN), marks: null }]; // the board after each ply
let flagAsked = 0; // the version whose flag the page asked the server to look at
let note = ""; // a passing remark (a premove cancelled)
let lastError = "";

const board = new Board($("board"), {
  movable: (sq) => canInput() && board.pieceAt(sq)[0] === side,
  targets: (sq) => (myTurn() && legalNow() ? legal.moves.filter((m) => m.from === sq).map((m) => m.to) : []),
  drop,
  cancel: () => setPremove(null),
});

const opp = () => (side === "w" ? "b" : "w");
const colour = (s) => (s === "b" ? "Black" : "White");
const myTurn = () => !!(game && side && !game.over && game.turn === side);
const legalNow = () => !!(legal && game && legal.version === game.version);
const movePending = () => [...pending.values()].some((a) => a.kind === "move");
const canInput = () => !!(game && side && !game.over && viewPly === null);

// --- The connection, with backoff: 0.5 s doubling to 10 s, with jitter.
function connect() {
  clearTimeout(retryTimer);
  retryAt = 0;
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  const early = adopt();
  let s = early && early.socket;
  if (!s) {
    try {
      s = new WebSocket(proto + location.host + "/api/games/" + encodeURIComponent(gameID) + "/live");
    } catch (e) {
      retry();
      return;
    }
  }
  ws = s;
  seated = resendDue = false;
  const opened = (sendSeat) => {
    if (ws !== s) return;
    online = everOnline = true;
    attempt = 0;
    if (token && sendSeat) s.send(JSON.stringify({ type: "seat", token }));
    render();
  };
  s.onopen = () => opened(true);
  s.onmessage = (ev) => { if (ws === s) receive(ev.data); };
  s.onclose = () => {
    if (ws !== s) return;
    ws = null;
    online = seated = false;
    retry();
    render();
  };
  if (early && s.readyState === WebSocket.OPEN) {
    opened(false); // live-open.js took the seat when it opened
    for (const data of early.queue) receive(data);
  }
}

// adopt returns, once, the socket live-open.js opened in the head, with
// its messages, if it is open or opening for the same seat; else closes it.
function adopt() {
  const e = window.chess960Live;
  window.chess960Live = null;
  if (!e) return null;
  if (e.token === token && e.socket.readyState <= WebSocket.OPEN) return e;
  try { e.socket.close(); } catch (err) { /* already closed */ }
  return null;
}

function retry() {
  const base = Math.min(10000, 500 * 2 ** attempt);
  attempt++;
  const wait = base / 2 + Math.random() * base / 2;
  retryAt = performance.now() + wait;
  retryTimer = setTimeout(connect, wait);
}

window.addEventListener("online", () => { if (!ws) connect(); });
$("conn").addEventListener("click", (ev) => { if (ev.target.closest("button") && !ws) connect(); });

function receive(data) {
  let m;
  try { m = JSON.parse(data); } catch (e) { return; }
  switch (m.type) {
    case "game":
      // A seat's connection first gets the game as anyone sees it (for a
      // spectator delay, late); the seat's own view follows "seated".
      if (token && !seated && m.game.delayed) return;
      setGame(m.game);
      if (resendDue) { resendDue = false; resend(); }
      break;
    case "seated":
      // The game as the seat sees it follows; what is still unsent goes
      // once that shows whether it landed.
      seated = true;
      seatError = "";
      setSide(m.side);
      if (m.game) { setGame(m.game); resend(); } else resendDue = true;
      break;
    case "ack": {
      const a = pending.get(m.n);
      if (a && a.kind === "move") a.acked = true; // shown as played until the game shows it
      else pending.delete(m.n);
      lastError = "";
      break;
    }
    case "refused": {
      const a = m.n ? pending.get(m.n) : null;
      if (!a && token && !seated) {
        seatError = m.error || "refused";
        break;
      }
      pending.delete(m.n);
      lastError = (a ? cap(describe(a)) + " was refused: " : "Refused: ") + (m.error || m.code || "no reason given");
      break;
    }
  }
  render();
}

// resend sends again, once seated after a reconnect, each action not
// acknowledged and not landed, with its own base version: the server
// refuses it (visibly) if the game has moved on.
function resend() {
  for (const a of [...pending.values()]) {
    if (game && landed(a, game)) pending.delete(a.n);
    else if (!a.acked) transmit(a);
  }
}

// landed reports whether the game shows the action done.
function landed(a, g) {
  switch (a.kind) {
    case "move": return g.moves.length > a.plies && g.moves[a.plies].uci === a.move;
    case "resign": return g.over && g.ending === "resignation";
    case "abort": return g.over && g.ending === "aborted";
    case "accept": return g.over && g.ending === "agreement";
    case "claim": return g.over && g.ending === "claim";
    case "offer": return g.offer === side || (g.over && g.ending === "agreement");
    case "decline": return g.version > a.version && g.offer !== opp() && !(g.rematch && g.rematch.by === opp());
    case "rematch": return !!g.next || !!(g.rematch && g.rematch.by === side && g.rematch.mode === a.move);
  }
  return false;
}

function setSide(s) {
  if (s !== "w" && s !== "b") return;
  if (s === side) return;
  side = s;
  if (s === "b" && board.svg().dataset.orientation !== "black") {
    board.useSVG(document.importNode($("board-black").content, true).firstElementChild);
  }
}

function setGame(g) {
  if (!g || !Array.isArray(g.moves)) return;
  game = g;
  recvAt = performance.now();
  if (!seenAt.has(g.version)) seenAt.set(g.version, recvAt);
  if (g.clock && g.clock.asOf) skew = Date.parse(g.clock.asOf) - Date.now();
  // The boards after each ply, from the start: extended, or rebuilt if
  // the moves are not the ones seen (a delayed view, say).
  let i = 0;
  while (i < g.moves.length && i + 1 < plies.length && plies[i + 1].uci === g.moves[i].uci) i++;
  plies.length = i + 1;
  for (; i < g.moves.length; i++) {
    const r = applyUCI(plies[i].board, g.moves[i].uci);
    plies.push({ board: r.board, marks: r.marks, uci: g.moves[i].uci, san: g.moves[i].san });
  }
  if (viewPly !== null && viewPly > g.moves.length) viewPly = null;
  for (const a of [...pending.values()]) if (landed(a, g)) pending.delete(a.n);
  if (myTurn() && turnVersion !== g.version) {
    turnVersion = g.version;
    turnStart = performance.now();
  }
  if (myTurn() && !legalNow() && legalAsked !== g.version) askLegal(g);
  if (g.over) premove = null;
}

// askLegal fetches the legal moves and claims of the game as it stands
// from the play page's state (the rules stay on the server).
async function askLegal(g) {
  legalAsked = g.version;
  let q = "fen=" + encodeURIComponent(g.start);
  if (g.moves.length) q += "&moves=" + g.moves.map((m) => m.uci).join(",");
  try {
    const [status, body] = await getJSON("/play/state?" + q);
    if (status === 200 && body && game && game.version === g.version) {
      legal = { version: g.version, moves: body.legal || [], claims: body.claims || [], check: !!body.check };
      tryPremove();
    } else {
      again(g);
    }
  } catch (e) {
    again(g);
  }
  render();
}

// again asks for the legal moves once more in a second (the server was
// busy or away), if they are still wanted.
function again(g) {
  setTimeout(() => { if (game && game.version === g.version && myTurn() && !legalNow()) askLegal(game); }, 1000);
}

// --- Actions.
function act(kind, move = "", o = {}) {
  if (!game || !side) return;
  const a = { n: nextN++, kind, move, base: o.base || 0, think: o.think, plies: game.moves.length, version: game.version, label: o.label || "" };
  pending.set(a.n, a);
  lastError = "";
  transmit(a);
  render();
}

function transmit(a) {
  if (!ws || !online || !seated) return; // sent once seated again
  const m = { type: "action", n: a.n, kind: a.kind };
  if (a.move) m.move = a.move;
  if (a.base) m.base = a.base;
  if (a.think !== undefined) m.think = a.think;
  ws.send(JSON.stringify(m));
  a.sent = true;
}

function describe(a) {
  const what = { move: "your move " + (a.label || a.move), offer: "your draw offer", accept: "accepting the draw", decline: "declining",
    resign: "resigning", abort: "aborting", claim: "your draw claim", rematch: "your rematch offer" }[a.kind];
  return what || a.kind;
}

const cap = (x) => x[0].toUpperCase() + x.slice(1);

function sendMove(m) {
  act("move", m.uci, { base: game.version, think: Math.max(0, Math.round(performance.now() - turnStart)), label: m.san });
}

// drop is the board's: a move from -> to by the player, now (on their
// turn, when legal) or as a premove (on the opponent's turn, or before
// the legal moves came).
function drop(from, to) {
  if (!canInput() || from === to) return false;
  const p = board.pieceAt(from);
  if (!p || p[0] !== side) return false;
  if (myTurn() && !movePending() && legalNow()) {
    const ms = legal.moves.filter((m) => m.from === from && m.to === to);
    if (!ms.length) return false;
    if (ms[0].promo) {
      choosePromotion((pr) => { const m = ms.find((x) => x.promo === pr); if (m && legalNow()) sendMove(m); });
      return true;
    }
    sendMove(ms[0]);
    return true;
  }
  const last = side === "w" ? "8" : "1";
  if (p[1] === "P" && to[1] === last) {
    choosePromotion((pr) => setPremove({ from, to, promo: pr }));
    return true;
  }
  setPremove({ from, to });
  return true;
}

function setPremove(pm) {
  premove = pm;
  board.premove = pm ? [pm.from, pm.to] : null;
  if (pm) note = "";
  tryPremove();
  board.overlay();
  renderNotes();
}

// tryPremove plays the queued move once it is the player's turn and the
// legal moves are known: if it is one of them; else it is dropped.
function tryPremove() {
  if (!premove || !myTurn() || movePending() || !legalNow()) return;
  const pm = premove;
  premove = null;
  board.premove = null;
  const m = legal.moves.find((x) => x.from === pm.from && x.to === pm.to && (!x.promo || x.promo === (pm.promo || "q")));
  if (!m) {
    note = "Premove " + pm.from + "–" + pm.to + " cancelled: it is not legal now.";
    render();
    return;
  }
  sendMove(m);
}

// choosePromotion asks for the promotion piece, then calls then.
let promoThen = null;
function choosePromotion(then) {
  promoThen = then;
  $("promo").hidden = false;
  $("promo").querySelector("button[data-promotion]").focus();
}
$("promo").addEventListener("click", (ev) => {
  const b = ev.target.closest("button");
  if (!b || !promoThen) return;
  const then = promoThen;
  promoThen = null;
  $("promo").hidden = true;
  if (b.dataset.promotion) then(b.dataset.promotion);
  board.select(null);
  $("board").focus({ preventScroll: true });
});
$("promo").addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.preventDefault(); $("promo-cancel").click(); } });

// The panel's buttons.
const on = (id, f) => $(id).addEventListener("click", f);
on("offer-draw", () => act("offer"));
on("accept-draw", () => act("accept", "", { base: game.version }));
on("decline-draw", () => act("decline", "", { base: game.version }));
on("abort", () => act("abort"));
on("resign", () => { $("resign-confirm").hidden = false; $("resign-yes").focus(); });
on("resign-no", () => { $("resign-confirm").hidden = true; $("resign").focus(); });
on("resign-yes", () => { $("resign-confirm").hidden = true; act("resign"); });
on("rematch-same", () => act("rematch", "same"));
on("rematch-new", () => act("rematch", "new"));
on("rematch-accept", () => { if (game.rematch) act("rematch", game.rematch.mode); });
on("rematch-decline", () => act("decline"));
$("claims").addEventListener("click", (ev) => {
  const b = ev.target.closest("button[data-claim]");
  if (b) act("claim", b.dataset.uci || "", { base: game.version });
});

// --- Stepping through the moves.
function view(ply) {
  const n = game ? game.moves.length : 0;
  viewPly = ply === null || ply >= n ? null : Math.max(0, ply);
  board.select(null);
  render();
}
const shownPly = () => (viewPly === null ? (game ? game.moves.length : 0) : viewPly);
on("nav-start", () => view(0));
on("nav-back", () => view(shownPly() - 1));
on("nav-fwd", () => view(shownPly() + 1));
on("nav-end", () => view(null));
$("moves").addEventListener("click", (ev) => {
  const b = ev.target.closest("button[data-ply]");
  if (b) view(Number(b.dataset.ply));
});
document.addEventListener("keydown", (ev) => {
  if (isTyping(ev) || ev.altKey || ev.ctrlKey || ev.metaKey || !$("promo").hidden || !game) return;
  const go = { ArrowLeft: () => view(shownPly() - 1), ArrowRight: () => view(shownPly() + 1), Home: () => view(0), End: () => view(null) }[ev.key];
  if (go) { ev.preventDefault(); go(); }
});

// --- Drawing.
function render() {
  renderBoard();
  renderBars();
  renderStatus();
  renderMoves();
  renderActions();
  renderAfter();
  renderNotes();
  tick();
}

function renderBoard() {
  if (!game) { board.draw(plies[0].board, null, null); return; }
  const n = game.moves.length;
  let b, marks, san;
  if (viewPly !== null) {
    ({ board: b, marks } = plies[viewPly]);
    san = viewPly > 0 ? plies[viewPly].san : "";
  } else {
    b = parseBoard(game.fen);
    marks = plies[n].marks;
    san = n > 0 ? game.moves[n - 1].san : "";
    const mv = [...pending.values()].find((a) => a.kind === "move" && !landed(a, game));
    if (mv) { ({ board: b, marks } = applyUCI(b, mv.move)); san = ""; }
  }
  let check = null;
  if (/[+#]$/.test(san || "")) {
    const k = ((viewPly ?? n) % 2 === 0) === (startFEN.split(" ")[1] !== "b") ? "wK" : "bK";
    for (const [sq, p] of b) if (p === k) check = sq;
  }
  board.draw(b, marks, check);
  board.premove = premove ? [premove.from, premove.to] : null;
  board.overlay();
}

function renderBars() {
  const top = side === "b" ? "w" : "b", bottom = top === "w" ? "b" : "w";
  for (const [pos, s] of [["top", top], ["bottom", bottom]]) {
    const nm = game && game.names ? game.names[s === "w" ? "white" : "black"] : "";
    $("name-" + pos).textContent = (nm ? nm + " (" + colour(s) + ")" : colour(s)) + (s === side ? " · you" : "");
    $("clock-" + pos).dataset.side = s;
    $("clock-" + pos).setAttribute("aria-label", colour(s) + "'s clock");
    const pr = game && game.presence ? game.presence[s] : null;
    const dot = $("dot-" + pos);
    dot.className = "pdot" + (pr ? (pr.online ? " online" : " offline") : "");
    $("bar-" + pos).classList.toggle("turn", !!game && !game.over && game.turn === s);
  }
}

function renderStatus() {
  let t = "Connecting…";
  const st = $("status");
  st.removeAttribute("data-over");
  st.removeAttribute("data-check");
  if (game) {
    const n = game.moves.length;
    const last = n ? game.moves[n - 1].san : "";
    const inCheck = /[+#]$/.test(last);
    const mv = [...pending.values()].find((a) => a.kind === "move" && !a.acked);
    const wait = studyLeft();
    if (game.over) {
      t = "Game over: " + headline(game) + ". " + reason(game);
      st.setAttribute("data-over", "1");
    } else if (wait > 0) {
      t = "Study the position: the clocks start in " + clockText(wait);
    } else if (game.paused) {
      t = "The arbiter has stopped the clocks";
    } else if (mv) {
      t = online && seated ? "Sending your move " + mv.label + "…" : "Your move " + mv.label + " waits for the connection";
    } else if (side) {
      t = game.turn === side ? (inCheck ? "Your move: you are in check" : "Your move") : "Waiting for " + colour(opp()) + "'s move";
      if (n && game.turn === side) t += " (" + colour(opp()) + " played " + last + ")";
    } else {
      t = colour(game.turn) + " to move" + (inCheck ? ", in check" : "") + (last ? " (last: " + last + ")" : "");
    }
    if (inCheck && !game.over) st.setAttribute("data-check", "1");
  }
  if (viewPly !== null) t += " · you are looking at move " + viewPly + " (» goes back to the game)";
  if (st.textContent !== t) st.textContent = t;
  const ev = $("event-link");
  if (game && game.event) {
    ev.hidden = false;
    ev.href = "/e/" + encodeURIComponent(game.event.id);
    ev.textContent = "Round " + game.event.round + ", board " + game.event.board + " of the event";
  }
  document.title = (myTurn() ? "● Your move · " : "") + "Live game " + gameID + " · Chess960";
  const sn = $("seat-note");
  sn.textContent = side ? "You play " + colour(side) + "." : seatError ? "This seat link was not accepted (" + seatError + "): you are watching." : token && !everOnline ? "" : "You are watching: the moves and clocks appear as they are played.";
  sn.classList.toggle("error", !!seatError);
}

function renderMoves() {
  const el = $("moves");
  const rows = [];
  const moves = game ? game.moves : [];
  let black = startFEN.split(" ")[1] === "b";
  let num = Number(startFEN.split(" ")[5]) || 1;
  let row = null;
  const cur = shownPly();
  moves.forEach((m, i) => {
    if (!black || !row) {
      row = document.createElement("li");
      row.className = "row";
      const s = document.createElement("span");
      s.className = "mn";
      s.textContent = num + ".";
      row.append(s);
      if (black) { const d = document.createElement("span"); d.className = "mv"; d.textContent = "…"; row.append(d); }
      rows.push(row);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mv";
    b.dataset.ply = String(i + 1);
    b.textContent = m.san;
    if (i + 1 === cur && (viewPly !== null || game.over)) { b.classList.add("cur"); b.setAttribute("aria-current", "step"); }
    row.append(b);
    if (black) num++;
    black = !black;
  });
  el.replaceChildren(...rows);
  const c = el.querySelector(".cur") || el.lastElementChild;
  if (c) {
    const t = c.offsetTop, bt = t + c.offsetHeight;
    if (t < el.scrollTop || bt > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, bt - el.clientHeight + 8);
  }
  const n = moves.length;
  $("nav-start").disabled = $("nav-back").disabled = cur === 0;
  $("nav-fwd").disabled = $("nav-end").disabled = cur >= n;
  $("replay").classList.toggle("stepping", viewPly !== null);
}

function renderActions() {
  const playing = !!(game && side && !game.over);
  $("play-actions").hidden = !playing;
  if (!playing) { $("resign-confirm").hidden = true; $("offer-box").hidden = true; return; }
  const mine = side === (startFEN.split(" ")[1] === "b" ? "b" : "w") ? Math.ceil(game.moves.length / 2) : Math.floor(game.moves.length / 2);
  $("abort").hidden = mine > 0 || !!game.event; // an event's game has no abort
  const od = $("offer-draw");
  od.disabled = !!game.offer;
  od.textContent = game.offer === side ? "½ Draw offered" : "½ Offer a draw";
  $("offer-box").hidden = game.offer !== opp();
  const claims = myTurn() && legalNow() ? legal.claims : [];
  $("claims").replaceChildren(...claims.map((c) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button claim";
    b.dataset.claim = c.kind;
    if (c.uci) b.dataset.uci = c.uci;
    b.textContent = c.label;
    return b;
  }));
}

function renderAfter() {
  const over = !!(game && game.over);
  $("after").hidden = !over;
  if (!over) return;
  const g = game;
  const score = { "1-0": "1–0 · ", "0-1": "0–1 · ", "1/2-1/2": "½–½ · " }[g.result] || "";
  $("after-title").textContent = score + headline(g);
  $("after-reason").textContent = reason(g);
  $("after-seed").hidden = !g.seed;
  if (g.seed) $("after-seed").textContent = "The start was drawn at random with the seed " + g.seed + (g.number !== undefined ? " (position " + g.number + ")" : "") + ".";
  const start = g.number !== undefined && g.number !== null ? "pos=" + g.number : "fen=" + encodeURIComponent(g.start);
  const moves = g.moves.map((m) => m.uci).join(",");
  $("analyse-link").href = "/play?" + start + (moves ? "&moves=" + moves : "") + "&analysis=1" + (side === "b" ? "&flip=1" : "");
  $("position-link").href = "/play?" + start;
  const rm = g.rematch && g.rematch.mode ? g.rematch : null;
  const what = (mode) => (mode === "new" ? "a new position" : "the same position, colours reversed");
  $("rematch-actions").hidden = !side || !!g.next || !!(rm && rm.by === side) || !!g.event;
  $("rematch-box").hidden = !side || !rm || rm.by === side || !!g.next;
  if (rm) $("rematch-text").textContent = "Your opponent offers a rematch: " + what(rm.mode) + ".";
  $("rematch-note").hidden = !rm || rm.by !== side || !!g.next;
  if (rm) $("rematch-note").textContent = "Rematch offered (" + what(rm.mode) + "); waiting for your opponent.";
  const next = $("next-link");
  next.hidden = !g.next;
  if (g.next) {
    next.href = "/g/" + encodeURIComponent(g.next) + (side && token ? "#" + token : "");
    next.textContent = side ? "Go to the rematch →" : "Watch the rematch →";
  }
}

// headline says who won.
function headline(g) {
  return { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw" }[g.result] || (g.ending === "aborted" ? "Aborted, no result" : "Game over");
}

// reason says how the game ended, in words.
function reason(g) {
  const loser = g.result === "1-0" ? "Black" : "White";
  switch (g.ending) {
    case "resignation": return loser + " resigned.";
    case "agreement": return "Drawn by agreement.";
    case "aborted": return "The game was aborted before both sides moved: nobody's loss.";
    case "default": return (g.status || "").replace(/^[^(]*\((.*)\)$/, "$1") + ": lost by forfeit on the default time.";
    case "adjudication": return (g.status || "").replace(/^[^(]*\((.*)\)$/, "$1") + ".";
    case "time": return g.result === "1/2-1/2" ? colour(g.turn) + "'s time ran out, but the opponent could not mate: a draw." : loser + "'s time ran out.";
  }
  return (g.status || "").replace(/^(1-0|0-1|1\/2-1\/2)\s*/, "").replace(/^\((.*)\)$/, "$1") || g.status;
}

function renderNotes() {
  const dn = $("delay-note");
  const d = game && game.delay;
  dn.hidden = !d;
  if (d) dn.textContent = game.delayed ? "You watch with a spectator delay: the board is " + d + " behind the game." : "Spectators see this game " + d + " behind.";
  const mv = [...pending.values()].filter((a) => !a.acked);
  const what = mv.map(describe).join(", ");
  let sn = "";
  if (mv.length) sn = online && seated ? "Sending: " + what + "…" : "Not connected: " + what + " will be sent when the connection is back.";
  else if (premove) sn = "Premove queued: " + premove.from + "–" + premove.to + (premove.promo ? "=" + premove.promo.toUpperCase() : "") + ". It is played when your turn comes, if it is legal then; click elsewhere on the board or right-click to cancel.";
  const sending = $("sending");
  sending.hidden = !sn;
  sending.textContent = sn;
  const er = $("live-error");
  const msg = lastError || note;
  er.hidden = !msg;
  er.textContent = msg;
}

// --- The clocks and the banners, redrawn ten times a second.
function remaining(s, now) {
  if (!game || !game.clock) return null;
  const figure = s === "w" ? game.clock.white : game.clock.black;
  if (game.over || game.turn !== s || game.paused || studyLeft() > 0) return figure;
  // The side to move's clock runs from the server's figure. Under simple
  // delay, the first seconds of a turn are free.
  const m = /\+(\d+) delay$/.exec(control);
  const delay = m ? Number(m[1]) * 1000 : 0;
  let since = seenAt.get(game.version) || recvAt; // when this turn began, as seen here
  if (game.startsAt && game.clock.asOf) {
    // An event's game: the clocks started at startsAt, not before.
    since = Math.max(since, recvAt + Date.parse(game.startsAt) - Date.parse(game.clock.asOf));
  }
  const charged = (t) => Math.max(0, t - since - delay);
  return Math.max(0, figure - (charged(now) - charged(recvAt)));
}

function clockText(ms) {
  if (ms >= 86400000) return Math.floor(ms / 86400000) + "d " + Math.floor(ms % 86400000 / 3600000) + "h";
  const s = Math.floor(ms / 1000);
  const two = (x) => String(x).padStart(2, "0");
  if (ms >= 3600000) return Math.floor(s / 3600) + ":" + two(Math.floor(s % 3600 / 60)) + ":" + two(s % 60);
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  return Math.floor(s / 60) + ":" + two(s % 60);
}

function tick() {
  const now = performance.now();
  if (game && game.startsAt && !game.over) renderStatus(); // the study window's countdown
  for (const pos of ["top", "bottom"]) {
    const c = $("clock-" + pos);
    const s = c.dataset.side;
    const ms = remaining(s, now);
    c.hidden = ms === null;
    if (ms === null) continue;
    const t = clockText(ms);
    if (c.textContent !== t) c.textContent = t;
    const running = !game.over && game.turn === s && !game.paused && studyLeft() === 0;
    c.classList.toggle("running", running);
    c.classList.toggle("low", ms < (control.endsWith("d") ? 3600000 : 20000));
    if (running && ms === 0 && flagAsked !== game.version) {
      // Out of time here: ask the server, which decides (and tells everyone).
      flagAsked = game.version;
      setTimeout(() => fetch("/api/games/" + encodeURIComponent(gameID)).catch(() => {}), 300);
    }
    // The other side's presence, from the server.
    const pr = game && game.presence ? game.presence[s] : null;
    const pn = $("note-" + pos);
    let txt = "";
    if (pr && !pr.online && !game.over && s !== side) {
      const ago = Math.max(0, Math.round((Date.now() + skew - Date.parse(pr.since)) / 1000));
      txt = (side ? "Opponent " : "") + (isNaN(ago) ? "not connected yet" : "disconnected " + agoText(ago) + " ago");
      if (!side) txt = txt[0].toUpperCase() + txt.slice(1);
    }
    if (pn.textContent !== txt) pn.textContent = txt;
  }
  const cb = $("conn");
  let ct = "";
  if (!online && (everOnline || attempt > 1)) {
    const wait = retryAt ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : 0;
    ct = "Connection lost. " + (ws ? "Reconnecting…" : wait > 0 ? "Reconnecting in " + wait + " s." : "Reconnecting…");
  }
  cb.hidden = !ct;
  if (ct && cb.dataset.text !== ct) {
    cb.dataset.text = ct;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button small-button";
    b.textContent = "Reconnect now";
    b.hidden = !!ws;
    cb.replaceChildren(document.createTextNode(ct + " "), b);
  }
}

function agoText(s) {
  if (s < 60) return s + " s";
  if (s < 3600) return Math.floor(s / 60) + " min";
  return Math.floor(s / 3600) + " h";
}

setInterval(tick, 100);
render();
connect();

// studyLeft is the time, in ms, until an event's game's clocks start (0
// once they have).
function studyLeft() {
  if (!game || !game.startsAt || game.over) return 0;
  return Math.max(0, Date.parse(game.startsAt) - (Date.now() + skew));
}
