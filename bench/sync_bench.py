"""The sync bench: records from a desk shoe to a club database over a throttled pseudo-terminal.

    run_bench(n=1000, rate=LINE_RATE) -> {"sync_line_efficiency": ..., ...}   # bench/bench_sync.py
    .venv/bin/python bench/sync_bench.py 1000                                 # the same, as JSON

A desk shoe (overplay.desk_shoe: the shoe's real link under MicroPython) filled with n signed
records is synced by the real host code (overplay.sync) through a Relay (overplay.relay) paced
to `rate` bytes/s, as a 115200 8N1 UART is, and again unthrottled.
"""

import os
import sys

from overplay.desk_shoe import DeskShoe
from overplay.relay import LINE_RATE, Relay


def run_bench(n=1000, rate=LINE_RATE, folder=None):
    """Sync n records over a pty throttled to `rate` bytes/s, and again unthrottled.

    Returns sync_line_efficiency (record bytes / (seconds x rate)),
    sync_seconds_1000_records_throttled (scaled to 1,000 records) and
    sync_records_per_s_unthrottled."""
    import tempfile
    from overplay.store import Store
    from overplay import sync
    key = bytes(range(32))
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = folder or tmp
        for label, r in (("throttled", rate), ("unthrottled", 0)):
            shoe = DeskShoe(os.path.join(folder, label), 1, key)
            shoe.fill(n)
            st = Store(os.path.join(folder, label + ".sqlite"))
            st.enroll(1, key)
            relay = Relay(rate=r)
            shoe.serve(relay.device_path)
            ser = relay.open_host()
            try:
                s = sync.sync(ser, st, timeout=10)
            finally:
                ser.close()
                relay.close()
                shoe.stop()
                st.close()
            if s.new != n:
                raise RuntimeError("bench sync stored %d of %d records" % (s.new, n))
            if r:
                out["sync_line_efficiency"] = round(s.payload_bytes / (s.seconds * r), 3)
                out["sync_seconds_1000_records_throttled"] = round(s.seconds * 1000 / n, 2)
                out["sync_payload_bytes_per_record"] = round(s.payload_bytes / n, 1)
            else:
                out["sync_records_per_s_unthrottled"] = round(n / s.seconds, 1)
    return out


if __name__ == "__main__":
    import json
    print(json.dumps(run_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)))
