"""`overplay results` for the games whose tables deal their own hands (issue #16): a
progressive euchre evening, an écarté match under the treble variant and a bridge whist rubber,
each keyed per hand (the SCORE's game fields), signed as a shoe signs them and merged by the
real ingest (tests/host/game_sessions.py), then scored and ranked. Every figure below is
worked out by hand from the laws, in the comments, before the engine is asked."""

import csv
import io
import json

import pytest
from endplay.parsers import pbn as endplay_pbn

from overplay import cli, results
from overplay.results import export
from game_sessions import (BRIDGE_HANDS, EUCHRE_HANDS, build_bridge, build_ecarte,
                           build_euchre)


def _rows(result):
    return {(b["board"], r["table"]): r for b in result["boards"] for r in b["tables"]}


# ---- progressive euchre -----------------------------------------------------------------
#
# Two tables, a Mitchell over boards 1-4: two rounds of two hands. Round 1 seats the
# movement's pairs of round 1 (N-S 1 and E-W 3 at table 1, N-S 2 and E-W 4 at table 2), the
# roster's names: table 1 N Ann, E Bob, S Cy, W Di; table 2 N Ed, E Flo, S Gus, W Hal.
#
# Round 1, table 1: board 1 N-S make trump, 4 tricks: N-S 1 (law 2). Board 2 E-W alone take
#   all five: a lone march is 4 (law 3), but W (the lone player's partner) showed a card while
#   it was played (the shoe read it): law 102 caps the march at 2. N-S 1, E-W 2: E-W won.
# Round 1, table 2: board 3 N-S make trump, 2 tricks: euchred, E-W 2. Board 4 E-W make it, 3
#   tricks (1), but E held four cards and the table played on: law 23, he cannot score: 0.
#   N-S 0, E-W 2: E-W won.
# The move (progressive.py): head table's winners stay (Bob, Di), table 2's winners come up
#   (Flo, Hal); table 2's losers stay (Ed, Gus) and table 1's losers go to the foot (Ann, Cy);
#   the stayers take N and E. Round 2: table 1 N Bob, E Di, S Flo, W Hal; table 2 N Ed, E Gus,
#   S Ann, W Cy.
# Round 2, table 1: N-S 3 tricks (1), N-S alone march (4): N-S 5, E-W 0: Bob & Flo won.
# Round 2, table 2: E-W alone euchred (4 to N-S), E-W march (2): N-S 4, E-W 2: Ed & Ann won.
# Each player's points: Ann 1 + 4 = 5, Bob 2 + 5 = 7, Cy 1 + 2 = 3, Di 2 + 0 = 2,
#   Ed 0 + 4 = 4, Flo 2 + 5 = 7, Gus 0 + 2 = 2, Hal 2 + 0 = 2.
# Games (rounds won): Bob 2, Flo 2, Ann 1, Di 1, Ed 1, Hal 1, Cy 0, Gus 0.
# By points (games break ties): Bob 7 and Flo 7 share 1st; Ann 5; Ed 4; Cy 3; Di and Hal
#   (2 points, 1 game) share 6th; Gus (2, 0) 8th.
# By games (points break ties): Bob, Flo 1st; Ann (1, 5) 3rd; Ed (1, 4) 4th; Di and Hal
#   (1, 2) share 5th; Cy (0, 3) 7th; Gus (0, 2) 8th.

BY_POINTS = [(1, "Bob", 7, 2), (1, "Flo", 7, 2), (3, "Ann", 5, 1), (4, "Ed", 4, 1),
             (5, "Cy", 3, 0), (6, "Di", 2, 1), (6, "Hal", 2, 1), (8, "Gus", 2, 0)]
BY_GAMES = [(1, "Bob", 7, 2), (1, "Flo", 7, 2), (3, "Ann", 5, 1), (4, "Ed", 4, 1),
            (5, "Di", 2, 1), (5, "Hal", 2, 1), (7, "Cy", 3, 0), (8, "Gus", 2, 0)]


@pytest.fixture
def euchre_db(tmp_path):
    return build_euchre(tmp_path / "euchre.sqlite")


