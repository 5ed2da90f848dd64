// Shared by every page: the theme switch, copy buttons and the print button.

const root = document.documentElement;
// For browsers without @media (scripting), see style.css. Others skip it, so
// that the page is not styled again as it is first painted.
if (!matchMedia("(scripting: enabled)").matches) root.classList.add("js");

function currentTheme() {
  const t = root.getAttribute("data-theme");
  if (t) return t;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

// The choice goes in a cookie, which the server reads to render the next
// pages in it: no script has to run before a page is painted.
function setTheme(t) {
  root.setAttribute("data-theme", t);
  document.cookie = "theme=" + t + "; Path=/; Max-Age=31536000; SameSite=Lax";
}

const toggle = document.getElementById("theme-toggle");
if (toggle) {
  toggle.addEventListener("click", () => setTheme(currentTheme() === "dark" ? "light" : "dark"));
}

// A choice kept by an earlier version of this page, in local storage.
try {
  const old = localStorage.getItem("theme");
  if ((old === "light" || old === "dark") && !root.hasAttribute("data-theme")) setTheme(old);
  localStorage.removeItem("theme");
} catch (e) { /* private mode */ }

// copyText puts text on the clipboard, with a fallback for pages served
// over plain HTTP, where the Clipboard API is missing.
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const ta = document.createElement("textarea");
  ta.value = text;
  ta.setAttribute("readonly", "");
  ta.style.position = "fixed";
  ta.style.opacity = "0";
  document.body.appendChild(ta);
  ta.select();
  document.execCommand("copy");
  ta.remove();
}

// A copy button says "Copied" for a moment, then its own label again. A
// second click meanwhile starts the moment again: its label is the one the
// button had before the first (kept in data-label), and the first click's
// timer is cancelled.
const copyTimers = new WeakMap();
document.addEventListener("click", async (ev) => {
  const b = ev.target.closest("button[data-copy]");
  if (!b) return;
  const el = document.getElementById(b.dataset.copy);
  if (!el) return;
  let text = "value" in el && el.tagName !== "OUTPUT" ? el.value : el.textContent;
  if (b.dataset.absolute) text = new URL(text, location.href).href;
  if (!("label" in b.dataset)) b.dataset.label = b.textContent;
  clearTimeout(copyTimers.get(b));
  try {
    await copyText(text.trim());
    b.textContent = "Copied";
    b.classList.add("copied");
  } catch (e) {
    b.textContent = "Press Ctrl+C";
    if (el.select) el.select();
  }
  clearTimeout(copyTimers.get(b));
  copyTimers.set(b, setTimeout(() => { b.textContent = b.dataset.label; b.classList.remove("copied"); }, 1400));
});

// Links shown for copying are relative in the page; show them whole.
for (const el of document.querySelectorAll("input[data-absolute]")) {
  el.value = new URL(el.value, location.href).href;
}

const print = document.getElementById("print");
if (print) print.addEventListener("click", () => window.print());

// debounce calls f after the calls stop for ms milliseconds.
export function debounce(f, ms) {
  let t;
  return (...a) => { clearTimeout(t); t = setTimeout(() => f(...a), ms); };
}

// getJSON fetches JSON and returns [status, body].
export async function getJSON(url, signal) {
  const r = await fetch(url, { signal, headers: { Accept: "application/json" } });
  let body = null;
  try { body = await r.json(); } catch (e) { /* not JSON */ }
  return [r.status, body];
}

// LRU is a map that holds at most max entries: when full, it lets go of
// the one used longest ago. get and set count as uses.
export class LRU {
  constructor(max) { this.max = max; this.m = new Map(); }
  get size() { return this.m.size; }
  has(k) { return this.m.has(k); }
  get(k) {
    if (!this.m.has(k)) return undefined;
    const v = this.m.get(k);
    this.m.delete(k);
    this.m.set(k, v);
    return v;
  }
  set(k, v) {
    this.m.delete(k);
    this.m.set(k, v);
    while (this.m.size > this.max) this.m.delete(this.m.keys().next().value);
    return this;
  }
}

// isTyping reports whether a key event belongs to a text field.
export function isTyping(ev) {
  const t = ev.target;
  return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

// The event forms (the create form, the settings tab): the knockout's
// fields show only for a knockout, the matches' for a Swiss or a round
// robin (data-system-only lists the systems), and the tie-breaks follow the
// system while they are a system's default.
{
  const system = document.getElementById("ev-system");
  const tb = document.getElementById("ev-tb");
  const only = [...document.querySelectorAll("[data-system-only]")];
  if (system && only.length) {
    const show = () => { for (const f of only) f.hidden = !f.dataset.systemOnly.split(" ").includes(system.value); };
    system.addEventListener("change", show);
    show();
  }
  if (system && tb) {
    const defaults = [...system.options].map((o) => o.dataset.tiebreaks);
    system.addEventListener("change", () => {
      if (tb.value === "" || defaults.includes(tb.value)) tb.value = system.selectedOptions[0].dataset.tiebreaks;
    });
  }
}
