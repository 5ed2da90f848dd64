"""Oracle for the start positions and seeded draws of the contract files.

Written from the project's SPEC (sections 1-3) and the draw algorithm
published in the Drawer's documentation (random.go), without reading or
running the Go code: the files it writes are what the command and the web
app must answer. Run from this folder: python3 startpos.py
"""
import hashlib
import json

N5N = ["NN---", "N-N--", "N--N-", "N---N", "-NN--", "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"]
N6N = ["NN----", "N-N---", "N--N--", "N---N-", "N----N", "-NN---", "-N-N--", "-N--N-", "-N---N",
       "--NN--", "--N-N-", "--N--N", "---NN-", "---N-N", "----NN"]


def decode(n):
    """SPEC 2: the back rank of Scharnagl number n."""
    rank = [None] * 8
    n, b1 = divmod(n, 4)
    rank[2 * b1 + 1] = "B"  # light squares: b d f h
    n, b2 = divmod(n, 4)
    rank[2 * b2] = "B"  # dark squares: a c e g
    n, q = divmod(n, 6)
    free = [f for f in range(8) if rank[f] is None]
    rank[free[q]] = "Q"
    free = [f for f in range(8) if rank[f] is None]
    for f, c in zip(free, N5N[n]):
        if c == "N":
            rank[f] = "N"
    free = [f for f in range(8) if rank[f] is None]
    for f, c in zip(free, "RKR"):
        rank[f] = c
    return "".join(rank)


def encode(rank):
    """SPEC 2 backwards: the Scharnagl number of a back rank."""
    bishops = [f for f, c in enumerate(rank) if c == "B"]
    light = [f for f in bishops if f % 2 == 1][0]
    dark = [f for f in bishops if f % 2 == 0][0]
    code = light // 2 + 4 * (dark // 2)
    rest = [c for c in rank if c != "B"]
    q = rest.index("Q")
    knights = "".join("N" if c == "N" else "-" for c in rest if c != "Q")
    return code + 16 * q + 96 * N5N.index(knights)


def fritz9(rank):
    """SPEC 3: bishop code + 1 + 16 x n6n + 240 x queen."""
    n = encode(rank) % 16
    rest = [c for c in rank if c != "B"]
    knights = "".join("N" if c == "N" else "-" for c in rest)
    queen = [c for c in rest if c != "N"].index("Q")
    return n + 1 + 16 * N6N.index(knights) + 240 * queen


def start_position(n):
    rank = decode(n)
    mirror = rank[::-1]
    rooks = [f for f, c in enumerate(rank) if c == "R"]
    files = "abcdefgh"
    # Shredder-FEN: the h-side rook's file, then the a-side one's; White
    # upper case, Black lower.
    castling = (files[rooks[1]] + files[rooks[0]]).upper() + files[rooks[1]] + files[rooks[0]]
    board = rank.lower() + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank
    kings = "".join(c for c in rank if c != "B")
    return {
        "id": n, "fritz9": fritz9(rank), "rank": rank,
        "fen": board + " w KQkq - 0 1", "shredderFen": board + " w " + castling + " - 0 1",
        "mirror": encode(mirror), "mirrorRank": mirror, "bishopCode": n % 16,
        "kingsTable": kings, "skeleton": kings.replace("K", "-").replace("R", "-"),
    }


def draws(seed, count, exclude=(), unique=False):
    """The published algorithm: SHA-256 of "chess960:" + seed + ":" + c."""
    allowed = [n for n in range(960) if n not in exclude]
    pool, c, out = list(allowed), 0, []
    for _ in range(count):
        if unique and not pool:
            pool = list(allowed)
        m = len(pool) if unique else len(allowed)
        src = pool if unique else allowed
        while True:
            x = int.from_bytes(hashlib.sha256(("chess960:%s:%d" % (seed, c)).encode()).digest()[:8], "big")
            c += 1
            if x < 2**64 - 2**64 % m:
                break
        p = src[x % m]
        out.append(p)
        if unique:
            pool.remove(p)
    return out


