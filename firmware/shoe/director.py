"""The director's side of the scoring terminal: the PIN, the lockout, the menu's actions.

    d = Director(terminal)     # Terminal._director: made on first use (shoe/__init__.py)
    d.login("4711"); d.director(ACT_AVERAGE, board=3); d.press(state, edges, up)

A shoe whose director never comes to the table never loads this module. Each PIN try and each
action is an EVENT director_action (records.EV_DIRECTOR: a = ACT_*, b = PIN_*), committed at
once. MAX_TRIES wrong tries in a row lock the menu for LOCK_MS, measured with ticks_diff
(wrap-safe); the count is kept in pin.bin.try too, so switching the shoe off and on does not
reset it. The PIN, the tries and the menu's cursor stay on the terminal (its screens show
them); the Director holds the rules.
"""

from overplay_core import records
from overplay_core.compat import ticks_diff
import shoe.screens as screens
from shoe.states import (ACT_AVERAGE, ACT_CORRECT, ACT_LOGIN, ACT_LOGOUT, ACT_TABLES, ACT_VOID,
                         BAD_VALUE, DEAL,
                         LOCK_MS, MAX_TRIES, MENU_ACTS, MODE, NEXT, NO_ROOM, NOT_AUTHORISED, OK,
                         PIN_LOCKED, PIN_NONE, PIN_OK, PIN_WRONG, T_BOARD, T_IDLE, T_MENU, T_PIN,
                         T_VALUE)


class Director:
    def __init__(self, terminal):
        self.t = terminal

    def _save_tries(self, n):
        t = self.t
        if t.pin_path is None:
            return
        try:
            with open(t.pin_path + ".try", "wb") as f:
                f.write(bytes([n]))
        except OSError:  # the count stays in RAM; the lockout still holds until power-off
            pass

    def save_pin(self, data):
        """Store a PIN file (overplay_core.pin.make) the club PC sent; False if malformed."""
        t = self.t
        from overplay_core import pin

        if pin.check(data) != pin.OK:
            return False
        if t.pin_path is not None:
            import os

            tmp = t.pin_path + ".tmp"
            with open(tmp, "wb") as f:  # whole, then renamed: a power cut keeps one of them
                f.write(data)
            os.rename(tmp, t.pin_path)
        t.pin = bytes(data)
        return True

    def locked(self):
        t = self.t
        if t.locked_at is None:
            return False
        if ticks_diff(t.shoe.clock(), t.locked_at) < LOCK_MS:
            return True
        t.locked_at = None
        self._save_tries(0)  # served: a power cycle now starts unlocked
        return False

    def open_director(self):
        t = self.t
        if t.state in (T_PIN, T_MENU, T_BOARD, T_VALUE):
            return
        t._back = t.state
        if self.locked():
            t._event(records.EV_DIRECTOR, 0, ACT_LOGIN, PIN_LOCKED)
            t.message = "PIN locked: wait"
            t.changed = True
            return
        t.state = T_PIN
        t.digits = ""
        t.digit = 0
        t.changed = True

    def login(self, digits):
        """Check a PIN: OK opens the menu; each try is an EVENT; MAX_TRIES wrong lock it.
        A try that could not be journaled is not checked at all (NO_ROOM: sync first)."""
        t = self.t
        t._back = t.state if t.state not in (T_PIN, T_MENU) else t._back
        if not t.room():
            t.message = "no room: sync"
            t.state = t._back
            t.changed = True
            return NO_ROOM
        if self.locked():
            t._event(records.EV_DIRECTOR, 0, ACT_LOGIN, PIN_LOCKED)
            t.message = "PIN locked: wait"
            t.state = t._back
            t.changed = True
            return PIN_LOCKED
        from overplay_core import pin

        if pin.check(t.pin) != pin.OK:
            t._event(records.EV_DIRECTOR, 0, ACT_LOGIN, PIN_NONE)
            t.message = "no PIN: set at club PC"
            t.state = t._back
            t.changed = True
            return PIN_NONE
        if not pin.matches(t.pin, digits):
            t.tries += 1
            t._event(records.EV_DIRECTOR, 0, ACT_LOGIN, PIN_WRONG, bytes([t.tries]))
            if t.tries >= MAX_TRIES:
                t.locked_at = t.shoe.clock()
                self._save_tries(MAX_TRIES)
                t.tries = 0
                t.message = "PIN locked 5 min"
            else:
                self._save_tries(t.tries)
                t.message = "wrong PIN (%d/%d)" % (t.tries, MAX_TRIES)
            t.state = t._back
            t.changed = True
            return PIN_WRONG
        if t.tries:
            self._save_tries(0)
        t.tries = 0
        t.authorised = True
        t._event(records.EV_DIRECTOR, 0, ACT_LOGIN, PIN_OK)
        t.state = T_MENU
        t.item = 0
        t.message = ""
        t.changed = True
        return PIN_OK

    def director(self, act, board=0, value=0):
        """Do a director action (after login): each one is an EVENT, committed at once."""
        t = self.t
        if not t.authorised:
            return NOT_AUTHORISED
        if act != ACT_LOGOUT and not t.room():  # an action that could not be journaled: not done
            t.message = "no room: sync"
            t.changed = True
            return NO_ROOM
        sh = t.shoe
        if act == ACT_TABLES:
            if not 1 <= value <= 255:
                t.message = "tables? 1..255"
                return BAD_VALUE
            sh.tables = value
            t._event(records.EV_DIRECTOR, 0, ACT_TABLES, PIN_OK, bytes([value]))
        elif act in (ACT_AVERAGE, ACT_VOID):
            t._event(records.EV_DIRECTOR, board or t.board, act, PIN_OK)
        elif act == ACT_CORRECT:
            t.action = ACT_CORRECT
            t.start_entry(board or t.board)
            return OK
        elif act == ACT_LOGOUT:
            t._event(records.EV_DIRECTOR, 0, ACT_LOGOUT, PIN_OK)
            t.authorised = False
            t.state = t._back if t._back != T_PIN else T_IDLE
            if t.state == T_IDLE:
                sh.changed = True
            t.changed = True
            return OK
        else:
            return BAD_VALUE
        t.message = "done: " + screens.MENU[MENU_ACTS.index(act)]
        t.state = T_MENU
        t.changed = True
        return OK

    def press(self, st, edge, up):
        """The buttons on the director's screens (PIN, MENU, BOARD, VALUE)."""
        t = self.t
        if st == T_PIN:
            if edge & NEXT:
                t.digit = (t.digit + 1) % 10
            elif edge & MODE and len(t.digits) < 8:
                t.digits += "%d" % t.digit
                t.digit = 0
            elif edge & DEAL:
                t.login(t.digits + "%d" % t.digit)
            t.changed = True
        elif st == T_MENU:
            if edge & NEXT:
                t.item = (t.item + 1) % len(MENU_ACTS)
            elif edge & MODE:
                t.director(ACT_LOGOUT)
            elif edge & DEAL:
                act = MENU_ACTS[t.item]
                if act == ACT_TABLES:
                    t.number = t.shoe.tables
                    t.state = T_VALUE
                elif act == ACT_LOGOUT:
                    t.director(act)
                else:
                    t.action = act
                    t.number = t.board or 1
                    t.state = T_BOARD
            t.changed = True
        elif st in (T_BOARD, T_VALUE):
            if edge & DEAL:
                if st == T_VALUE:
                    t.director(ACT_TABLES, value=t.number)
                else:
                    act, t.action = t.action, 0
                    t.director(act, board=t.number)
            elif up:
                t.number = max(1, min(255 if st == T_VALUE else 0xFFFF, t.number + up))
            t.changed = True
