"""card_loop_equivalents, card_heap_bytes: the shoe's per-card work under MicroPython.

Runs bench/mpy_card_loop.py (see its docstring): the real Shoe, Deck, Tally, Ring and Journal
from firmware/ and shared/, a UID already in the reader's buffer (no radio time). The figure
is the time per card (ring hand-over + Shoe.on_uid, plus Shoe.end_deal shared out over the
deal's 52 cards) divided by one iteration of an empty loop in the same process.
"""

import os


def run(ctx):
    cards = 20000 if ctx.quick else 200000
    r = ctx.micropython(os.path.join(ctx.root, "bench", "mpy_card_loop.py"), [cards],
                        heap="1m")
    return {
        "card_loop_equivalents": round(r["card_loop_equivalents"], 1),
        "card_path_loop_equivalents": round(r["card_path_loop_equivalents"], 1),
        "card_on_uid_loop_equivalents": round(r["card_on_uid_loop_equivalents"], 1),
        "card_deal_record_loop_equivalents": round(r["card_deal_record_loop_equivalents"], 1),
        "card_empty_loop_ns": round(r["empty_loop_us"] * 1000, 2),
        "card_heap_bytes": r["card_heap_bytes"],
        "deal_end_heap_bytes": r["deal_end_heap_bytes"],
    }
