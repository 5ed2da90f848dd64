// The play page's "play a friend online" form: it makes a game with POST
// /api/games and shows its three links: the creator's seat, the
// opponent's, and the spectators'. A seat's token goes in the link's
// fragment (/g/ID#TOKEN), which the browser never sends to the server.
const $ = (id) => document.getElementById(id);
const form = $("online-form");

if (form) {
  form.hidden = false;
  const control = $("online-control"), other = $("online-control-other");
  const delay = $("online-delay"), delayN = $("online-delay-n");
  control.addEventListener("change", () => {
    other.hidden = control.value !== "other";
    if (!other.hidden) other.focus();
  });
  delay.addEventListener("change", () => { delayN.hidden = delay.value === ""; });

  const fields = ["position", "control", "colour", "delay"];
  const inputs = { position: $("online-position"), control: other, colour: null, delay: delayN };
  function showErrors(param, msg) {
    for (const f of fields) {
      const el = $("online-" + f + "-error");
      el.hidden = f !== param;
      el.textContent = f === param ? msg : "";
      const inp = f === "control" && control.value !== "other" ? control : inputs[f];
      if (inp) inp.setAttribute("aria-invalid", f === param ? "true" : "false");
    }
    const gen = $("online-error");
    gen.hidden = !msg || fields.includes(param);
    gen.textContent = gen.hidden ? "" : msg;
    if (param === "position") inputs.position.focus();
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = {
      position: $("online-position").value.trim(),
      control: control.value === "other" ? other.value.trim() : control.value,
      colour: form.querySelector('input[name="online-colour"]:checked').value,
    };
    if (delay.value) body.delay = delayN.value.trim() + " " + delay.value;
    if (!body.position) { showErrors("position", "position: missing: a number, random, a DFRC pair W:B or a FEN"); return; }
    if (!body.control) { showErrors("control", "time control: missing: write one, such as 25+10"); return; }
    const button = $("online-create");
    button.disabled = true;
    let status = 0, res = null;
    try {
      const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
      status = r.status;
      try { res = await r.json(); } catch (e) { /* not JSON */ }
    } catch (e) {
      showErrors("", "The server cannot be reached: " + e.message);
      button.disabled = false;
      return;
    }
    button.disabled = false;
    if (status !== 201 || !res || !res.game) {
      showErrors(res && res.param, (res && res.error) || "error " + status);
      return;
    }
    showErrors("", "");
    const id = res.game.id;
    // Whose seat is the creator's: the server says (you); a server that
    // does not say gave White unless Black was asked for.
    const you = res.you === "b" || res.you === "w" ? res.you : body.colour === "black" ? "b" : "w";
    const base = location.origin + "/g/" + encodeURIComponent(id);
    const mine = you === "w" ? res.white : res.black, theirs = you === "w" ? res.black : res.white;
    $("online-mine").value = base + "#" + mine;
    $("online-theirs").value = base + "#" + theirs;
    $("online-watch").value = base;
    $("online-mine-side").textContent = you === "w" ? "White" : "Black";
    $("online-theirs-side").textContent = you === "w" ? "Black" : "White";
    $("online-go").href = "/g/" + encodeURIComponent(id) + "#" + mine;
    form.hidden = true;
    $("online-links").hidden = false;
    $("online-go").focus();
  });

  $("online-again").addEventListener("click", () => {
    $("online-links").hidden = true;
    form.hidden = false;
    $("online-position").focus();
  });
}
