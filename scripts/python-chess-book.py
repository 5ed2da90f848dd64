#!/usr/bin/env python3
"""python-chess-book.py -- does python-chess read every line of an opening book?

Development and test tool only; scripts/book-interop runs it. Needs python-chess (import
chess), installed or on PYTHONPATH; run it outside the repository, whose chess/ directory
would shadow python-chess.

Usage: python3 python-chess-book.py [--starts] FILE.epd|FILE.pgn...
EPD: each line is read with chess.Board.from_epd (lines with opcodes) or chess.Board (FENs),
as a Chess960 board, and must be valid (Board.is_valid). PGN: each game is read with
chess.pgn.read_game and must have no errors, a Chess960 board and valid moves. With --starts
every position must keep all four castling rights. Prints one line per file with the count and
a digest of every position's castling rights (the same for a book in X-FEN and in
Shredder-FEN), or the first failures; exits 1 if any line fails.
"""
import hashlib
import sys

import chess
import chess.pgn


def main(argv):
    starts = "--starts" in argv
    files = [a for a in argv if a != "--starts"]
    failed = 0
    for name in files:
        digest = hashlib.sha256()
        n, bad = 0, []
        if name.endswith(".pgn"):
            with open(name) as f:
                while True:
                    game = chess.pgn.read_game(f)
                    if game is None:
                        break
                    n += 1
                    board = game.board()
                    why = None
                    if game.errors:
                        why = f"game {n}: {game.errors[0]}"
                    elif not board.chess960 and board.fen() != chess.STARTING_FEN:
                        why = f"game {n}: not read as Chess960"
                    elif starts and bin(board.castling_rights).count("1") != 4:
                        why = f"game {n}: castling rights {board.castling_xfen()}"
                    else:
                        for move in game.mainline_moves():
                            board.push(move)
                        if not board.is_valid():
                            why = f"game {n}: invalid position after the moves"
                    if why:
                        bad.append(why)
                    digest.update(board.castling_rights.to_bytes(8, "little"))
        else:
            with open(name) as f:
                for line in f:
                    line = line.strip()
                    if not line:
                        continue
                    n += 1
                    try:
                        if ";" in line:
                            board = chess.Board(chess960=True)
                            board.set_epd(line)
                        else:
                            board = chess.Board(line, chess960=True)
                    except ValueError as e:
                        bad.append(f"line {n}: {e}")
                        continue
                    if not board.is_valid():
                        bad.append(f"line {n}: not valid: {board.status()!r}")
                    elif starts and bin(board.castling_rights).count("1") != 4:
                        bad.append(f"line {n}: castling rights {board.castling_xfen()}")
                    digest.update(board.castling_rights.to_bytes(8, "little"))
        if bad:
            failed += 1
            print(f"{name}: {len(bad)} of {n} lines fail: " + "; ".join(bad[:3]))
        else:
            print(f"{name}: {n} positions, all read; rights {digest.hexdigest()[:16]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