def draw(seed, count, exclude=(), exclude_text="", unique=False):
    return {
        "seeded": True, "seed": seed, "seedSha256": hashlib.sha256(seed.encode()).hexdigest(),
        "unique": unique, "exclude": exclude_text, "allowed": 960 - len(set(exclude)),
        "positions": [start_position(n) for n in draws(seed, count, set(exclude), unique)],
    }


def dfrc_start(w, b):
    """A Double Fischer Random start W:B: White's rank w, Black's rank b."""
    wr, br = decode(w), decode(b)
    files = "abcdefgh"
    wrooks = [f for f, c in enumerate(wr) if c == "R"]
    brooks = [f for f, c in enumerate(br) if c == "R"]
    castling = (files[wrooks[1]] + files[wrooks[0]]).upper() + files[brooks[1]] + files[brooks[0]]
    board = br.lower() + "/pppppppp/8/8/8/8/PPPPPPPP/" + wr
    return {
        "dfrc": "%d:%d" % (w, b), "index": w * 960 + b, "blackFirstIndex": b * 960 + w,
        "chess960": w == b, "fen": board + " w KQkq - 0 1", "shredderFen": board + " w " + castling + " - 0 1",
        "mirror": "%d:%d" % (b, w), "white": start_position(w), "black": start_position(b),
    }


def dfrc_draw(seed, count, excluded=lambda i: False, exclude_text="", unique=False):
    """The published DFRC algorithm: SHA-256 of "chess960-dfrc:" + seed + ":" + c,
    over the allowed indices W * 960 + B in ascending order."""
    allowed = [i for i in range(960 * 960) if not excluded(i)]
    pool, c, out = list(allowed), 0, []
    for _ in range(count):
        if unique and not pool:
            pool = list(allowed)
        src = pool if unique else allowed
        m = len(src)
        while True:
            x = int.from_bytes(hashlib.sha256(("chess960-dfrc:%s:%d" % (seed, c)).encode()).digest()[:8], "big")
            c += 1
            if x < 2**64 - 2**64 % m:
                break
        i = src[x % m]
        out.append(i)
        if unique:
            pool.remove(i)
    d = {"seeded": True, "seed": seed, "seedSha256": hashlib.sha256(seed.encode()).hexdigest(), "unique": unique}
    if exclude_text:
        d["exclude"] = exclude_text
    d["allowed"] = len(allowed)
    d["starts"] = [dfrc_start(i // 960, i % 960) for i in out]
    return d


def write(name, value):
    with open("../" + name, "w") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    for n in (0, 518, 959):
        write("position-%d.json" % n, start_position(n))
    write("table.json", [start_position(n) for n in range(960)])
    write("draw-round1.json", draw("Round 1", 3))
    write("draw-empty-seed.json", draw("", 1))
    ex = [518] + list(range(10))
    write("draw-unique-exclude.json", draw("x", 12, ex, "0-9,518", unique=True))
    # --balanced 20: only the positions the shipped table scores within 20
    # centipawns (no mate score) of equality are allowed.
    with open("../../../../../internal/balance/data/balance-stockfish-15.1-d25.csv") as f:
        rows = [l.split(",") for l in f if l[0].isdigit()]
    unbalanced = [int(r[0]) for r in rows if r[2] == "" or abs(int(r[2])) > 20]
    d = draw("Round 1", 5, unbalanced, "", unique=True)
    d["balanced"] = 20
    write("draw-balanced.json", d)
    # Double Fischer Random starts (pos W:B, random --dfrc).
    write("dfrc-0-959.json", dfrc_start(0, 959))
    write("dfrc-518-518.json", dfrc_start(518, 518))
    write("draw-dfrc-round1.json", dfrc_draw("Round 1", 3))
    write("draw-dfrc-unique-exclude.json",
          dfrc_draw("x", 4, lambda i: i // 960 == i % 960 or i // 960 == 518, "chess960,518:*", unique=True))
