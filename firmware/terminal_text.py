"""The scoring terminal's screens as text lines (loaded only by a terminal with a display).

    lines = screen(terminal)     # 4 lines for a 16-character panel; the display cuts longer
"""

import shoe.terminal as T

_YES_NO = ("no", "yes")
_SIDES = ("N-S", "E-W")


def _value(t, i):
    label, lo, hi = t._fields()[i]
    v = t.vals[i]
    if label == "makers":
        return _SIDES[v]
    if label == "alone":
        return _YES_NO[v]
    return "%d" % v


def screen(t):
    st = t.state
    head = "B%d" % t.board
    msg = t.message
    if st == T.T_READY:  # what the shoe found stays in view ("tray on reader", a ruling)
        sh = t.shoe
        found = ""
        if sh.findings or sh.rulings:
            import shoe.screens as shoe_text

            found = shoe_text.finding_lines(sh.findings, sh.rulings)[0]
        return [head + " ready: DEAL", msg or sh.message, found, "MODE: shoe menu"]
    if st == T.T_PLAYING:
        return [head + " in play", "DEAL: score", "MODE: shoe menu", msg]
    if st == T.T_ENTRY:
        label = t._fields()[t.field][0]
        line = "> " + _value(t, t.field)
        g = t.profile.game
        if g <= 2:
            line += "  E-W %d" % (13 - t.vals[0])
        elif g == 4:
            line += "  P1 %d" % (5 - t.vals[0])
        return [head + " " + label, line, "NEXT+ MODE- DEAL", msg]
    if st == T.T_CONFIRM:
        tns, tew, pns, pew = t.result()
        g = t.profile.game
        a, b = ("P0", "P1") if g == 4 else _SIDES
        second = "pts %d-%d" % (pns, pew) if g in (3, 4) else ""
        return [head + " %s %d %s %d" % (a, tns, b, tew), second, "DEAL: record",
                "MODE: change " + msg]
    if st == T.T_PIN:
        shown = "*" * len(t.digits) + "%d" % t.digit
        return ["Director PIN", "> " + shown, "NEXT+ MODE:digit", "DEAL: enter " + msg]
    if st == T.T_MENU:
        return ["Director", "> " + T.MENU[t.item], "NEXT item DEAL do", "MODE: leave " + msg]
    if st == T.T_BOARD:
        return [T.MENU[T._MENU_ACT.index(t.action)] if t.action else "board",
                "board > %d" % t.number, "NEXT+ MODE-", "DEAL: ok"]
    if st == T.T_VALUE:
        return ["tables engaged", "> %d" % t.number, "NEXT+ MODE-", "DEAL: ok"]
    return ["", "", "", msg]
