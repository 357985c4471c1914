"""Bridge whist hands as the terminal keys them (declaration, doubles, tricks, honours and
voids), rubbers per table and standings per player (scoring_bridge.score_entry,
score_rubbers). Both interpreters."""

import gc

from overplay_core import ruling_ids
from overplay_core.scoring import bridge as sb
from overplay_core.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from testkit import lcg, rule_error

NT = sb.NO_TRUMP
PLAYERS = ("Nan", "Eve", "Sam", "Wes")  # N E S W



def _h(dealer, declarer, strain, tricks, honours, void=(), doubles=0, **kw):
    e = {"dealer": dealer, "declarer": declarer, "strain": strain, "tricks": tricks,
         "honours": honours, "void": void, "doubles": doubles, "players": PLAYERS}
    e.update(kw)
    return e


# One rubber. Seats N 0, E 1, S 2, W 3; trick values spades 2, clubs 4, diamonds 6,
# hearts 8, no trumps 12 (BR-20); honours in tricks' values (BR-22, BR-23); chicane is
# simple honours, two tricks' value (BR-25).
RUBBER = [
    # 1. N deals and makes hearts; N-S 9 tricks: 3 x 8 = 24 below. Honours N 2, S 1 (E 1,
    #    W 1): N-S simple honours 2 x 8 = 16. N-S game 24.
    _h(0, 0, HEARTS, 9, (2, 1, 1, 1)),
    # 2. E deals and passes; W makes spades, doubled; E-W 8 tricks: 2 x (2 x 2) = 8 below.
    #    Honours E 4, W 1: four in one hand, the fifth in partner's, 9 x 2 = 18; S is void of
    #    spades (chicane on the side without honours): 2 x 2 = 4 off E-W's honours -> 14.
    _h(1, 3, SPADES, 8, (0, 4, 0, 1), void=(2,), doubles=1),
    # 3. S deals and makes no trumps; N-S 8 tricks: 2 x 12 = 24 below -> 48: N-S win game 1.
    #    Aces N 2, S 1, E 1: N-S three aces 30.
    _h(2, 2, NT, 8, (2, 1, 1, 0)),
    # 4. W deals and passes; E makes diamonds, redoubled; E-W 7 tricks: 1 x (6 x 4) = 24
    #    below. Honours E 3, W 1, N 1: E-W four honours divided 4 x 6 = 24; S void of
    #    diamonds: 2 x 6 = 12 off -> 12. E-W game 24.
    _h(3, 1, DIAMONDS, 7, (1, 3, 0, 1), void=(2,), doubles=2),
    # 5. N deals and passes; S makes clubs; N-S 12 tricks: 6 x 4 = 24 below (N-S game 24);
    #    little slam 20. Honours N 2, S 2: four divided 4 x 4 = 16; W void of clubs
    #    (chicane on the side without honours): 2 x 4 = 8 off -> 8; above 8 + 20 = 28.
    _h(0, 2, CLUBS, 12, (2, 0, 2, 0), void=(3,)),
    # 6. E deals and makes hearts; E-W 6 tricks in play, but E-W revoked (the laws engine's
    #    BR-RV): three tricks to N-S (BR-18), N-S 10: 4 x 8 = 32 below -> 56: N-S win
    #    game 2 and the rubber. Honours E 2, W 1: E-W simple honours 16.
    _h(1, 1, HEARTS, 6, (1, 2, 1, 1), rulings=[(ruling_ids.id_of("BR-RV"), 1)]),
]
# N-S: below 24 + 24 + 24 + 32 = 104, above 16 + 30 + 28 = 74, rubber 100 -> 278.
# E-W: below 8 + 24 = 32, above 14 + 12 + 16 = 42 -> 74. N-S win the rubber by 204.


