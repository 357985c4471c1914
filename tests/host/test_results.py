"""`overplay results`: a session read back from a club DB filled by the real store ingest of
real signed records (SESSION, DEAL, CHECK, EVENT, SCORE), scored, ruled on and exported."""

import csv
import io
import json
import re

import pytest

from overplay import cli, results
from overplay.errors import UserError
from overplay.results import export as results_export
from overplay.results import html as results_html
from overplay.results import model as results_model
from overplay.store import Store
from signed_shoe import PACK, Shoe, seats_of, trump_of
from overplay_core import findings as F
from overplay_core import games, handprint, records
from overplay_core.cards import card_name

# N-S tricks keyed in per board at tables 1, 2, 3; (table 3, board 2) turns the wrong trump.
TRICKS = {1: (7, 6, 8), 2: (8, 9, 4), 3: (5, 5, 6)}


def tricks_of(board, table):
    """The N-S tricks keyed in: TRICKS for the first three boards and tables, made up past."""
    if board in TRICKS and table <= 3:
        return TRICKS[board][table - 1]
    return (board * 5 + table * 3) % 14


def build_db(path, tables=3, wrong=(3, 2), twice=(1, 1), boards=3):
    st = Store(str(path))
    hp = bytearray(handprint.MAX_BYTES)
    for t in range(1, tables + 1):
        sh = Shoe(10 + t)
        st.enroll(sh.shoe_id, sh.key, "table %d" % t)
        setup = st.new_setup(games.DUPLICATE_WHIST, 0, 1, boards, t, tables, 0, sh.shoe_id)
        sh.add(records.encode_session, sh.shoe_id, (0, 1, 0), setup, 1, 0, t, tables, 1, boards,
               0)
        for b in range(1, boards + 1):
            dealer = (b - 1) % 4
            hl = handprint.pack(seats_of(b), PACK, hp)
            if t == 1:
                if (t, b) == twice:
                    sh.add(records.encode_event, records.EV_DUPLICATE_READ, b, 5, 1, None, 0)
                sh.add(records.encode_deal, b, t, 1, 0, dealer, records.MODE_ORIGINAL,
                       trump_of(b), records.FLAG_COMPLETE, (), 0, hp, hl)
            else:
                bad = (t, b) == wrong
                turned = min(c for c in PACK if (c + b) % 4 == dealer) if bad else trump_of(b)
                fnd = (F.TRUMP_DIFFERS_FROM_SLIP,) if bad else ()
                flags = records.FLAG_SLIP_WRITTEN | records.FLAG_HANDS_CHECKED
                if not bad:
                    flags |= records.FLAG_COMPLETE  # as the shoe marks a clean overplay
                sh.add(records.encode_deal, b, t, 1, 0, dealer, records.MODE_OVERPLAY, turned,
                       flags, fnd, len(fnd), hp, hl)
                sh.add(records.encode_check, b, t, records.SLIP_MISMATCH if bad else
                       records.SLIP_OK, fnd, len(fnd), (), 0)
            ns = tricks_of(b, t)
            sh.add(records.encode_score, b, t, 1, ns, 13 - ns, ns, 13 - ns)
        sync = st.begin_sync(sh.shoe_id, 1)
        assert st.commit_batch(sync, sh.shoe_id, sh.recs, len(sh.recs) + 1, sh.journal_id) == \
            (len(sh.recs), 0, 0)
        st.finish_sync(sync, "ok")
    st.close()
    return str(path)


@pytest.fixture
def db(tmp_path):
    return build_db(tmp_path / "club.sqlite")


