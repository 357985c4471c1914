"""`overplay judge`: the documented examples, the CLI contract, and a fuzz test (CPython)."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from overplay import cli, judge
from overplay_core.errors import ParseError, RuleError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "docs", "examples", "judge")
NAMES = sorted(n for n in os.listdir(EXAMPLES) if n.endswith(".json"))


def _run(argv, capsys):
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("name", NAMES)
def test_documented_examples_give_the_documented_json(name, capsys):
    """docs/judge.md's examples: --json output is byte-for-byte the stored expectation."""
    status, out, err = _run(["judge", "--json", os.path.join(EXAMPLES, name)], capsys)
    assert status == 0 and err == ""
    with open(os.path.join(EXAMPLES, "expected", name), encoding="utf-8") as f:
        assert json.loads(out) == json.load(f)


def test_examples_cover_every_game():
    games = set()
    for n in NAMES:
        with open(os.path.join(EXAMPLES, n), encoding="utf-8") as f:
            games.add(json.load(f)["game"])
    assert games == {"duplicate_whist", "bridge_whist", "euchre", "ecarte"}


def test_json_output_shape_is_stable(capsys):
    status, out, _ = _run(["judge", "--json", os.path.join(
        EXAMPLES, "dw_trump_turned_after_play_3_tables.json")], capsys)
    r = json.loads(out)
    assert list(r) == ["schema", "game", "variants", "context", "findings", "rulings", "outcome"]
    ruling = r["rulings"][0]
    assert ruling["code"] == "DW-IV-9a" and ruling["ruling"] == "average_score"
    assert set(ruling["citation"]) == {"game", "law", "section", "catalogue", "source"}
    assert ruling["citation"]["law"] == "Law IV" and ruling["citation"]["section"] == "Sec. 9"
    assert r["findings"][0] == {"code": "trump_differs_from_slip", "id": -11,
                                "text": r["findings"][0]["text"], "card": "7H"}


def test_text_output_names_code_ruling_and_citation(capsys):
    status, out, err = _run(["judge", os.path.join(
        EXAMPLES, "dw_trump_turned_after_play_2_tables.json")], capsys)
    assert status == 0 and err == ""
    assert "DW-IV-9b  new_deal:" in out and "Law IV, Sec. 9" in out
    assert out.rstrip().endswith("Outcome: new_deal")


def test_stdin_dash(monkeypatch, capsys):
    import io
    data = b'{"game": "euchre", "trump_turned": "JH", "events": []}'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, err = _run(["judge", "--json", "-"], capsys)
    assert status == 0 and json.loads(out)["outcome"] == "deal_stands"


BAD = [
    ('{"game": "duplicate_whist",', "malformed JSON at line 1"),
    ('[1, 2]', "must be a JSON object"),
    ('{"game": "poker"}', "unknown game 'poker'"),
    ('{"game": "euchre", "trump_turned": "1H"}', "trump_turned"),
    ('{"game": "euchre", "events": [{"type": "pass", "seat": "X"}]}', "unknown seat 'X'"),
    ('{"game": "euchre", "context": {"overplay": true}}', "overplay happens only"),
    ('{"game": "duplicate_whist", "context": {"tables": 0}}', "context.tables"),
    ('{"game": "duplicate_whist", "context": {"tables": NaN}}', "NaN"),
    ('{"game": "bridge_whist", "trump_turned": "AS"}', "no trump card is turned"),
    ('{"game": "ecarte", "events": [{"type": "explode"}]}', "unknown event type 'explode'"),
    ('{"game": "ecarte", "events": ["renounce"]}', "events[0]"),
    ('{"game": "euchre", "variants": ["pack_24", "pack_25"]}', "exclude each other"),
    ('{"game": "ecarte", "variants": ["pack_24"]}', "does not apply"),
    ('{"game": "duplicate_whist", "events": [{"type": "play_begun"}, {"type": "deal"}]}',
     "comes after"),
    ('{"game": "duplicate_whist", "hands": {"N": ["AS"], "north": ["KS"]}}', "given twice"),
    ('{"game": "duplicate_whist", "findings": ["bogus"]}', "unknown finding 'bogus'"),
]


