#!/usr/bin/env node
// chessops-perft.mjs FEN DEPTH -- print the perft count of FEN to DEPTH as
// lichess's chessops counts it: the second opinion scripts/oracle-check asks.
//
// Needs Node.js and the npm package chessops (GPL-3.0-or-later, used here as a
// separate program, not linked): `npm install --prefix /opt/chessops chessops`,
// or point CHESSOPS_DIR at any chessops package directory.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.CHESSOPS_DIR || '/opt/chessops/node_modules/chessops';
const mod = (name) => import(pathToFileURL(path.join(dir, 'dist', 'esm', name + '.js')).href);

const [fen, depthText, ...rest] = process.argv.slice(2);
if (!fen || !/^[0-9]+$/.test(depthText || '') || rest.length > 0) {
  console.error('usage: node scripts/chessops-perft.mjs FEN DEPTH');
  process.exit(2);
}
let fenMod, chessMod, debugMod;
try {
  [fenMod, chessMod, debugMod] = await Promise.all([mod('fen'), mod('chess'), mod('debug')]);
} catch (e) {
  console.error(`chessops-perft: cannot load chessops from ${dir} (npm install --prefix /opt/chessops chessops, or set CHESSOPS_DIR): ${e.message}`);
  process.exit(2);
}
const setup = fenMod.parseFen(fen.trim().split(/\s+/).join(' '));
if (setup.isErr) {
  console.error(`chessops-perft: FEN ${JSON.stringify(fen)}: ${setup.error.message}`);
  process.exit(1);
}
const pos = chessMod.Chess.fromSetup(setup.value);
if (pos.isErr) {
  console.error(`chessops-perft: FEN ${JSON.stringify(fen)}: ${pos.error.message}`);
  process.exit(1);
}
console.log(String(debugMod.perft(pos.value, Number(depthText), false)));
