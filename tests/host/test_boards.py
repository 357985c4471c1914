"""The board definitions are sound (tools/boards.py) and their wiring diagrams are current."""

import copy
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import boards  # noqa: E402


def test_every_board_definition_is_sound():
    assert boards.names() == ["pico_ref", "pico_w"]
    for n in boards.names():
        assert boards.check(boards.load(n)) == [], n


def test_committed_wiring_diagrams_are_up_to_date(capsys):
    assert boards.main(["--svg", "--check-svg"]) == 0, capsys.readouterr().out
    text = boards.svg("pico_ref", boards.load("pico_ref"))
    assert "GP18 (pin 24)  SPI0 SCK" in text and "GP14 (pin 19)  I2C1 SDA" in text
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")


def faults_of(name="pico_ref", **changes):
    d = copy.deepcopy(boards.load(name))
    for path, value in changes.items():
        part, _, key = path.partition("__")
        if key:
            if value is None:
                del d[part][key]
            else:
                d[part][key] = value
        elif value is None:
            del d[part]
        else:
            d[part] = value
    return boards.check(d)


def test_a_pin_used_twice_is_a_fault():
    f = faults_of(buttons__mode=21)  # DEAL's pin
    assert f == ["GP21 used twice: button DEAL switch and button MODE switch"]
    f = faults_of(reader__rst=14)    # the display's SDA
    assert any(x.startswith("GP14 used twice") for x in f), f


def test_a_bus_pin_the_rp2040_cannot_route_is_a_fault():
    f = faults_of(reader__sck=17)    # SPI0 CSn, not SCK
    assert any("reader.sck GP17 cannot be SPI0 SCK" in x for x in f), f
    f = faults_of(display__sda=16)   # I2C0 SDA, but the display is on I2C1
    assert any("display.sda GP16 cannot be I2C1 SDA" in x for x in f), f
    f = faults_of(reader__spi=1)     # GP18/19/16 are SPI0 pins
    assert len([x for x in f if "cannot be SPI1" in x]) == 3, f
    f = faults_of(uart={"uart": 0, "tx": 4, "rx": 5})  # GP4/5 are UART1
    assert any("uart.tx GP4 cannot be UART0 TX" in x for x in f), f
    assert faults_of(uart={"uart": 1, "tx": 4, "rx": 5}) == []


def test_missing_roles_and_pins_off_the_header_are_faults():
    assert faults_of(buttons__next=None) == ["buttons.next missing"]
    assert "reader missing (the firmware needs chip, spi, baudrate, sck, mosi, miso, cs, rst)" \
        in faults_of(reader=None)
    f = faults_of(buttons__mode=24)
    assert any("GP24 is not on the Raspberry Pi Pico header (VBUS sense)" in x for x in f), f
    f = faults_of("pico_w", buttons__mode=23)
    assert any("not on the Raspberry Pi Pico W header (CYW43 WL_ON)" in x for x in f), f
    f = faults_of("pico_w", led=25)
    assert any("CYW43's SPI chip select" in x for x in f), f
    assert faults_of(reader__baudrate=20000000) == [
        "reader.baudrate 20000000: the MFRC522 takes at most 10000000"]


def test_make_boards_fails_on_a_bad_definition(tmp_path, monkeypatch, capsys):
    d = boards.load("pico_ref")
    d["buttons"]["mode"] = d["buttons"]["deal"]
    (tmp_path / "bad.json").write_text(json.dumps(d))
    monkeypatch.setattr(boards, "BOARDS", str(tmp_path))
    assert boards.main(["--check"]) == 1
    assert "hardware/boards/bad.json: GP21 used twice" in capsys.readouterr().out