@pytest.mark.parametrize("text,words", BAD)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, text, words):
    path = tmp_path / "deal.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = _run(["judge", str(path)], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("overplay judge: ")
    assert words in err, err
    assert "Traceback" not in err and "internal error" not in err


def test_missing_file_and_binary_input(tmp_path, capsys):
    status, _, err = _run(["judge", str(tmp_path / "nope.json")], capsys)
    assert status == 2 and "cannot read" in err and err.count("\n") == 1
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    status, _, err = _run(["judge", str(path)], capsys)
    assert status == 2 and "not UTF-8" in err


def test_real_command_never_prints_a_traceback(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text('{"game": "euchre", "events": [{"type": "pass", "seat": 9}]}')
    p = subprocess.run([sys.executable, "-m", "overplay.cli", "judge", str(path)],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr.strip().startswith("overplay judge:")


# --- fuzz: judge input never tracebacks -----------------------------------------------------
KEYS = ["game", "variants", "context", "deal", "hands", "trump_slip", "trump_turned",
        "overplay", "events", "findings", "tables", "phase", "dealer", "seat", "type", "card",
        "suit", "played_with_wrong_trump", "looked_at_cards", "touched_cards", "played",
        "dummy", "lone", "scores", "choice", "tricks", "claiming", "last_cards", "led"]
WORDS = ["duplicate_whist", "bridge_whist", "euchre", "ecarte", "N", "E", "S", "W",
         "dealer", "non_dealer", "AS", "10H", "JK", "7C", "H", "NT", "deal", "play_begun",
         "first_trick_quitted", "next_deal", "pass", "declare", "name_trump", "renounce",
         "hand_abandoned", "card_exposed_in_deal", "claim_new_deal", "seat_over",
         "seat_short", "trump_not_with_dealer", "new_deal", "stand", "packets_3_2"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=False),
                    st.sampled_from(WORDS), st.text(max_size=6))
values = st.recursive(scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=5),
    st.dictionaries(st.sampled_from(KEYS + WORDS), kids, max_size=5)), max_leaves=25)
cases = st.fixed_dictionaries(
    {"game": st.sampled_from(["duplicate_whist", "bridge_whist", "euchre", "ecarte"])},
    optional={k: values for k in ("variants", "context", "deal", "hands", "trump_slip",
                                  "trump_turned", "overplay", "events", "findings")})


def _judge_or_error(text):
    try:
        result = judge.judge_text(text)
    except (ParseError, RuleError) as e:
        msg = str(e)
        assert "\n" not in msg and "internal error" not in msg, msg
        return None
    json.dumps(result)
    assert result["outcome"]
    return result


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases)
def test_fuzz_judge_input_never_tracebacks(data):
    _judge_or_error(json.dumps(data))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_fuzz_arbitrary_text_never_tracebacks(text):
    _judge_or_error(text)


EVENT_TYPES = ["pass", "declare", "name_trump", "order_up", "take_up", "played",
               "looked_at_cards", "touched_cards", "claim_new_deal", "choice",
               "card_exposed_in_deal", "dealt_out_of_turn", "adversaries_pack",
               "hand_abandoned", "renounce", "card_taken_back", "more_than_one_turned_up",
               "trump_card_named", "doubling_declared", "propose", "refuse", "accept",
               "play_begun", "deal_completed", "king_held", "new_cards_called"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["bridge_whist", "euchre", "ecarte", "duplicate_whist"]),
       st.lists(st.fixed_dictionaries(
           {"type": st.sampled_from(EVENT_TYPES)},
           optional={"seat": st.sampled_from(["N", "E", "S", "W", "dealer", "non_dealer"]),
                     "suit": st.sampled_from(["H", "S", "C", "D"]),
                     "card": st.sampled_from(["JH", "KC", "9D"]),
                     "choice": st.sampled_from(["stand", "new_deal", "compel"]),
                     "tricks": st.integers(-1, 6)}), max_size=10),
       st.integers(1, 6))
