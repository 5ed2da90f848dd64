// The gallery's filters, applied as you change them. Without JavaScript the
// form asks the server, which applies the same filters (gallery.go); the
// browser tests check that both select the same positions and say the
// same about a list or pattern that does not read. The page served at
// /gallery keeps the filters in its address's query; the file that
// chess960 gallery writes, read from disk, keeps them in the fragment
// (#ids=0-9&king=c), and takes them from there when it opens.
const form = document.getElementById("filters");
const gallery = document.getElementById("gallery");
const count = document.getElementById("count");
const empty = document.getElementById("empty");
const FIELDS = ["ids", "king", "light", "dark", "balanced", "pattern"];

// quote quotes an input for a message as Go's internal/quote does: in
// double quotes, cut after 100 bytes, with the length of a longer one.
function quote(s) {
  const bytes = new TextEncoder().encode(s).length;
  if (bytes <= 100) return JSON.stringify(s);
  let cut = s;
  while (new TextEncoder().encode(cut).length > 100) cut = cut.slice(0, -1);
  return JSON.stringify(cut) + "... (" + bytes + " bytes)";
}

// quotePart quotes an item of a list whose message quotes the list: in
// full when short, else only its length.
function quotePart(s) {
  const bytes = new TextEncoder().encode(s).length;
  return bytes <= 16 ? quote(s) : "(" + bytes + " bytes)";
}

const SYNTAX = "invalid syntax", RANGE = "out of range";

// readNumber reads a position number as chess960.ParseID does: digits after
// an optional SP, SP- or # prefix; 960 is 0. It returns [n] or
// [undefined, reason, detail].
function readNumber(t) {
  let u = t;
  if (/^sp/i.test(u)) {
    u = u.slice(2);
    if (u[0] === "-") u = u.slice(1);
  } else if (u[0] === "#") {
    u = u.slice(1);
  }
  if (u[0] === "-" && /^[0-9]+$/.test(u.slice(1))) return [undefined, RANGE, "must be 0..959 (960 is taken as 0)"];
  if (!/^[0-9]+$/.test(u)) return [undefined, SYNTAX, "want a number such as 518"];
  u = u.replace(/^0+/, "");
  const n = u.length > 6 ? Infinity : Number(u);
  if (n > 960) return [undefined, RANGE, "must be 0..959 (960 is taken as 0)"];
  return [n % 960];
}

// readBound reads a bound of a range, 0..960.
function readBound(t) {
  if (!/^[0-9]+$/.test(t)) return [undefined, SYNTAX, "range bound " + quotePart(t) + " is not a number 0..960"];
  const u = t.replace(/^0+/, "");
  const n = u.length > 6 ? Infinity : Number(u);
  if (n > 960) return [undefined, RANGE, "range bound " + quotePart(t) + " is not a number 0..960"];
  return [n];
}

// readList reads a list of numbers and ranges ("0-9,518") as
// chess960.ParseSet does, and returns { ids } (null for an empty list: no
// filter) or { error }, worded as the server words it.
export function readList(list) {
  if (list.trim() === "") return { ids: null };
  const ids = new Set();
  // The server's message is on one line: runs of spaces are one.
  const error = (detail, reason = SYNTAX) =>
    ({ error: ("position list " + quote(list) + ": " + reason + ": " + detail).split(/\s+/).filter(Boolean).join(" ") });
  const fail = (item, reason, detail) => error((list.trim() !== item ? "item " + quotePart(item) + ": " : "") + detail, reason);
  for (const raw of list.split(",")) {
    const t = raw.trim();
    if (t === "") return error("empty item: want numbers and ranges separated by commas, such as 518,0-9");
    const dash = t.indexOf("-");
    if (dash < 0 || /^sp/i.test(t)) {
      const [n, reason, detail] = readNumber(t);
      if (n === undefined) return fail(t, reason, detail);
      ids.add(n);
      continue;
    }
    const lo = t.slice(0, dash).trim(), hi = t.slice(dash + 1).trim();
    if (lo === "") return fail(t, SYNTAX, "a range needs a number before '-' (position numbers are not negative)");
    if (hi === "") return fail(t, SYNTAX, "a range needs a number after '-'");
    const [a, ra, da] = readBound(lo);
    if (a === undefined) return fail(t, ra, da);
    const [b, rb, db] = readBound(hi);
    if (b === undefined) return fail(t, rb, db);
    if (a > b) return fail(t, SYNTAX, "the range goes downwards");
    for (let n = a; n <= b; n++) ids.add(n % 960);
  }
  return { ids };
}

