"""`overplay pin`: the director's PIN file, a salted hash the shoe's terminal accepts."""

import io
import sys

from overplay import cli
from overplay_core import pin


def test_pin_file_from_stdin_is_a_salted_hash_the_terminal_accepts(tmp_path, monkeypatch,
                                                                   capsys):
    out = tmp_path / "pin.bin"
    monkeypatch.setattr(sys, "stdin", io.StringIO("4711\n"))
    assert cli.main(["pin", "--stdin", "--out", str(out)]) == 0
    data = out.read_bytes()
    assert len(data) == pin.SIZE and b"4711" not in data
    assert pin.matches(data, "4711") and not pin.matches(data, "4712")
    assert "mpremote fs cp" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("4711\n"))
    cli.main(["pin", "--stdin", "--out", str(tmp_path / "again.bin")])
    assert (tmp_path / "again.bin").read_bytes() != data  # a fresh salt each time


def test_a_pin_that_is_not_digits_is_one_line_and_status_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("12ab\n"))
    assert cli.main(["pin", "--stdin", "--out", str(tmp_path / "p.bin")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "4 to 8 digits" in err[0]
    assert not (tmp_path / "p.bin").exists()
