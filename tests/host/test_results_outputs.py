"""`overplay results -o A -o B ...`: several files from one reading of the session. The session
is loaded and scored once and every file is the same, byte for byte, as a run writing that
file alone; the names are checked before anything is read or written."""

import copy

import pytest

from overplay import results
from overplay.results import model as results_model
from cli_inproc import one_line_error, run
from test_results import build_db

NAMES = ("night.txt", "night.csv", "night.pbn", "night.json", "night.html")


@pytest.fixture
def db(tmp_path, capsys):
    """Three tables with a ruling (a wrong trump turned at table 3), an average awarded at the
    PC and the players' names of two pairs: every part of the result in every format."""
    db = build_db(tmp_path / "club.sqlite")
    assert run(capsys, "adjust", "average", "--board", "1", "--table", "2", "--reason",
               "board fouled", "--by", "Ann", "--db", db)[0] == 0
    assert run(capsys, "players", "set", "1", "Ann & Bob", "--db", db)[0] == 0
    assert run(capsys, "players", "set", "E-W 2", "Cy & Di", "--db", db)[0] == 0
    return db


@pytest.fixture
def loads(monkeypatch):
    """How many times the session was loaded (model.load) and its records assigned to the
    sessions (model._assign, the loader's reading of every record)."""
    n = {"load": 0, "assign": 0}
    real_load, real_assign = results_model.load, results_model._assign

    def load(*a, **k):
        n["load"] += 1
        return real_load(*a, **k)

    def assign(*a, **k):
        n["assign"] += 1
        return real_assign(*a, **k)

    monkeypatch.setattr(results_model, "load", load)
    monkeypatch.setattr(results_model, "_assign", assign)
    return n


def test_several_files_read_the_session_once_and_match_one_file_runs(db, tmp_path, capsys,
                                                                     loads):
    both = tmp_path / "both"
    rc, out, err = run(capsys, "results", "--matchpoints", "--db", db,
                       *[a for n in NAMES for a in ("-o", str(both / n))])
    assert rc == 0, err
    assert loads == {"load": 1, "assign": 1}
    assert out.splitlines() == ["session 1: %s results written to %s" % (
        results.EXTENSIONS["." + n.split(".")[1]], both / n) for n in NAMES]
    for n in NAMES:
        alone = tmp_path / "alone" / n
        assert run(capsys, "results", "--matchpoints", "--db", db, "-o", str(alone))[0] == 0
        assert (both / n).read_bytes() == alone.read_bytes(), n
    assert loads == {"load": 1 + len(NAMES), "assign": 1 + len(NAMES)}
    page = (both / "night.html").read_text(encoding="utf-8")
    assert "Ann &amp; Bob" in page and "average" in page and "DW-IV-9a" in page


def test_no_format_changes_the_result_the_next_one_renders(db):
    r = results.build(db)
    r["show_matchpoints"] = True
    before = copy.deepcopy(r)
    pages = [results.render(r, f) for f in results.FORMATS]
    assert r == before
    assert [results.render(r, f) for f in reversed(results.FORMATS)] == pages[::-1]
    assert '"pbn": "N:' in pages[results.FORMATS.index("json")]  # JSON's own names, not r's
    assert all(isinstance(c, int) for c in r["boards"][0]["deal"]["hands"]["N"])


def test_format_with_several_files_is_a_one_line_error(db, tmp_path, capsys, loads):
    one_line_error(capsys, ["results", "--db", db, "--format", "csv", "-o",
                            str(tmp_path / "a.csv"), "-o", str(tmp_path / "b.csv")],
                   "--format", "2 files", "extension")
    assert loads["load"] == 0 and list(tmp_path.glob("*.csv")) == []


def test_a_bad_name_among_several_writes_nothing(db, tmp_path, capsys, loads):
    one_line_error(capsys, ["results", "--db", db, "-o", str(tmp_path / "a.html"), "-o",
                            str(tmp_path / "b.docx")], "'.docx'", "--format")
    assert loads["load"] == 0 and not (tmp_path / "a.html").exists()
