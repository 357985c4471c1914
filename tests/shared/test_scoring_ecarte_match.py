"""Écarté deals as the terminal keys them, games, matches (best of three) and standings per
pair of players (scoring_ecarte.score_entry, Match, score_pairs). Both interpreters."""

from overplay_core import ruling_ids
from overplay_core.scoring import ecarte as sc
from testkit import lcg, rule_error

T = sc.V_ECARTE_TREBLE
AB = ("Ann", "Bob")
CA = ("Cy", "Ann")



def _d(players, dealer, tricks, **kw):
    e = {"players": players, "dealer": dealer, "tricks": tricks}
    e.update(kw)
    return e


# Ann (seat 0) against Bob (seat 1), the treble variant (law 46), and at the next table Cy
# against Ann. Marks after each deal as (Ann, Bob).
EVENING = [
    # Game 1. Ann deals, makes 3: point -> (1, 0).
    _d(AB, 0, (3, 2)),
    # Bob deals and turns up the king (1), then takes all five: vole 2 -> (1, 3).
    _d(AB, 1, (0, 5), king=1),
    # Cy deals to Ann at table 2 and takes the vole: Cy 2, Ann 0.
    _d(CA, 0, (5, 0)),
    # Ann deals; Bob played without proposing and lost the point: Ann marks 2 -> (3, 3).
    _d(AB, 0, (4, 1), proposal="played_without_proposing"),
    # Bob deals; Ann holds the king of trumps and announces it (1) -> 4, then the point -> 5.
    # Ann wins game 1; Bob has 3: single (1).
    _d(AB, 1, (3, 2), king=0),
    # Game 2. Ann deals; Bob's point -> (0, 1).
    _d(AB, 0, (2, 3)),
    # Bob deals and turns up the king: the laws engine's EC-47a gives him the mark (1); his
    # vole 2 -> (0, 4).
    _d(AB, 1, (0, 5), rulings=[(ruling_ids.id_of("EC-47a"), 1)]),
    # Ann deals to Cy: Ann turns up the king (EC-47a, seat 1 at that table) -> Ann 1; Cy's
    # point -> Cy 3. The match at table 2 stays open.
    _d(CA, 1, (3, 2), rulings=[("EC-47a", 1)]),
    # Ann deals and makes 3 tricks, but she played with six cards (EC-13): no point -> (0, 4).
    _d(AB, 0, (3, 2), rulings=[(ruling_ids.id_of("EC-13"), 0)]),
    # Bob deals; his point -> (0, 5). Bob wins game 2; Ann has not scored: treble (3).
    _d(AB, 1, (1, 4)),
    # Game 3. Ann deals; her point -> (1, 0).
    _d(AB, 0, (3, 2)),
    # Bob deals and abandons his hand after one trick: the engine rules EC-42p, Ann (seat 0)
    # marks the point -> (2, 0).
    _d(AB, 1, (2, 1), rulings=[(ruling_ids.id_of("EC-42p"), 0)]),
    # Ann deals; Bob stood (played without proposing) and lost the point: Ann 2 -> (4, 0).
    _d(AB, 0, (3, 2), proposal="played_without_proposing"),
    # Keyed from Bob's side of the table (Bob seat 0): Bob deals, makes 3 -> (4, 1).
    _d(("Bob", "Ann"), 0, (3, 2)),
    # Ann deals; her point -> (5, 1). Ann wins game 3 and the match; Bob has 1: double (2).
    _d(AB, 0, (4, 1)),
]


def test_hand_computed_match_with_the_treble_variant():
    r = sc.score_pairs(EVENING, T)
    ab = [d for d in r["deals"] if d["players"] == AB]
    assert [tuple(d["total"]) for d in ab] == [
        (1, 0), (0, 3), (2, 0), (2, 0), (0, 1), (0, 3), (0, 0), (0, 1), (1, 0), (1, 0),
        (2, 0), (0, 1), (1, 0)]
    assert [d["game_won"] for d in ab] == [
        None, None, None, "Ann", None, None, None, "Bob", None, None, None, None, "Ann"]
    assert ab[-1]["match_won"] == "Ann"
    names, m = r["matches"][0]
    assert names == AB and m.finished and m.winner == 0
    # (winner, value, loser's marks): single, treble, double.
    assert m.values == [(0, 1, 3), (1, 3, 0), (0, 2, 1)]
    assert m.games == [2, 1] and m.points == [3, 3]
    # Ann won the match two games to one; the game values came out level, 3 each.
    assert m.result() == (-1, 0)


def test_hand_computed_standings_per_pair_and_player():
    r = sc.score_pairs(EVENING, T)
    pairs = r["pairs"]
    assert pairs[0] == {"pair": AB, "matches": [1, 0], "games": [2, 1], "points": [3, 3],
                        "open": None}
    # Cy 2 (vole) + 1 (point); Ann 1 (king): the match at table 2 goes on.
    assert pairs[1] == {"pair": CA, "matches": [0, 0], "games": [0, 0], "points": [0, 0],
                        "open": {"games": (0, 0), "score": (3, 1)}}
    assert r["players"] == [
        {"rank": 1, "player": "Ann", "matches_won": 1, "points": 3, "games": 2, "matches": 1},
        {"rank": 2, "player": "Bob", "matches_won": 0, "points": 3, "games": 1, "matches": 1},
        {"rank": 3, "player": "Cy", "matches_won": 0, "points": 0, "games": 0, "matches": 0}]


