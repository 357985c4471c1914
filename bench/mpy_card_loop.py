"""MicroPython: the shoe's per-card work against an empty loop, and its heap use per card.

    MICROPYPATH=shared:firmware micropython -X heapsize=1m bench/mpy_card_loop.py [cards]

Per card, from a UID already in the reader's buffer (radio time excluded): the reader task's
ring put_slot, the dealing task's get_slot (whole 10-byte slots), then Shoe.on_uid (deck
lookup -> card int -> tally seat and laws check), exactly what app.App.deal_once does. Per deal, Shoe.end_deal (findings,
handprint, DEAL record encoded, signed and appended to the journal's RAM batch; the flash
commit is not timed) is measured apart and shared out over the deal's 52 cards.

Reference: one iteration of `for _ in range(n): pass` inside a function, timed in the same
process, interleaved with the card passes (min of several rounds each, so a busy neighbour
on the machine spoils both or neither). Heap: gc.mem_alloc() before and after 10,000 cards
with the collector disabled, so nothing is hidden by a collection in between.
Last line: a JSON object.
"""

import gc
import json
import sys
import time

import shoe.dealing as S
from shoe.deck import Deck
from shoe.journal import Journal
from overplay_core import games
from overplay_core.tally import Tally
from shoe.ring import Ring
import shoe.states as ST

KEY = b"bench-key-0123456789abcdef-32byt"
SID = 7


def uid_of(card, deck_no=1):
    return bytes([0x04, deck_no, card, 0x10, 0x20, 0x30, 0x80 | card])


class Lcg:
    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.x >> 8) % n


def empty(n):
    for _ in range(n):
        pass


def time_empty(n):
    t0 = time.ticks_us()
    empty(n)
    return time.ticks_diff(time.ticks_us(), t0)


def cards_of_deal(sh, ring, got, uids):
    """The per-card path for one deal's UIDs (the untimed and the timed passes share it)."""
    for u in uids:
        ring.put_slot(7, u, 7)
        k = ring.get_slot(got)
        sh.on_uid(got, k)


def on_uid_only(sh, uids):
    """Shoe.on_uid alone (no ring hand-over), for the breakdown."""
    for u in uids:
        sh.on_uid(u, 7)


def make_shoe(folder):
    p = games.profile(games.DUPLICATE_WHIST)
    d = Deck()
    for deck_no in (1, 2):  # the club's two decks: lookups go through a half-full table
        for c in range(53):
            d.enrol(uid_of(c, deck_no), 7, c, deck_no)
    d.use(1)
    j = Journal(folder + "/journal")
    sh = S.Shoe(p, Tally(p), d, None, j, KEY, SID, None)
    return sh, j


def orders(p, count, seed=11):
    """`count` shuffled deals of the pack, as lists of UID bytearrays."""
    rng = Lcg(seed)
    out = []
    for _ in range(count):
        order = list(p.pack)
        for i in range(len(order) - 1, 0, -1):
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        out.append([bytearray(uid_of(c) + bytes(3)) for c in order])  # the reader's 10-byte buffer
    return out


def main(cards):
    try:
        import sim.board as SB  # the unix port: flash on the host's disk, no heap taken
    except ImportError:  # on the shoe (bench_pico.py): sim/ is not there; its own flash
        import os

        try:
            os.mkdir("/tmp/cardloop")
        except OSError:
            pass
        return measure("/tmp/cardloop", cards)
    folder = SB.host_folder()
    try:
        return measure(folder, cards)
    finally:
        SB.remove_folder(folder)


def measure(folder, cards):
    sh, j = make_shoe(folder)
    p = sh.profile
    ring = Ring(16, 10)
    got = bytearray(10)
    deals = orders(p, 8)
    per_deal = len(deals[0])
    real_commit = j.commit
    j.commit = lambda: True  # the flash write is not per-card work: done between deals

    # Heap per card in steady state: warm up one deal, then 10,000 cards with gc off.
    sh.start_deal(1, 0)
    cards_of_deal(sh, ring, got, deals[0])
    sh.end_deal()
    real_commit()
    heap_cards = 0
    gc.collect()
    gc.disable()
    m0 = gc.mem_alloc()
    d = 0
    while heap_cards < 10000:
        sh.tally.start(d & 3)
        sh.state = ST.DEALING  # the per-card path only: start/end of deal are not in it
        uids = deals[d % len(deals)]
        cards_of_deal(sh, ring, got, uids)
        heap_cards += len(uids)
        d += 1
    m1 = gc.mem_alloc()
    gc.enable()
    findings_seen = sh.tally.finish()

    # Heap per deal of the slow path that closes it (Shoe.end_deal): not per card, allowed
    # to allocate (the app collects between hands), shown for what it costs.
    end_bytes = 0
    for k in range(20):
        sh.start_deal(k + 1, k & 3)
        cards_of_deal(sh, ring, got, deals[k % len(deals)])
        gc.collect()
        gc.disable()
        e0 = gc.mem_alloc()
        sh.end_deal()
        end_bytes += gc.mem_alloc() - e0
        gc.enable()
        real_commit()

    # Time: card passes and empty-loop passes interleaved; keep the best of each.
    rounds = 7
    deals_per_round = max(1, cards // per_deal // rounds)
    best_card = best_end = best_empty = best_uid = None
    empty_n = deals_per_round * per_deal * 16
    for rnd in range(rounds):
        gc.collect()
        t_cards = 0
        t_end = 0
        for k in range(deals_per_round):
            uids = deals[k % len(deals)]
            sh.start_deal(k + 1, k & 3)
            t0 = time.ticks_us()
            cards_of_deal(sh, ring, got, uids)
            t1 = time.ticks_us()
            sh.end_deal()
            t2 = time.ticks_us()
            real_commit()
            t_cards += time.ticks_diff(t1, t0)
            t_end += time.ticks_diff(t2, t1)
        t_uid = 0
        for k in range(deals_per_round):
            sh.start_deal(k + 1, k & 3)
            t0 = time.ticks_us()
            on_uid_only(sh, deals[k % len(deals)])
            t_uid += time.ticks_diff(time.ticks_us(), t0)
            sh.end_deal()
            real_commit()
        n = deals_per_round * per_deal
        u = t_uid / n
        best_uid = u if best_uid is None or u < best_uid else best_uid
        c = t_cards / n
        e = t_end / n
        best_card = c if best_card is None or c < best_card else best_card
        best_end = e if best_end is None or e < best_end else best_end
        gc.collect()
        em = time_empty(empty_n) / empty_n
        best_empty = em if best_empty is None or em < best_empty else best_empty
    j.commit = real_commit
    j.close()
    return {
        "card_us": best_card, "deal_end_us_per_card": best_end, "empty_loop_us": best_empty,
        "card_loop_equivalents": (best_card + best_end) / best_empty,
        "card_path_loop_equivalents": best_card / best_empty,
        "card_on_uid_loop_equivalents": best_uid / best_empty,
        "card_deal_record_loop_equivalents": best_end / best_empty,
        "card_heap_bytes": (m1 - m0) / heap_cards, "heap_cards": heap_cards,
        "heap_delta": m1 - m0, "deal_end_heap_bytes": end_bytes // 20, "cards_timed": rounds * deals_per_round * per_deal,
        "deal_findings": len(findings_seen), "deals_recorded": sh.deals,
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    print(json.dumps(main(n)))
