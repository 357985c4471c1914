"""The board definition and the simulated flash (both interpreters; no machine module needed)."""

import shoe.board as B
import sim.board as SB


def test_pico_reference_pin_map():
    d = B.load_definition("pico_ref")
    r = d["reader"]
    # issue 4: MFRC522 on SPI0 at 4 MHz, SCK GP18, MOSI GP19, MISO GP16, CS GP17, RST GP20
    assert (r["spi"], r["baudrate"]) == (0, 4000000)
    assert (r["sck"], r["mosi"], r["miso"], r["cs"], r["rst"]) == (18, 19, 16, 17, 20)
    # SSD1306 on I2C1: GP14/GP15 are an I2C1 SDA/SCL pair on the RP2040
    dd = d["display"]
    assert dd["i2c"] == 1 and (dd["sda"], dd["scl"]) == (14, 15) and dd["addr"] == 0x3C
    pins = [r[k] for k in ("sck", "mosi", "miso", "cs", "rst")] + [dd["sda"], dd["scl"]]
    pins += list(d["buttons"].values())
    assert len(set(pins)) == len(pins)  # no pin used twice


def test_missing_definition_names_where_it_looked():
    try:
        B.load_definition("no_such_board")
    except OSError as e:
        assert "no_such_board" in str(e) and "hardware/boards" in str(e)
    else:
        assert False


def test_board_paths_are_under_its_root():
    b = B.Board("x", None, None, root="/sim1", definition={"journal": "/journal"})
    assert b.path("journal", "j") == "/sim1/journal"
    assert b.path("decks", "decks.bin") == "/sim1/decks.bin"
    assert B.Board("y", None, None, definition={"key": "/club.key"}).path("key", "k") == \
        "/club.key"
    assert not b.pressed("deal")


def test_the_board_keeps_the_definitions_file_names_and_not_its_pins():
    # build() reads the pins and buses once; a shoe keeps only what Board.path looks up
    d = B.load_definition("pico_ref")
    b = B.Board("pico_ref", None, None, root="", definition=d)
    assert sorted(b.definition) == ["decks", "journal", "key"]
    assert b.path("journal", "j") == d["journal"] and b.path("decks", "x") == d["decks"]
    assert b.path("pin", "pin.bin") == "pin.bin"  # not in this definition: the default


def test_simulated_flash_keeps_files():
    root = SB.ram_filesystem(16)  # LittleFS on RAM under MicroPython, a temp folder on CPython
    with open(root + "/f", "wb") as f:
        f.write(b"journal")
    with open(root + "/f", "rb") as f:
        assert f.read() == b"journal"
    assert SB.ram_filesystem(16) != root  # each simulated shoe has its own flash


def test_deck_codes_the_shoe_and_the_test_tables_rely_on():
    import shoe.deck as deck

    # chip_table.Uid7Deck and shoe_fakes.TableDeck answer with these (the shoe takes
    # OTHER_DECK from deck.py itself: one source, tests/host/test_one_source.py)
    assert deck.OTHER_DECK == -21 and deck.UNKNOWN_TAG == -20


def test_the_definition_follows_the_module_micropython_names():
    import shoe.board as board

    assert board.board_for("Raspberry Pi Pico W with RP2040") == "pico_w"
    assert board.board_for("Raspberry Pi Pico with RP2040") == "pico_ref"
    assert board.board_for("linux [GCC 14.2.1] version") == "pico_ref"
