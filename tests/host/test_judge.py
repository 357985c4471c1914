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
               "play_begun", "deal_completed", "king_held", "new_cards_called",
               "discard_quitted", "lone_without_passing_discard"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["bridge_whist", "euchre", "ecarte", "duplicate_whist"]),
       st.lists(st.fixed_dictionaries(
           {"type": st.sampled_from(EVENT_TYPES)},
           optional={"seat": st.sampled_from(["N", "E", "S", "W", "dealer", "non_dealer"]),
                     "suit": st.sampled_from(["H", "S", "C", "D"]),
                     "card": st.sampled_from(["JH", "KC", "9D"]),
                     "choice": st.sampled_from(["stand", "new_deal", "compel",
                                                "highest_trump", "lowest_trump",
                                                "partner_plays"]),
                     "alone": st.booleans(), "to_partner": st.booleans(),
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
    from overplay_core.laws import bridge as laws_bridge
    from overplay_core.laws import ecarte as laws_ecarte
    from overplay_core.laws import euchre as laws_euchre
    from overplay_core.laws import whist as laws_whist
    text = _doc("laws.md")
    for m in (laws_whist, laws_bridge, laws_euchre, laws_ecarte):
        for code, (ruling, law, section, entry, source, sentence) in m.TABLE.items():
            row = "| %s | %s | %s | %s | %s | %s |" % (
                code, ruling, (law + " " + section).strip(), entry, source, sentence)
            assert row in text, "docs/laws.md is missing or out of date for " + code


def test_every_event_type_finding_and_variant_is_documented():
    from overplay_core import findings, games
    from overplay_core.laws import case as laws_case
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
    from overplay_core.laws import bridge as laws_bridge
    from overplay_core.laws import ecarte as laws_ecarte
    from overplay_core.laws import euchre as laws_euchre
    from overplay_core.laws import whist as laws_whist
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


# ---- the result of play: marks equal to `overplay score`'s, fuzzing, words --------------

def _score(doc):
    from overplay import score
    return score.score(doc)


def _score_marks(doc, game):
    """What `overplay score` gives the last hand (or table) of a one-hand document."""
    r = _score(doc)
    if game == "duplicate_whist":
        t = r["boards"][0]["tables"][-1]
        return {"ns": t["ns"], "ew": t["ew"]}
    if game == "bridge_whist":
        h = r["hands"][0]
        return {"ns": h["below"][0] + h["above"][0], "ew": h["below"][1] + h["above"][1]}
    if game == "euchre":
        h = r["hands"][0]
        return {"ns": h["points"][0] + h["penalty"][0], "ew": h["points"][1] + h["penalty"][1]}
    d = r["deals"][0]
    dealer = d["dealer"] == r["players"][1]
    marks = [d["king"][0] + d["points"][0], d["king"][1] + d["points"][1]]
    return {"dealer": marks[int(dealer)], "non_dealer": marks[1 - int(dealer)]}


def _scored_doc(game, variants, scored_as):
    if game == "duplicate_whist":
        return {"game": game, "boards": [scored_as["tables"]]}
    key = "deals" if game == "ecarte" else "hands"
    return {"game": game, "variant": variants, key: [scored_as]}


RESULT_NAMES = [n for n in NAMES if "result" in json.load(open(os.path.join(EXAMPLES, n),
                                                                encoding="utf-8"))]


def test_examples_with_a_result_cover_every_game():
    games = set(json.load(open(os.path.join(EXAMPLES, n), encoding="utf-8"))["game"]
                for n in RESULT_NAMES)
    assert games == {"duplicate_whist", "bridge_whist", "euchre", "ecarte"}


@pytest.mark.parametrize("name", RESULT_NAMES)
def test_judge_examples_give_the_marks_overplay_score_gives(name):
    """Every docs example with a result: its hand, scored by `overplay score` as the judge
    says it was scored (scored_as), marks what the judge says."""
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        data = json.load(f)
    r = judge.judge_text(json.dumps(data))
    h = r["hand"]
    assert h["marks"] is not None and not h["void"]
    doc = _scored_doc(r["game"], r["variants"], h["scored_as"])
    assert _score_marks(doc, r["game"]) == h["marks"], name


def _scoring_doc_examples():
    """The JSON input examples of docs/scoring.md."""
    text = _doc("scoring.md")
    out = []
    for block in text.split("```json")[1:]:
        doc = json.loads(block.split("```")[0])
        if "game" in doc:
            out.append(doc)
    return out


def _judge_for_bridge(h):
    declarer = h["declarer"].replace("-", "").upper()
    seat = {"NS": "N", "EW": "E"}.get(declarer, declarer)
    data = {"game": "bridge_whist", "context": {"dealer": "N"}, "events": [],
            "result": {"declaration": {"seat": seat, "strain": h["strain"]},
                       "tricks": h["tricks"], "doubles": h.get("doubles", 0)}}
    for side, n in (h.get("revokes") or {}).items():
        data["events"] += [{"type": "revoke", "seat": {"NS": "N", "EW": "E"}[side]}] * n
    if h.get("cards"):
        data["hands"] = {k: v.split() for k, v in h["cards"].items()}
    return data


def _judge_for_euchre(h, variants):
    makers = h["makers"].replace("-", "").upper()
    seat = {"NS": "S", "EW": "E"}.get(makers, makers)
    data = {"game": "euchre", "variants": variants, "trump_turned": "JH",
            "context": {"dealer": "N", "phase": "deal_played"}, "findings": [],
            "events": [{"type": "order_up", "seat": seat, "alone": h.get("alone", False)}],
            "result": {"tricks": h["tricks"], "alone": h.get("alone", False)}}
    if h.get("alone"):
        data["context"]["lone"] = seat
    if h.get("partner_exposed"):
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        data["events"].append({"type": "card_exposed_in_play", "seat": partner})
    if h.get("barred"):
        data["findings"].append({"code": "seat_short", "seat": "N" if h["barred"] == "NS"
                                 else "E"})
    for side, n in (h.get("revokes") or {}).items():
        data["events"] += [{"type": "revoke", "seat": {"NS": "N", "EW": "E"}[side]}] * n
    return data


def _judge_for_ecarte(d, variants):
    dealer = d["dealer"]
    names = {dealer: "dealer", 1 - dealer: "non_dealer"}
    data = {"game": "ecarte", "variants": variants, "events": [],
            "context": {"dealer": dealer, "phase": "play_begun"},
            "result": {"tricks": {names[0]: d["tricks"][0], names[1]: d["tricks"][1]},
                       "proposal": d.get("proposal", "accepted")}}
    if d.get("turn_up"):
        data["trump_turned"] = d["turn_up"]
    if d.get("hands") and d.get("king_announced"):
        trump = d["turn_up"][-1]
        for seat, hand in enumerate(d["hands"]):
            if "K" + trump in hand:
                data["result"]["king_held_by"] = names[seat]
    if d.get("abandoned_by") is not None:
        s = d["abandoned_by"]
        data["events"].append({"type": "hand_abandoned", "seat": names[s],
                               "tricks": d["tricks"][s]})
    return data


def test_scoring_doc_examples_give_the_same_marks_judged():
    """Every hand of docs/scoring.md's examples, judged with its facts as events and its
    result as `result`, marks what `overplay score` marks (the whist board's tables too)."""
    checked = 0
    for doc in _scoring_doc_examples():
        game, variants = doc["game"], doc.get("variant", [])
        if game == "duplicate_whist":
            for row in doc["boards"]:
                tables = row["tables"] if isinstance(row, dict) else row
                scored = _score({"game": game, "boards": [tables]})["boards"][0]["tables"]
                for t, entry in enumerate(tables):
                    others = [e for i, e in enumerate(tables) if i != t and isinstance(e, int)]
                    if isinstance(entry, int):
                        data = {"game": game, "result": {"tricks": entry}}
                    elif isinstance(entry, dict):
                        data = {"game": game, "result": {"tricks": entry}}
                    elif entry == "avg":
                        data = {"game": game, "findings": ["trump_differs_from_slip"],
                                "context": {"tables": 3, "phase": "play_begun",
                                            "overplay": True, "ns_tricks_elsewhere": others},
                                "result": {"tricks": 0}}
                    else:
                        continue  # a surplus award needs the partner_surplus hands
                    marks = judge.judge_text(json.dumps(data))["hand"]["marks"]
                    assert marks == {"ns": scored[t]["ns"], "ew": scored[t]["ew"]}, (tables, t)
                    checked += 1
            continue
        key = "deals" if game == "ecarte" else "hands"
        for h in doc[key]:
            if game == "bridge_whist":
                data = _judge_for_bridge(h)
            elif game == "euchre":
                data = _judge_for_euchre(h, variants)
            else:
                data = _judge_for_ecarte(h, variants)
            r = judge.judge_text(json.dumps(data))
            one = dict(doc)
            one[key] = [h]
            assert r["hand"]["marks"] == _score_marks(one, game), (game, h, r["hand"])
            checked += 1
    assert checked >= 14


def test_result_is_refused_by_the_shared_engine():
    """The shoe never scores a judged hand: laws.judge refuses result (one line)."""
    from overplay_core import laws
    with pytest.raises(RuleError, match="^result: "):
        laws.judge({"game": "euchre", "result": {"tricks": 3}})


_RESULT_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
                           st.lists(st.integers(0, 5), max_size=3),
                           st.dictionaries(st.sampled_from(["ns", "ew", "N", "dealer",
                                                            "non_dealer", "x", "seat",
                                                            "strain", "tricks"]),
                                           st.one_of(st.integers(-1, 14), st.text(max_size=3),
                                                     st.none()), max_size=3))
_RESULT_KEYS = ["tricks", "declaration", "doubles", "honours", "void", "score", "makers",
                "alone", "euchred", "proposal", "king_turned", "king_held_by", "vole",
                "replay", "bogus"]


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["duplicate_whist", "bridge_whist", "euchre", "ecarte"]),
       st.dictionaries(st.sampled_from(_RESULT_KEYS), _RESULT_VALUES, max_size=5),
       st.booleans())
