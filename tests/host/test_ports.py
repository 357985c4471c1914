"""Finding shoes on USB: the descriptor MicroPython's rp2 port reports, then a HELLO.

pyserial's list_ports is replaced by real ListPortInfo objects carrying the descriptors of
the devices a club PC may have plugged in; the shoes behind the ports are desk shoes (the
real firmware link and journal under MicroPython) on ptys.
"""

import os

import pytest
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

from overplay import cli, ports
from overplay.commands import sync as sync_cmd
from overplay.errors import UserError
from overplay.store import Store
from overplay.desk_shoe import DeskShoe
from overplay.relay import Relay
from overplay.sim_shoe import micropython_bin

KEYS = {7: bytes(range(1, 33)), 8: bytes(range(40, 72))}


def usb(device, vid, pid, product):
    p = ListPortInfo(device, skip_link_detection=True)
    p.vid, p.pid, p.product = vid, pid, product
    return p


def test_only_a_micropython_pico_is_a_candidate():
    plugged = [
        usb("/dev/ttyACM0", 0x2E8A, 0x000C, "Debugprobe on Pico (CMSIS-DAP)"),  # Debug Probe
        usb("/dev/ttyACM1", 0x2E8A, 0x0005, "Board in FS mode"),   # MicroPython rp2, v1.28
        usb("/dev/ttyUSB0", 0x0403, 0x6001, "FT232R USB UART"),    # a USB-serial adapter
        usb("/dev/ttyACM2", 0x2E8A, 0x000A, "Pico"),               # a pico-sdk stdio program
        usb("/dev/ttyACM3", 0x2E8A, 0x0005, None),                 # OS gave no product name
        usb("/dev/ttyACM4", 0x2E8A, 0x0005, "Some other build"),
        ListPortInfo("/dev/ttyS0", skip_link_detection=True),      # not USB at all
    ]
    assert ports.candidates(plugged) == ["/dev/ttyACM1", "/dev/ttyACM3"]
    assert "not MicroPython" in ports.why_not(plugged[0])
    assert "not a Raspberry Pi device" in ports.why_not(plugged[2])
    assert "not a USB device" in ports.why_not(plugged[6])


def test_a_debug_probe_alone_is_no_shoe(monkeypatch, capsys):
    monkeypatch.setattr(list_ports, "comports", lambda: [
        usb("/dev/ttyACM0", 0x2E8A, 0x000C, "Debugprobe on Pico (CMSIS-DAP)")])
    with pytest.raises(UserError, match="no shoe found"):
        ports.find_port()
    assert cli.main(["ports", "--all-usb"]) == 2
    out, err = capsys.readouterr()
    assert "/dev/ttyACM0: not a shoe: USB 2E8A:000C is not MicroPython" in out
    assert "no shoe found" in err


needs_mpy = pytest.mark.skipif(not os.path.exists(micropython_bin()) and
                               os.system("command -v micropython >/dev/null") != 0,
                               reason="no MicroPython interpreter")


@pytest.fixture
def plugged(tmp_path):
    """Two shoes (7: 5 records, 8: 3 records), a MicroPython Pico that is no shoe (a line
    nobody answers) and a Debug Probe; yields (ListPortInfo list, {shoe: journal}, db path)."""
    made, relays, journals = [], [], {}
    db = str(tmp_path / "club.sqlite")
    st = Store(db)
    try:
        for shoe_id, n in ((7, 5), (8, 3)):
            shoe = DeskShoe(str(tmp_path / ("shoe%d" % shoe_id)), shoe_id, KEYS[shoe_id])
            shoe.fill(n)
            journals[shoe_id] = shoe.journal()
            st.enroll(shoe_id, KEYS[shoe_id])
            relay = Relay()
            shoe.serve(relay.device_path)
            made.append(shoe)
            relays.append(relay)
        silent = Relay()
        relays.append(silent)
        st.close()
        yield ([usb(relays[0].host_path, 0x2E8A, 0x0005, "Board in FS mode"),
                usb("/dev/ttyACM9", 0x2E8A, 0x000C, "Debugprobe on Pico (CMSIS-DAP)"),
                usb(silent.host_path, 0x2E8A, 0x0005, "Board in FS mode"),
                usb(relays[1].host_path, 0x2E8A, 0x0005, None)], journals, db)
    finally:
        for shoe in made:
            shoe.stop()
        for relay in relays:
            relay.close()


@needs_mpy
def test_several_shoes_are_listed_with_their_ids_and_sync_all_syncs_each(plugged, monkeypatch,
                                                                        capsys):
    infos, journals, db = plugged
    monkeypatch.setattr(list_ports, "comports", lambda: infos)
    shoes = ports.find_shoes()
    assert [(dev, info["shoe_id"]) for dev, info in shoes] == [(infos[0].device, 7),
                                                               (infos[3].device, 8)]
    with pytest.raises(UserError) as e:
        ports.find_port()
    msg = str(e.value)
    assert msg.startswith("2 shoes plugged in") and "shoe 7" in msg and "shoe 8" in msg
    assert "--all" in msg and "\n" not in msg

    assert cli.main(["ports"]) == 0
    out = capsys.readouterr().out
    assert "%s: shoe 7" % infos[0].device in out and "%s: shoe 8" % infos[3].device in out
    assert "%s: MicroPython Pico, no answer to HELLO" % infos[2].device in out
    assert "ttyACM9" not in out  # the Debug Probe is not offered as a shoe

    assert cli.main(["sync", "--all", "--db", db, "--quiet"]) == 0
    st = Store(db)
    try:
        for shoe_id, journal in journals.items():
            assert dict(st.journal(shoe_id)) == dict(journal), shoe_id
    finally:
        st.close()


@needs_mpy
def test_one_shoe_among_other_picos_is_found_without_port(plugged, monkeypatch):
    infos, _, _ = plugged
    monkeypatch.setattr(list_ports, "comports", lambda: infos[:3])  # shoe 7, probe, silent
    assert ports.find_port() == infos[0].device
    monkeypatch.setattr(list_ports, "comports", lambda: infos[1:3])  # probe, silent
    with pytest.raises(UserError, match="answered no HELLO"):
        ports.find_port()


def test_sync_all_goes_on_past_a_shoe_that_fails_and_names_it(monkeypatch, capsys):
    import argparse
    monkeypatch.setattr(sync_cmd, "find_shoes", lambda: [
        ("/dev/ttyACM0", {"shoe_id": 7}), ("/dev/ttyACM1", {"shoe_id": 8}),
        ("/dev/ttyACM2", {"shoe_id": 9})])
    synced = []

    def sync_one(args):
        if args.port == "/dev/ttyACM1":
            raise UserError("serial link failed: gone; check the cable and run sync again")
        synced.append(args.port)

    with pytest.raises(UserError) as e:
        sync_cmd.sync_all(argparse.Namespace(port=None, db="x"), sync_one)
    assert synced == ["/dev/ttyACM0", "/dev/ttyACM2"]
    assert str(e.value) == "1 of 3 shoes not synced (shoe 8): sync again"
    assert "/dev/ttyACM1 (shoe 8): serial link failed" in capsys.readouterr().err
    with pytest.raises(UserError, match="leave out --port"):
        sync_cmd.sync_all(argparse.Namespace(port="/dev/ttyACM0", db="x"), sync_one)
