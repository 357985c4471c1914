"""The director's PIN on the shoe's flash (firmware/terminal.py): wrong tries and the lockout
survive a power cycle; a PIN file is checked before it is kept. Both interpreters (a RAM
LittleFS on MicroPython: in a file of its own, for the 128 KB heap)."""

from radio_fakes import flash_dir  # noqa: I001
from shoe_fakes import make

import shoe.terminal as T
from overplay_core import pin
import shoe.states as ST

PIN = pin.make("4711", b"saltsalt", rounds=20)


def test_a_power_cycle_does_not_clear_wrong_tries_or_the_lock():
    path = flash_dir("pin") + "/pin.bin"
    now = [1000]
    sh, _ = make(now=now, screen=False)
    t = T.Terminal(sh, None, pin_path=path)
    assert t.save_pin(PIN) and not t.save_pin(b"junk")
    assert t.login("1111") == ST.PIN_WRONG and t.login("2222") == ST.PIN_WRONG
    t = T.Terminal(sh, None, pin_path=path)  # power off and on: 2 tries counted
    assert t.pin == PIN and t.tries == 2
    assert t.login("3333") == ST.PIN_WRONG and t.locked()
    t = T.Terminal(sh, None, pin_path=path)  # locked again from boot
    assert t.login("4711") == ST.PIN_LOCKED
    now[0] += ST.LOCK_MS
    assert t.login("4711") == ST.PIN_OK
    assert T.Terminal(sh, None, pin_path=path).tries == 0
