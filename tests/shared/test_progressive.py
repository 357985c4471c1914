"""Progressive euchre (progressive.py): the movement, a hand-computed evening, the ranking.
Both interpreters."""

from overplay_core import progressive as pe
from overplay_core import ruling_ids
from overplay_core.scoring.euchre import V_LONE_EUCHRED_2
from testkit import lcg, rule_error



SEATING = [["A", "B", "C", "D"], ["E", "F", "G", "H"], ["I", "J", "K", "L"]]


def _h(rnd, table, makers, tricks, **kw):
    e = {"round": rnd, "table": table, "makers": makers, "tricks": tricks}
    e.update(kw)
    return e


# Three tables of four, three rounds, lone euchred 2 (V_LONE_EUCHRED_2). Seats N E S W;
# N-S = seats 0 and 2, E-W = seats 1 and 3.
EVENING = [
    # Round 1. Table 1 [A B C D]: N-S 1 (3 tricks) + 0 + 2 (march) = 3; E-W 4 (B's lone
    # march) -> E-W (B, D) win 4-3.
    _h(1, 1, 0, 3), _h(1, 1, 1, 5, alone=True, lone_seat=1), _h(1, 1, 0, 5),
    # Table 2 [E F G H]: E-W euchred -> N-S 2; N-S 4 tricks -> 1; E-W make 3 tricks but the
    # laws engine ruled EU-23c (wrong number of cards, played to the first trick): E-W
    # cannot score -> 0. N-S (E, G) win 3-0.
    _h(1, 2, 1, 2), _h(1, 2, 0, 4),
    _h(1, 2, 1, 3, rulings=[(ruling_ids.id_of("EU-23c"), 1)]),
    # Table 3 [I J K L]: N-S lone euchred -> E-W 2 (the variant); E-W march -> 2; N-S lone
    # march, but EU-102 (the lone player's partner exposed a card) caps it at 2. E-W (J, L)
    # win 4-2.
    _h(1, 3, 0, 2, alone=True), _h(1, 3, 1, 5),
    _h(1, 3, 0, 5, alone=True, lone_seat=0, rulings=[(ruling_ids.id_of("EU-102"), -1)]),
    # Round 2: table 1 keeps its winners B, D and takes table 2's winners E, G: [B D E G];
    # table 2 keeps its losers F, H and takes table 3's winners J, L: [F H J L]; table 3
    # (the foot) keeps I, K and takes the head table's losers A, C: [I K A C].
    # Table 1: N-S 1; E-W 2 (march); N-S euchred -> E-W 2. E-W (D, G) win 4-1.
    _h(2, 1, 0, 4), _h(2, 1, 1, 5), _h(2, 1, 0, 1),
    # Table 2: E-W 1, N-S 1: level 1-1; N-S (F, J) won the cut (ties below).
    _h(2, 2, 1, 3), _h(2, 2, 0, 3),
    # Table 3: A (seat 2) lone march -> N-S 4; E-W march 2 and N-S revoked once (EU-62):
    # 3 more to E-W -> 5. E-W (K, C) win 5-4.
    _h(2, 3, 0, 5, alone=True, lone_seat=2),
    _h(2, 3, 1, 5, rulings=[("EU-62", 0)]),
    # Round 3: table 1 [D G F J]; table 2 [H L K C]; table 3 [I A B E].
    # Table 1: N-S 1; E-W euchred (no trick) -> N-S 2. N-S (D, F) win 3-0.
    _h(3, 1, 0, 3), _h(3, 1, 1, 0),
    # Table 2: E-W 1; C (seat 3) lone march -> E-W 4. E-W (L, C) win 5-0.
    _h(3, 2, 1, 4), _h(3, 2, 1, 5, alone=True, lone_seat=3),
    # Table 3: N-S 1; N-S euchred -> E-W 2; E-W 1. E-W (A, E) win 3-1.
    _h(3, 3, 0, 3), _h(3, 3, 0, 2), _h(3, 3, 1, 3),
]
TIES = {(2, 2): 0}

# Points, hand by hand: A 1+0+2 | 0+4 (lone) | 0+2+1 = 10; B 0+4+0 | 1+0+0 | 1+0+0 = 6;
# C 3 | 0+5 | 1+4 = 13; D 4 | 0+2+2 | 1+2 = 11; E 3 | 1 | 0+2+1 = 7; F 0 | 0+1 | 3 = 4;
# G 3 | 4 | 0 = 7; H 0 | 1+0 | 0 = 1; I 2 | 4+0 | 1 = 7; J 4 | 1 | 0 = 5; K 2 | 5 | 0 = 7;
# L 4 | 1 | 5 = 10. Games (rounds won): round 1 B D E G J L, round 2 D G F J K C, round 3
# D F L C A E.
POINTS = {"A": 10, "B": 6, "C": 13, "D": 11, "E": 7, "F": 4, "G": 7, "H": 1, "I": 7, "J": 5,
          "K": 7, "L": 10}
GAMES = {"A": 1, "B": 1, "C": 2, "D": 3, "E": 2, "F": 2, "G": 2, "H": 0, "I": 0, "J": 2,
         "K": 1, "L": 2}


