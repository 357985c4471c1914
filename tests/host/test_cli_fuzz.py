"""Hypothesis fuzzing of the `overplay` command line, in-process through cli.main(argv): any
argv drawn from a subcommand's real options, its choices and junk, any JSON (or bytes) given to
judge and score, ends with exit status 0, 1 or 2, never a traceback, at most one line on stderr
when it fails and never an "internal error"; every club database it touched still passes
SQLite's integrity check. sync and enroll get a --port that does not exist, so no device is
needed; virtual-shoe a --script that does not exist, so it never starts serving. OVERPLAY_SOAK=1 runs many more examples."""

import argparse
import contextlib
import getpass
import glob
import io
import json
import os
import shutil
import sqlite3
import sys
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from overplay import cli
from overplay.commands import pin as pin_cmd
from test_results import build_db

SOAK = os.environ.get("OVERPLAY_SOAK") == "1"
N = 2000 if SOAK else 60
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "docs", "examples", "judge", "*.json")))
NO_PORT = "/nonexistent/overplay-fuzz-port"
SCORE_DOCS = [
    {"game": "duplicate_whist", "boards": [[7, "avg", 9, 8], {"board": 2, "tables": [6, 7]}]},
    {"game": "bridge_whist", "hands": [{"strain": "NT", "declarer": "EW", "tricks": 10}]},
    {"game": "euchre", "variant": ["lone_euchred_2"],
     "hands": [{"makers": "NS", "tricks": 1, "alone": True}]},
    {"game": "ecarte", "players": ["Alice", "Bob"],
     "deals": [{"dealer": 0, "tricks": [5, 0], "turn_up": "KH"}]},
]


def subcommands(parser):
    """{"judge": parser, "session new": parser, ...}: every leaf subcommand's parser."""
    out = {}
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, p in a.choices.items():
                inner = subcommands(p)
                if inner:
                    out.update({name + " " + k: v for k, v in inner.items()})
                else:
                    out[name] = p
    return out


PARSERS = subcommands(cli.build_parser())
OPTIONS = {name: [(s, a.choices) for a in p._actions for s in a.option_strings]
           for name, p in PARSERS.items()}


