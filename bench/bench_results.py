"""results_seconds_100k, results_vs_reference: scoring 100,000 deals on the club PC (CPython).

The rows are what the club DB holds per deal: board, table, N-S tricks, and for bridge whist
the strain, declarer side, doubles and the 13-byte handprint. Scoring them, with the code in
shared/overplay_core:
  - duplicate whist: every board's tables through scoring_whist.compare (board_scores, the
    average per direction and each table's difference; 8 tables a board, one table in 50 on
    the average score);
  - bridge whist: every deal through handprint.unpack (seat of each card, from the stored
    bytes) and scoring_bridge.score_hand with those seats (honours and chicane from hands).
Reference, same run and same rows: a loop that unpacks every row and does nothing else.
"""

import random
import time

from overplay_core import handprint
from overplay_core.scoring import bridge as scoring_bridge
from overplay_core.scoring import whist as scoring_whist
from overplay_core.cards import PACK_52

TABLES = 8


def make_rows(n, seed=5):
    rng = random.Random(seed)
    prints = []
    seat = bytearray(53)
    out = bytearray(handprint.MAX_BYTES)
    for _ in range(512):  # distinct deals, reused round the rows
        order = list(PACK_52)
        rng.shuffle(order)
        for i, c in enumerate(order):
            seat[c] = i % 4
        k = handprint.pack(seat, PACK_52, out)
        prints.append(bytes(out[:k]))
    rows = []
    for i in range(n):
        tricks = rng.randrange(14)
        if i % 50 == 7:
            tricks = scoring_whist.AVERAGE
        rows.append((1 + i // TABLES, 1 + i % TABLES, tricks, rng.randrange(5),
                     rng.randrange(2), rng.randrange(3), prints[i % len(prints)]))
    return rows


def score(rows):
    total = 0
    board_tricks = []
    last = rows[0][0]
    for board, table, tricks, strain, side, doubles, hp in rows:
        if board != last:
            for r in scoring_whist.compare(board_tricks):
                total += r[2]
            board_tricks = []
            last = board
        board_tricks.append(tricks)
        t = tricks if tricks >= 0 else 7
        s = scoring_bridge.score_hand(strain, t, side, doubles,
                                      seat_of_card=handprint.unpack(hp, PACK_52))
        total += s["below"][0] + s["above"][1]
    for r in scoring_whist.compare(board_tricks):
        total += r[2]
    return total


def reference(rows):
    total = 0
    for board, table, tricks, strain, side, doubles, hp in rows:
        pass
    return total


def run(ctx):
    n = 20000 if ctx.quick else 100000
    rows = make_rows(n)
    best_ref = best = None
    for _ in range(3 if ctx.quick else 2):
        for _ in range(10):  # the reference is short (ms): its best of ten
            t0 = time.perf_counter()
            reference(rows)
            t1 = time.perf_counter()
            best_ref = t1 - t0 if best_ref is None else min(best_ref, t1 - t0)
        t1 = time.perf_counter()
        score(rows)
        t2 = time.perf_counter()
        best = t2 - t1 if best is None else min(best, t2 - t1)
    scale = 100000 / n
    return {"results_seconds_100k": round(best * scale, 3),
            "results_vs_reference": round(best / best_ref, 1),
            "results_reference_seconds_100k": round(best_ref * scale, 4)}
