// The live boards of a round in play (the public page and the arbiter's
// round page): a table with data-round-games (the URL of the round's games
// as JSON) gets, in each [data-game-board=N] of it, the board's position
// as a small diagram, both clocks and how the game stands, fetched every
// two seconds (the server builds it at most once a second for everyone);
// on the arbiter's page also whether each player is connected.
// The table may be swapped for a new one (event.js): it is looked up again
// each time.

const clockText = (ms) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
};

async function update() {
  const table = document.querySelector("[data-round-games]");
  if (!table || document.hidden) return;
  let games;
  try {
    const r = await fetch(table.dataset.roundGames, { headers: { Accept: "application/json" } });
    if (!r.ok) return;
    games = await r.json();
  } catch (e) { return; }
  const now = Date.now();
  for (const g of games) {
    const cell = table.querySelector('[data-game-board="' + g.board + '"]');
    if (!cell) continue;
    if (cell.dataset.fen !== g.fen) {
      cell.dataset.fen = g.fen;
      let img = cell.querySelector("img");
      if (!img) {
        img = document.createElement("img");
        img.width = img.height = 72;
        img.alt = "";
        cell.prepend(img);
      }
      img.src = "/diagram.svg?fen=" + encodeURIComponent(g.fen) + "&thumbnail=1" + (g.last ? "&last-move=" + g.last : "");
    }
    let info = cell.querySelector(".mini-info");
    if (!info) {
      info = document.createElement("span");
      info.className = "mini-info";
      cell.append(info);
    }
    let t = g.over ? g.status : g.studying ? "study window" : (g.plies ? "ply " + g.plies + ", " : "") + (g.turn === "w" ? "White" : "Black") + " to move";
    if (g.paused) t += ", clocks stopped";
    if (g.clock) t += " · " + clockText(g.clock.white) + " – " + clockText(g.clock.black);
    if (g.delayed) t += " (delayed)";
    if (info.textContent !== t) info.textContent = t;
    cell.dataset.at = String(now);
    // The arbiter's page: who is connected (the public view has no online).
    const seats = g.online && table.querySelector('[data-seats-board="' + g.board + '"]');
    if (seats) {
      const parts = ["White", "Black"].map((side, i) => {
        const st = g.online[i] ? "connected" : g.arrived[i] ? "away" : "not here yet";
        return side + " " + (g.online[i] ? st : "<strong>" + st + "</strong>");
      });
      const html = parts.join(", ");
      if (seats.innerHTML !== html) seats.innerHTML = html;
    }
  }
}

if (document.querySelector("[data-round-games]")) {
  update();
  setInterval(update, 2000);
}
