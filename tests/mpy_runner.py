"""Run the plain-function tests of one or more test files, on MicroPython or CPython.

    micropython -X heapsize=128k tests/mpy_runner.py tests/shared/test_cards.py
    micropython -X heapsize=H tests/mpy_runner.py FILE --romfs IMAGE   # device code in place

Every top-level callable named test_* is called with no arguments; a test passes when it
returns and fails when it raises. The last line is `N passed, N failed, N skipped`; the exit status is
1 on any failure and 2 when no test ran, so a broken collection can never pass. --romfs IMAGE:
the device code is read from a ROMFS image (tools/run_mpy_tests.py builds it) into one buffer
of its exact size and mounted, first on the path, so it runs in place as frozen code does.
"""

import gc
import sys

sys.path.append(__file__.rsplit("/", 1)[0] if "/" in __file__ else ".")  # tests/: testkit

try:
    import traceback

    def _print_exc(e):
        traceback.print_exception(type(e), e, e.__traceback__)
except ImportError:  # MicroPython

    def _print_exc(e):
        sys.print_exception(e)


def _split(path):
    i = path.rfind("/")
    if i < 0:
        return ".", path
    return path[:i], path[i + 1:]


def run_file(path, only=None):
    folder, name = _split(path)
    if name.endswith(".py"):
        name = name[:-3]
    if folder not in sys.path:
        sys.path.insert(0, folder)
    module = __import__(name)
    passed = failed = skipped = 0
    names = [n for n in dir(module) if n.startswith("test_")]
    names.sort()
    for n in names:
        fn = getattr(module, n)
        if not callable(fn) or (only and only not in n):
            continue
        try:
            fn()
            passed += 1
        except Exception as e:  # noqa: BLE001 - a test runner reports every failure
            if e.__class__.__name__ == "SkipTest":
                skipped += 1
                print("SKIP %s::%s: %s" % (path, n, e))
                gc.collect()
                continue
            failed += 1
            print("FAIL %s::%s: %s" % (path, n, e.__class__.__name__))
            _print_exc(e)
        gc.collect()
    return passed, failed, skipped


def mount_romfs(path):
    import os
    import vfs

    image = bytearray(os.stat(path)[6])  # exact size: no read buffer growing by doubling
    with open(path, "rb") as f:
        f.readinto(image)
    vfs.mount(vfs.VfsRom(image), "/rom")
    sys.path.insert(0, "/rom")


def main(argv):
    only = None
    files = []
    i = 0
    while i < len(argv):
        if argv[i] == "-k":
            only = argv[i + 1]
            i += 2
            continue
        if argv[i] == "--romfs":
            mount_romfs(argv[i + 1])
            i += 2
            continue
        files.append(argv[i])
        i += 1
    passed = failed = skipped = 0
    for path in files:
        try:
            p, f, s = run_file(path, only)
        except Exception as e:  # noqa: BLE001 - an import error fails the file, loudly
            print("FAIL %s: cannot import: %s" % (path, e.__class__.__name__))
            _print_exc(e)
            p, f, s = 0, 1, 0
        passed += p
        failed += f
        skipped += s
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    if failed:
        sys.exit(1)
    if not passed:
        sys.exit(2)


main(sys.argv[1:])
