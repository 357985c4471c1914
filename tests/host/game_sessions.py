"""Euchre, écarté and bridge whist sessions on paper for the results tests: each table's shoe
deals its own hands and keys each game's fields (the SCORE record of issue #16), signed as a
shoe signs them and merged by the real store ingest (signed_shoe.sync).

    build_euchre(path), build_ecarte(path), build_bridge(path) -> db path

The standings each session leads to are worked out by hand in tests/host/test_standings.py.
"""

from functools import partial

from overplay_core import findings as F
from overplay_core import games, handprint, records
from overplay_core import session as codec
from overplay_core.cards import card

from overplay.store import Store
from signed_shoe import Shoe, sync

NO = handprint.NO_HAND


def deal(profile, dealer, held, short=()):
    """seat_of_card for a deal: `held` {seat: [cards]} first, then the rest of the pack in
    pack order to the seats with room that are not void of its suit (held[seat] may say
    "void": suit); `short`: seats dealt one card fewer. Cards past the hands stay off them
    (euchre's turn-up and kitty, écarté's stock)."""
    seats = profile.seats
    size = [profile.hand_size - (1 if s in short else 0) for s in range(seats)]
    voids = {s: held.get(("void", s), ()) for s in range(seats)}
    out = bytearray([0xFF] * 53)
    count = [0] * seats
    for s in range(seats):
        for c in held.get(s, ()):
            out[c] = s
            count[s] += 1
    void_suits = set(x for v in voids.values() for x in v)
    for c in sorted(profile.pack, key=lambda c: c // 13 not in void_suits):  # those first
        if out[c] != 0xFF:
            continue
        room = [s for s in range(seats) if count[s] < size[s] and c // 13 not in voids[s]]
        if not room:
            out[c] = NO
            continue
        s = max(room, key=lambda x: (size[x] - count[x], -x))
        out[c] = s
        count[s] += 1
    assert count == size, (count, size)
    return out


def _session(st, sh, game, variant, first, last, table, tables, movement, session_id=None):
    setup = st.new_setups(game, variant, first, last, (table,), tables, movement, sh.shoe_id,
                          session_id, name=None if session_id else "evening %d" % game)[0]
    sh.add(records.encode_session, sh.shoe_id, (0, 1, 0), setup, game, variant, table, tables,
           first, last, movement)
    return st.db.execute("SELECT session_id FROM sessions WHERE setup_id=?",
                         (setup,)).fetchone()[0]


def _deal(sh, profile, board, table, game, variant, dealer, seat_of, trump=records.NO_TRUMP_CARD,
          found=()):
    hp = bytearray(handprint.MAX_BYTES)
    hl = handprint.pack(seat_of, profile.pack, hp)
    flags = 0 if found else records.FLAG_COMPLETE
    sh.add(records.encode_deal, board, table, game, variant, dealer, records.MODE_ORIGINAL,
           trump, flags, found, len(found), hp, hl)


# ---- progressive euchre: 2 tables, a Mitchell of boards 1-4: 2 rounds of 2 hands ----------

EUCHRE_ROSTER = {1: "Ann & Cy", 3: "Bob & Di", 2: "Ed & Gus", 4: "Flo & Hal"}
# (table, board): makers (0 N-S, 1 E-W), makers' tricks, alone; in the order each table plays
EUCHRE_HANDS = {
    (1, 1): (0, 4, 0), (1, 2): (1, 5, 1),      # round 1 at table 1 (2: partner exposes)
    (2, 3): (0, 2, 0), (2, 4): (1, 3, 0),      # round 1 at table 2 (4: E held 4 cards)
    (1, 3): (0, 3, 0), (1, 4): (0, 5, 1),      # round 2 at table 1
    (2, 1): (1, 2, 1), (2, 2): (1, 5, 0)}      # round 2 at table 2
EXPOSED = (1, 2)  # the lone player's partner (W) shows a card while the hand is played
SHORT = (2, 4)  # the dealer gave E (seat 1) four cards; the table played the hand out


def build_euchre(path, variant=0, hands=None):
    """The evening of EUCHRE_HANDS (or `hands`, the same shape) keyed at two tables."""
    st = Store(str(path))
    p = games.profile(games.EUCHRE, variant)
    sid = None
    shoes = []
    for t in (1, 2):
        sh = Shoe(30 + t)
        st.enroll(sh.shoe_id, sh.key, "table %d" % t)
        sid = _session(st, sh, games.EUCHRE, variant, 1, 4, t, 2, codec.MITCHELL, sid)
        shoes.append(sh)
    st.set_players(sid, EUCHRE_ROSTER)
    for (t, b), (makers, tricks, alone) in (hands or EUCHRE_HANDS).items():
        sh = shoes[t - 1]
        dealer = (b - 1) % 4
        short = (1,) if (t, b) == SHORT else ()
        seat_of = deal(p, dealer, {}, short)
        _deal(sh, p, b, t, games.EUCHRE, variant, dealer, seat_of, p.pack[-1],
              (F.SEAT_SHORT,) if short else ())
        sh.add(records.encode_event, records.EV_PLAY_BEGUN, b, 0, 0, None, 0)
        if (t, b) == EXPOSED:
            w = [c for c in p.pack if seat_of[c] == 3][0]
            sh.add(records.encode_event, records.EV_CARD_EXPOSED, b, w, 0, None, 0)
        ns = tricks if makers == 0 else 5 - tricks
        from overplay_core.scoring import euchre as se
        pts = se.hand_points(tricks, bool(alone))
        pns, pew = (pts[0], pts[1]) if makers == 0 else (pts[1], pts[0])
        sh.add(partial(records.encode_score, makers=makers, alone=alone), b, t, games.EUCHRE,
               ns, 5 - ns, pns, pew)
    for sh in shoes:
        sync(st, sh)
    st.close()
    return str(path)


# ---- écarté: 1 table, the treble variant, Ann (seat 0) v Bob (seat 1) ----------------------

ECARTE_ROSTER = {1: "Ann", 2: "Bob"}
# board: (seat 0's tricks, proposal, king marked by); dealer (board - 1) % 2
ECARTE_DEALS = {
    1: (3, 0, 0), 2: (5, 0, -1), 3: (1, 1, -1), 4: (3, 0, -1),          # game 1
    5: (2, 2, -1), 6: (0, 0, -1), 7: (2, 0, 1), 8: (1, 0, -1),          # game 2 (6 void)
    9: (4, 0, 0), 10: (5, 0, -1), 11: (3, 0, -1)}                         # game 3
ECARTE_FOREIGN = 6  # a card of another pack in the deal: the deal is void (law 45)


def build_ecarte(path):
    st = Store(str(path))
    variant = games.V_ECARTE_TREBLE
    p = games.profile(games.ECARTE, variant)
    sh = Shoe(41)
    st.enroll(sh.shoe_id, sh.key, "table 1")
    sid = _session(st, sh, games.ECARTE, variant, 1, len(ECARTE_DEALS), 1, 1, codec.NONE)
    st.set_players(sid, ECARTE_ROSTER)
    from overplay_core.scoring import ecarte as sc
    for b, (t0, proposal, king) in sorted(ECARTE_DEALS.items()):
        dealer = (b - 1) % 2
        seat_of = deal(p, dealer, {})
        found = (F.FOREIGN_CARD,) if b == ECARTE_FOREIGN else ()
        _deal(sh, p, b, 1, games.ECARTE, variant, dealer, seat_of, p.pack[-1], found)
        pts = sc.deal_points(dealer, (t0, 5 - t0), proposal, king)["total"]
        sh.add(partial(records.encode_score, proposal=proposal, king=king), b, 1, games.ECARTE,
               t0, 5 - t0, pts[0], pts[1])
    sync(st, sh)
    st.close()
    return str(path)


# ---- bridge whist: 1 table, one rubber of five hands ------------------------------------

BRIDGE_ROSTER = {1: "Ann & Cy", 2: "Bob & Di"}
C, D, H, S, NT = 0, 1, 2, 3, 4
A, K, Q, J, T = 14, 13, 12, 11, 10
# board: (declarer, strain, doubles, N-S tricks, {seat: [cards], ("void", seat): (suits)})
BRIDGE_HANDS = {
    1: (0, H, 0, 9, {0: [card(A, H), card(K, H), card(Q, H)], 1: [card(J, H)],
                     3: [card(T, H)]}),
    2: (3, S, 1, 5, {1: [card(A, S), card(K, S)], 3: [card(Q, S), card(J, S)],
                     0: [card(T, S)], ("void", 2): (S,)}),
    3: (2, NT, 0, 7, {0: [card(A, S), card(A, H)], 2: [card(A, D)], 1: [card(A, C)]}),
    4: (1, D, 2, 3, {1: [card(r, D) for r in (A, K, Q, J, T)], ("void", 0): (D,)}),
    5: (0, H, 0, 13, {0: [card(r, H) for r in (A, K, Q, J)], 2: [card(T, H)],
                      ("void", 3): (H,)})}


def build_bridge(path):
    st = Store(str(path))
    p = games.profile(games.BRIDGE_WHIST)
    sh = Shoe(51)
    st.enroll(sh.shoe_id, sh.key, "table 1")
    sid = _session(st, sh, games.BRIDGE_WHIST, 0, 1, len(BRIDGE_HANDS), 1, 1, codec.NONE)
    st.set_players(sid, BRIDGE_ROSTER)
    from overplay_core.scoring import bridge as sb
    for b, (declarer, strain, doubles, ns, held) in sorted(BRIDGE_HANDS.items()):
        dealer = (b - 1) % 4
        _deal(sh, p, b, 1, games.BRIDGE_WHIST, 0, dealer, deal(p, dealer, held))
        tricks = ns if declarer & 1 == 0 else 13 - ns
        below = sb.score_hand(strain, tricks, declarer & 1, doubles)["below"]
        sh.add(partial(records.encode_score, declarer=declarer, strain=strain, doubles=doubles),
               b, 1, games.BRIDGE_WHIST, ns, 13 - ns, below[0], below[1])
    sync(st, sh)
    st.close()
    return str(path)
