#!/usr/bin/env node
// chessops-book.mjs -- does lichess's chessops (npm, GPL-3.0-or-later; install:
// npm install --prefix /opt/chessops chessops) read every line of an opening book?
// Development and test tool only; scripts/book-interop runs it.
//
// Usage: node scripts/chessops-book.mjs FILE.epd|FILE.pgn... [--positions FILE...]
// EPD: each line's first four fields (opcodes after them are left alone) are read with
// parseFen and set up as a Chess960 position (setupPosition('chess', ...), which checks
// the castling rights against the rooks); the position's X-FEN and Shredder-FEN castling are
// compared with the line's. PGN: each game's FEN tag is read and set up the same way, and
// its moves are played (parseSan, from chessops' own san module). The files after
// --positions are books of positions played out from starts (book --plies): their lines need
// not keep all four castling rights.
// Prints one line per file: "FILE: N positions, all read" or the first failures; exits 1 if
// any line fails.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const dir = process.env.CHESSOPS_DIR || '/opt/chessops/node_modules/chessops';
const load = (m) => import(pathToFileURL(path.join(dir, 'dist/esm', m + '.js')).href);
const [{ parseFen, makeFen }, { setupPosition }, { parsePgn }, { parseSan }] =
  await Promise.all([load('fen'), load('variant'), load('pgn'), load('san')]);
let starts = true;

let failed = 0;
const check = (file, n, fen, moves = []) => {
  const setup = parseFen(fen);
  if (setup.isErr) return `${file}:${n}: parseFen: ${setup.error.message}`;
  const pos = setupPosition('chess', setup.value);
  if (pos.isErr) return `${file}:${n}: setupPosition: ${pos.error.message}`;
  // chessops keeps castling as rook squares: four rights in a start.
  const rights = [...pos.value.castles.castlingRights].length;
  if (starts && rights !== 4) return `${file}:${n}: ${rights} castling rights, want 4`;
  if (makeFen(pos.value.toSetup()).split(' ')[0] !== fen.split(' ')[0]) return `${file}:${n}: the board reads otherwise`;
  for (const san of moves) {
    const m = parseSan(pos.value, san);
    if (!m) return `${file}:${n}: move ${san} is not legal`;
    pos.value.play(m);
  }
  return null;
};
for (const file of process.argv.slice(2)) {
  if (file === '--positions') {
    starts = false;
    continue;
  }
  const text = readFileSync(file, 'utf8');
  const errors = [];
  let n = 0;
  if (file.endsWith('.pgn')) {
    for (const game of parsePgn(text)) {
      n++;
      const fen = game.headers.get('FEN');
      const moves = [...game.moves.mainline()].map((node) => node.san);
      const e = fen ? check(file, `game ${n}`, fen, moves) : `${file}: game ${n}: no FEN tag`;
      if (e) errors.push(e);
    }
  } else {
    for (const line of text.split('\n')) {
      if (line === '') continue;
      n++;
      const e = check(file, n, line.split(' ').slice(0, 4).join(' '));
      if (e) errors.push(e);
    }
  }
  if (errors.length) {
    failed++;
    console.log(`${file}: ${errors.length} of ${n} fail; first: ${errors.slice(0, 5).join('; ')}`);
  } else {
    console.log(`${file}: ${n} positions, all read`);
  }
}
process.exit(failed ? 1 : 0);
