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


def play(sh, setup, table, tables, tricks, first=1, game=1):
    """The shoe `sh` given set-up `setup` (table `table` of `tables`) deals and scores each
    board of tricks {board: N-S tricks}: the original deal at table 1, an overplay that
    matches the slip elsewhere."""
    from overplay_core import handprint
    hp = bytearray(handprint.MAX_BYTES)
    boards = sorted(tricks)
    sh.add(records.encode_session, sh.shoe_id, (0, 1, 0), setup, game, 0, table, tables,
           boards[0], boards[-1], 0)
    for b in boards:
        dealer = (b - 1) % 4
        hl = handprint.pack(seats_of(b), PACK, hp)
        if table == 1:
            sh.add(records.encode_deal, b, table, game, 0, dealer, records.MODE_ORIGINAL,
                   trump_of(b), records.FLAG_COMPLETE, (), 0, hp, hl)
        else:
            sh.add(records.encode_deal, b, table, game, 0, dealer, records.MODE_OVERPLAY,
                   trump_of(b), records.FLAG_COMPLETE | records.FLAG_SLIP_WRITTEN |
                   records.FLAG_HANDS_CHECKED, (), 0,
                   hp, hl)
            sh.add(records.encode_check, b, table, records.SLIP_OK, (), 0, (), 0)
        ns = tricks[b]
        sh.add(records.encode_score, b, table, game, ns, 13 - ns, ns, 13 - ns)


def play_movement(sh, setup, table, tables, kind, first, last, tricks):
    """The shoe `sh` at `table` deals and scores its boards in the movement's order, round by
    round (the original deal at the lowest table playing the board in its earliest round, an
    overplay matching the slip elsewhere); tricks: {board: N-S tricks at this table}."""
    from overplay_core import handprint
    from overplay_core import movement as mvt

    m = mvt.Movement(kind, tables, first, last)
    hp = bytearray(handprint.MAX_BYTES)
    sh.add(records.encode_session, sh.shoe_id, (0, 1, 0), setup, 1, 0, table, tables, first,
           last, kind)
    order = sorted(tricks, key=lambda b: (m.round_of(table, b), b))
    for b in order:
        dealer = (b - 1) % 4
        hl = handprint.pack(seats_of(b), PACK, hp)
        opener = min(range(1, tables + 1), key=lambda t: (m.round_of(t, b), t))
        if table == opener:
            sh.add(records.encode_deal, b, table, 1, 0, dealer, records.MODE_ORIGINAL,
                   trump_of(b), records.FLAG_COMPLETE, (), 0, hp, hl)
        else:
            sh.add(records.encode_deal, b, table, 1, 0, dealer, records.MODE_OVERPLAY,
                   trump_of(b), records.FLAG_COMPLETE | records.FLAG_SLIP_WRITTEN |
                   records.FLAG_HANDS_CHECKED, (), 0, hp, hl)
            sh.add(records.encode_check, b, table, records.SLIP_OK, (), 0, (), 0)
        ns = tricks[b]
        sh.add(records.encode_score, b, table, 1, ns, 13 - ns, ns, 13 - ns)


def sync(st, sh):
    """Merge the shoe's records not merged yet, as `overplay sync` does (Store.commit_batch)."""
    done = getattr(sh, "synced", 0)
    batch = sh.recs[done:]
    sid = st.begin_sync(sh.shoe_id, done + 1)
    counts = st.commit_batch(sid, sh.shoe_id, batch, len(sh.recs) + 1, sh.journal_id)
    st.finish_sync(sid, "ok")
    sh.synced = len(sh.recs)
    return counts