def test_scores_averages_totals_and_ranks(db):
    r = results.build(db)
    assert r["game_name"] == "duplicate whist" and r["tables"] == 3
    b1, b2, b3 = r["boards"]
    assert [(x["score_ns"], x["score_ew"], x["diff_ns"], x["diff_ew"]) for x in b1["tables"]] \
        == [(7, 6, 0, 0), (6, 7, -1, 1), (8, 5, 1, -1)]
    # Board 2, table 3: wrong trump, played on, three tables: Law IV §9 average (DW-25):
    # N-S (8 + 9) / 2 = 8.5 -> 9 and E-W (5 + 4) / 2 = 4.5 -> 5, each side its own average.
    t3 = b2["tables"][2]
    assert t3["award"] == "average" and (t3["score_ns"], t3["score_ew"]) == (9, 5)
    assert [x["code"] for x in t3["rulings"]] == ["DW-IV-9a"]
    assert "Law IV" in t3["rulings"][0]["citation"] and t3["phase"] == "play_begun"
    assert (b3["average_ns"], b3["average_ew"]) == (5, 8)
    pairs = {p["pair"]: (p["total"], p["plus_minus"], p["rank"]) for p in r["pairs"]}
    assert pairs == {"N-S 1": (20, -1, 2), "N-S 2": (20, -1, 2), "N-S 3": (23, 2, 1),
                     "E-W 1": (19, 1, 1), "E-W 2": (19, 1, 1), "E-W 3": (17, -1, 3)}
    assert r["events"][0]["text"] == "duplicate read: %s" % card_name(5)


def test_rulings_are_kept_in_the_database(db):
    results.build(db)
    results.build(db)  # again: replaced, not doubled
    st = Store(db)
    rows = st.db.execute("SELECT shoe_id, finding, ruling FROM rulings").fetchall()
    st.close()
    assert rows == [(13, F.TRUMP_DIFFERS_FROM_SLIP, "DW-IV-9a")]


def test_two_tables_wrong_trump_after_play_is_a_new_deal(tmp_path):
    r = results.build(build_db(tmp_path / "two.sqlite", tables=2, wrong=(2, 2)))
    b2 = r["boards"][1]
    assert b2["status"].startswith("new deal") and "score_ns" not in b2["tables"][0]
    assert [p["boards"] for p in r["pairs"]] == [2, 2, 2, 2]


def test_hands_come_from_the_handprint(db):
    r = results.build(db)
    for b in r["boards"]:
        seats = seats_of(b["board"])
        for i, s in enumerate("NESW"):
            assert b["deal"]["hands"][s] == [c for c in PACK if seats[c] == i]
        assert b["deal"]["trump"] == card_name(trump_of(b["board"]))


def test_pbn_export_tags_in_order_and_deal_round_trip(db):
    r = results.build(db)
    text = results.render(r, "pbn")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n") and "\n" not in text.replace("\r\n", "")
    games_ = [g for g in text.split("\r\n\r\n") if "[Board" in g]
    assert len(games_) == 3
    mts = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
           "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]
    for g, b in zip(games_, r["boards"]):
        tags = [m.groups() for m in (re.match(r'^\[(\w+) "(.*)"\]$', x)
                                     for x in g.split("\r\n")) if m]
        # the mandatory tag set in its order, then each table's result (supplemental)
        assert [k for k, _ in tags] == mts + ["ScoreTable"]
        d = dict(tags)
        assert d["Board"] == str(b["board"]) and d["Dealer"] == b["deal"]["dealer"]
        assert d["Deal"].startswith(b["deal"]["dealer"] + ":")
        # the trump as the strain, the dealer as declarer (the lead from the dealer's left)
        assert d["Contract"] == "1" + b["deal"]["trump"][-1] and d["Declarer"] == d["Dealer"]
        assert results_export.parse_deal(d["Deal"]) == b["deal"]["hands"]
        for hand in d["Deal"][2:].split():
            assert len(hand) == 13 + 3  # 13 cards and 3 dots
    assert results_export.strain(None) == results_export.strain("") == "?"
    assert results_export.deal_string({"N": [51, 38], "E": [], "S": [0], "W": [12]}, "S") == \
        "S:...2 ...A A.A.. ..."


def test_pbn_deal_rejects_a_bad_string():
    for bad in ("X:...", "N:AK.. ...", "N:AKZ... ... ... ..."):
        with pytest.raises(ValueError):
            results_export.parse_deal(bad)


