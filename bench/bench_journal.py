"""journal_bytes_per_deal, flash_erases_per_block_per_session: the journal on a Pico-sized flash.

Runs the journal engineer's tests/firmware/blockdev.py `measure_wear` under MicroPython: a RAM
block device that counts every erase, LittleFS (vfs.VfsLfs2) on 352 blocks of 4 KB (1408 KB,
the Pico's filesystem), the real firmware/shoe/journal.py, 300 signed 52-card DEAL records each
committed at once (the shoe commits at the end of every deal: the worst case), a sync mark and
reclaim every 50 deals. journal_bytes_per_deal is the journal's committed bytes per deal
(record + framing); the erases are the mean over all blocks, the busiest block beside it.
"""

import os


def run(ctx):
    deals = 100 if ctx.quick else 300
    r = ctx.micropython(os.path.join(ctx.root, "tests", "firmware", "blockdev.py"),
                        ["wear", deals, 1], heap="4m")
    scale = 300 / deals  # quick runs: scaled to the 300-deal session
    return {
        "journal_bytes_per_deal": r["journal_bytes_per_deal"],
        "flash_erases_per_block_per_session": round(r["erases_per_block"] * scale, 3),
        "flash_erases_busiest_block": r["max_erases_block"],
        "flash_erase_total": r["erase_total"],
    }
