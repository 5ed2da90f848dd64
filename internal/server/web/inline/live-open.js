// The game's socket, opened while the page loads; live.js adopts it.
(function () {
  var m = /^\/g\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  if (!m || !window.WebSocket) return;
  var key = "chess960.seat." + m[1], token = location.hash.slice(1), s, q = [];
  try {
    if (token) localStorage.setItem(key, token);
    token = localStorage.getItem(key) || "";
  } catch (e) {}
  try {
    s = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/games/" + m[1] + "/live");
  } catch (e) {
    return;
  }
  s.onopen = function () { if (token) s.send(JSON.stringify({ type: "seat", token: token })); };
  s.onmessage = function (e) { q.push(e.data); };
  window.chess960Live = { socket: s, queue: q, token: token };
})();