def test_without_the_agreement_every_game_counts_one():
    r = sc.score_pairs(EVENING)
    m = r["matches"][0][1]
    assert m.values == [(0, 1, 3), (1, 1, 0), (0, 1, 1)] and m.result() == (0, 1)


def test_a_pair_keyed_from_either_side_is_one_pair():
    # Keyed from Bob's side: Ann (seat 1 there) deals and takes all five: her vole.
    r = sc.score_pairs([_d(AB, 0, (3, 2)), _d(("Bob", "Ann"), 1, (0, 5))])
    assert len(r["matches"]) == 1
    assert r["matches"][0][1].game.score == [3, 0]
    d = r["deals"][1]
    assert d["total"] == (2, 0) and d["dealer"] == 0 and d["tricks"] == (5, 0)


def test_a_new_match_begins_after_a_finished_one():
    vole0 = _d(AB, 0, (5, 0))
    r = sc.score_pairs([vole0] * 6 + [_d(AB, 1, (2, 3))])
    assert [m.finished for _, m in r["matches"]] == [True, False]
    assert r["matches"][0][1].values == [(0, 1, 0), (0, 1, 0)]
    assert r["pairs"][0]["matches"] == [1, 0] and r["pairs"][0]["open"]["score"] == (0, 1)


def test_match_refuses_a_deal_after_it_is_over():
    m = sc.Match(T)
    for _ in range(6):
        m.add(sc.deal_points(0, (5, 0)))
    assert m.finished and m.values == [(0, 3, 0), (0, 3, 0)]
    assert "over" in rule_error(m.add, sc.deal_points(0, (5, 0)))


def test_entry_rulings_offender_void_and_king_not_marked():
    # EC-43l: Bob renounced and the deal stood; he wins the point and marks nothing.
    b = sc.score_entry(_d(AB, 0, (2, 3), rulings=[("EC-43l", 1)]))
    assert b["total"] == (0, 0) and b["rulings"] == ["EC-43l"]
    # EC-47c: the king held was announced too late: keyed as marked, not marked.
    b = sc.score_entry(_d(AB, 0, (3, 2), king=1, rulings=[("EC-47c", 1)]))
    assert b["total"] == (1, 0)
    # EC-45: the pack was incorrect: the deal is void, nothing marked.
    b = sc.score_entry(_d(AB, 0, (5, 0), king=0, rulings=[(ruling_ids.id_of("EC-45"), -1)]))
    assert b["void"] and b["total"] == (0, 0) and b["king"] == (0, 0)
    # A ruling that does not change the marks (EC-39a) is passed over.
    b = sc.score_entry(_d(AB, 0, 3, rulings=[("EC-39a", 0)]))
    assert b["total"] == (1, 0) and b["rulings"] == [] and b["tricks"] == (3, 2)


def test_entry_refuses_what_cannot_be_scored():
    assert "seat it names" in rule_error(sc.score_entry, _d(AB, 0, (3, 2),
                                                         rulings=[("EC-13", -1)]))
    assert "proposal" in rule_error(sc.score_entry, _d(AB, 0, (3, 2), proposal="stood"))
    assert "five tricks" in rule_error(sc.score_entry, _d(AB, 0, (3, 3)))
    assert "two different names" in rule_error(sc.score_pairs, [_d(("A", "A"), 0, (3, 2))])
    assert "dealer" in rule_error(sc.score_entry, {"tricks": (3, 2)})



def test_random_matches_last_two_or_three_games_and_add_up():
    for seed in range(40):
        rnd = lcg(seed)
        m = sc.Match(T if seed & 1 else 0, bool(seed & 2))
        dealer = 0
        while not m.finished:
            t0 = rnd(6)
            king = rnd(3) - 1
            m.add(sc.deal_points(dealer, (t0, 5 - t0), rnd(3), king))
            dealer = 1 - dealer
            assert m.deals < 60
        assert len(m.values) in (2, 3) and m.games[m.winner] == 2
        assert m.games[1 - m.winner] == len(m.values) - 2
        for s in (0, 1):
            assert m.points[s] == sum(v for w, v, _ in m.values if w == s)
        for w, v, loser in m.values:
            assert v == sc.game_value(loser, m.variant) and 0 <= loser < 5


def test_rulings_from_the_laws_engine_carried_through():
    from overplay_core import laws
    from overplay_core.scoring import rulings as sr
    # Seat 1 deals; seat 0, the non-dealer, abandons his hand with one trick (law 42): the
    # engine names the dealer as the seat that marks the point.
    r = laws.judge({"game": "ecarte", "context": {"dealer": 1, "phase": "play_begun"},
                    "events": [{"type": "hand_abandoned", "seat": "non_dealer", "tricks": 1}]})
    rulings = sr.from_verdict(r["rulings"], two_hands=True, dealer=1)
    assert rulings == [("EC-42p", 1)]
    b = sc.score_entry(_d(AB, 1, (1, 0), rulings=rulings))
    assert b["total"] == (0, 1) and b["winner"] == 1 and b["kind"] == "point"