def test_progressive_euchre_evening_by_hand(euchre_db):
    r = results.build(euchre_db)
    st = r["standings"]
    assert st["kind"] == "progressive" and st["note"] == ""
    assert [(p["rank"], p["player"], p["points"], p["games"]) for p in st["players"]] == \
        BY_POINTS
    # the seating the movement and the winners gave, round by round, and the round's scores
    assert [[(x["table"], x["players"], x["score"], x["winner"]) for x in rnd]
            for rnd in st["rounds"]] == [
        [(1, ["Ann", "Bob", "Cy", "Di"], [1, 2], 1), (2, ["Ed", "Flo", "Gus", "Hal"], [0, 2], 1)],
        [(1, ["Bob", "Di", "Flo", "Hal"], [5, 0], 0), (2, ["Ed", "Gus", "Ann", "Cy"], [4, 2], 0)]]
    bob = [p for p in st["players"] if p["player"] == "Bob"][0]
    assert bob["tables"] == [1, 1] and bob["partners"] == ["Di", "Flo"]
    rows = _rows(r)
    capped = rows[(2, 1)]["hand"]
    assert capped["rulings"] == ["EU-102"] and capped["points"] == [0, 2]
    assert [x["code"] for x in rows[(2, 1)]["rulings"]] == ["EU-102"]
    short = rows[(4, 2)]["hand"]
    assert short["rulings"] == ["EU-23c"] and short["barred"] == 1 and short["points"] == [0, 0]
    assert rows[(1, 2)]["hand"]["points"] == [4, 0]  # a lone hand euchred: 4 (law 3)


def test_progressive_euchre_ranked_by_games_from_the_command(euchre_db, capsys):
    assert cli.main(["results", "--db", euchre_db, "--rank", "games"]) == 0
    out = capsys.readouterr().out
    lines = out[out.index("Players (by games):"):].splitlines()[1:9]
    assert [tuple(x.split()[:2]) for x in lines] == [(str(k), n) for k, n, _, _ in BY_GAMES]
    assert "Next round's seating: table 1 N Bob E Flo S Ed W Ann; table 2 N Gus E Cy S Di " \
        "W Hal" in out
    assert "board 2: E-W alone make trump, 5 tricks (march): N-S +0, E-W +2  [EU-102]" in out


def test_lone_euchred_2_variant_changes_the_lone_euchre(tmp_path):
    # Round 2, table 2, board 1: a euchred lone hand gives 2 under lone_euchred_2, not 4:
    # Ed and Ann end with 2 fewer (Ed 2, Ann 3); N-S 2, E-W 2 is level there: the progression
    # cannot close round 2 without the cut, so its games are not given (round 1's are).
    from overplay_core import games
    r = results.build(build_euchre(tmp_path / "e.sqlite", games.V_LONE_EUCHRED_2))
    st = r["standings"]
    pts = dict((p["player"], (p["points"], p["games"])) for p in st["players"])
    assert pts["Ed"] == (2, 0) and pts["Ann"] == (3, 0) and pts["Bob"] == (7, 1)
    assert len(st["rounds"]) == 1 and "round 2 is still open" in st["note"]


def test_a_level_round_stops_the_progression_and_says_why(tmp_path):
    # Round 1, table 1: N-S 4 tricks (1), E-W 3 tricks (1): level at 1 all. Who moves is
    # decided by a cut the shoes do not record: round 2's hands are listed, not scored.
    hands = dict(EUCHRE_HANDS)
    hands[(1, 2)] = (1, 3, 0)
    r = results.build(build_euchre(tmp_path / "e.sqlite", hands=hands))
    st = r["standings"]
    assert st["note"].startswith("stopped in round 1: table 1 ended it level (1 all)")
    assert st["rounds"] == []
    rows = _rows(r)
    assert rows[(3, 1)]["hand"] == {"error": "the progression stopped in round 1"}
    pts = dict((p["player"], p["points"]) for p in st["players"])
    assert pts == {"Ann": 1, "Bob": 1, "Cy": 1, "Di": 1, "Ed": 0, "Flo": 2, "Gus": 0, "Hal": 2}