def test_hand_computed_evening_moves_players_and_changes_partners():
    r = pe.score_evening(SEATING, EVENING, V_LONE_EUCHRED_2, TIES)
    rounds = r["rounds"]
    assert len(rounds) == 3
    assert [t[1] for t in rounds[0]] == SEATING
    assert [t[1] for t in rounds[1]] == [["B", "D", "E", "G"], ["F", "H", "J", "L"],
                                          ["I", "K", "A", "C"]]
    assert [t[1] for t in rounds[2]] == [["D", "G", "F", "J"], ["H", "L", "K", "C"],
                                          ["I", "A", "B", "E"]]
    assert [(t[2], t[3]) for t in rounds[0]] == [((3, 4), 1), ((3, 0), 0), ((2, 4), 1)]
    assert [(t[2], t[3]) for t in rounds[1]] == [((1, 4), 1), ((1, 1), 0), ((4, 5), 1)]
    assert [(t[2], t[3]) for t in rounds[2]] == [((3, 0), 0), ((0, 5), 1), ((1, 3), 1)]
    # A fourth round: the head table keeps D, F and takes table 2's winners L, C; its
    # losers G, J go to the foot, which keeps I, B; table 2 keeps H, K and takes A, E.
    assert r["seating"] == [["D", "F", "L", "C"], ["H", "K", "A", "E"], ["I", "B", "G", "J"]]


def test_hand_computed_evening_points_and_ranking_by_points():
    r = pe.score_evening(SEATING, EVENING, V_LONE_EUCHRED_2, TIES)
    rows = r["standings"]
    assert dict((x["player"], x["points"]) for x in rows) == POINTS
    assert dict((x["player"], x["games"]) for x in rows) == GAMES
    # Every point a side scores goes to both partners: twice the hands' totals (44).
    assert sum(POINTS.values()) == 2 * sum(sum(h["total"]) for h in r["hands"]) == 88
    # By points, games break ties (L 10/2 before A 10/1); E and G are level on both.
    assert [(x["rank"], x["player"]) for x in rows] == [
        (1, "C"), (2, "D"), (3, "L"), (4, "A"), (5, "E"), (5, "G"), (7, "K"), (8, "I"),
        (9, "B"), (10, "J"), (11, "F"), (12, "H")]
    c = rows[0]
    assert c["tables"] == [1, 3, 2] and c["partners"] == ["A", "K", "L"] and c["hands"] == 7
    assert c["lone"] == 1
    lone = dict((x["player"], x["lone"]) for x in rows)
    # B, A and C marched alone; I's capped march (law 102) scored 2 and is no lone hand made.
    assert [p for p in sorted(lone) if lone[p]] == ["A", "B", "C"]


def test_hand_computed_evening_ranking_by_games_won():
    rows = pe.score_evening(SEATING, EVENING, V_LONE_EUCHRED_2, TIES, pe.BY_GAMES)["standings"]
    assert [(x["rank"], x["player"]) for x in rows] == [
        (1, "D"), (2, "C"), (3, "L"), (4, "E"), (4, "G"), (6, "J"), (7, "F"), (8, "A"),
        (9, "K"), (10, "B"), (11, "I"), (12, "H")]


def test_rulings_in_the_evening_void_and_cap_the_score():
    r = pe.score_evening(SEATING, EVENING, V_LONE_EUCHRED_2, TIES)
    barred = r["hands"][5]
    assert barred["players"] == ["E", "F", "G", "H"] and barred["total"] == (0, 0)
    assert barred["rulings"] == ["EU-23c"]
    capped = r["hands"][8]
    assert capped["total"] == (2, 0) and capped["rulings"] == ["EU-102"]
    revoke = r["hands"][15]
    assert revoke["penalty"] == (0, 3) and revoke["total"] == (0, 5)


def test_a_level_table_needs_the_side_that_won_the_cut():
    msg = rule_error(pe.score_evening, SEATING, EVENING, V_LONE_EUCHRED_2)
    assert "table 2" in msg and "round 2" in msg and "cut" in msg


def test_a_level_last_round_stays_open_points_count_games_do_not():
    hands = [_h(1, 1, 0, 3), _h(1, 1, 1, 3)]
    r = pe.score_evening([["A", "B", "C", "D"]], hands)
    assert r["rounds"] == [] and r["seating"] == [["A", "B", "C", "D"]]
    rows = r["standings"]
    assert [(x["player"], x["points"], x["games"], x["rank"]) for x in rows] == [
        ("A", 1, 0, 1), ("B", 1, 0, 1), ("C", 1, 0, 1), ("D", 1, 0, 1)]


def test_one_table_winners_stay_and_split_the_losers_come_back():
    assert pe.next_seating([["A", "B", "C", "D"]], [0]) == [["A", "C", "B", "D"]]
    assert pe.next_seating([["A", "B", "C", "D"]], [1]) == [["B", "D", "A", "C"]]


