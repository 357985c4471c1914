"""`overplay score FILE|-` end to end through the CLI: text, --json, and one-line errors."""

import io
import json
import sys

import pytest

from overplay import cli

DEAL = {"N": "AH KH QH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
        "E": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QS KS AS",
        "S": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "W": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}


def run(tmp_path, capsys, doc, *flags):
    path = tmp_path / "game.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    code = cli.main(["score", *flags, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(tmp_path, capsys, doc):
    code, out, err = run(tmp_path, capsys, doc, "--json")
    assert code == 0, err
    return json.loads(out)


def test_whist_boards_with_an_average_table_and_pair_plus_minus(tmp_path, capsys):
    doc = {"game": "duplicate_whist",
           "boards": [[7, "avg", 9, 8], {"board": 2, "tables": [6, 7, {"ns": 8, "ew": 6}, 7]}]}
    r = run_json(tmp_path, capsys, doc)
    t = r["boards"][0]["tables"][1]
    assert (t["ns"], t["ew"], t["award"]) == (8, 5, "average")  # Law IV §9, DW-25
    assert r["boards"][1]["tables"][2]["ns"] == 7  # DW-19: E-W's record of 6 wins
    totals = {p["pair"]: (p["total"], p["plus_minus"]) for p in r["pairs"]}
    assert totals["NS3"] == (16, 1) and totals["EW1"] == (13, 2)
    code, out, _ = run(tmp_path, capsys, doc)
    assert code == 0 and "Board 1" in out and "T2 8-5 (+0) avg" in out


def test_whist_named_pairs_and_rounding_setting(tmp_path, capsys):
    doc = {"game": "duplicate_whist", "settings": {"rounding": "half_down"},
           "boards": [[{"ns": 6, "ns_pair": "A", "ew_pair": "B"},
                       {"ns": 7, "ns_pair": "C", "ew_pair": "D"}]]}
    r = run_json(tmp_path, capsys, doc)
    pm = {p["pair"]: p["plus_minus"] for p in r["pairs"]}
    assert pm == {"A": 0, "C": 1, "B": 1, "D": 0}  # averages 6.5 -> 6 with half_down
    assert r["settings"]["rounding"] == "half_down"


def test_bridge_rubber_with_honours_from_the_cards(tmp_path, capsys):
    doc = {"game": "bridge_whist", "hands": [
        {"strain": "H", "declarer": "N", "tricks": 9, "doubles": 1, "cards": DEAL},
        {"strain": "NT", "declarer": "EW", "tricks": 10},
        {"strain": "D", "declarer": "N", "tricks": 13}]}
    r = run_json(tmp_path, capsys, doc)
    h = r["hands"][0]
    assert h["below"] == [48, 0] and h["honours"] == [16, 0] and h["game_won"] == "N-S"
    assert h["honours_kind"] == "simple honours"
    ru = r["rubbers"][0]
    assert ru["finished"] and ru["winner"] == "N-S"
    assert ru["totals"] == [48 + 42 + 16 + 40 + 100, 48] and ru["points"] == 198
    code, out, _ = run(tmp_path, capsys, doc)
    assert "Rubber 1 won by N-S" in out and "hearts doubled by N-S" in out


def test_euchre_lone_march_and_revoke_penalty(tmp_path, capsys):
    doc = {"game": "euchre", "hands": [
        {"makers": "NS", "tricks": 5, "alone": True},
        {"makers": "E", "tricks": 4, "revokes": {"NS": 1}}]}
    r = run_json(tmp_path, capsys, doc)
    assert r["hands"][0]["points"] == [4, 0]
    assert r["hands"][1]["penalty"] == [0, 3] and r["hands"][1]["score"] == [4, 4]


def test_euchre_variant_lone_euchred_two(tmp_path, capsys):
    doc = {"game": "euchre", "variant": ["lone_euchred_2"],
           "hands": [{"makers": "NS", "tricks": 1, "alone": True}]}
    assert run_json(tmp_path, capsys, doc)["hands"][0]["points"] == [0, 2]
    assert run_json(tmp_path, capsys, dict(doc, variant=[]))["hands"][0]["points"] == [0, 4]


def test_ecarte_game_with_king_from_the_turn_up_and_treble(tmp_path, capsys):
    doc = {"game": "ecarte", "variant": ["ecarte_treble"], "players": ["Alice", "Bob"],
           "deals": [{"dealer": 0, "tricks": [5, 0], "turn_up": "KH"},
                     {"dealer": 1, "tricks": [3, 2], "proposal": "refused"}]}
    r = run_json(tmp_path, capsys, doc)
    assert r["deals"][0]["king"] == [1, 0] and r["deals"][0]["points"] == [2, 0]
    assert r["deals"][1]["points"] == [2, 0]
    assert r["games"][0] == {"finished": True, "winner": "Alice", "score": [5, 0], "value": 3}
    assert r["game_totals"] == [3, 0]


def test_ecarte_held_king_counts_only_when_announced(tmp_path, capsys):
    deal = {"dealer": 0, "tricks": [3, 2], "turn_up": "9S",
            "hands": [["7H", "8H", "9H", "TH", "JH"], ["KS", "7C", "8C", "9C", "TC"]]}
    doc = {"game": "ecarte", "deals": [deal]}
    assert run_json(tmp_path, capsys, doc)["deals"][0]["king"] == [0, 0]
    doc["deals"][0] = dict(deal, king_announced=True)
    assert run_json(tmp_path, capsys, doc)["deals"][0]["king"] == [0, 1]


