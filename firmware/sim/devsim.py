"""A shoe on the desk: the real link and journal code serving the sync protocol (unix port).

    MICROPYPATH=shared:firmware micropython firmware/sim/devsim.py --dir /tmp/shoe1 \\
        --shoe 7 --key 6b6b...(64 hex) --fill 1000 --port /dev/pts/5
    overplay sync --port /dev/pts/4 ...            # the other end of the pty pair

Options: --dir DIR (settings and journal; without it all in RAM), --ramfs BLOCKS (both on a
LittleFS of BLOCKS x 512 bytes in RAM, as on the board's flash; gone at exit), --port PATH (a pty or serial
device; default stdin/stdout), --shoe ID --key HEX (write the enrolment as `overplay enroll`
would), --fill N (append N signed records: a SESSION, then deals, events and scores),
--badsig I,J (fill records I, J signed with a wrong key), --replay I:J (the link sends record
J's bytes again in place of record I: an attacker's replay), --enrol-open (the link takes an
ENROLL without a tag although the shoe is enrolled: the button held at power-on), --once (exit
after one finished sync), --idle S (exit after S seconds without input; default 60).
The ready line on stderr names the journal: `devsim: ready, N records, journal ID (hex)`.
make_record() is importable on CPython too, so a test can compute the journal it expects
(records are signed with the journal's id: journal.journal_id).
"""

import os
import sys

from overplay_core import records
from overplay_core.compat import ticks_diff, ticks_ms

from shoe.link import Link
from shoe.settings import Settings
import sim.board as SB

BAD_KEY = b"\xee" * 32


class MemJournal:
    """The journal API (docs/design.md) in RAM: for a desk shoe without a filesystem.
    journal_id: as journal.Journal's, random (nonzero) unless given."""

    def __init__(self, journal_id=0):
        self.recs = []
        self.first = 1  # seqs start at 1, as in journal.Journal
        self.next_seq = 1
        self.boot = 1
        self.synced = 0
        while not journal_id:
            b = os.urandom(4)
            journal_id = b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
        self.journal_id = journal_id

    @property
    def first_seq(self):
        """The oldest record held (next_seq when none is), as journal.Journal.first_seq."""
        return self.first

    def append(self, rec, n=-1):
        self.recs.append(bytes(rec if n < 0 else rec[:n]))
        self.next_seq += 1
        return 0

    def commit(self):
        pass

    def can_record(self, nbytes):
        return True

    def free_bytes(self):
        return 1 << 20

    def records_from(self, seq):
        i = seq if seq > self.first else self.first
        while i < self.next_seq:
            yield i, self.recs[i - self.first]
            i += 1

    def mark_synced(self, seq):
        if seq >= self.next_seq:
            seq = self.next_seq - 1  # never past what was recorded (as journal.Journal)
        if seq > self.synced:
            self.synced = seq

    def reclaim(self):
        k = self.synced + 1 - self.first
        if k > 0:
            self.recs = self.recs[k:]
            self.first += k


class ReplayJournal:
    """Wraps a journal so records_from() yields another record's bytes at chosen seqs."""

    def __init__(self, journal, swaps):
        self.j = journal
        self.swaps = swaps  # {seq shown: seq whose bytes are sent}
        self._copies = {}
        for src in swaps.values():
            for s, r in journal.records_from(src):
                self._copies[src] = bytes(r)
                break

    def __getattr__(self, name):
        return getattr(self.j, name)

    def records_from(self, seq):
        for s, r in self.j.records_from(seq):
            src = self.swaps.get(s)
            yield s, (self._copies[src] if src is not None else r)