def test_hand_computed_rubber_with_honours_and_chicane():
    r = sb.score_rubbers(RUBBER)
    hands = r["hands"]
    assert [h["below"] for h in hands] == [(24, 0), (0, 8), (24, 0), (0, 24), (24, 0),
                                           (32, 0)]
    assert [h["above"] for h in hands] == [(16, 0), (0, 14), (30, 0), (0, 12), (28, 0),
                                           (0, 16)]
    assert [h["chicane"] for h in hands] == [(0, 0), (0, -4), (0, 0), (0, -12), (-8, 0),
                                             (0, 0)]
    assert hands[4]["slam"] == (20, 0)
    assert hands[5]["tricks"] == (10, 3) and hands[5]["rulings"] == ["BR-RV"]
    assert [h["game_won"] for h in hands] == [-1, -1, 0, -1, -1, 0]
    assert len(r["rubbers"]) == 1
    rub = r["rubbers"][0]["rubber"]
    assert rub.finished and rub.winner == sb.NS and rub.games == [2, 0]
    assert rub.below == [104, 32] and rub.above == [74, 42]
    assert rub.totals() == (278, 74) and rub.result() == (sb.NS, 204)


def test_hand_computed_rubber_standings_per_player():
    r = sb.score_rubbers(RUBBER)
    assert r["players"] == [
        {"rank": 1, "player": "Nan", "points": 204, "rubbers": 1, "won": 1},
        {"rank": 1, "player": "Sam", "points": 204, "rubbers": 1, "won": 1},
        {"rank": 3, "player": "Eve", "points": -204, "rubbers": 1, "won": 0},
        {"rank": 3, "player": "Wes", "points": -204, "rubbers": 1, "won": 0}]


def test_next_rubber_begins_and_an_unfinished_one_is_not_counted():
    # The pack proved incorrect (BR-42): the hand is void and scores nothing.
    void = _h(2, 0, HEARTS, 13, (5, 0, 0, 0), rulings=[("BR-42", -1)])
    more = _h(3, 3, SPADES, 10, (0, 1, 1, 3))
    r = sb.score_rubbers(RUBBER + [void, more])
    assert len(r["rubbers"]) == 2
    assert r["hands"][6]["void"] and r["hands"][6]["above"] == (0, 0)
    assert r["hands"][6]["below"] == (0, 0) and r["hands"][6]["rubber"] == 2
    second = r["rubbers"][1]["rubber"]
    assert not second.finished and second.game == [0, 8]  # E-W 4 x 2
    assert [x["points"] for x in r["players"]] == [204, 204, -204, -204]


def test_tables_keep_their_own_rubbers():
    a = _h(0, 0, NT, 9, (2, 0, 1, 1), table=1)  # N-S 36: game
    b = _h(1, 1, NT, 9, (1, 1, 1, 1), table=2, players=("P", "Q", "R", "S"))
    r = sb.score_rubbers([a, b, a])
    assert [x["table"] for x in r["rubbers"]] == [1, 2]
    assert r["rubbers"][0]["rubber"].finished and not r["rubbers"][1]["rubber"].finished
    assert r["rubbers"][1]["rubber"].games == [0, 1]


def test_entry_without_honours_scores_tricks_only():
    b = sb.score_entry({"declarer": 1, "strain": HEARTS, "tricks": 9})
    assert b["below"] == (0, 24) and b["honours_kind"] == "not computed"
    assert b["declarer"] == 1 and b["declarer_side"] == sb.EW


def test_entry_refuses_what_cannot_be_scored():
    assert "dealer or his partner" in rule_error(sb.score_entry, _h(0, 1, HEARTS, 7, (1, 1, 1, 1)))
    assert "declarer" in rule_error(sb.score_entry, _h(0, 4, HEARTS, 7, (1, 1, 1, 1)))
    assert "revoking side" in rule_error(sb.score_entry, _h(0, 0, HEARTS, 7, (1, 1, 1, 1),
                                                         rulings=[("BR-RV", -1)]))
    assert "strain" in rule_error(sb.score_entry, _h(0, 0, 7, 7, (1, 1, 1, 1)))
    assert "only 5" in rule_error(sb.score_entry, _h(0, 0, HEARTS, 7, (2, 2, 1, 1)))
    assert "void of trumps" in rule_error(sb.score_entry, _h(0, 0, HEARTS, 7, (2, 1, 1, 1),
                                                          void=(0,)))
    mixed = _h(0, 0, HEARTS, 7, (2, 1, 1, 1), hands=[[], [], [], []])
    assert "not both" in rule_error(sb.score_entry, mixed)
    changed = _h(0, 0, HEARTS, 7, (2, 1, 1, 1), players=("Nan", "Eve", "Sam", "Zed"))
    assert "players changed" in rule_error(sb.score_rubbers, [RUBBER[0], changed])


