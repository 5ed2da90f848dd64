// The projector page follows its event live: on each new version from
// /e/ID/live (Server-Sent Events) it loads the page again and shows the new
// one in place, so that starting the round shows the position on the
// screen without anyone touching it. Without script the page is as it was
// loaded, and a reload brings it up to date.

const screen = document.getElementById("projector");
if (screen && screen.dataset.event && "EventSource" in window) {
  let shown = Number(screen.dataset.version);
  let busy = false;
  let again = false;
  const refresh = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const r = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
      if (r.ok) {
        const doc = new DOMParser().parseFromString(await r.text(), "text/html");
        const next = doc.getElementById("projector");
        const cur = document.getElementById("projector");
        if (next && cur) {
          cur.replaceWith(document.adoptNode(next));
          shown = Number(next.dataset.version);
          document.title = doc.title;
        }
      }
    } catch (e) { /* offline for a moment: the next version tries again */ }
    busy = false;
    if (again) { again = false; refresh(); }
  };
  const es = new EventSource("/e/" + encodeURIComponent(screen.dataset.event) + "/live");
  es.addEventListener("version", (ev) => {
    if (Number(ev.data) > shown) refresh();
  });
}