def make_record(buf, i, seq, boot, key, shoe_id, journal_id):
    """The i-th record of a desk session (deterministic), signed for the journal journal_id;
    returns its length."""
    ticks = 1000 + 37 * i
    if i == 0:
        n = records.encode_session(buf, seq, boot, ticks, shoe_id, (0, 1, 0), 1, 1, 0, 1, 1,
                                   1, 24, 0)
    elif i % 10 == 0:
        n = records.encode_event(buf, seq, boot, ticks, records.EV_UNKNOWN_TAG, i % 24 + 1,
                                 0, 0, b"\x04\x03\x00\x01\x02\x0d\x00", 7)
    elif i % 5 == 4:
        n = records.encode_score(buf, seq, boot, ticks, i % 24 + 1, 1, 1, 7, 6, 1, 0)
    else:
        hp = bytearray(13)  # a whole deal, as the club PC checks it: card c to seat (c + i) % 4
        for c in range(52):
            hp[c >> 2] |= ((c + i) & 3) << ((c & 3) * 2)
        nf = i % 3 // 2  # now and then a 53rd card read (extra_card): the deal is not complete
        n = records.encode_deal(buf, seq, boot, ticks, i % 24 + 1, 1, 1, 0, i % 4,
                                records.MODE_ORIGINAL, (i * 3) % 13 * 4,  # in the dealer's hand
                                0 if nf else records.FLAG_COMPLETE, (-3,), nf, hp, 13)
    return records.sign(buf, n, key, shoe_id, journal_id)


def fill(journal, n, key, shoe_id, badsig=()):
    buf = bytearray(records.MAX_RECORD)
    for i in range(n):
        seq = journal.next_seq
        k = make_record(buf, i, seq, journal.boot, BAD_KEY if i in badsig else key, shoe_id,
                        journal.journal_id)
        if journal.append(buf, k) != 0:  # the RAM batch is full: make it durable, go on
            if not journal.commit() or journal.append(buf, k) != 0:
                raise OSError("devsim: journal refused record %d" % seq)
    journal.commit()


def _hex(s):
    out = bytearray(len(s) // 2)
    for i in range(len(out)):
        out[i] = int(s[2 * i:2 * i + 2], 16)
    return bytes(out)


def _args(argv):
    opts = {"--idle": "60"}
    flags = ("--once", "--enrol-open")
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in flags:
            opts[a] = True
            i += 1
        else:
            if i + 1 >= len(argv):
                raise SystemExit("devsim: option %s needs a value" % a)
            opts[a] = argv[i + 1]
            i += 2
    return opts


def _open_journal(folder):
    if folder is None:
        return MemJournal()
    try:
        import shoe.journal as jmod
    except ImportError:  # no flash journal in this build: keep the records in RAM
        return MemJournal()
    return jmod.Journal(folder + "/journal")


def _mkdir(path):
    import os
    try:
        os.mkdir(path)
    except OSError:
        pass


def main(argv):
    import time
    opts = _args(argv)
    folder = opts.get("--dir")
    if "--ramfs" in opts:  # LittleFS on a RAM block device: the board's flash, minus the chip
        folder = SB.ram_filesystem(int(opts["--ramfs"]))
    if folder:
        _mkdir(folder)
        _mkdir(folder + "/journal")
    settings = Settings(folder)
    if "--shoe" in opts:
        settings.save_key(int(opts["--shoe"]), _hex(opts["--key"]))
    journal = _open_journal(folder)
    badsig = ()
    if "--badsig" in opts:
        badsig = tuple([int(x) for x in opts["--badsig"].split(",")])
    if "--fill" in opts:
        fill(journal, int(opts["--fill"]), settings.key or BAD_KEY, settings.shoe_id, badsig)
    served = journal
    if "--replay" in opts:
        swaps = {}
        for pair in opts["--replay"].split(","):
            a, b = pair.split(":")
            swaps[int(a)] = int(b)
        served = ReplayJournal(journal, swaps)
    if "--port" in opts:
        f = open(opts["--port"], "r+b")
        stream_in = stream_out = f
    else:
        stream_in = sys.stdin.buffer
        stream_out = sys.stdout.buffer
    link = Link(stream_in, stream_out, served, settings.key, settings.shoe_id, settings,
                enrol_open="--enrol-open" in opts)
    idle_ms = int(float(opts["--idle"]) * 1000)
    last = ticks_ms()
    sys.stderr.write("devsim: ready, %d records, journal %08x\n"
                     % (journal.next_seq, journal.journal_id))
    while True:
        if link.poll():
            last = ticks_ms()
        else:
            if ticks_diff(ticks_ms(), last) > idle_ms:
                break
            time.sleep_ms(1)  # mpy-ok: the unix port
        if "--once" in opts and link.syncs:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
