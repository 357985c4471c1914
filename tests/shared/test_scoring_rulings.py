"""The laws engine's rulings that change a score, and the scoring modules' tables of what
each does (RULING_EFFECTS): one source each, checked against the other. Both interpreters.
Each test loads one game's laws module and lets it go again, so that the three fit the
MicroPython test heap one after the other."""

import gc
import sys

from overplay_core import ruling_ids
from overplay_core.scoring import rulings as sr
from overplay_core.scoring import bridge as sb
from overplay_core.scoring import ecarte as sc
from overplay_core.scoring import euchre as se

# The ruling words (laws TABLE) each effect may answer.
EUCHRE = {se.BARRED: ("cannot_score", "forfeit"), se.CAPPED: ("lone_hand_capped",),
          se.REVOKE: ("revoke_penalty",), se.PREVENTED: ("lone_hand_prevented",),
          se.VOID: ("new_deal",)}
ECARTE = {sc.OVERHELD: ("cannot_score",), sc.ABANDONED: ("mark_points",),
          sc.OFFENDER: ("replay_at_option", "deal_stands"), sc.KING_MARKED: ("mark_points",),
          sc.KING_NOT_MARKED: ("no_penalty",), sc.VOID: ("new_deal", "hands_replayed")}
BRIDGE = {sb.REVOKE: ("revoke_penalty",), sb.VOID: ("new_deal",)}
# Ruling words that always change the score: every code giving one must have an effect.
SCORING_WORDS = ("cannot_score", "forfeit", "lone_hand_capped", "revoke_penalty",
                 "lone_hand_prevented", "mark_points")


def _laws_table(name):
    """TABLE of a laws module; under MicroPython the module is then dropped, with the modules
    it loaded."""
    before = set(sys.modules)
    mod = __import__("overplay_core.laws." + name, None, None, ["TABLE"])
    table = mod.TABLE
    if sys.implementation.name != "micropython":
        return table  # CPython has room; dropping modules there could split their state
    for k in list(sys.modules):
        if k not in before:
            del sys.modules[k]
            parent, _, leaf = k.rpartition(".")
            owner = sys.modules.get(parent)  # the package keeps its submodule as an attribute
            if owner is not None and hasattr(owner, leaf):
                delattr(owner, leaf)
    mod = owner = None
    gc.collect()
    return table


def _check(effects, words, table):
    for code in effects:
        assert ruling_ids.id_of(code) != ruling_ids.UNKNOWN, code
        assert table[code][0] in words[effects[code]], (code, table[code][0])
    for code in table:
        if table[code][0] in SCORING_WORDS:
            assert code in effects, code


def test_euchre_rulings_that_change_the_score_have_an_effect():
    _check(se.RULING_EFFECTS, EUCHRE, _laws_table("euchre"))


def test_ecarte_rulings_that_change_the_score_have_an_effect():
    _check(sc.RULING_EFFECTS, ECARTE, _laws_table("ecarte"))


def test_bridge_rulings_that_change_the_score_have_an_effect():
    _check(sb.RULING_EFFECTS, BRIDGE, _laws_table("bridge"))


def test_a_ruling_id_and_its_code_score_the_same():
    for code in se.RULING_EFFECTS:
        if code in ("EU-102", "EU-19p"):
            e = {"makers": 0, "tricks": 5, "alone": True}
        else:
            e = {"makers": 0, "tricks": 4}
        a = dict(e)
        a["rulings"] = [(code, 0)]
        b = dict(e)
        b["rulings"] = [(ruling_ids.id_of(code), 0)]
        assert se.score_entry(a) == se.score_entry(b), code
    assert sr.code_of(True) is None and sr.code_of(None) is None
    assert sr.code_of(ruling_ids.id_of("BR-RV")) == "BR-RV" and sr.code_of(1) is None