def test_double_chicane_on_the_honours_side_adds_four_honours():
    # N-S hold three honours (simple, 2 x 8 = 16) and E and W are both void: double chicane
    # deducts 2 x 16 = 32 from N-S's honours -> -16.
    b = sb.score_entry(_h(0, 0, HEARTS, 7, (2, 0, 1, 0), void=(1, 3)))
    assert b["honours"] == (16, 0) and b["chicane"] == (-32, 0) and b["above"] == (-16, 0)
    # N void with N-S holding the honours through S: chicane adds 16.
    b = sb.score_entry(_h(0, 0, HEARTS, 7, (0, 1, 3, 1), void=(0,)))
    assert b["chicane"] == (16, 0) and b["above"] == (32, 0)



def test_random_sessions_settle_every_rubber_and_players_sum_to_zero():
    for seed in range(20):
        rnd = lcg(seed)
        entries = []
        gc.collect()
        for i in range(8 + rnd(16)):
            dealer = i % 4
            strain = rnd(5)
            most = 4 if strain == NT else 5
            per = [0, 0, 0, 0]
            for _ in range(most):
                per[rnd(4)] += 1
            void = [s for s in range(4) if per[s] == 0 and strain != NT and rnd(5) == 0]
            table = 1 + rnd(2)
            entries.append(_h(dealer, (dealer + 2 * rnd(2)) % 4, strain, rnd(14), per,
                              void=void, doubles=rnd(3), table=table,
                              players=("a", "b", "c", "d") if table == 1 else
                              ("e", "f", "g", "h")))
        r = sb.score_rubbers(entries)
        for x in r["rubbers"]:
            rub = x["rubber"]
            if rub.finished:
                assert rub.games[rub.winner] == 2 and sum(rub.games) in (2, 3)
                t = rub.totals()
                for s in (0, 1):
                    bonus = sb.RUBBER_BONUS if s == rub.winner else 0
                    assert t[s] == rub.below[s] + rub.above[s] + bonus
            else:
                assert max(rub.games) < 2
        assert sum(p["points"] for p in r["players"]) == 0
        assert sum(len(h["rulings"]) for h in r["hands"]) == 0


def test_honours_and_chicane_from_the_cards_the_shoe_recorded():
    # The seat of every card as the shoe records a deal (0xFF: not read). Hearts: N holds
    # A K Q J 10 (five in one hand, 10 x 8 = 80); E and S hold the low hearts and W none:
    # chicane on the side without honours takes 2 x 8 = 16 off N-S's honours -> 64.
    seat_of_card = bytearray([0xFF] * 52)
    for i in range(13):  # hearts 2..A: the 2 is HEARTS * 13
        seat_of_card[HEARTS * 13 + i] = 0 if i >= 8 else 1 + (i & 1)
    e = {"declarer": 0, "strain": HEARTS, "tricks": 7, "seat_of_card": seat_of_card}
    b = sb.score_entry(e)
    assert b["honours_kind"] == "five honours in one hand"
    assert b["honours"] == (80, 0) and b["chicane"] == (-16, 0) and b["above"] == (64, 0)
    seat_of_card[HEARTS * 13] = 3  # W holds the two of hearts: no chicane
    b = sb.score_entry(e)
    assert b["chicane"] == (0, 0) and b["above"] == (80, 0)
    e["hands"] = [[], [], [], []]
    assert "not both" in rule_error(sb.score_entry, e)
