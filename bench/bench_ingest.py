"""host_ingest_records_per_s, host_ingest_vs_executemany: the club DB's real ingest path.

100,000 signed DEAL records (whole 52-card deals, a few with a finding) go into a fresh club DB
through overplay.store.Store.commit_batch, in batches of 500 as overplay.sync commits them
(each one transaction: tag verified, record checked against what is stored, decoded, its
content checked (overplay.ingest_checks), rows in `records` and `deals`). The reference, in the
same run: a second fresh DB with the same schema and pragmas (Store's own connection), and a
bare executemany of exactly the rows the real path wrote (read back from the first DB), into
the same two tables, in the same 500-row transactions. The two go side by side, batch by batch
(paired), two rounds, and each batch's best time on each side is kept: with other work on
the machine, whole runs timed one after the other gave 0.47 to 0.70 for the same code within
ten minutes. Ratio = reference seconds / real seconds (1.0 = no overhead).

Both run in RAM (/dev/shm when there is one): with the 200 commits waiting on a disk
(synchronous=FULL) the ratio swung from 0.58 to 1.02 between runs here, so the figure
compares the work, and host_ingest_records_per_s_disk gives the real path on the temporary
folder's disk once.

A profile of the real path over 10,000 records shows where its time goes (shares printed to
stderr and kept as host_ingest_share_*; clean_deal's share is counted in semantic as well for
the few deals that take the whole way).
"""

import cProfile
import os
import pstats
import random
import sys
import tempfile
import time

from overplay.store import Store
from overplay_core import games, handprint, records

SHOE = 3
KEY = bytes(range(100, 132))
JOURNAL = 0x3A7E55ED  # the shoe's journal id (records are signed for it)
BATCH = 500


def deals(count=64, seed=11):
    """`count` whole duplicate-whist deals as the shoe records them: (dealer, handprint,
    trump), the pack shuffled and dealt one card at a time from the dealer's left, the last
    card turned for trump (the club PC refuses deals that cannot happen)."""
    p = games.profile(games.DUPLICATE_WHIST)
    rnd = random.Random(seed)
    out = []
    for k in range(count):
        order = list(p.pack)
        rnd.shuffle(order)
        dealer = k % p.seats
        seats = bytearray([handprint.NOT_DEALT] * 53)
        for i, c in enumerate(order):
            seats[c] = p.seat_of(i, dealer)
        hp = bytearray(handprint.MAX_BYTES)
        out.append((dealer, bytes(hp[:handprint.pack(seats, p.pack, hp)]),
                    order[p.turn_up_index]))
    return out


