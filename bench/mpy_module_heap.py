"""MicroPython: the heap each module of the shoe takes once imported from precompiled .mpy.

    MICROPYPATH=<mpy dir>:.frozen micropython -X heapsize=1m bench/mpy_module_heap.py \
        [MODULE ...]

On the unix port a loaded .mpy lives in the GC heap (bytecode, constants, qstrs, the module's
dict and the function objects its top level makes); on a Pico the same modules are frozen in
flash and only their dicts and objects take RAM. The modules are imported one at a time in the
order given (dependencies first, so each figure is that module alone): gc.collect(), then
gc.mem_alloc() before and after. A module an import pulls in that is not in the list is
charged to the importer and named in `extra`. Last line: a JSON object
{"modules": {name: bytes}, "extra": {name: [modules]}, "total": bytes, "lazy": [names]};
`total` leaves out the LAZY modules (loaded only when something is shown or found, or a host
connects). New qstrs go into pools that double in size, so a module that happens to start a
new pool is charged for it: single figures move by a few hundred bytes with the import order.
"""

import gc
import sys

# dependency order: each module's imports come before it
ORDER = ("overplay_core.compat", "overplay_core.errors", "overplay_core.cards",
         "overplay_core.games", "overplay_core.findings", "overplay_core.tally",
         "overplay_core.handprint", "overplay_core.mac", "overplay_core.records",
         "overplay_core.trayslip", "overplay_core.wire", "overplay_core.session", "ring",
         "display", "deck", "journal", "drivers.mfrc522", "tray", "shoe_core", "shoe",
         "shoe_text", "shoe_tray", "shoe_laws", "link", "app", "board", "drivers.sim_tags",
         "drivers.sim_mfrc522", "deck_text",
         "drivers.mfrc522_text", "board_more", "display_more", "tray_more", "app_more",
         "shoe_check", "ring_more",
         "deck_more", "shoe_text_more")
# loaded on first use, not by a shoe that deals without incident (not in `total`)
LAZY = ("deck_text", "drivers.mfrc522_text", "shoe_laws", "link",
        "overplay_core.wire", "overplay_core.session", "board_more", "display_more", "tray_more",
        "app_more", "shoe_check", "ring_more", "deck_more", "shoe_text_more")


def measure(names):
    import overplay_core  # noqa: F401 - the package itself is not any one module's cost
    import drivers  # noqa: F401

    sizes, extra = {}, {}
    for name in names:
        before_mods = set(sys.modules)
        gc.collect()
        m0 = gc.mem_alloc()
        __import__(name)
        gc.collect()
        sizes[name] = gc.mem_alloc() - m0
        more = sorted(m for m in sys.modules if m not in before_mods and m != name)
        if more:
            extra[name] = more
    return sizes, extra


def main(argv):
    # one module to an argument (or comma-separated): one argument of 256 characters or more
    # stops the unix port ("FATAL: uncaught NLR")
    names = [n for a in argv for n in a.split(",") if n] or ORDER
    sizes, extra = measure(names)
    import json

    print(json.dumps({"modules": sizes, "extra": extra, "lazy": [n for n in LAZY if n in sizes],
                      "total": sum([v for n, v in sizes.items() if n not in LAZY])}))


main(sys.argv[1:])
