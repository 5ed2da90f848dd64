// The event pages, on top of the server-rendered page: the public page
// follows the event live (Server-Sent Events from /e/ID/live; on a new
// version it fetches the page again and swaps the live part), and the
// create form fills in the default tie-breaks of the system chosen.

import "./roundlive.js";

const live = document.getElementById("ev-live");
if (live && "EventSource" in window) {
  let shown = Number(live.dataset.version);
  let busy = false;
  let again = false;
  let told = 0;
  const refresh = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      // X-Event-Version: the server may answer with the page of this
      // version (made before the stream told of it) while it makes a newer.
      const r = await fetch(location.href, { headers: { Accept: "text/html", "X-Event-Version": String(told) } });
      if (r.ok) {
        const doc = new DOMParser().parseFromString(await r.text(), "text/html");
        const next = doc.getElementById("ev-live");
        const cur = document.getElementById("ev-live");
        if (next && cur) {
          cur.replaceWith(next);
          shown = Number(next.dataset.version);
          const head = doc.querySelector(".ev-head");
          const curHead = document.querySelector(".ev-head");
          if (head && curHead) curHead.replaceWith(head);
        }
      }
    } catch (e) { /* offline for a moment: the next version tries again */ }
    busy = false;
    if (again) { again = false; refresh(); }
  };
  const es = new EventSource("/e/" + encodeURIComponent(live.dataset.event) + "/live");
  es.addEventListener("version", (ev) => {
    const v = Number(ev.data);
    if (v > told) told = v;
    if (v > shown) refresh();
  });
}