def make_records(n):
    buf = bytearray(records.MAX_RECORD)
    pool = deals()
    out = []
    for i in range(n):
        seq = i + 1
        dealer, hp, trump = pool[i % len(pool)]
        find = (-3,) if i % 97 == 0 else ()  # now and then a 53rd card read: extra_card
        m = records.encode_deal(buf, seq, 1 + i // 5000, (i * 1711) & 0x3FFFFFFF,
                                1 + i % 32, 1 + (i // 32) % 12, 1, 0, dealer,
                                records.MODE_ORIGINAL, trump, 0 if find else 1, find,
                                len(find), hp, len(hp))
        m = records.sign(buf, m, KEY, SHOE, JOURNAL)
        out.append((seq, bytes(buf[:m])))
    return out


def ingest(path, recs):
    st = Store(path)
    st.enroll(SHOE, KEY)
    st.open_journal(SHOE, JOURNAL, 1)
    sid = st.begin_sync(SHOE, 1, "", JOURNAL)
    t0 = time.perf_counter()
    new = 0
    for i in range(0, len(recs), BATCH):
        batch = recs[i:i + BATCH]
        new += st.commit_batch(sid, SHOE, batch, batch[-1][0] + 1, JOURNAL)[0]
    dt = time.perf_counter() - t0
    st.finish_sync(sid, "ok")
    return st, dt, new


def paired(folder, recs, rnd):
    """The real path and the reference side by side, batch by batch: each batch goes through
    commit_batch into one DB, then the rows it wrote (read back, untimed) go by a bare
    executemany into a second DB of the same schema and pragmas (Store's own connection), in
    the same 500-row transaction. A busy moment on the machine falls on both alike. Returns
    ([real seconds per batch], [bare seconds per batch], records stored)."""
    st = Store(os.path.join(folder, "real%d.sqlite" % rnd))
    st.enroll(SHOE, KEY)
    st.open_journal(SHOE, JOURNAL, 1)
    sid = st.begin_sync(SHOE, 1, "", JOURNAL)
    ref = Store(os.path.join(folder, "bare%d.sqlite" % rnd))
    ref.enroll(SHOE, KEY)
    db = ref.db
    qr = "INSERT INTO records VALUES (%s)" % ",".join(
        "?" * len(st.db.execute("SELECT * FROM records").description))
    qd = "INSERT INTO deals VALUES (%s)" % ",".join(
        "?" * len(st.db.execute("SELECT * FROM deals").description))
    real, bare, new = [], [], 0
    for i in range(0, len(recs), BATCH):
        batch = recs[i:i + BATCH]
        t0 = time.perf_counter()
        new += st.commit_batch(sid, SHOE, batch, batch[-1][0] + 1, JOURNAL)[0]
        real.append(time.perf_counter() - t0)
        span = (batch[0][0], batch[-1][0])
        rec_rows = st.db.execute("SELECT * FROM records WHERE seq BETWEEN ? AND ? ORDER BY seq",
                                 span).fetchall()
        deal_rows = st.db.execute("SELECT * FROM deals WHERE seq BETWEEN ? AND ? ORDER BY seq",
                                  span).fetchall()
        t0 = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.executemany(qr, rec_rows)
        db.executemany(qd, deal_rows)
        db.execute("COMMIT")
        bare.append(time.perf_counter() - t0)
    st.close()
    ref.close()
    return real, bare, new


def profile_shares(folder, recs):
    """Share of the real path's time in each step, from cProfile (cumulative times)."""
    st = Store(os.path.join(folder, "profile.sqlite"))
    st.enroll(SHOE, KEY)
    st.open_journal(SHOE, JOURNAL, 1)
    sid = st.begin_sync(SHOE, 1, "", JOURNAL)
    prof = cProfile.Profile()
    prof.enable()
    for i in range(0, len(recs), BATCH):
        batch = recs[i:i + BATCH]
        st.commit_batch(sid, SHOE, batch, batch[-1][0] + 1, JOURNAL)
    prof.disable()
    st.close()
    stats = pstats.Stats(prof)
    total = sum(v[3] for k, v in stats.stats.items() if k[2] == "commit_batch")
    # store.py: _Tag.ok (the tag), _write (the executemany calls); a clean DEAL (nearly every
    # record) is checked by ingest_checks.clean_deal and made rows in commit_batch itself;
    # any other record goes _reject_reason (tag, seq, duplicate, boot, decode), _decode (the
    # record read), ingest_checks.semantic_reason (can it happen?), _rows (tuples)
    want = {"reject_reason": ("store.py", "_reject_reason"), "verify": ("store.py", "ok"),
            "decode": ("store.py", "_decode"),
            "clean_deal": ("ingest_checks.py", "clean_deal"),
            "semantic": ("ingest_checks.py", "semantic_reason"),
            "rows": ("store.py", "_rows"), "write": ("store.py", "_write")}
    out = {}
    for name, (fname, func) in want.items():
        cum = sum(v[3] for k, v in stats.stats.items()
                  if k[0].endswith(fname) and k[2] == func)
        out[name] = cum / total if total else 0.0
    # every execute() issued by the path, wherever it is called from
    out["sqlite_execute"] = sum(v[3] for k, v in stats.stats.items()
                                if "execute" in k[2] and "sqlite3" in k[2]) / total
    return out


def run(ctx):
    n = 20000 if ctx.quick else 100000
    recs = make_records(n)
    real = bare = None
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="overplay-bench-db-", dir=shm) as tmp:
        # Two rounds, each batch timed on both sides at once; per batch the best of the
        # rounds (a moment another process takes the core is not the work's cost).
        for rnd in range(1 if ctx.quick else 2):
            r, b, new = paired(tmp, recs, rnd)
            if new != n:
                raise RuntimeError("the store took %d of %d records" % (new, n))
            real = r if real is None else [min(x, y) for x, y in zip(real, r)]
            bare = b if bare is None else [min(x, y) for x, y in zip(bare, b)]
        shares = profile_shares(tmp, recs[:10000])
    with tempfile.TemporaryDirectory(prefix="overplay-bench-db-") as tmp:
        st, disk_s, _ = ingest(os.path.join(tmp, "disk.sqlite"), recs)  # the same on disk
        st.close()
    real_s, bare_s = sum(real), sum(bare)
    out = {
        "host_ingest_records_per_s": round(n / real_s),
        "host_ingest_vs_executemany": round(bare_s / real_s, 3),
        "host_executemany_records_per_s": round(n / bare_s),
        "host_ingest_records_per_s_disk": round(n / disk_s),
    }
    for k, v in shares.items():
        out["host_ingest_share_" + k] = round(v, 3)
    print("  ingest profile (share of commit_batch time, 10,000 records): " +
          ", ".join("%s %.2f" % kv for kv in sorted(shares.items())), file=sys.stderr)
    return out
