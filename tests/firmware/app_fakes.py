"""The app on a simulated board for the robustness tests (test_setup_change.py,
test_space.py, test_boot_faults.py): a serial line with nothing on it (so the app builds its
link and settings.Settings), buttons, a pack enrolled straight into the deck, and a deal dealt
through the app's own path (App.command, App.deal_once, Shoe.on_uid).
"""

import gc  # noqa: I001

try:  # collect often while compiling from source (128 KB MicroPython heap)
    gc.threshold(8192)
except AttributeError:  # CPython
    pass

from overplay_core import records  # noqa: I001
import shoe.app as A
from sim.tags import uid7
import shoe.states as ST
import sim.board as SB




class Button:
    def __init__(self, v=1):
        self.v = v

    def value(self):
        return self.v


def board(flash="host", key=SB.DEV_KEY, blocks=64, buttons=False, root=None):
    b = SB.simulated(flash=flash, key=key, blocks=blocks, root=root)
    b.stream_in = b.stream_out = SB.QuietLine()
    if buttons:
        b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    return b


def enrol(a, deck_id=1):
    """Deck deck_id's 53 tags (uid7(deck, card)) enrolled, as a sorted deal would."""
    for c in range(53):
        a.deck.enrol(uid7(deck_id, c), 7, c, deck_id)


def deal(a, board_no=0, end=True):
    """Deal a pack in pack order through the app; True when the deal started."""
    a.command(A.CMD_DEAL, board_no)
    a.deal_once()
    sh = a.shoe
    if sh.state != ST.DEALING:
        return False
    p = sh.profile
    for c in p.pack[:p.deal_cards]:
        sh.on_uid(uid7(1, c), 7)
    if end:
        a.command(A.CMD_END)
        a.deal_once()
    return True


def journal(a, rtype=None, code=None):
    """The app's committed records, verified under the shoe's key, decoded."""
    out = []
    for seq, r in a.journal.records_from(1):
        assert records.verify(r, a.shoe.key, a.shoe.shoe_id, a.journal.journal_id)
        d = records.decode(r)
        if (rtype is None or d["type"] == rtype) and (code is None or d.get("code") == code):
            out.append(d)
    return out


def screen(a):
    """Draw the shoe's screen now (the display task's step) and return its lines."""
    a.shoe.changed = True
    a.shoe.refresh()
    return list(a.board.display.lines)


def close(a):
    a.journal.close()
    if "overplay-sim-" in a.board.root:
        SB.remove_folder(a.board.root)


class CountingGc:
    """Stands in for the app's gc: each collection noted with the shoe's state then, or minus
    the cards out when one came while they were being dealt (a collection mid-deal)."""

    def __init__(self, a):
        self.a = a
        self.at = []

    def collect(self):
        sh = self.a.shoe
        self.at.append(-sh.tally.n if sh.state == ST.DEALING and sh.tally.n else sh.state)