def test_fuzz_result_fields_exit_2_with_one_line_naming_the_field(game, result, with_events):
    """Any result: judged, or exit 2 with one line naming the field; never a traceback."""
    events = {"duplicate_whist": [], "bridge_whist": [{"type": "declare", "seat": "N",
                                                       "suit": "H"}],
              "euchre": [{"type": "order_up", "seat": "E"}],
              "ecarte": [{"type": "renounce", "seat": "dealer"},
                         {"type": "choice", "seat": "non_dealer", "choice": "replay"}]}[game]
    data = {"game": game, "events": events if with_events else [], "result": result}
    text = json.dumps(data)
    try:
        r = judge.judge_text(text)
    except (ParseError, RuleError) as e:
        msg = str(e)
        assert "\n" not in msg and "internal error" not in msg, msg
        assert msg.startswith("result") or "result" in msg, msg
        return
    assert "hand" in r
    json.dumps(r)


def test_cli_result_error_is_one_line_exit_2(tmp_path, capsys):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"game": "euchre", "events": [{"type": "order_up", "seat": "E"}],
                             "result": {"tricks": 7}}))
    status, out, err = _run(["judge", str(p)], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "result.tricks must be a whole number 0 to 5" in err


@pytest.mark.parametrize("name", NAMES)
def test_text_report_prints_words_not_python_values(name, capsys):
    """No True/False/None/[] in the readable report (e.g. "deal passes", not "True")."""
    status, out, _ = _run(["judge", os.path.join(EXAMPLES, name)], capsys)
    assert status == 0
    for bad in ("True", "False", "None", "[]", "{}", "'"):
        assert bad not in out.replace("adversaries'", "").replace("dealer's", "") \
            .replace("partner's", "").replace("player's", "").replace("table's", ""), (bad, out)


# ---- judging from the club database -------------------------------------------------------

def _club_db(tmp_path):
    from test_results import build_db
    return build_db(tmp_path / "club.sqlite")


def test_db_judge_gives_the_reports_rulings_and_marks(tmp_path, capsys):
    """--db: every board at every table: the rulings the director's report shows, and the
    marks its scores give (the average where it is awarded)."""
    from overplay import results
    db = _club_db(tmp_path)
    report = results.build(db)
    for b in report["boards"]:
        for row in b["tables"]:
            status, out, err = _run(["judge", "--json", "--db", db, "--board",
                                     str(b["board"]), "--table", str(row["table"])], capsys)
            assert status == 0 and err == ""
            r = json.loads(out)
            assert [x["code"] for x in r["rulings"]] == [x["code"] for x in row["rulings"]]
            if "score_ns" in row:
                assert r["hand"]["marks"] == {"ns": row["score_ns"], "ew": row["score_ew"]}
    # board 2 at table 3: the wrong trump after play at three tables (Law IV §9)
    status, out, _ = _run(["judge", "--db", db, "--board", "2", "--table", "3"], capsys)
    assert "DW-IV-9a" in out and "Marks: N-S 9, E-W 5 (as played: N-S 4, E-W 9)" in out


def test_db_judge_one_line_errors(tmp_path, capsys):
    db = _club_db(tmp_path)
    for argv, words in ((["--board", "9", "--table", "1"], "has no board 9: it has 1, 2, 3"),
                        (["--board", "1", "--table", "7"], "has no record from table 7"),
                        (["--board", "1"], "needs --board and --table"),
                        (["--session", "99", "--board", "1", "--table", "1"], "no session 99")):
        status, out, err = _run(["judge", "--db", db] + argv, capsys)
        assert status == 2 and out == "" and err.count("\n") == 1 and words in err, err
    status, _, err = _run(["judge", "--db", str(tmp_path / "none.sqlite"), "--board", "1",
                           "--table", "1"], capsys)
    assert status == 2 and "no database at" in err
    assert not os.path.exists(tmp_path / "none.sqlite")
    status, _, err = _run(["judge"], capsys)
    assert status == 2 and "give a FILE" in err