// readPattern reads a rank pattern as the server does: up to eight of
// K Q R B N, and ? (or . * _) for any piece.
function readPattern(s) {
  const p = s.trim().toUpperCase().replace(/[.*_]/g, "?");
  if (p.length > 8) return { error: "pattern " + quote(s) + ": longer than the 8 squares of a rank" };
  const bad = p.match(/[^KQRBN?]/);
  if (bad) return { error: "pattern " + quote(s) + ": '" + bad[0] + "' is not a piece letter (K Q R B N) or ? for any piece" };
  return { pattern: p };
}

// showError shows a field's message, or hides it.
function showError(field, msg) {
  const el = document.getElementById(field.id + "-error");
  el.textContent = msg || "";
  el.hidden = !msg;
  field.setAttribute("aria-invalid", msg ? "true" : "false");
}

function matcher() {
  const king = form.king.value, light = form.light.value, dark = form.dark.value;
  const maxCP = form.balanced.value === "" ? -1 : Number(form.balanced.value);
  const list = readList(form.ids.value);
  showError(form.ids, list.error);
  const pat = readPattern(form.pattern.value);
  showError(form.pattern, pat.error);
  const ids = list.ids || null, pattern = pat.pattern || "";
  return (a) => {
    const d = a.dataset;
    if (ids && !ids.has(Number(d.id))) return false;
    if (king && d.k !== king) return false;
    if (light && d.l !== light) return false;
    if (dark && d.d !== dark) return false;
    if (maxCP >= 0) { const cp = Number(d.cp); if (cp < 0 || cp > maxCP) return false; }
    for (let i = 0; i < pattern.length; i++) {
      if (pattern[i] !== "?" && pattern[i] !== d.rank[i]) return false;
    }
    return true;
  };
}

// params are the filters as the address holds them.
function params() {
  const p = new URLSearchParams();
  for (const k of FIELDS) {
    if (form[k].value) p.set(k, form[k].value);
  }
  if (form.pairs && form.pairs.checked) p.set("pairs", "1");
  return p.toString();
}

function apply() {
  const match = matcher();
  let shown = 0;
  if (gallery.dataset.mode === "pairs") {
    for (const li of gallery.querySelectorAll(".pair")) {
      const ok = [...li.querySelectorAll(".thumb")].some(match);
      li.hidden = !ok;
      if (ok) shown++;
    }
    count.textContent = `${shown} of ${gallery.children.length} mirror pairs`;
  } else {
    for (const group of gallery.querySelectorAll(".group")) {
      let inGroup = 0;
      for (const li of group.querySelectorAll("li")) {
        const ok = match(li.firstElementChild);
        li.hidden = !ok;
        if (ok) inGroup++;
      }
      group.hidden = inGroup === 0;
      shown += inGroup;
    }
    count.textContent = `${shown} of 960 positions`;
  }
  empty.hidden = shown > 0;
  const qs = params();
  if (file) history.replaceState(null, "", qs ? "#" + qs : location.pathname);
  else history.replaceState(null, "", "/gallery" + (qs ? "?" + qs : ""));
}

const file = form && form.dataset.file === "1";

if (form && gallery) {
  for (const el of [form.king, form.light, form.dark, form.balanced]) el.addEventListener("change", apply);
  for (const el of [form.ids, form.pattern]) el.addEventListener("input", apply);
  // Pairs change the layout: let the server draw it.
  if (form.pairs) form.pairs.addEventListener("change", () => form.requestSubmit());
  form.addEventListener("submit", (ev) => {
    if (file || (form.pairs.checked ? "pairs" : "groups") === gallery.dataset.mode) {
      ev.preventDefault();
      apply();
    }
  });
  // Reset clears the filters in place (the pairs, which the server lays
  // out, go by the link).
  document.getElementById("f-reset").addEventListener("click", (ev) => {
    if (gallery.dataset.mode === "pairs") return;
    ev.preventDefault();
    for (const k of FIELDS) form[k].value = "";
    apply();
  });
  if (file && location.hash.length > 1) {
    const p = new URLSearchParams(location.hash.slice(1));
    for (const k of FIELDS) if (p.has(k)) form[k].value = p.get(k);
    apply();
  }
}
