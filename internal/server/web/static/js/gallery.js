// The gallery's filters, applied as you change them (the form still works
// without JavaScript), with the address kept in step.
const form = document.getElementById("filters");
const gallery = document.getElementById("gallery");
const count = document.getElementById("count");
const empty = document.getElementById("empty");

function matcher() {
  const king = form.king.value, light = form.light.value, dark = form.dark.value;
  const maxCP = form.balanced.value === "" ? -1 : Number(form.balanced.value);
  let pat = form.pattern.value.trim().toUpperCase().replace(/[.*_]/g, "?");
  const bad = pat.length > 8 || /[^KQRBN?]/.test(pat);
  form.pattern.setAttribute("aria-invalid", bad ? "true" : "false");
  if (bad) pat = "";
  return (a) => {
    const d = a.dataset;
    if (king && d.k !== king) return false;
    if (light && d.l !== light) return false;
    if (dark && d.d !== dark) return false;
    if (maxCP >= 0) { const cp = Number(d.cp); if (cp < 0 || cp > maxCP) return false; }
    for (let i = 0; i < pat.length; i++) {
      if (pat[i] !== "?" && pat[i] !== d.rank[i]) return false;
    }
    return true;
  };
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
  const params = new URLSearchParams();
  for (const k of ["king", "light", "dark", "balanced", "pattern"]) {
    if (form[k].value) params.set(k, form[k].value);
  }
  if (form.pairs.checked) params.set("pairs", "1");
  const qs = params.toString();
  history.replaceState(null, "", "/gallery" + (qs ? "?" + qs : ""));
}

if (form && gallery) {
  for (const el of [form.king, form.light, form.dark, form.balanced]) el.addEventListener("change", apply);
  form.pattern.addEventListener("input", apply);
  // Pairs change the layout: let the server draw it.
  form.pairs.addEventListener("change", () => form.requestSubmit());
  form.addEventListener("submit", (ev) => {
    if ((form.pairs.checked ? "pairs" : "groups") === gallery.dataset.mode) {
      ev.preventDefault();
      apply();
    }
  });
}
