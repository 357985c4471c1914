"""Euchre law 23 (irregularities in the hands): who has played to the first trick.

Runs on CPython and MicroPython (apart from test_laws_euchre.py to keep each file within the
128k MicroPython heap).
"""

from overplay_core import laws


def test_euchre_law_23_eldest_short_after_his_lead_deal_stands():
    """Law 23: the eldest hand leads, so once the play has begun he has played to the first
    trick: the deal stands and he cannot score; another short seat is still a misdeal."""
    base = {"game": "euchre", "context": {"dealer": "N", "phase": "play_begun"}}
    r = laws.judge(dict(base, findings=[{"code": "seat_short", "seat": "E"}]))
    assert [x["code"] for x in r["rulings"]] == ["EU-23b", "EU-23c"]
    r = laws.judge(dict(base, findings=[{"code": "seat_short", "seat": "S"}]))
    assert [x["code"] for x in r["rulings"]] == ["EU-23a"]