def test_stdin_is_read_for_dash(capsys, monkeypatch):
    doc = {"game": "euchre", "hands": [{"makers": "NS", "tricks": 3}]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
    assert cli.main(["score", "-"]) == 0
    assert "N-S +1" in capsys.readouterr().out


@pytest.mark.parametrize("doc, words", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ({"game": "poker"}, "game: must be one of"),
    ({"game": "euchre"}, "hands: missing"),
    ({"game": "euchre", "hands": [{"makers": "NS", "tricks": 6}]}, "hands[0].tricks"),
    ({"game": "euchre", "hands": [{"makers": "XY", "tricks": 3}]}, "hands[0].makers"),
    ({"game": "euchre", "variant": ["nope"], "hands": []}, "unknown variant"),
    ({"game": "euchre", "hands": [7]}, "hands[0]"),
    ({"game": "bridge_whist", "hands": [{"strain": "Z", "declarer": "N", "tricks": 7}]},
     "hands[0].strain"),
    ({"game": "bridge_whist", "hands": [{"strain": "H", "declarer": "N", "tricks": 7,
                                         "cards": dict(DEAL, N="AH")}]},
     "thirteen cards"),
    ({"game": "bridge_whist", "hands": [{"strain": "H", "declarer": "N", "tricks": 7,
                                         "cards": dict(DEAL, N="ZZ")}]}, "cards.N"),
    ({"game": "duplicate_whist", "boards": [[7, 14]]}, "boards[0][1]"),
    ({"game": "duplicate_whist", "boards": [["avg", "avg"]]}, "new deal"),
    ({"game": "duplicate_whist", "settings": {"rounding": "up"}, "boards": [[7]]},
     "settings.rounding"),
    ({"game": "ecarte", "deals": [{"dealer": 0, "tricks": [3, 3]}]}, "five tricks"),
    ({"game": "ecarte", "deals": [{"dealer": 0, "tricks": [3, 0], "abandoned_by": 0}]},
     "law 42"),
    ({"game": "ecarte", "deals": [{"dealer": 0, "tricks": [3, 2], "turn_up": "2H"}]},
     "32-card pack"),
    ({"game": "ecarte", "deals": [{"dealer": 2, "tricks": [3, 2]}]}, "deals[0].dealer"),
])
def test_bad_input_is_one_line_exit_2_never_a_traceback(tmp_path, capsys, doc, words):
    code, out, err = run(tmp_path, capsys, doc)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("overplay score: ") and words in err, err


def test_missing_file_is_one_line(capsys, tmp_path):
    assert cli.main(["score", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and err.count("\n") == 1


JUNK = (None, [], {}, "x", -1, 1.5, True, 99, [None], {"N": 1})
SAMPLES = (
    {"game": "duplicate_whist", "settings": {"rounding": "half_up", "sides": "separate"},
     "boards": [[7, "avg", {"ns": 8, "ew": 5, "ns_pair": "A", "ew_pair": "B"}]]},
    {"game": "bridge_whist", "settings": {"trick_cap": 0},
     "hands": [{"strain": "H", "declarer": "N", "tricks": 9, "doubles": 1, "cards": DEAL,
                "revokes": {"NS": 0, "EW": 1}}]},
    {"game": "euchre", "variant": ["lone_euchred_2"], "settings": {"lap": True},
     "hands": [{"makers": "NS", "tricks": 5, "alone": True, "partner_exposed": False,
                "barred": "EW", "revokes": {"EW": 1}}]},
    {"game": "ecarte", "players": ["A", "B"], "settings": {"king_ends_game": True},
     "deals": [{"dealer": 0, "tricks": [3, 2], "proposal": "accepted", "king": None,
                "turn_up": "9S", "hands": [["KS"], ["7H"]], "king_announced": True,
                "abandoned_by": None, "offender": None, "overheld_by": None}]},
)


def _paths(obj, prefix=()):
    """Every place in a document a value can be swapped for junk."""
    items = obj.items() if isinstance(obj, dict) else enumerate(obj)
    for k, v in items:
        yield prefix + (k,)
        if isinstance(v, (dict, list)):
            yield from _paths(v, prefix + (k,))


def _replace(doc, path, value):
    doc = json.loads(json.dumps(doc))
    obj = doc
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value
    return doc


def test_junk_in_any_field_gives_exit_0_or_a_one_line_error(tmp_path, capsys):
    runs = 0
    for sample in SAMPLES:
        for path in _paths(sample):
            for junk in JUNK:
                code, out, err = run(tmp_path, capsys, _replace(sample, path, junk), "--json")
                runs += 1
                assert code in (0, 2), (path, junk, err)
                if code == 2:
                    assert err.count("\n") == 1 and "Traceback" not in err, (path, junk, err)
                else:
                    json.loads(out)
    assert runs > 300


def _doc_examples():
    """(json text, expected text lines) for each example in docs/scoring.md's command part."""
    import os
    import re
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "docs", "scoring.md"), encoding="utf-8") as f:
        text = f.read()
    text = text[text.index("## `overplay score"):]
    blocks = re.findall(r"```(\w*)\n(.*?)```", text, re.S)
    out = []
    for (lang, body), (_, nxt) in zip(blocks, blocks[1:]):
        if lang == "json":
            out.append((body, nxt.rstrip("\n").split("\n")))
    return out


def test_the_examples_in_docs_scoring_md_print_what_the_doc_shows(tmp_path, capsys):
    examples = _doc_examples()
    assert len(examples) == 4
    for doc, expected in examples:
        code, out, err = run(tmp_path, capsys, doc)
        assert code == 0, err
        got = out.rstrip("\n").split("\n")
        shown = expected[:expected.index("...")] if "..." in expected else expected
        assert got[:len(shown)] == shown
