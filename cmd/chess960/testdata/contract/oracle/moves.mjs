// Oracle for the legal moves, SAN and perft divides of the contract files:
// chessops (lichess's rules library), not this project's code. Copy it to
// a scratch folder, npm install chessops@0.15.1 there, and run
// node moves.mjs DIR, DIR being this folder's parent. The divides were also
// compared with Stockfish's "go perft" (UCI_Chess960 true): the same counts.
import { writeFileSync } from 'node:fs';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeSquare, squareFile, squareRank } from 'chessops/util';
import { perft } from 'chessops/debug';

const letter = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' };

// legal lists the legal moves of fen, sorted by their Chess960 UCI text
// (castling as the king taking its own rook, as chessops stores it too).
function legal(fen) {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const out = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const piece = pos.board.get(from);
      const last = piece.role === 'pawn' && (squareRank(to) === 0 || squareRank(to) === 7);
      for (const promotion of last ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) {
        const m = promotion ? { from, to, promotion } : { from, to };
        const target = pos.board.get(to);
        const castle = piece.role === 'king' && target && target.role === 'rook' && target.color === piece.color;
        out.push({ m, pos, castle, uci: makeSquare(from) + makeSquare(to) + (promotion ? letter[promotion] : '') });
      }
    }
  }
  return out.sort((a, b) => (a.uci < b.uci ? -1 : 1));
}

// The squares a castling king and rook land on: g and f towards the
// h-side, c and d towards the a-side, on the king's rank.
function landing(from, to) {
  const rank = String(squareRank(from) + 1);
  return squareFile(to) > squareFile(from) ? ['g' + rank, 'f' + rank] : ['c' + rank, 'd' + rank];
}

function moves(fen, xfen) {
  return {
    fen: xfen,
    moves: legal(fen).map(({ m, pos, castle, uci }) => {
      const j = { uci, san: makeSan(pos, m), from: makeSquare(m.from), to: makeSquare(m.to) };
      if (m.promotion) j.promotion = letter[m.promotion];
      if (castle) [j.kingTo, j.rookTo] = landing(m.from, m.to);
      return j;
    }),
    warnings: [],
  };
}

function divide(fen, depth, withDivide) {
  const rows = legal(fen).map(({ m, pos, uci }) => {
    const after = pos.clone();
    after.play(m);
    return { uci, san: makeSan(pos, m), nodes: perft(after, depth - 1, false) };
  });
  const j = { fen, depth, nodes: rows.reduce((s, r) => s + r.nodes, 0) };
  if (withDivide) j.divide = rows;
  return Object.assign(j, { threads: 1, hashMb: 0, warnings: [] });
}

const dir = process.argv[2] || '..';
const write = (name, v) => writeFileSync(dir + '/' + name, JSON.stringify(v, null, 2) + '\n');
write('moves-960-castling.json', moves('1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1', '1r2k3/8/8/8/8/8/8/1R4KR w KQ - 0 1'));
write('moves-promotion.json', moves('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1'));
write('perft-960-divide.json', divide('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 2, true));
write('perft-castling-divide.json', divide('1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1', 2, true));
write('perft-kiwipete-3.json', divide('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1', 3, false));