def test_csv_one_row_per_board_and_table(db):
    r = results.build(db)
    rows = list(csv.DictReader(io.StringIO(results.render(r, "csv"))))
    assert len(rows) == 9
    assert [(x["board"], x["table"]) for x in rows][:3] == [("1", "1"), ("1", "2"), ("1", "3")]
    avg = [x for x in rows if x["award"]]
    assert len(avg) == 1 and avg[0]["board"] == "2" and avg[0]["table"] == "3"
    assert (avg[0]["tricks_ns"], avg[0]["score_ns"], avg[0]["rulings"]) == ("4", "9", "DW-IV-9a")
    assert avg[0]["findings"] == "trump_differs_from_slip"


def test_json_export_names_the_cards(db):
    data = json.loads(results.render(results.build(db), "json"))
    d = data["boards"][0]["deal"]
    assert len(d["hands"]["N"]) == 13 and all(isinstance(c, str) for c in d["hands"]["N"])
    north = [c for c in PACK if seats_of(1)[c] == 0]
    assert results_export.parse_deal(d["pbn"])["N"] == north
    assert d["hands"]["N"] == [card_name(c) for c in north]


def test_html_escapes_text_and_shows_every_board(db):
    r = results.build(db)
    r["game_name"] = "<script>alert('x')</script> & co"
    r["boards"][1]["tables"][2]["rulings"][0]["text"] = "a <b>bold</b> ruling"
    page = results_html.html(r)
    assert "<script>" not in page and "&lt;script&gt;" in page and "&amp; co" in page
    assert "<b>bold</b>" not in page and "&lt;b&gt;bold&lt;/b&gt;" in page
    for b in (1, 2, 3):
        assert 'id="board-%d"' % b in page
    assert "DW-IV-9a" in page and "Law IV" in page
    # self-contained: nothing fetched from elsewhere
    assert not re.search(r"(src|href)\s*=|<link|@import|url\(", page)


def test_cli_writes_each_format_and_lists(db, tmp_path, capsys):
    for fmt in results.FORMATS:
        out = tmp_path / ("r." + fmt)
        assert cli.main(["results", "--db", db, "--format", fmt, "-o", str(out)]) == 0
        assert out.stat().st_size > 100
    assert cli.main(["results", "--db", db, "--list"]) == 0
    assert "duplicate whist  boards 1-3  3 tables" in capsys.readouterr().out
    assert cli.main(["results", "--db", db]) == 0
    assert "Board 2" in capsys.readouterr().out


