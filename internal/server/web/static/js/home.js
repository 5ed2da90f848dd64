// The generator: live answers while typing a number or a back rank, and
// the arrow keys to step through the positions.
import { debounce, getJSON, isTyping } from "./app.js";

function live(input, out, lookup) {
  let ctl;
  const run = debounce(async () => {
    const v = input.value.trim();
    if (ctl) ctl.abort();
    if (!v) { out.textContent = ""; return; }
    ctl = new AbortController();
    try {
      const res = await lookup(v, ctl.signal);
      out.replaceChildren();
      if (!res) return; // nothing to look up as you type
      const [status, body] = res;
      const span = document.createElement("span");
      if (status === 200 && body && body.white && body.black) {
        // A DFRC start W:B (/api/positions/W:B). A Chess960 start's
        // answer names its DFRC form too (dfrc, index), but has no
        // white and black ranks of its own.
        span.className = "ok";
        span.textContent = `DFRC ${body.dfrc}: ${body.white.rank} / ${body.black.rank.toLowerCase()} (index ${body.index})`;
        const a = document.createElement("a");
        a.href = "/dfrc/" + body.dfrc;
        a.textContent = "open";
        out.append("→ ", span, " ", a);
      } else if (status === 200 && body) {
        span.className = "ok";
        span.textContent = `${body.id} ${body.rank} (Fritz9 ${body.fritz9})`;
        const a = document.createElement("a");
        a.href = "/pos/" + body.id;
        a.textContent = "open";
        out.append("→ ", span, " ", a);
      } else {
        span.className = "bad";
        span.textContent = body && body.error ? body.error : "not found";
        out.append(span);
      }
    } catch (e) { /* aborted or offline: say nothing */ }
  }, 150);
  input.addEventListener("input", run);
}

const n = document.getElementById("n");
const nLive = document.getElementById("n-live");
if (n && nLive) {
  const fritz = document.getElementById("nb-f");
  const lookup = (v, signal) => getJSON("/api/positions/" + encodeURIComponent(v) + (fritz.checked ? "?fritz9=1" : ""), signal);
  live(n, nLive, lookup);
  for (const r of document.querySelectorAll('input[name="numbering"]')) {
    r.addEventListener("change", () => n.dispatchEvent(new Event("input")));
  }
}

const q = document.getElementById("q");
const qLive = document.getElementById("q-live");
if (q && qLive) {
  live(q, qLive, (v, signal) => getJSON("/api/identify?q=" + encodeURIComponent(v), signal));
}

const dq = document.getElementById("dq");
const dqLive = document.getElementById("dq-live");
if (dq && dqLive) {
  // W:B is looked up as you type; an index or a FEN is read when sent.
  live(dq, dqLive, async (v, signal) => v.includes(":") && !v.includes("/")
    ? getJSON("/api/positions/" + encodeURIComponent(v), signal)
    : null);
}

document.addEventListener("keydown", (ev) => {
  if (isTyping(ev) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const rel = ev.key === "ArrowLeft" ? "prev" : ev.key === "ArrowRight" ? "next" : null;
  if (rel) {
    const a = document.querySelector(`a[rel="${rel}"]`);
    if (a) location.href = a.href;
  }
});
