"""The director's results of a session, and the formats they go out in.

    from overplay import results
    r = results.build("club.sqlite", session_id=3)   # model.load + the rulings kept in the DB
    page = results.render(r, "html")                 # one of FORMATS, as a str
    results.write(page, "session3.html")              # render r again for another format:
                                                      # no renderer changes it
    results.format_for(None, "boards.pbn")           # "pbn": --format, else the extension

The package: model.py reads a session from the club database (boards, tables, pairs, events,
adjustments) and scores it with rulings.py (the laws engine on what the shoes found, scores,
ranks, matchpoints); text.py, export.py (CSV, PBN) and html.py (the printed report) format what
model.load gives. Nothing here prints or exits: overplay.commands.results does. Docs:
docs/results.md.
"""

import os

from overplay.errors import UserError
from overplay.store import default_path, open_store, require_database

FORMATS = ("text", "csv", "pbn", "json", "html")
EXTENSIONS = {".txt": "text", ".text": "text", ".csv": "csv", ".pbn": "pbn", ".json": "json",
              ".html": "html", ".htm": "html"}


def format_for(fmt, output):
    """The format asked for: --format when given, else the output file's extension, else
    text; a file whose extension names no format is a one-line error."""
    if fmt:
        return fmt
    if not output:
        return "text"
    ext = os.path.splitext(output)[1].lower()
    if ext not in EXTENSIONS:
        raise UserError("cannot tell the format of %s from its extension %r: give --format "
                        "(%s) or name it .txt, .csv, .pbn, .json or .html"
                        % (output, ext or "(none)", ", ".join(FORMATS)))
    return EXTENSIONS[ext]


def render(result, fmt):
    """The result in one of FORMATS, as a str."""
    from overplay.results import export as rx
    if fmt == "text":
        from overplay.results import text
        return text.text(result)
    if fmt == "csv":
        return rx.csv_text(result)
    if fmt == "pbn":
        return rx.pbn(result)
    if fmt == "json":
        from overplay.results import model as rm
        return rm.dumps(_named(result, rx))
    from overplay.results import html
    return html.html(result)


def _named(result, rx):
    """The result for JSON: each hand as card names ("AS") and the PBN deal string beside it.

    Only what changes is new (the top dict, the boards list, each board with a deal and its
    deal dict); the rest is shared with `result`, which is left as it was, so the other
    formats of the same run render from it unchanged."""
    from overplay_core.cards import card_name
    boards = []
    for b in result["boards"]:
        d = b["deal"]
        if d and d["hands"]:
            d = dict(d, pbn=rx.deal_string(d["hands"], d["dealer"]),
                     hands=_names(d["hands"], card_name))
            b = dict(b, deal=d)
        if any(r.get("deal") and r["deal"]["hands"] for r in b["tables"]):
            # a table's own deal (euchre, écarté, bridge whist): new rows for those
            b = dict(b, tables=[dict(r, deal=dict(r["deal"], hands=_names(
                r["deal"]["hands"], card_name))) if r.get("deal") and r["deal"]["hands"]
                else r for r in b["tables"]])
        boards.append(b)
    return dict(result, boards=boards)


def _names(hands, card_name):
    return {s: [card_name(c) for c in cs] for s, cs in hands.items()}


def build(db_path, session_id=None, keep_rulings=True):
    """Load a session's results from the database at db_path (UserError if there is none).

    keep_rulings: write the rulings into the database's `rulings` table too, when it may be
    written (writable(db_path)); a database this user may only read is opened read-only and
    its results are still made, the rulings shown but not kept."""
    from overplay.results import model as rm
    from overplay.results import rulings as rr
    require_database(db_path)
    keep = keep_rulings and writable(db_path)
    st = open_store(db_path, readonly=not keep)
    try:
        result = rm.load(st, session_id)
        if keep:
            rr.store(st, result)
        return result
    except LookupError as e:
        raise UserError(str(e).strip("'\""))
    finally:
        st.close()


def writable(db_path):
    """True when this user may write the database at db_path (the file and, for SQLite's
    journal, its folder)."""
    path = db_path or default_path()
    if path == ":memory:":
        return True
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def write(text, path):
    """Write text to path (the folder is made); newline as given (PBN keeps its CRLF)."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