def test_fuzz_event_sequences_give_rulings_or_one_line_errors(game, events, tables):
    data = {"game": game, "events": events, "context": {"tables": tables}}
    if game == "euchre":
        data["trump_turned"] = "JH"
    result = _judge_or_error(json.dumps(data))
    if result is not None:
        for r in result["rulings"]:
            assert r["code"] and r["ruling"] and r["text"].endswith(".")
            assert r["citation"]["law"]


def _doc(name):
    with open(os.path.join(ROOT, "docs", name), encoding="utf-8") as f:
        return f.read()


def test_every_ruling_code_is_documented_with_its_citation():
    """docs/laws.md lists every ruling code with its law, as the code tables have them."""
    from overplay_core import laws_bridge, laws_ecarte, laws_euchre, laws_whist
    text = _doc("laws.md")
    for m in (laws_whist, laws_bridge, laws_euchre, laws_ecarte):
        for code, (ruling, law, section, entry, source, sentence) in m.TABLE.items():
            row = "| %s | %s | %s | %s | %s | %s |" % (
                code, ruling, (law + " " + section).strip(), entry, source, sentence)
            assert row in text, "docs/laws.md is missing or out of date for " + code


def test_every_event_type_finding_and_variant_is_documented():
    from overplay_core import findings, games, laws_case
    text = _doc("judge.md")
    for t in laws_case.event_types():
        assert "`%s`" % t in text, t
    for name, _, _ in games.VARIANTS:
        assert "`%s`" % name in text and "`%s`" % name in _doc("laws.md"), name
    for code in findings.all_codes():
        if code <= -20:  # the shoe's own codes (-1..-19) come from the cards, not the input
            assert "`%s`" % findings.name(code) in text or findings.name(code) in text


def test_text_header_names_tables_only_for_duplicate_whist(capsys):
    _, out, _ = _run(["judge", os.path.join(EXAMPLES, "euchre_no_trump_named.json")], capsys)
    assert out.startswith("euchre: found at deal completed, dealer W\n")


def test_every_ruling_code_is_exercised_by_a_test():
    """docs/laws.md promises a test per ruling code: keep that true."""
    import glob
    from overplay_core import laws_bridge, laws_ecarte, laws_euchre, laws_whist
    files = glob.glob(os.path.join(ROOT, "tests", "shared", "test_laws_*.py"))
    files += glob.glob(os.path.join(EXAMPLES, "expected", "*.json"))
    text = ""
    for name in files:
        with open(name, encoding="utf-8") as f:
            text += f.read()
    for m in (laws_whist, laws_bridge, laws_euchre, laws_ecarte):
        for code in m.TABLE:
            assert '"%s"' % code in text, "no test names ruling " + code


def _finding_names():
    from overplay_core import findings
    return [findings.name(c) for c in findings.all_codes()]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["bridge_whist", "euchre", "ecarte", "duplicate_whist"]),
       st.lists(st.fixed_dictionaries(
           {"code": st.sampled_from(_finding_names())},
           optional={"seat": st.sampled_from(["N", "E", "S", "W", "dealer", "non_dealer"]),
                     "card": st.sampled_from(["JH", "KC", "9D", "2S"]),
                     "suit": st.sampled_from(["H", "S", "NT"])}), max_size=6),
       st.integers(1, 5), st.sampled_from(["deal", "deal_completed", "play_begun",
                                           "first_trick_quitted"]))
def test_fuzz_stated_findings_give_rulings_or_one_line_errors(game, found, tables, phase):
    data = {"game": game, "findings": found, "context": {"tables": tables, "phase": phase}}
    if game == "duplicate_whist":
        data["context"]["overplay"] = True
    _judge_or_error(json.dumps(data))
