"""The `overplay` command run in this process, as the host tests call it (capsys captures its
output): run(capsys, *argv) -> (status, stdout, stderr); one_line_error checks the one-line
refusal every bad input gets (exit 2, one line, no traceback, the words given)."""

from overplay import cli


def run(capsys, *argv):
    rc = cli.main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def one_line_error(capsys, argv, *words):
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err
