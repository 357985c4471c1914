"""One source for every constant the firmware names (issue #11): a number is defined in one
module and imported everywhere else, never copied (a copy kept equal by a test is a copy the
next change forgets). Checked statically over firmware/ and shared/overplay_core."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The same short name for different things in different modules (a module's own result codes,
# a tag's state, a message type beside a button): not copies of one constant.
OWN_MEANING = {
    "OK": "each module's own success code",
    "FULL": "journal: the RAM batch is full; deck: the deck table is full",
    "IDLE": "sim.tags: an ISO 14443 tag's state; shoe.states: the shoe's",
    "DEAL": "records.DEAL a record type; shoe.states.DEAL a button",
    "TAG": "records.TAG the MAC's length; shoe.states.TAG what a poll did",
    "VERSION": "each format's own version (wire, session, pin, trayslip) and the firmware's",
    "E_VERSION": "link: the ERROR frame's code; session: a decode result",
    "OTHER_SESSION": "tray's code (-46) is SLIP_ERROR_BASE + trayslip.OTHER_SESSION",
}


def constants(top):
    """{NAME: [module path]} for every upper-case name assigned at the top of a module."""
    out = {}
    base = os.path.join(ROOT, top)
    for folder, dirs, names in os.walk(base):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for n in names:
            if not n.endswith(".py") or n == "manifest.py":
                continue
            path = os.path.join(folder, n)
            with open(path) as f:
                tree = ast.parse(f.read(), path)
            for node in tree.body:
                if isinstance(node, ast.Assign):
                    for t in node.targets:
                        if isinstance(t, ast.Name) and t.id.isupper() and t.id[0] != "_":
                            out.setdefault(t.id, []).append(os.path.relpath(path, ROOT))
    return out


def test_no_firmware_constant_is_defined_twice():
    fw = constants("firmware")
    core = constants(os.path.join("shared", "overplay_core"))
    twice = {}
    for name, where in fw.items():
        if name in OWN_MEANING:
            continue
        everywhere = where + core.get(name, [])
        if len(everywhere) > 1:
            twice[name] = everywhere
    assert twice == {}


def test_the_constants_issue_11_found_copied_have_one_home():
    fw = constants("firmware")
    core = constants(os.path.join("shared", "overplay_core"))
    home = {"EV_TASK_FAULT": "records.py", "EV_PLAY_BEGUN": "records.py",
            "PIN_SET": "wire.py", "SEAT_NAMES": "games.py", "ACT_PIN_SET": "states.py",
            "ACT_REKEY_OPEN": "states.py", "MAX_RECORD": None}
    for name, module in home.items():
        found = fw.get(name, []) + core.get(name, [])
        if module is not None:
            assert [os.path.basename(p) for p in found if os.path.basename(p) == module], name
            assert not [p for p in fw.get(name, []) if not p.endswith(module)], (name, found)
    assert "FW" not in fw  # the firmware's version is shoe.VERSION only
    assert fw["VERSION"] == [os.path.join("firmware", "shoe", "__init__.py")]
    assert "MAX_RECORD" not in fw and "NOT_DEALT" not in fw  # records', tally's


def test_package_json_carries_the_firmware_version():
    import json
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import device_files
    finally:
        sys.path.pop(0)
    with open(os.path.join(ROOT, "package.json")) as f:
        assert json.load(f)["version"] == device_files.version()
    import shoe

    assert device_files.version() == ".".join(str(n) for n in shoe.VERSION)