class Scene:
    """A scratch folder (the working directory while a command runs) with a club DB holding a
    session, a file that is not a database, and input files."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="overplay-fuzz-")
        self.club = build_db(os.path.join(self.dir, "club.sqlite"))
        self.junk = os.path.join(self.dir, "junk.sqlite")
        with open(self.junk, "wb") as f:
            f.write(b"SQLite format 3\x00" + bytes(range(256)) * 8)
        self.input = os.path.join(self.dir, "input.json")
        self.default = os.path.join(self.dir, "default", "club.sqlite")

    def paths(self):
        return [self.club, self.junk, os.path.join(self.dir, "fresh.sqlite"), self.input,
                os.path.join(self.dir, "no", "such", "dir", "x.sqlite"), self.dir, "-"]


SCENE = Scene()


def teardown_module():
    shutil.rmtree(SCENE.dir, ignore_errors=True)


junk_text = st.text(max_size=12).filter(lambda s: "\x00" not in s)
numbers = st.one_of(st.integers(-3, 30), st.integers(-2 ** 70, 2 ** 70)).map(str)
values = st.one_of(junk_text, numbers, st.sampled_from(
    ["1-24", "1", "24-1", "0", "-1", "1-2-3", "duplicate_whist", "euchre", "ecarte", "4",
     "mitchell", "declared_trump", "nan", "inf", "1e999", "99999999999999999999999", "",
     "-", "--", "loop://", "text", "html", "csv", "json", "pbn"]), st.sampled_from(SCENE.paths()))


@st.composite
def argvs(draw):
    """[subcommand words..., options and values...] for one leaf subcommand."""
    name = draw(st.sampled_from(sorted(PARSERS)))
    argv = name.split()
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.integers(0, 9))
        if kind < 6 and OPTIONS[name]:
            opt, choices = draw(st.sampled_from(OPTIONS[name]))
            argv.append(opt)
            if choices and draw(st.booleans()):
                argv.append(str(draw(st.sampled_from(sorted(map(str, choices))))))
            elif draw(st.integers(0, 3)):
                argv.append(draw(values))
        else:
            argv.append(draw(values))
    if argv[0] in ("sync", "enroll"):
        argv += ["--port", NO_PORT]  # the last --port wins: never a real device
    if argv[0] == "virtual-shoe":  # it serves until stopped: the last --script wins, and a
        argv += ["--script", NO_PORT]  # missing one ends it in one line before it starts
    return argv


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 40, 2 ** 40),
                      st.floats(allow_nan=False), junk_text,
                      st.sampled_from(["N", "E", "S", "W", "NS", "EW", "AS", "10H", "KH",
                                       "avg", "deal_completed", "play_begun", "trump_turned"]))
json_any = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(junk_text, inner, max_size=5)), max_leaves=20)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@st.composite
def mutated(draw, docs):
    """A real input with some of its values replaced, keys dropped or junk keys added."""
    doc = json.loads(json.dumps(draw(st.sampled_from(docs))))
    for _ in range(draw(st.integers(0, 4))):
        node = doc
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            keys = sorted(node) if isinstance(node, dict) else list(range(len(node)))
            key = draw(st.sampled_from(keys))
            if not isinstance(node[key], (dict, list)) or not node[key]:
                break
            node = node[key]
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            how = draw(st.integers(0, 2))
            if how == 0:
                del node[key]
            elif how == 1:
                node[key] = draw(json_any)
            else:
                node[draw(junk_text)] = draw(json_any)
        elif isinstance(node, list) and node:
            node[draw(st.integers(0, len(node) - 1))] = draw(json_any)
    return json.dumps(doc)


def inputs():
    judge_docs = [load(p) for p in EXAMPLES]
    return st.one_of(mutated(judge_docs + SCORE_DOCS), json_any.map(json.dumps),
                     st.binary(max_size=60).map(lambda b: b.decode("latin-1")),
                     st.sampled_from(["", "{", "[" * 5000, '{"game": 1e400}', "NaN",
                                      '{"game": "euchre", "hands": %s}' % ("9" * 5000)]))


def run(argv, stdin_text=""):
    """cli.main(argv) in the scratch folder: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    saved = sys.stdin, pin_cmd._terminal, getpass.getpass
    answers = iter(["4711", "4711", "12", "x"])
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin_text.encode("utf-8", "surrogatepass")),
                                 encoding="utf-8")
    pin_cmd._terminal = lambda: True  # the PIN prompt answered here, never a real terminal
    getpass.getpass = lambda prompt="": next(answers, "")
    env = os.environ.get("OVERPLAY_DB")
    os.environ["OVERPLAY_DB"] = SCENE.default  # without --db: never the user's own club DB
    os.chdir(SCENE.dir)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(argv)
    finally:
        os.chdir(here)
        sys.stdin, pin_cmd._terminal, getpass.getpass = saved
        if env is None:
            del os.environ["OVERPLAY_DB"]
        else:
            os.environ["OVERPLAY_DB"] = env
    return status, out.getvalue(), err.getvalue()


def check(argv, status, err):
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if status:
        assert err.count("\n") <= 1, (argv, err)
    for path in (SCENE.club, SCENE.default, os.path.join(SCENE.dir, "fresh.sqlite")):
        if os.path.exists(path) and os.path.getsize(path):
            c = sqlite3.connect(path)
            try:
                assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok", argv
            finally:
                c.close()


FUZZ = settings(max_examples=N, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(argvs(), st.one_of(st.just(""), st.sampled_from(["4711\n", "12ab\n", "\n"])))
def test_any_argv_of_any_subcommand_ends_in_one_line(argv, stdin_text):
    status, _, err = run(argv, stdin_text)
    check(argv, status, err)


@FUZZ
@given(st.sampled_from(["judge", "score"]), inputs(), st.booleans(), st.booleans())
def test_any_json_to_judge_and_score_ends_in_one_line(cmd, text, via_stdin, as_json):
    if via_stdin:
        argv = [cmd, "-"]
    else:
        with open(SCENE.input, "w", encoding="utf-8", errors="surrogatepass") as f:
            f.write(text)
        argv = [cmd, SCENE.input]
    if as_json:
        argv.insert(1, "--json")
    status, out, err = run(argv, text)
    check(argv, status, err)
    if status == 0 and as_json:
        json.loads(out)  # what --json prints is JSON


def test_the_fuzzer_reaches_every_subcommand_and_its_options():
    assert {"judge", "score", "sync", "enroll", "session new", "session list", "results",
            "pin"} <= set(PARSERS)
    assert ("--shoe", None) in OPTIONS["pin"] and ("--format", ("text", "csv", "pbn", "json",
                                                                "html")) in OPTIONS["results"]
