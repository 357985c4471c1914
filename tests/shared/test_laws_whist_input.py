"""Duplicate whist, Law IV Sec. 9-10 and Law V Sec. 1 from input written loosely: no
overplay flag, phase and card names as typed, context keys at the top level.

Runs on CPython and MicroPython (apart from test_laws_whist.py to keep each file within the
128k MicroPython heap).
"""

from overplay_core import laws


def _codes(result):
    return [r["code"] for r in result["rulings"]]


def test_law_iv_10_slip_differs_without_overplay_flag_is_found_at_the_next_table():
    """Law IV Sec. 10: a slip that differs from the card turned in dealing is judged as found
    at a later table even when context.overplay is not given (it cannot be found otherwise)."""
    base = {"game": "duplicate_whist", "trump_slip": "KH", "trump_turned": "7H"}
    r = laws.judge(dict(base, context={"tables": 3}))
    assert _codes(r) == ["DW-IV-10a"] and r["context"]["overplay"] is True
    r = laws.judge(dict(base, context={"tables": 3, "played_with_wrong_trump": 1}))
    assert _codes(r) == ["DW-IV-10b"]
    r = laws.judge(dict(base, context={"tables": 2, "played_with_wrong_trump": 1}))
    assert _codes(r) == ["DW-IV-10c"]
    r = laws.judge(dict(base, context={"tables": 3, "overplay": False}))
    assert _codes(r) == []


def test_law_iv_9_phase_names_and_tables_are_read_forgivingly():
    """Law IV Sec. 9: "Play Begun", "play-begun", tables "3", card "10 h" all read."""
    r = laws.judge({"game": "Duplicate Whist", "context": {"tables": "3", "overplay": True,
                                                         "phase": "Play Begun"},
                    "trump_slip": "KH", "overplay": {"trump_turned": "10 h"}})
    assert _codes(r) == ["DW-IV-9a"]
    r = laws.judge({"game": "duplicate_whist", "context": {"tables": 2, "overplay": True,
                                                         "phase": "play-begun"},
                    "findings": ["Trump_Not_With_Dealer"],
                    "events": [{"type": "Card-Not-Turned-And-Quitted", "seat": "s"}]})
    assert _codes(r) == ["DW-V-1a", "DW-VI-1"]


def test_game_name_whist_is_duplicate_whist():
    """The judge's only whist is duplicate whist: "Whist" names it."""
    r = laws.judge({"game": "Whist", "context": {"tables": 3, "overplay": True},
                    "findings": ["trump_not_with_dealer"]})
    assert r["game"] == "duplicate_whist" and _codes(r) == ["DW-V-1b"]


def test_context_keys_at_the_top_level_are_read_as_context():
    """Law IV Sec. 9 with tables and phase written at the top level instead of in context;
    the same key in both places, or an unknown key, is still an error."""
    r = laws.judge({"game": "duplicate_whist", "tables": 2, "phase": "play_begun",
                    "trump_slip": "KH", "overplay": {"trump_turned": "7H"}})
    assert _codes(r) == ["DW-IV-9b"] and r["context"]["tables"] == 2
    for bad in ({"game": "duplicate_whist", "tables": 2, "context": {"tables": 3}},
                {"game": "duplicate_whist", "tabels": 2}):
        try:
            laws.judge(bad)
        except Exception as e:  # ParseError
            assert "tables" in str(e) or "tabels" in str(e)
        else:
            assert False, bad


def test_law_v_2_only_when_the_others_have_their_correct_number():
    """Law V Sec. 2 names the short seat; two short hands are not its case (Law B(3))."""
    ctx = {"tables": 3, "overplay": True, "phase": "first_trick_quitted"}
    r = laws.judge({"game": "duplicate_whist", "context": ctx,
                    "findings": [{"code": "seat_short", "seat": "E"}]})
    assert _codes(r) == ["DW-V-2"] and r["rulings"][0]["seat"] == "E"
    r = laws.judge({"game": "duplicate_whist", "context": ctx,
                    "findings": [{"code": "seat_short", "seat": "E"},
                                 {"code": "seat_short", "seat": "S"}]})
    assert _codes(r) == ["DW-LB-3b"]


def test_a_choice_that_is_not_a_word_is_refused_with_the_event_named():
    """A "choice" given as a list or a number is an input error naming the event, not a crash
    (hypothesis found `"choice": []` raising TypeError: unhashable type)."""
    from overplay_core.errors import ParseError

    for choice in ([], {}, 3):
        try:
            laws.judge({"game": "duplicate_whist",
                        "events": [{"type": "duplicate_whist", "choice": choice}]})
        except ParseError as e:
            assert "events[0].choice" in str(e), str(e)
        else:
            assert False, choice
