"""Issue #16's acceptance, end to end: euchre, écarté and bridge whist sessions keyed at
simulated terminals (`overplay virtual-shoe`: the firmware under MicroPython, the score keyed
with the terminal's buttons from a --script), synced with the real `overplay sync`, scored by
`overplay results`; the standings below are worked out by hand from what the tables keyed
(and, for bridge whist's honours and chicane, from the hands the shoe dealt, written out in
the comments), including a ruling from the laws engine that takes a score away."""

import json
import os
import queue
import subprocess
import sys

import pytest

from overplay.sim_shoe import micropython_bin

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_virtual_shoe import ENV, OVERPLAY, VirtualShoe  # noqa: E402

pytestmark = pytest.mark.skipif(not os.path.exists(micropython_bin()) and
                                os.system("command -v micropython >/dev/null") != 0,
                                reason="no MicroPython interpreter")


def overplay(db, *argv):
    p = subprocess.run(OVERPLAY + list(argv) + ["--db", str(db)], env=ENV,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, (argv, p.stdout, p.stderr)
    return p.stdout


def play(tmp_path, db, shoe_id, table, script, setup, *options):
    """One shoe: enrolled and given its set-up (`overplay session new` argv) by the club PC,
    switched off and on again with the script of the boards its table deals and keys, synced;
    returns what it said. (Switched on with the set-up already on its flash, the shoe takes
    up the set-up's movement at boot: taken over the link instead, at the virtual shoe's heap
    with a 4-board script of keyed fields, the link task met a MemoryError in
    shoe/rounds.follow and the next deal stopped the app: reported, not this test's subject.)"""
    path = tmp_path / ("boards%d.txt" % shoe_id)
    path.write_text(script)
    boards = len([x for x in script.splitlines() if x.split("#")[0].strip()])
    flash = tmp_path / ("shoe%d" % shoe_id)
    shoe = VirtualShoe(flash, *options)
    try:
        overplay(db, "enroll", "--port", shoe.path, "--shoe-id", str(shoe_id))
        overplay(db, "session", "new", "--table", str(table), "--shoe", str(shoe_id), *setup)
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        assert shoe.stop() == 0
    finally:
        shoe.kill()
    shoe = VirtualShoe(flash, "--script", str(path), "--trays", str(tmp_path / "trays.json"),
                       *options)
    try:
        try:
            shoe.until("waiting: %d board(s) dealt" % boards, wait=120)
        except queue.Empty:
            raise AssertionError("the shoe did not deal its %d boards:\n%s" % (
                boards, "\n".join(shoe.said)))
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        assert shoe.stop() == 0
    finally:
        shoe.kill()
    said = "\n".join(shoe.said)
    assert "overplay checked" not in said, said  # every table deals its own hands
    assert "task fault" not in overplay(db, "results", "--format", "text"), said
    return said


def results(db, session, *options):
    out = overplay(db, "results", "--session", str(session), "--format", "json", *options)
    return json.loads(out)


def hands_of(result):
    """{(board, table): the engine's breakdown of the table's hand}."""
    return {(b["board"], r["table"]): r.get("hand") for b in result["boards"]
            for r in b["tables"]}


# ---- progressive euchre at 2 tables: a Mitchell over boards 1-4, 2 rounds of 2 hands ------
# Round 1: table 1 plays boards 1-2, table 2 boards 3-4; round 2 the other way round. The
# roster seats round 1: table 1 N Ann, E Bob, S Cy, W Di (pairs 1 and 3), table 2 N Ed, E
# Flo, S Gus, W Hal (pairs 2 and 4).
# Round 1, table 1: 1 N-S 4 tricks: N-S 1; 2 E-W alone, all five: 4. E-W (Bob, Di) win 4-1.
# Round 1, table 2: 3 N-S euchred: E-W 2; 4 E-W 3 tricks (1), but a card of no enrolled deck
#   was dealt in place of one: the pack is incorrect (euchre law 33), the deal is void and
#   scores nothing. E-W (Flo, Hal) win 2-0.
# The move: Bob and Di stay at the head table and take N and E, Flo and Hal come up; Ed and
#   Gus stay at table 2, Ann and Cy go down to it: round 2 table 1 N Bob, E Di, S Flo, W Hal;
#   table 2 N Ed, E Gus, S Ann, W Cy.
# Round 2, table 1: 3 N-S 3 tricks: 1; 4 N-S alone march: 4. N-S (Bob, Flo) win 5-0.
# Round 2, table 2: 1 E-W alone take 2: euchred, N-S 4; 2 E-W march: 2. N-S (Ed, Ann) 4-2.
# Points: Ann 1 + 4 = 5, Bob 4 + 5 = 9, Cy 1 + 2 = 3, Di 4 + 0 = 4, Ed 0 + 4 = 4, Flo 2 + 5
#   = 7, Gus 0 + 2 = 2, Hal 2 + 0 = 2. Games: Bob 2, Flo 2, Di, Hal, Ed, Ann 1, Cy, Gus 0.
# By points: Bob 9, Flo 7, Ann 5, Di and Ed 4 (1 game each: 4th equal), Cy 3, Hal 2 (1
#   game), Gus 2 (none). By games: Bob (2, 9), Flo (2, 7), Ann (1, 5), Di and Ed (1, 4), Hal
#   (1, 2), Cy (0, 3), Gus (0, 2).
EUCHRE = {1: "1 makers=ns tricks=4\n2 makers=ew alone=yes tricks=5\n"
             "3 makers=ns tricks=3\n4 makers=ns alone=yes tricks=5\n",
          2: "3 makers=ns tricks=2\n4 makers=ew tricks=3 foreign\n"
             "1 makers=ew alone=yes tricks=2\n2 makers=ew tricks=5\n"}
EUCHRE_SETUP = ("--name", "euchre", "--game", "euchre", "--boards", "1-4", "--tables", "2",
                "--movement", "mitchell")


def test_progressive_euchre_keyed_at_the_terminals(tmp_path):
    db = tmp_path / "club.sqlite"
    for t in (1, 2):
        play(tmp_path, db, t, t, EUCHRE[t], EUCHRE_SETUP)
    roster = tmp_path / "roster.csv"
    roster.write_text("pair,names\n1,Ann & Cy\n3,Bob & Di\n2,Ed & Gus\n4,Flo & Hal\n")
    overplay(db, "players", "import", str(roster), "--session", "1")
    r = results(db, 1)
    st = r["standings"]
    assert st["note"] == ""
    assert [(p["rank"], p["player"], p["points"], p["games"]) for p in st["players"]] == [
        (1, "Bob", 9, 2), (2, "Flo", 7, 2), (3, "Ann", 5, 1), (4, "Di", 4, 1), (4, "Ed", 4, 1),
        (6, "Cy", 3, 0), (7, "Hal", 2, 1), (8, "Gus", 2, 0)]
    assert [[(x["players"], x["score"]) for x in rnd] for rnd in st["rounds"]] == [
        [(["Ann", "Bob", "Cy", "Di"], [1, 4]), (["Ed", "Flo", "Gus", "Hal"], [0, 2])],
        [(["Bob", "Di", "Flo", "Hal"], [5, 0]), (["Ed", "Gus", "Ann", "Cy"], [4, 2])]]
    void = hands_of(r)[(4, 2)]
    assert void["void"] and void["rulings"] == ["EU-33"] and void["points"] == [0, 0]
    by_games = results(db, 1, "--rank", "games")["standings"]["players"]
    assert [(p["rank"], p["player"]) for p in by_games] == [
        (1, "Bob"), (2, "Flo"), (3, "Ann"), (4, "Di"), (4, "Ed"), (6, "Hal"), (7, "Cy"),
        (8, "Gus")]


# ---- écarté, the treble variant: Ann (seat 0) v Bob (seat 1), Ann deals the odd boards ----
# As tests/host/test_standings.py works it out: game 1 to Ann 5-1 (double, 2): board 1 point
# and the king 2, board 2 vole 2, board 3 Bob's point as non-dealer without proposing 1,
# board 4 Ann's point; game 2 to Bob 5-0 (treble, 3): board 5 Bob's point after Ann refused
# the proposal 2, board 6 void (a foreign card: law 45), board 7 point and king 2, board 8
# point; game 3 to Ann 5-0 (treble, 3): boards 9 (point and king), 10 (vole), 11 (point).
# The match to Ann, 2 games to 1, game values 5 to 3.
ECARTE = ("1 tricks=3 king=p0\n2 tricks=5\n3 tricks=1 proposal=not-proposed\n4 tricks=3\n"
          "5 tricks=2 proposal=refused\n6 tricks=0 foreign\n7 tricks=2 king=p1\n8 tricks=1\n"
          "9 tricks=4 king=p0\n10 tricks=5\n11 tricks=3\n")


def test_ecarte_match_keyed_at_the_terminal(tmp_path):
    db = tmp_path / "club.sqlite"
    play(tmp_path, db, 1, 1, ECARTE, ("--name", "ecarte", "--game", "ecarte", "--boards",
                                      "1-11", "--tables", "1", "--variant", "ecarte_treble"))
    overplay(db, "players", "set", "1", "Ann")
    overplay(db, "players", "set", "2", "Bob")
    r = results(db, 1)
    m = r["standings"]["matches"][0]
    assert (m["players"], m["games"], m["points"], m["winner"]) == \
        (["Ann", "Bob"], [2, 1], [5, 3], "Ann")
    assert [(g["winner"], g["value"]) for g in m["values"]] == \
        [("Ann", 2), ("Bob", 3), ("Ann", 3)]
    h = hands_of(r)
    assert [h[(b, 1)]["total"] for b in range(1, 12)] == [
        [2, 0], [2, 0], [0, 1], [1, 0], [0, 2], [0, 0], [0, 2], [0, 1], [2, 0], [2, 0], [1, 0]]
    assert h[(6, 1)]["void"] and h[(6, 1)]["rulings"] == ["EC-45"]


# ---- bridge whist, the shoe's --seed 21 deals: Ann & Cy (N-S) v Bob & Di (E-W) -----------
# The hands the shoe dealt (trumps and the voids that matter):
#   1 (N deals) hearts: N J8763, E none, S Q542, W AKT9
#   2 (E deals) hearts: N none, E QJT3, S 954, W AK8762
#   3 (S deals) diamonds: N K974, E none, S AQ6532, W JT8
#   4 (W deals) the aces: N spade, E club, W heart and diamond
#   5 (N deals) hearts: N A2, E none, S KQJT96, W 87543
# 1 hearts by N redoubled, N-S 9: 3 x 32 = 96 below, game. Honours A K 10 with W: E-W simple
#   honours 16, and E void: chicane for the side with the honours, +16: E-W 32 above.
# 2 hearts by W, E-W 8: 2 x 8 = 16 below. All five with E-W (three with E): five honours
#   5 x 8 = 40; N void: the adversaries' chicane takes 16 off: E-W 24 above.
# 3 diamonds by S doubled, N-S 10: 4 x 12 = 48 below: the second game and the rubber. A K Q
#   with N-S: 12; E void: 12 off: N-S 0 above.
# Rubber 1: N-S 96 + 48 = 144 below, 0 above, 100 for the rubber: 244; E-W 16 below, 56
#   above: 72. N-S by 172: Ann and Cy +172, Bob and Di -172.
# 4 no trumps by E, E-W 8: 24 below; three aces with E-W: 30.
# 5 hearts by S, N-S 7: 8 below; A with N, K Q J 10 with S: four in one hand and the fifth
#   in partner's, 9 x 8 = 72; E void: 16 off: 56. Rubber 2 unfinished: N-S 8 + 56, E-W 24 +
#   30; not in the players' points until it ends.
BRIDGE = ("1 declarer=n strain=h doubles=2 tricks=9\n2 declarer=w strain=h tricks=8\n"
          "3 declarer=s strain=d doubles=1 tricks=10\n4 declarer=e strain=nt tricks=8\n"
          "5 declarer=s strain=h tricks=7\n")


def test_bridge_whist_rubbers_keyed_at_the_terminal(tmp_path):
    db = tmp_path / "club.sqlite"
    play(tmp_path, db, 1, 1, BRIDGE, ("--name", "bridge", "--game", "bridge_whist",
                                      "--boards", "1-5", "--tables", "1"), "--seed", "21")
    overplay(db, "players", "set", "1", "Ann & Cy")
    overplay(db, "players", "set", "2", "Bob & Di")
    r = results(db, 1)
    st = r["standings"]
    h = hands_of(r)
    assert [(h[(b, 1)]["below"], h[(b, 1)]["honours"], h[(b, 1)]["chicane"])
            for b in range(1, 6)] == [
        ([96, 0], [0, 16], [0, 16]), ([0, 16], [0, 40], [0, -16]),
        ([48, 0], [12, 0], [-12, 0]), ([0, 24], [0, 30], [0, 0]),
        ([8, 0], [72, 0], [-16, 0])]
    r1, r2 = st["rubbers"]
    assert (r1["games"], r1["below"], r1["above"], r1["totals"], r1["finished"],
            r1["points"]) == ([2, 0], [144, 16], [0, 56], [244, 72], True, 172)
    assert (r2["finished"], r2["below"], r2["above"]) == (False, [8, 24], [56, 30])
    assert [(p["player"], p["points"], p["rubbers"]) for p in st["players"]] == [
        ("Ann", 172, 1), ("Cy", 172, 1), ("Bob", -172, 1), ("Di", -172, 1)]
    pbn = overplay(db, "results", "--session", "1", "--format", "pbn")
    assert '[Contract "1HXX"]' in pbn and '[Declarer "S"]' in pbn and '[Contract "1DX"]' in pbn