def test_euchre_exports_its_own_fields_and_no_pbn(euchre_db, tmp_path, capsys):
    r = results.build(euchre_db)
    rows = list(csv.DictReader(io.StringIO(results.render(r, "csv"))))
    assert len(rows) == 8
    capped = [x for x in rows if (x["board"], x["table"]) == ("2", "1")][0]
    assert (capped["makers"], capped["alone"], capped["makers_tricks"], capped["march"],
            capped["score_ns"], capped["score_ew"], capped["points_ew"], capped["applied"],
            capped["player_w"]) == ("E-W", "1", "5", "1", "0", "2", "4", "EU-102", "Di")
    euchred = [x for x in rows if (x["board"], x["table"]) == ("3", "2")][0]
    assert (euchred["euchred"], euchred["score_ew"]) == ("1", "2")
    data = json.loads(results.render(r, "json"))
    assert data["standings"]["players"][0]["player"] == "Bob"
    assert cli.main(["results", "--db", euchre_db, "-o", str(tmp_path / "e.pbn")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "euchre has no PBN" in err
    assert not (tmp_path / "e.pbn").exists()


# ---- écarté: Ann (seat 0) v Bob (seat 1), ecarte_treble -----------------------------------
#
# Game 1: 1 Ann deals, 3-2 with the king turned: king 1 + point 1 = Ann 2. 2 Bob deals, Ann
#   takes all five: vole 2 (Ann 4). 3 Ann deals, Bob played without proposing and won the
#   point as non-dealer: just 1 (Bob 1). 4 Ann 3-2: Ann 5. Ann wins, Bob at 1: double, 2.
# Game 2: 5 Ann deals and refused the first proposal, Bob wins the point: 2 (law EC-24). 6 a
#   card of another pack was dealt: law 45, the deal is void (Bob's vole does not count).
#   7 Bob 3 tricks and the king he held: 2 (Bob 4). 8 Bob 4 tricks: 5. Bob wins, Ann at 0:
#   treble, 3.
# Game 3: 9 Ann 4 tricks and the king turned: 2. 10 Ann vole: 4. 11 Ann point: 5. Ann wins,
#   Bob at 0: treble, 3. The match to Ann, two games to one, game values Ann 2 + 3 = 5, Bob 3.


def test_ecarte_games_and_match_under_the_treble_variant(tmp_path):
    r = results.build(build_ecarte(tmp_path / "ecarte.sqlite"))
    st = r["standings"]
    assert st["kind"] == "matches" and st["treble"]
    m = st["matches"][0]
    assert (m["players"], m["games"], m["points"], m["finished"], m["winner"]) == \
        (["Ann", "Bob"], [2, 1], [5, 3], True, "Ann")
    assert [(g["winner"], g["value"], g["loser_marks"]) for g in m["values"]] == \
        [("Ann", 2, 1), ("Bob", 3, 0), ("Ann", 3, 0)]
    assert [(p["rank"], p["player"], p["matches_won"], p["games"], p["points"])
            for p in st["players"]] == [(1, "Ann", 1, 2, 5), (2, "Bob", 0, 1, 3)]
    rows = _rows(r)
    assert rows[(1, 1)]["hand"]["king"] == [1, 0] and rows[(1, 1)]["hand"]["total"] == [2, 0]
    assert rows[(2, 1)]["hand"]["kind"] == "vole"
    assert rows[(5, 1)]["hand"]["total"] == [0, 2]
    void = rows[(6, 1)]["hand"]
    assert void["void"] and void["rulings"] == ["EC-45"] and void["total"] == [0, 0]
    assert rows[(11, 1)]["hand"]["match_won"] == "Ann"
    text = results.render(r, "text")
    assert "board 7: Ann deals; tricks Ann 2, Bob 3: point to Bob, king marked by Bob: " \
        "Ann 0, Bob 2" in text
    assert "game 2 to Bob, the loser at 0: counts 3" in text
    rows = list(csv.DictReader(io.StringIO(results.render(r, "csv"))))
    b2 = rows[1]
    assert (b2["vole"], b2["marks_0"], b2["king_0"], b2["proposal"]) == ("1", "2", "0",
                                                                         "accepted")
    assert rows[0]["king"] == "0" and rows[0]["king_0"] == "1"
    with pytest.raises(Exception, match="écarté has no PBN"):
        results.render(r, "pbn")


# ---- bridge whist: Ann & Cy (N-S) v Bob & Di (E-W), one rubber ---------------------------
#
# The honours and voids below are dealt into the recorded hands (the DEAL's handprint); the
# PC reads them from it. Trick values (BR-20): clubs 4, diamonds 6, hearts 8, spades 2, no
# trumps 12, doubled x2, redoubled x4.
# 1 hearts by N, N-S 9: 3 x 8 = 24 below. A K Q with N, J, 10 with E-W: N-S simple honours
#   2 x 8 = 16.
# 2 spades by W doubled, E-W 8: 2 x 4 = 8 below. E-W A K Q J (four divided): 4 x 2 = 8; S has
#   no spade (chicane on the side without honours): E-W lose 2 x 2 = 4: E-W 4 above.
# 3 no trumps by S, N-S 7: 12 below: N-S 36, game. Three aces with N-S: 30.
# 4 diamonds by E redoubled, E-W 10: 4 x 24 = 96 below: game, one all. All five honours with
#   E: 10 x 6 = 60; N void of diamonds: E-W lose 12: E-W 48 above.
# 5 hearts by N, N-S all 13: 7 x 8 = 56 below: game and rubber to N-S. N A K Q J and S the
#   10: four in one hand, fifth in partner's, 9 x 8 = 72; W void: N-S lose 16; grand slam 40:
#   N-S 96 above.
# Rubber: N-S 24 + 12 + 56 = 92 below, 16 + 30 + 96 = 142 above, 100 for the rubber: 334;
#   E-W 8 + 96 = 104 below, 4 + 48 = 52 above: 156. N-S by 178 (BR-26).

def test_bridge_whist_rubber_with_honours_and_chicane(tmp_path):
    r = results.build(build_bridge(tmp_path / "bridge.sqlite"))
    st = r["standings"]
    assert st["kind"] == "rubbers"
    ru = st["rubbers"][0]
    assert (ru["games"], ru["below"], ru["above"], ru["totals"], ru["finished"], ru["winner"],
            ru["points"]) == ([2, 1], [92, 104], [142, 52], [334, 156], True, 0, 178)
    assert [(p["rank"], p["player"], p["points"]) for p in st["players"]] == \
        [(1, "Ann", 178), (1, "Cy", 178), (3, "Bob", -178), (3, "Di", -178)]
    rows = _rows(r)
    h = [rows[(b, 1)]["hand"] for b in sorted(BRIDGE_HANDS)]
    assert [(x["below"], x["honours"], x["chicane"], x["slam"]) for x in h] == [
        ([24, 0], [16, 0], [0, 0], [0, 0]), ([0, 8], [0, 8], [0, -4], [0, 0]),
        ([12, 0], [30, 0], [0, 0], [0, 0]), ([0, 96], [0, 60], [0, -12], [0, 0]),
        ([56, 0], [72, 0], [-16, 0], [40, 0])]
    assert [x["game_won"] for x in h] == [-1, -1, 0, 1, 0]
    rows = list(csv.DictReader(io.StringIO(results.render(r, "csv"))))
    assert (rows[3]["declarer"], rows[3]["strain"], rows[3]["doubles"],
            rows[3]["honours_kind"], rows[3]["chicane_ew"]) == \
        ("E", "diamonds", "2", "five honours in one hand", "-12")


def test_bridge_whist_pbn_has_the_declaration_as_contract(tmp_path):
    r = results.build(build_bridge(tmp_path / "bridge.sqlite"))
    text = results.render(r, "pbn")
    ours = export.read_pbn(text)
    assert [(g["board"], g["contract"], g["declarer"], g["tags"]["Result"]) for g in ours] == \
        [(1, "1H", "N", "9"), (2, "1SX", "W", "8"), (3, "1NT", "S", "7"),
         (4, "1DXX", "E", "10"), (5, "1H", "N", "13")]
    deals = dict((b["board"], r_["deal"]["hands"]) for b in r["boards"]
                 for r_ in b["tables"])
    for g in ours:
        assert {s: sorted(h) for s, h in g["hands"].items()} == \
            {s: sorted(h) for s, h in deals[g["board"]].items()}
    boards = endplay_pbn.loads(text)  # an independent reader
    assert [(b.contract.level, b.contract.denom.name, b.contract.declarer.abbr,
             b.contract.penalty.name) for b in boards] == [
        (1, "hearts", "N", "passed"), (1, "spades", "W", "doubled"),
        (1, "nt", "S", "passed"), (1, "diamonds", "E", "redoubled"),
        (1, "hearts", "N", "passed")]


def test_a_roster_that_seats_a_player_twice_names_the_players_by_their_seats(tmp_path):
    from overplay.store import Store
    db = build_euchre(tmp_path / "e.sqlite")
    st = Store(db)
    try:
        st.set_players(1, {4: "Flo & Ann"})  # Ann is N at table 1 already
    finally:
        st.close()
    r = results.build(db)
    assert r["standings"]["note"].startswith("the roster cannot seat round 1 (Ann is seated "
                                             "twice")
    assert r["standings"]["rounds"][0][0]["players"] == ["N1", "E1", "S1", "W1"]
    # the same scores: N2 (table 2's North in round 1) has Ed's 4 points
    assert dict((p["player"], p["points"]) for p in r["standings"]["players"])["N2"] == 4
