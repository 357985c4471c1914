"""The words the panel shows for a code (shoe/screens.py): each reader, deck, tray and EVENT
code has its own line. The tables are tuples indexed by the code (constants in flash on the
Pico), so a line out of its place would name another fault: each is checked by its name."""

from drivers import mfrc522
from overplay_core import records
import shoe.deck as deck
import shoe.screens as screens
import shoe.tray as tray


def test_each_reader_code_has_its_own_words_also_on_a_tray_read():
    want = ((mfrc522.COLLISION, "two tags in the field"),
            (mfrc522.TIMEOUT, "tag left the field during the read"),
            (mfrc522.CRC_ERROR, "CRC error"),
            (mfrc522.BCC_ERROR, "UID check byte error"),
            (mfrc522.PROTOCOL_ERROR, "radio framing error"),
            (mfrc522.NAK, "tag refused the command"),
            (mfrc522.CHIP_ERROR, "reader chip not answering on SPI"),
            (mfrc522.UID_TOO_LONG, "10-byte UID not supported"))
    assert len(screens.READER_ERRORS) == len(want)
    for code, words in want:
        assert screens.READER_ERRORS[code] == words
        assert screens.tray_line(code) == ("tray tag read failed (%s): hold the tray's tag to "
                                           "the reader again" % words)
    assert screens.tray_line(mfrc522.UID_TOO_LONG - 1) == "tray tag error -9"


def test_each_deck_code_has_its_own_words():
    want = ((deck.UNKNOWN_TAG, "unknown tag: not a card"), (deck.OTHER_DECK, "packs are mixed"),
            (deck.BAD_UID, "neither 4 nor 7 bytes"), (deck.ALREADY_ENROLLED, "already enrolled"),
            (deck.FULL, "deck table full"), (deck.NOT_ENROLLING, "not enrolling"),
            (deck.INCOMPLETE, "enrolment incomplete"))
    assert len(screens.DECK_LINES) == len(want)
    for code, words in want:
        assert words in screens.DECK_LINES[deck.UNKNOWN_TAG - code]


def test_each_tray_code_has_its_own_words():
    assert screens.tray_line(tray.OK) == "trump slip OK"
    assert screens.tray_line(tray.NO_TRAY).startswith("no tray tag over the reader")
    assert screens.tray_line(tray.NOT_NTAG).startswith("this tag is not a tray tag")
    assert screens.tray_line(tray.WRITE_FAILED).startswith("writing the tray tag failed")
    assert screens.tray_line(tray.VERIFY_FAILED).startswith("the tray tag did not keep")
    assert screens.tray_line(tray.OTHER_SESSION).startswith("trump slip is from another session")
    assert screens.tray_line(tray.VERIFY_FAILED - 1) == "tray tag error -34"


def test_each_irregularity_the_dealer_is_told_has_its_line():
    qh = 10 + 13 * 2  # the queen of hearts
    assert screens.event_text(records.EV_CARD_EXPOSED, qh) == "no deal: QH"
    assert screens.event_text(records.EV_UNKNOWN_TAG, 0) == "unknown tag!"
    assert screens.event_text(records.EV_COLLISION, 0) == "2 cards at once!"
    assert screens.event_text(records.EV_DUPLICATE_READ, qh) == "read twice: QH"
    assert screens.event_text(records.EV_OTHER_DECK, qh) == "other deck: QH"
    assert screens.event_text(records.EV_LOW_SPACE, 0) == "journal full"
    assert screens.event_text(records.EV_READER_ERROR, 0) == "reader error"
    for code in (0, records.EV_DIRECTOR, records.EV_DEAL_ABANDONED, 200):
        assert screens.event_text(code, 0) == "event %d" % code
