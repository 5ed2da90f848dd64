#!/usr/bin/env node
// chessops-pgn.mjs -- a second opinion on PGN files from lichess's chessops (npm, GPL-3.0-or-later;
// install: npm install --prefix /opt/chessops chessops). Development and test-data tool only.
//
// Usage: node scripts/chessops-pgn.mjs FILE.pgn...
// Prints one JSON object per game, as chessops' PGN parser splits the files:
//   {"file", "game" (from 1 in its file), "uci": [...], "san": [...], "fen",
//    "stop": null or {"ply", "san"} (the first main-line move chessops cannot play),
//    "variationMoves", "variationErrors" (moves in variations, and those that cannot be played)}
// The main line is played until its first move that chessops cannot play (as chessops' own
// documentation does); castling is written king-takes-rook in "uci" (chessops' own form), the SAN
// is chessops' (makeSanAndPlay), the FEN chessops' makeFen (X-FEN castling).
//
// chessops is loaded from $CHESSOPS_DIR (default /opt/chessops/node_modules/chessops).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const dir = process.env.CHESSOPS_DIR || '/opt/chessops/node_modules/chessops';
const load = (m) => import(pathToFileURL(path.join(dir, 'dist/esm', m + '.js')).href);
const [{ makeFen }, { parsePgn, startingPosition, walk }, { parseSan, makeSanAndPlay }, { makeUci }] =
  await Promise.all([load('fen'), load('pgn'), load('san'), load('util')]);

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node chessops-pgn.mjs FILE.pgn...');
  process.exit(2);
}
for (const file of files) {
  const games = parsePgn(readFileSync(file, 'utf8'));
  games.forEach((game, i) => {
    const out = { file: path.basename(file), game: i + 1, uci: [], san: [], fen: null, stop: null, variationMoves: 0, variationErrors: 0 };
    const start = startingPosition(game.headers);
    if (start.isErr) {
      out.startError = String(start.error.message || start.error);
      console.log(JSON.stringify(out));
      return;
    }
    const pos = start.value;
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (!move) {
        out.stop = { ply: out.uci.length + 1, san: node.san };
        break;
      }
      out.uci.push(makeUci(move));
      out.san.push(makeSanAndPlay(pos, move));
    }
    out.fen = makeFen(pos.toSetup());
    // Variation moves: every node off the main line, played from its own position.
    const root = startingPosition(game.headers).unwrap();
    walk(game.moves, { pos: root, main: true, clone() { return { pos: this.pos.clone(), main: this.main, clone: this.clone }; } },
      (ctx, data, childIndex) => {
        const main = ctx.main && childIndex === 0;
        const move = parseSan(ctx.pos, data.san);
        if (!main) {
          out.variationMoves++;
          if (!move) out.variationErrors++;
        }
        if (!move) return false;
        ctx.pos.play(move);
        ctx.main = main;
      });
    console.log(JSON.stringify(out));
  });
}
