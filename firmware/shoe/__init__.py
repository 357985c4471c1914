"""The shoe: everything that runs on the Pico (frozen into its image by firmware/manifest.py).

    import shoe.app as app              # the app: tasks, buttons, link (firmware/main.py)
    from shoe.dealing import Shoe       # the dealing state machine
    import shoe.board as board          # the board definition -> built hardware

Import modules of this package by their full name (`import shoe.x as x`, `from shoe.x import
y`), never `from shoe import x`: MicroPython asks this module's __getattr__ for a name it does
not hold yet, and only the features in _LAZY are found that way.

The one lazy table: whole features a shoe may never use, loaded the first time they are asked
for (the way micropython-lib's asyncio/__init__.py loads its streams and events):

    shoe.OverplayCheck     shoe/check.py     an overplay check (Shoe.start_check)
    shoe.Director          shoe/director.py  the director's PIN and menu (Terminal)
"""

VERSION = (0, 2, 0)  # the firmware's version: SESSION records, the link's INFO, package.json

_LAZY = {"OverplayCheck": "check", "Director": "director"}


def __getattr__(attr):
    mod = _LAZY.get(attr)
    if mod is None:
        raise AttributeError(attr)
    value = getattr(__import__("shoe." + mod, None, None, (attr,)), attr)
    globals()[attr] = value
    return value
