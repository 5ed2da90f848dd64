// The engine on the play page: its replies when you play against it, and
// the analysis panel. Both use the JSON API: GET /api/engine/move for a
// move, and GET /api/analyse?stream=1 for the analysis, which sends the
// engine's best line again each time it searches a ply deeper, until the
// server's time cap. A busy server (429) or a failed engine (503) says when
// to retry; the page waits that long and asks again.

const analysisEl = document.getElementById("analysis");
const evalEl = document.getElementById("eval");
const depthEl = document.getElementById("depth");
const pvEl = document.getElementById("pv");
const barEl = document.getElementById("evalbar");
const statusEl = document.getElementById("engine-status");
const errorEl = document.getElementById("engine-error");
const toggles = [document.getElementById("engine-analyse"), document.getElementById("analysis-close")].filter(Boolean);
const form = document.getElementById("engine-form");
const goForm = document.getElementById("engine-go");
const stopLink = document.getElementById("engine-stop");

// movesQuery is the start and the moves of a request to the API.
function movesQuery(st, moves) {
  return st.start + (moves.length ? "&moves=" + moves.map(encodeURIComponent).join(",") : "");
}

// score writes an analysis score, from White's side, as players read it.
export function scoreText(s) {
  if (!s) return "";
  if (s.mate !== undefined) return "#" + s.mate;
  const v = s.cp / 100;
  return (v > 0 ? "+" : v < 0 ? "−" : "") + Math.abs(v).toFixed(2);
}

// whiteShare is White's part of the evaluation bar, 0..1: a logistic of
// the centipawns (400 cp, four pawns, is about 91%).
function whiteShare(s) {
  if (s.mate !== undefined) return s.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.pow(10, -s.cp / 400));
}

// movetext numbers SAN moves from the position fen: "12. Nf3 Nc6 13. d4",
// or "12… Nc6 13. d4" when Black is to move.
export function movetext(fen, sans) {
  const f = fen.split(" ");
  let num = Number(f[5]) || 1;
  let black = f[1] === "b";
  const out = [];
  sans.forEach((san, i) => {
    if (!black) out.push(num + ". " + san);
    else { out.push(i === 0 ? num + "… " + san : san); num++; }
    black = !black;
  });
  return out.join(" ");
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(t); reject(new DOMException("aborted", "AbortError")); }, { once: true });
  });
}

// retryAfter reads a Retry-After header in seconds (1 at least, 30 at most).
function retryAfter(r) {
  const n = Number(r.headers.get("Retry-After"));
  return Math.min(30, Math.max(1, Number.isFinite(n) ? n : 1));
}

