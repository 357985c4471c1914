"""A shoe on paper for the results tests: deterministic deals and records signed as a shoe signs
them, so the club DB is filled by the real store ingest (tests/host/test_results*.py)."""

from overplay_core import games, records

PACK = games.profile(games.DUPLICATE_WHIST).pack


def seats_of(board):
    """The original deal of a board: card c goes to seat (c + board) % 4."""
    out = bytearray([0xFF] * 53)
    for c in PACK:
        out[c] = (c + board) % 4
    return out


def trump_of(board):
    """The dealer's last card, the one turned for trump."""
    dealer = (board - 1) % 4
    return max(c for c in PACK if (c + board) % 4 == dealer)


class Shoe:
    """Collects (seq, signed record) pairs as a shoe's journal would hold them (one journal,
    journal_id: the records are signed for it)."""

    def __init__(self, shoe_id):
        self.shoe_id = shoe_id
        self.key = bytes([shoe_id]) * 32
        self.journal_id = 0x10000 + shoe_id
        self.recs = []
        self.buf = bytearray(records.MAX_RECORD)

    def add(self, encode, *args):
        seq = len(self.recs) + 1
        n = encode(self.buf, seq, 1, 100 * seq, *args)
        self.recs.append((seq, bytes(self.buf[:records.sign(self.buf, n, self.key,
                                                               self.shoe_id,
                                                               self.journal_id)])))
