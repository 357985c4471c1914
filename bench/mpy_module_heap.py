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

# dependency order: each module's imports come before it. shared/overplay_core's modules are
# named as they are found (a name this tree does not have is left out: `missing`).
CORE = ("overplay_core.compat", "overplay_core.errors", "overplay_core.cards",
        "overplay_core.games", "overplay_core.findings", "overplay_core.tally",
        "overplay_core.handprint", "overplay_core.mac", "overplay_core.pin",
        "overplay_core.records", "overplay_core.trayslip", "overplay_core.wire",
        "overplay_core.session", "overplay_core.ruling_ids")
SHOE = ("shoe", "shoe.states", "shoe.ring", "shoe.display", "shoe.deck", "shoe.journal",
        "drivers.mfrc522", "shoe.tray", "shoe.dealing", "shoe.screens", "shoe.faults",
        "shoe.settings", "shoe.link", "shoe.terminal", "shoe.app", "shoe.board", "shoe.check", "shoe.director")
ORDER = CORE + SHOE
# loaded on first use, not by a shoe that deals without incident (not in `total`): the
# features in shoe/__init__.py's lazy table
LAZY = ("shoe.check", "shoe.director")


def measure(names):
    import overplay_core  # noqa: F401 - the package itself is not any one module's cost
    import drivers  # noqa: F401

    sizes, extra, missing = {}, {}, []
    for name in names:
        before_mods = set(sys.modules)
        gc.collect()
        m0 = gc.mem_alloc()
        try:
            __import__(name)
        except ImportError:
            missing.append(name)
            continue
        gc.collect()
        sizes[name] = gc.mem_alloc() - m0
        more = sorted(m for m in sys.modules if m not in before_mods and m != name)
        if more:
            extra[name] = more
    return sizes, extra, missing


def main(argv):
    # one module to an argument (or comma-separated): one argument of 256 characters or more
    # stops the unix port ("FATAL: uncaught NLR")
    names = [n for a in argv for n in a.split(",") if n] or ORDER
    sizes, extra, missing = measure(names)
    import json

    print(json.dumps({"modules": sizes, "extra": extra, "missing": missing,
                      "lazy": [n for n in LAZY if n in sizes],
                      "total": sum([v for n, v in sizes.items() if n not in LAZY])}))


main(sys.argv[1:])