export function createEngine({ state, playURL, play, load }) {
  let moveCtl = null, moveKey = "";
  let anaCtl = null, anaKey = "";

  function engineName() { return state().engineName || "The engine"; }

  function setStatus(text, thinking) {
    if (!statusEl) return;
    statusEl.textContent = text;
    statusEl.classList.toggle("thinking", !!thinking);
  }

  // setError shows why the engine did not move, with a button to ask
  // again.
  function setError(text) {
    if (!errorEl) return;
    errorEl.textContent = text;
    errorEl.hidden = !text;
    if (!text) return;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button small-button retry";
    b.textContent = "Try again";
    b.addEventListener("click", () => { moveKey = ""; setError(""); requestMove(state()); });
    errorEl.append(" ", b);
  }

  // --- Playing the engine.

  function cancelMove() {
    if (moveCtl) moveCtl.abort();
    moveCtl = null;
    moveKey = "";
  }

  async function requestMove(st) {
    if (moveKey === st.url) return;
    cancelMove();
    const ctl = new AbortController();
    moveCtl = ctl;
    moveKey = st.url;
    let url = "/api/engine/move?" + movesQuery(st, st.moves);
    if (st.skill >= 0) url += "&skill=" + st.skill;
    if (st.nodes > 0) url += "&nodes=" + st.nodes;
    setError("");
    for (let tries = 1; ; tries++) {
      setStatus(engineName() + " is thinking…", true);
      let r, body = null;
      try {
        r = await fetch(url, { signal: ctl.signal, headers: { Accept: "application/json" } });
        try { body = await r.json(); } catch (e) { /* not JSON */ }
      } catch (e) {
        if (e.name === "AbortError") return;
        setStatus("", false);
        setError("The server cannot be reached: " + e.message);
        moveKey = "";
        return;
      }
      if (moveCtl !== ctl) return;
      if (r.status === 200 && body && body.uci) {
        moveCtl = null;
        moveKey = "";
        play(body.uci);
        return;
      }
      // Busy, or an engine that failed: wait as the server says, a few
      // times.
      if ((r.status === 429 && tries < 20) || (r.status === 503 && tries < 3)) {
        const secs = retryAfter(r);
        setStatus((body && body.error ? body.error : "The engine is busy.") + ` Trying again in ${secs} s…`, false);
        try { await sleep(secs * 1000, ctl.signal); } catch (e) { return; }
        continue;
      }
      moveCtl = null;
      moveKey = "";
      setStatus("", false);
      if (body && body.error) setError(body.error);
      else if (r.status === 200) setError("The server sent something unreadable for the engine's move.");
      else setError("error " + r.status);
      return;
    }
  }

  // --- The analysis panel.

  function stopAnalysis() {
    if (anaCtl) anaCtl.abort();
    anaCtl = null;
    anaKey = "";
    analysisEl.classList.remove("busy");
  }

  function showAnalysis(a, fen, done) {
    const line = a.lines && a.lines[0];
    if (!line) return;
    evalEl.textContent = scoreText(line.score);
    evalEl.dataset.side = whiteShare(line.score) >= 0.5 ? "white" : "black";
    barEl.style.width = (whiteShare(line.score) * 100).toFixed(1) + "%";
    depthEl.textContent = "depth " + a.depth;
    pvEl.textContent = movetext(fen, line.san.slice(0, 16));
  }

  function clearAnalysis(text) {
    evalEl.textContent = "…";
    delete evalEl.dataset.side;
    barEl.style.width = "50%";
    depthEl.textContent = "";
    pvEl.textContent = text || "";
  }

  // readStream shows each line of an analysis stream (NDJSON) as it
  // comes, and returns what went wrong, if anything: a line that is not
  // JSON (the server sent something unreadable: the rest is not read), or
  // a stream that broke off.
  async function readStream(r, st, ctl) {
    const reader = r.body.getReader();
    const dec = new TextDecoder();
    let buf = "", last = null;
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (e.name === "AbortError" || ctl.signal.aborted) throw e;
        return "The analysis broke off: the connection to the server was lost (" + e.message + ").";
      }
      if (chunk.done) break;
      buf += dec.decode(chunk.value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const text = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (!text) continue;
        let a;
        try {
          a = JSON.parse(text);
        } catch (e) {
          reader.cancel().catch(() => {});
          return "The server sent something unreadable in the analysis (not JSON: " + JSON.stringify(text.slice(0, 60)) + (text.length > 60 ? "…" : "") + ").";
        }
        if (a.error) { clearAnalysis(a.error); last = null; continue; }
        last = a;
        showAnalysis(a, st.fen, false);
      }
    }
    if (last) showAnalysis(last, st.fen, true);
    return "";
  }

  async function analyse(st) {
    const moves = st.moves.slice(0, st.ply);
    const key = movesQuery(st, moves);
    if (anaKey === key) return;
    stopAnalysis();
    anaKey = key;
    const ctl = new AbortController();
    anaCtl = ctl;
    clearAnalysis("");
    analysisEl.classList.add("busy");
    try {
      // Moves played quickly one after another are not each analysed.
      await sleep(150, ctl.signal);
      const url = "/api/analyse?" + key + "&movetime=" + st.engineTime + "&stream=1";
      for (let tries = 1; ; tries++) {
        const r = await fetch(url, { signal: ctl.signal, headers: { Accept: "application/x-ndjson" } });
        if ((r.status === 429 && tries < 20) || (r.status === 503 && tries < 3)) {
          const secs = retryAfter(r);
          clearAnalysis(`The engines are busy: trying again in ${secs} s…`);
          await sleep(secs * 1000, ctl.signal);
          continue;
        }
        if (r.status !== 200) {
          let msg = "error " + r.status;
          try { msg = (await r.json()).error || msg; } catch (e) { /* not JSON */ }
          clearAnalysis(msg);
          break;
        }
        const problem = await readStream(r, st, ctl);
        if (problem && anaCtl === ctl) clearAnalysis(problem);
        break;
      }
    } catch (e) {
      // fetch itself failed: no answer at all.
      if (e.name === "AbortError" || ctl.signal.aborted) return;
      clearAnalysis("The server cannot be reached: " + e.message);
    }
    if (anaCtl === ctl) analysisEl.classList.remove("busy");
  }

  // --- What the page shows.

  function updateControls(st) {
    for (const a of toggles) a.href = playURL({ ply: st.ply, analysis: !st.analysis });
    const t = document.getElementById("engine-analyse");
    if (t) {
      t.textContent = st.analysis ? "Hide analysis" : "Show analysis";
      t.setAttribute("aria-pressed", st.analysis ? "true" : "false");
    }
    if (stopLink) stopLink.href = playURL({ ply: st.ply, engine: "", skill: -1, nodes: 0 });
    if (goForm) goForm.hidden = true;
  }

  // update is called with each state the page shows.
  function update(st) {
    if (!st.engineName || !analysisEl) return;
    updateControls(st);
    const atEnd = st.ply === st.moves.length;
    const enginesMove = !!st.engine && atEnd && !st.over && (st.turn === st.engine);
    if (enginesMove) {
      stopAnalysis();
      requestMove(st);
    } else {
      cancelMove();
      if (st.engine) {
        let text = "Your move.";
        if (st.over) text = "The game is over: " + st.status + ".";
        else if (st.turn === st.engine) text = "An earlier position: go to the last move, or to one of your turns, to play on.";
        else if (!atEnd) text = "Your move. Playing here replaces the moves after it.";
        setStatus(text, false);
      }
    }
    analysisEl.hidden = !st.analysis;
    if (!st.analysis) {
      stopAnalysis();
    } else if (st.over) {
      stopAnalysis();
      clearAnalysis("The game is over: " + st.result + ".");
      analysisEl.classList.remove("busy");
    } else if (enginesMove) {
      depthEl.textContent = "waiting for the engine's move";
    } else {
      analyse(st);
    }
  }

  // The form starts a game against the engine from the position on view;
  // stopping goes back to a game between two players. Both reload the
  // page, whose engine section changes.
  if (form) {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const st = state();
      const nodes = Number(form.elements.nodes.value) || 0;
      location.assign(playURL({ moves: st.moves.slice(0, st.ply), engine: form.elements.engine.value,
        skill: Number(form.elements.skill.value), nodes, claim: "" }));
    });
  }
  if (goForm) goForm.addEventListener("submit", (ev) => { ev.preventDefault(); requestMove(state()); });
  for (const a of toggles) {
    a.addEventListener("click", (ev) => {
      if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
      ev.preventDefault();
      ev.stopPropagation();
      const st = state();
      load(playURL({ ply: st.ply, analysis: !st.analysis }));
    });
  }

  return { update };
}
