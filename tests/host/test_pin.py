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


def test_pin_for_a_shoe_goes_to_the_club_db_and_the_next_sync_sends_it(tmp_path, monkeypatch,
                                                                       capsys):
    """`overplay pin --shoe`: the salted hash waits in the DB; `overplay sync` sends it to a
    MicroPython shoe over a pty (link PIN_SET), which keeps it on flash as its terminal's
    pin.bin; the next sync does not send it again."""
    import os
    import time

    import pytest

    from overplay import sync
    from overplay.store import Store
    from overplay.desk_shoe import DeskShoe
    from overplay.relay import Relay
    from overplay.sim_shoe import micropython_bin

    if not os.path.exists(micropython_bin()):
        pytest.skip("no MicroPython interpreter")
    key = bytes(range(32))
    db = str(tmp_path / "club.sqlite")
    st = Store(db)
    st.enroll(5, key)
    st.close()
    monkeypatch.setattr(sys, "stdin", io.StringIO("2468\n"))
    assert cli.main(["pin", "--shoe", "5", "--stdin", "--db", db]) == 0
    assert "next `overplay sync`" in capsys.readouterr().out
    st = Store(db)
    data = st.pending_pin(5)
    assert data is not None and pin.matches(data, "2468") and b"2468" not in data
    folder = tmp_path / "shoe"
    shoe = DeskShoe(str(folder), 5, key)
    shoe.fill(3)
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        time.sleep(0.3)
        s = sync.sync(relay.open_host(), st)
        assert s.pin_pushed is True and "director's PIN sent" in s.line()
        assert (folder / "pin.bin").read_bytes() == data  # on the shoe's flash
        assert st.pending_pin(5) is None
        again = sync.sync(relay.open_host(), st)
        assert again.pin_pushed is None and "PIN" not in again.line()
    finally:
        relay.close()
        shoe.stop()
        st.close()


def test_pin_refuses_shoe_and_out_together(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("2468\n"))
    assert cli.main(["pin", "--stdin", "--shoe", "2", "--out", str(tmp_path / "p.bin"),
                     "--db", str(tmp_path / "c.sqlite")]) == 2
    assert "choose one" in capsys.readouterr().err
