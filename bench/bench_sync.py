"""sync_line_efficiency, sync_seconds_1000_records_throttled, sync_records_per_s_unthrottled.

The sync engineer's hook, bench/sync_bench.py's run_bench (docs/wire.md, "Benchmark hook"): a
desk shoe (firmware/sim/devsim.py, the real firmware/shoe/link.py and journal under MicroPython) filled
with 1,000 signed records, synced by the real host code (overplay.sync into a fresh club DB)
over two pty pairs with a relay that paces each direction to 11,520 bytes/s (115200 8N1; a pty
alone is not throttled), then again unpaced. Efficiency = record bytes delivered / (seconds x
11,520): the line rate is the reference.
"""

from overplay.relay import LINE_RATE
from sync_bench import run_bench


def run(ctx):
    n = 300 if ctx.quick else 1000
    r = run_bench(n=n, rate=LINE_RATE)
    return {
        "sync_line_efficiency": r["sync_line_efficiency"],
        "sync_seconds_1000_records_throttled": r["sync_seconds_1000_records_throttled"],
        "sync_records_per_s_unthrottled": r["sync_records_per_s_unthrottled"],
        "sync_payload_bytes_per_record": r["sync_payload_bytes_per_record"],
    }