def test_cli_one_line_errors(db, tmp_path, capsys):
    assert cli.main(["results", "--db", db, "--session", "99"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no session 99" in err
    missing = tmp_path / "none.sqlite"
    assert cli.main(["results", "--db", str(missing)]) == 2
    assert "no club database" in capsys.readouterr().err and not missing.exists()
    assert cli.main(["results", "--list", "--db", str(missing)]) == 2
    assert "no club database" in capsys.readouterr().err and not missing.exists()


def test_sessions_lists_one_session_for_the_three_setups(db):
    st = Store(db)
    try:
        ss = results_model.sessions(st)
    finally:
        st.close()
    assert [(s["id"], s["setups"], s["tables"]) for s in ss] == [(1, [1, 2, 3], 3)]


def test_records_without_a_setup_make_session_0(tmp_path):
    st = Store(str(tmp_path / "loose.sqlite"))
    sh = Shoe(21)
    st.enroll(sh.shoe_id, sh.key)
    hp = bytearray(handprint.MAX_BYTES)
    hl = handprint.pack(seats_of(4), PACK, hp)
    sh.add(records.encode_session, sh.shoe_id, (0, 1, 0), 0, 1, 0, 1, 1, 1, 24, 0)
    sh.add(records.encode_deal, 4, 1, 1, 0, 3, records.MODE_ORIGINAL, trump_of(4),
           records.FLAG_COMPLETE, (), 0, hp, hl)
    sh.add(records.encode_score, 4, 1, 1, 9, 4, 9, 4)
    sync = st.begin_sync(sh.shoe_id, 1)
    st.commit_batch(sync, sh.shoe_id, sh.recs, len(sh.recs) + 1, sh.journal_id)
    st.close()
    r = results.build(str(tmp_path / "loose.sqlite"))
    assert r["session"] == 0 and r["tables"] == 1
    assert [b["board"] for b in r["boards"]] == [4]
    assert r["boards"][0]["tables"][0]["score_ns"] == 9
    assert results.render(r, "pbn").count("[Deal ") == 1


def test_a_euchre_score_without_its_fields_is_listed_not_scored(tmp_path):
    """A SCORE keyed without the game's fields (makers, alone: firmware before issue #16)
    cannot be scored: the hand is listed with why, nobody gets points for it, and euchre has
    no PBN (said in one line)."""
    st = Store(str(tmp_path / "euchre.sqlite"))
    sh = Shoe(31)
    st.enroll(sh.shoe_id, sh.key)
    sh.add(records.encode_session, sh.shoe_id, (0, 1, 0), 0, games.EUCHRE, 0, 1, 1, 1, 2, 0)
    sh.add(records.encode_score, 1, 1, games.EUCHRE, 3, 2, 1, 0)
    sync = st.begin_sync(sh.shoe_id, 1)
    st.commit_batch(sync, sh.shoe_id, sh.recs, len(sh.recs) + 1, sh.journal_id)
    st.close()
    r = results.build(str(tmp_path / "euchre.sqlite"))
    assert r["game_name"] == "euchre" and r["pairs"] == []
    assert "no makers keyed" in r["boards"][0]["tables"][0]["hand"]["error"]
    assert [p["points"] for p in r["standings"]["players"]] == [0, 0, 0, 0]
    with pytest.raises(UserError, match="^euchre has no PBN: PBN holds four hands of a "
                                        "52-card pack"):
        results.render(r, "pbn")
    assert "board 1: not scored: no makers keyed" in results.render(r, "text")


def test_output_format_from_the_extension(db, tmp_path, capsys):
    for name, marker in (("r.html", "<!DOCTYPE html>"), ("r.csv", "session,board"),
                         ("r.pbn", "% PBN 2.1"), ("r.json", '"boards"'), ("r.txt", "Session ")):
        out = tmp_path / name
        assert cli.main(["results", "--db", db, "-o", str(out)]) == 0
        assert marker in out.read_text(encoding="utf-8"), name
    # --format says otherwise: it wins
    assert cli.main(["results", "--db", db, "--format", "text", "-o",
                     str(tmp_path / "x.html")]) == 0
    assert (tmp_path / "x.html").read_text().startswith("Session ")
    capsys.readouterr()
    assert cli.main(["results", "--db", db, "-o", str(tmp_path / "r.docx")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'.docx'" in err and "--format" in err
    assert not (tmp_path / "r.docx").exists()


def test_version(capsys):
    from overplay import __version__
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == "overplay %s" % __version__


def test_html_report_is_for_players_and_prints(tmp_path):
    path = build_db(tmp_path / "pub.sqlite")
    st = Store(path)  # table 1's director enters the PIN and averages board 3 at the table
    sh = Shoe(11)
    sh.recs = [(s, r) for s, r in st.journal(11)]
    sh.add(records.encode_event, records.EV_DIRECTOR, 3, 1, 0, None, 0)
    sh.add(records.encode_event, records.EV_DIRECTOR, 3, 2, 0, None, 0)
    sync = st.begin_sync(11, len(sh.recs) - 1)
    assert st.commit_batch(sync, 11, sh.recs[-2:], len(sh.recs) + 1, sh.journal_id)[0] == 2
    st.close()
    r = results.build(path)
    assert [x["private"] for x in r["events"]].count(True) == 2
    page = results_html.html(r)
    assert "PIN" not in page and "director: average board" not in page
    # words, not the laws engine's internal names
    assert "trump_differs_from_slip" not in page and "average_score" not in page
    assert F.sentence(F.TRUMP_DIFFERS_FROM_SLIP) in page
    # printing: page header and page numbers, the recap on its own page, boards kept whole
    assert "@page" in page and "counter(pages)" in page and "@top-left" in page
    assert 'class="recap"' in page and "break-after:page" in page
    assert "break-inside:avoid" in page and 'class="trav"' in page
    # the director's own text summary still has them
    assert "director: PIN entered" in results.render(r, "text")