def test_two_tables_head_losers_go_to_the_foot_and_nobody_keeps_a_partner():
    nxt = pe.next_seating([["A", "B", "C", "D"], ["E", "F", "G", "H"]], [1, 0])
    assert nxt == [["B", "D", "E", "G"], ["F", "H", "A", "C"]]
    old = set()
    for row in ([["A", "B", "C", "D"], ["E", "F", "G", "H"]]):
        old.add((row[0], row[2]))
        old.add((row[1], row[3]))
    for row in nxt:
        assert (row[0], row[2]) not in old and (row[1], row[3]) not in old


def test_movement_keeps_every_player_seated_once_over_many_rounds():
    seating = [[str(t * 4 + s) for s in range(4)] for t in range(5)]
    everyone = sorted(p for row in seating for p in row)
    for rnd in range(12):
        winners = [(rnd + t) % 2 for t in range(5)]
        nxt = pe.next_seating(seating, winners)
        assert sorted(p for row in nxt for p in row) == everyone
        # Each table's winners move up one (the head table's stay), its losers stay (the
        # head table's go to the foot).
        for t in range(5):
            w = winners[t]
            pair = (seating[t][w], seating[t][w + 2])
            to = 0 if t == 0 else t - 1
            assert pair[0] in nxt[to] and pair[1] in nxt[to]
            lost = (seating[t][1 - w], seating[t][3 - w])
            to = 4 if t == 0 else t
            assert lost[0] in nxt[to] and lost[1] in nxt[to]
        seating = nxt


def test_evening_refuses_what_cannot_be_right():
    assert "twice" in rule_error(pe.Evening, [["A", "B", "C", "A"]])
    assert "four players" in rule_error(pe.Evening, [["A", "B", "C"]])
    ev = pe.Evening([["A", "B", "C", "D"]])
    assert "table must be" in rule_error(ev.add, 2, {"makers": 0, "tricks": 3})
    assert "makers" in rule_error(ev.add, 1, {"makers": 2, "tricks": 3})
    assert "lone_seat" in rule_error(ev.add, 1, {"makers": 0, "tricks": 5, "alone": True,
                                               "lone_seat": 1})
    # A refused hand leaves no trace: nobody scored, no hand counted.
    assert [(x["points"], x["hands"]) for x in ev.standings()] == [(0, 0)] * 4
    assert "order played" in rule_error(pe.score_evening, [["A", "B", "C", "D"]],
                                     [_h(1, 1, 0, 3), _h(2, 1, 0, 3), _h(1, 1, 0, 3)])
    # A round with no hand at all: its table is level at 0 and needs a side.
    assert "level at 0" in rule_error(pe.score_evening, [["A", "B", "C", "D"]],
                                   [_h(2, 1, 0, 3)])
    assert "points or games" in rule_error(ev.standings, 7)
    # Players keyed at the table must be the ones the movement seats there.
    assert "check who moved" in rule_error(ev.add, 1, {"makers": 0, "tricks": 3,
                                                    "players": ["A", "C", "B", "D"]})
    assert ev.add(1, {"makers": 0, "tricks": 3, "players": ("A", "B", "C", "D")})["total"] \
        == (1, 0)


def test_lone_hand_prevented_by_law_19_is_scored_with_partner():
    ev = pe.Evening([["A", "B", "C", "D"]])
    b = ev.add(1, {"makers": 0, "tricks": 5, "alone": True, "lone_seat": 0,
                   "rulings": [(ruling_ids.id_of("EU-19p"), 0)]})
    assert b["total"] == (2, 0) and not b["alone"]
    assert ev.standings()[0]["lone"] == 0



def test_random_evenings_keep_points_games_and_seats_consistent():
    for seed in range(25):
        rnd = lcg(seed)
        tables = 1 + rnd(4)
        rounds = 1 + rnd(5)
        seating = [["p%d" % (t * 4 + s) for s in range(4)] for t in range(tables)]
        entries = []
        ties = {}
        for r in range(1, rounds + 1):
            for t in range(1, tables + 1):
                ties[(r, t)] = rnd(2)
                for _ in range(1 + rnd(4)):
                    alone = rnd(4) == 0
                    makers = rnd(2)
                    e = _h(r, t, makers, rnd(6), alone=alone)
                    if alone:
                        e["lone_seat"] = makers + 2 * rnd(2)
                    entries.append(e)
        res = pe.score_evening(seating, entries, rnd(2) * V_LONE_EUCHRED_2, ties,
                               rnd(2))
        rows = res["standings"]
        assert len(res["rounds"]) == rounds
        assert sum(x["points"] for x in rows) == 2 * sum(sum(h["total"]) for h in res["hands"])
        assert sum(x["games"] for x in rows) == 2 * tables * rounds
        assert sum(x["hands"] for x in rows) == 4 * len(entries)
        byname = dict((x["player"], x) for x in rows)
        for x in rows:
            assert len(x["tables"]) == rounds and len(x["partners"]) == rounds
            for i in range(rounds):
                mate = byname[x["partners"][i]]
                assert mate["partners"][i] == x["player"]
                assert mate["tables"][i] == x["tables"][i]
        for i in range(1, len(rows)):
            assert rows[i]["rank"] >= rows[i - 1]["rank"]
