"""Every error of the host package, and the policy for them: one line, exit status 2, never a
traceback.

    raise UserError("shoe 7 is not enrolled in club.sqlite: run `overplay enroll` first")
    raise database_error(e, path)    # a sqlite3.Error as one line: disk full, read-only, damaged
    print(one_line(e))               # any error the command expects, as its one line

The policy (docs/design.md, "Errors and the club database"): bad input or a database that
cannot be used ends in one line on stderr (what is wrong, with what input, what to do) and exit
status 2; a failed write leaves the database as it was before the command (every write is one
transaction). cli.main is the one place that prints them. StoreError, SyncError and
JudgeInputError are raised by the library modules (store, sync, judge); the commands turn them
into a UserError with what to do.
"""

import sqlite3


class UserError(Exception):
    """A problem the user can fix: printed as one line, exit status 2."""


class StoreError(Exception):
    """The database cannot be used (newer schema, not a club database)."""


class SyncError(Exception):
    """The sync could not finish: one line, what happened and what to do."""


class JudgeInputError(ValueError):
    """Input that cannot be judged; the message is one line."""


def root_cause(e):
    """The first sqlite3 error in e's chain, else e. SQLite rolls a transaction back by itself
    when the disk fills or an I/O error strikes, so the ROLLBACK that follows fails with
    "cannot rollback - no transaction is active" and the real reason is its __context__."""
    found = None
    seen = set()
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if isinstance(e, sqlite3.Error):
            found = e
        e = e.__cause__ or e.__context__
    return found


def database_error(e, path):
    """A UserError for sqlite3 error e (or one in its chain) on the club database at path."""
    e = root_cause(e) or e
    name = getattr(e, "sqlite_errorname", "") or ""
    where = "club database %s" % path
    if name == "SQLITE_FULL":
        return UserError("%s: the disk is full; nothing of this command was stored: free some "
                         "space and run it again" % where)
    if name.startswith("SQLITE_READONLY"):
        return UserError("%s is read-only and this command writes to it: run it as the "
                         "database's owner, or name a copy you may write with --db" % where)
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or name.startswith("SQLITE_CORRUPT"):
        return UserError("%s is damaged or is not a club database (%s): restore it from a "
                         "backup, or name another with --db" % (where, _text(e)))
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return UserError("%s is busy: another overplay is writing to it; run this again when "
                         "it has finished" % where)
    if name.startswith("SQLITE_CANTOPEN"):
        return UserError("cannot open %s: check that its folder exists and that you may write "
                         "there, or name another with --db" % where)
    if name.startswith("SQLITE_IOERR"):
        return UserError("%s: disk error (%s); nothing of this command was stored: check the "
                         "disk, then run it again" % (where, _text(e)))
    return UserError("%s: %s" % (where, _text(e)))


def one_line(e):
    """The text of an error the command expects, on one line."""
    if isinstance(e, OSError) and e.strerror:
        name = e.filename if e.filename is not None else ""
        text = "%s: %s" % (name, e.strerror) if name != "" else e.strerror
    else:
        text = _text(e)
    return text


def _text(e):
    text = " ".join(str(e).split())
    return text or type(e).__name__
