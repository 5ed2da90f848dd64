// The event's admin pages, on top of the server-rendered page (which works
// without it): a refused form's reason is scrolled into view, and the page
// follows the event live, as the public page does (Server-Sent Events from
// /e/ID/live): on a new version it fetches the page again and swaps it in,
// unless the arbiter is busy with a form there (then a bar offers the
// reload), so a second arbiter's result shows up without a conflict.

import "./roundlive.js";

const err = document.getElementById("form-error");
if (err) {
  err.scrollIntoView({ block: "center" });
  const field = err.closest("form")?.querySelector("[aria-invalid=true], input[type=checkbox][required]:not(:checked), input:not([type=hidden]), textarea, select");
  if (field) field.focus({ preventScroll: true });
}

// After a player is added, the name field is ready for the next one.
if (!err && (document.getElementById("added") || location.hash === "#new-name")) {
  document.getElementById("new-name")?.focus();
}

// A form field changed from what the page came with.
const changed = (el) => {
  if (el.type === "hidden" || el.type === "submit") return false;
  if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
  if (el.tagName === "SELECT") return [...el.options].some((o) => o.selected !== o.defaultSelected);
  if (el.type === "file") return el.value !== "";
  return el.value !== el.defaultValue;
};

const busy = (root) =>
  [...root.querySelectorAll("input, select, textarea")].some(changed) ||
  root.querySelector("details[open]:not(.hist)") !== null ||
  (document.activeElement && root.contains(document.activeElement) && document.activeElement.matches("input, textarea, select")) ||
  // A page that answers a form, or shows a link once: keep it.
  location.pathname.endsWith("/do") || root.querySelector("#new-link, #save-link, #not-saved, #conflict") !== null;

const root = document.getElementById("ev-admin");
if (root && "EventSource" in window) {
  let shown = Number(root.dataset.version);
  let fetching = false;
  let again = false;
  let bar = null;
  const offer = (v) => {
    if (!bar) {
      bar = document.createElement("div");
      bar.className = "banner live-note";
      bar.id = "live-bar";
      bar.setAttribute("role", "status");
      const a = document.createElement("a");
      // A page that answers a form (…/do) reloads as the tab it shows.
      const on = document.querySelector("#ev-admin input[name=on]")?.value;
      a.href = location.pathname.endsWith("/do") ? location.pathname.replace(/\/do$/, "") + (on ? "/" + on : "") : location.pathname + location.search;
      a.className = "button small-button";
      a.textContent = "Reload";
      bar.append(document.createTextNode(""), " ", a);
      document.getElementById("main").append(bar);
    }
    bar.firstChild.textContent = "Someone else changed the event (version " + v + ").";
  };
  const refresh = async (v) => {
    if (fetching) { again = true; return; }
    const cur = document.getElementById("ev-admin");
    if (!cur || busy(cur)) { offer(v); return; }
    fetching = true;
    try {
      const r = await fetch(location.href, { headers: { Accept: "text/html" } });
      if (r.ok) {
        const doc = new DOMParser().parseFromString(await r.text(), "text/html");
        const next = doc.getElementById("ev-admin");
        const now = document.getElementById("ev-admin");
        if (next && now && !busy(now)) {
          now.replaceWith(next);
          shown = Number(next.dataset.version);
          if (bar) { bar.remove(); bar = null; }
        } else if (next) {
          offer(v);
        }
      }
    } catch (e) { /* offline for a moment: the next version tries again */ }
    fetching = false;
    if (again) { again = false; refresh(v); }
  };
  const es = new EventSource("/e/" + encodeURIComponent(root.dataset.event) + "/live");
  es.addEventListener("version", (ev) => {
    const v = Number(ev.data);
    if (v > shown) refresh(v);
  });
}

// The settings form fills in the default tie-breaks of the system chosen.
const system = document.getElementById("ev-system");
const tb = document.getElementById("ev-tb");
if (system && tb) {
  const defaults = [...system.options].map((o) => o.dataset.tiebreaks);
  system.addEventListener("change", () => {
    if (tb.value === "" || defaults.includes(tb.value)) tb.value = system.selectedOptions[0].dataset.tiebreaks;
  });
}
