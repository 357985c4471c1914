"""The table's scoring terminal: play begun, tricks keyed in, the director's menu (PIN).

    t = Terminal(shoe, display, pin_path="/pin.bin")
    t.ready(board=3, dealer=2, mode=records.MODE_ORIGINAL)  # a deal or check just ended
    t.begin_play()          # EVENT play_begun: the laws know play began (DW Law IV §9)
    t.key_in(8); t.confirm(); t.confirm()   # N-S 8, E-W 5 keyed in: E-W are asked
    t.accept()              # EVENT score_checked (accepted), signed SCORE record, committed
    t.reject()              # ... or EVENT score_checked (rejected): back to the entry
    t.press(DEAL)           # or the buttons: DEAL / NEXT / MODE (bits), see below
    t.login("4711"); t.director(ACT_AVERAGE, board=3)   # journaled EV_DIRECTOR

Screens (T_* states) and what each button does there:
  READY    "B3 ready"        DEAL play begins (EVENT) | MODE back to the shoe
  PLAYING  "B3 in play"      DEAL key in the score    | MODE back to the shoe
  ENTRY    "B3 N-S tricks"   NEXT +1 | MODE -1 (both wrap) | DEAL this field done
  READY    also             NEXT scrolls the findings and rulings (words, law cited)
  CONFIRM  "N-S 8  E-W 5"    DEAL ask the other side  | NEXT keyed by the other side
                                                      | MODE change it
  ACCEPT   "E-W: accept?"    DEAL accept: SCORE       | MODE reject: back to the entry
  PIN      "Director PIN"    NEXT digit +1 | MODE next digit | DEAL enter
  MENU     "> average board" NEXT next item | DEAL do it | MODE leave (PIN needed again)
  BOARD, VALUE: a number     NEXT +1 | MODE -1 | DEAL ok
NEXT and MODE pressed together open the director's PIN screen from any state.
Result entry as clubs do it: the side that keyed the score in (N-S unless NEXT on the confirm
screen says E-W) hands the shoe over, and the other side accepts or rejects it; each answer is
an EVENT score_checked, and only an accepted score becomes a SCORE record. A director's
correction needs no acceptance. A score for a board this table did not deal or check in this
session (Terminal.here; a new set-up starts a new session: new_session) is refused with the
reason on the screen.
Fields per game (each a word on the screen where it is not a count; NEXT/MODE cycle it):
duplicate whist N-S tricks 0..13, E-W = 13 - N-S (scoring_whist.check_tricks); bridge whist
the declarer (N E S W: the dealer or his partner), the trumps (clubs, diamonds, hearts, spades
with the suit's glyph, or no trumps), the doubles (not doubled, doubled, redoubled, ...) and
the declarer's tricks 0..13 (scoring_bridge); euchre the makers (N-S/E-W), alone (no/yes) and
the makers' tricks 0..5 (scoring_euchre); écarté the proposal (accepted, not proposed: the
non-dealer played without proposing, refused), the king (marked by nobody, P0 or P1) and P0's
tricks 0..5, P1 = 5 - P0 (scoring_ecarte). The whole entry is scored by the game's scoring
module before the confirm screen, which shows the points (a score the laws refuse stays on
the entry screen, the reason said); the SCORE record carries the fields (records.SCORE_FIELDS).
A value keyed in from outside the range (key_in) is refused with a message, nothing recorded.
The PIN: 3 wrong tries lock the menu for LOCK_MS (ticks, wrap-safe); each try is an EVENT.
The director's side (PIN, lockout, actions, its screens' buttons) is shoe.director.Director,
made on first use (shoe/__init__.py's lazy table); the dealer's screens' words are in shoe/screens.py, the terminal's in screen() below.
"""

from overplay_core import records
from shoe.dealing import NEED_BYTES, REC_BYTES
from shoe.states import (ACT_CORRECT, BAD_VALUE, BUSY, DEAL, MAX_TRIES, MODE, NEXT, NO_ROOM, OK,
                         MENU_ACTS, PIN_OK, T_ACCEPT, T_BOARD, T_CONFIRM, T_ENTRY, T_IDLE, T_MENU,
                         T_PIN, T_PLAYING, T_READY, T_VALUE)

# A state for each screen and a result for each refusal: shoe/states.py (T_*, OK, BAD_VALUE,
# NOT_AUTHORISED, BUSY, NO_ROOM); the buttons DEAL, NEXT, MODE and the director's ACT_* and
# PIN_* there too.


class Terminal:
    director_side = None  # the Director (shoe/director.py), made on first use

    def __init__(self, shoe, display, pin_path=None, pin_data=None):
        self.shoe = shoe  # records go through the shoe's buffer, key and journal
        # The game and table of the board being scored: the shoe's when it was dealt (ready),
        # so a set-up that changes the shoe's game never changes a board dealt before it
        self.profile = shoe.profile
        self.table = shoe.table
        self.display = display
        self.pin_path = pin_path
        self.pin = pin_data if pin_data is not None else self._read_pin()
        self.state = T_IDLE
        self.board = 0
        self.dealer = 0
        self.mode = records.MODE_ORIGINAL
        self.vals = [0, 0, 0, 0]  # the fields of the score being keyed (_fields), as recorded
        self.fields = None  # their (label, lo, hi, key), for the profile's game: _fields()
        self.dealt = 0  # the board whose dealer is self.dealer (ready)
        self.res = None  # result() of the score confirmed (CONFIRM, ACCEPT: _verify)
        self.field = 0
        self.message = ""
        self.changed = False
        self.tries = 0
        self.locked_at = None
        self.authorised = False
        self.item = 0
        self.action = 0
        self.digits = ""
        self.digit = 0
        self.number = 0
        self.scored = 0  # boards scored here (tests, the screen)
        self.begun = 0  # the board whose play_begun was recorded last
        # Boards dealt or checked at this table in this session: a bit a board from
        # here_base, grown to the highest seen (boards 1-400: 51 bytes). A list of them grew
        # with every board (1,024 B after 200 deals on the Pico) and was searched per board.
        self.here = bytearray(0)
        self.here_base = 0
        self.keyer = 0  # the side keying the score in: 0 N-S (P0), 1 E-W (P1)
        self.scroll = 0  # the first finding row on the ready screen
        self._back = T_IDLE
        # Wrong tries survive a power cycle (pin.bin.try): switching the shoe off and on must
        # not reset the count; a shoe that was locked starts locked again.
        t = self._read(self.pin_path + ".try") if self.pin_path else None
        if t:
            if t[0] >= MAX_TRIES:
                self.locked_at = self.shoe.clock()
            else:
                self.tries = t[0]

    @property
    def active(self):
        return self.state != T_IDLE

    # --- the PIN file --------------------------------------------------------------------
    def _read_pin(self):
        return self._read(self.pin_path) if self.pin_path else None

    @staticmethod
    def _read(path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    # --- records ---------------------------------------------------------------------------
    # Through the shoe's one door (Shoe._append), never into the reserve a deal needs
    # (NEED_BYTES), whatever the shoe is doing: asked first (room), so a refusal is the
    # terminal's to show (the act is not done), not a record lost. True when committed.
    def _event(self, ev, board, a=0, b=0, data=None):
        if not self.room():
            return self._keep(False)
        sh = self.shoe
        j = sh.journal
        nd = len(data) if data else 0
        n = records.encode_event(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF, ev,
                                 board, a, b, data, nd)
        return self._keep(sh._append(n, NEED_BYTES))

    def _score(self, board, r):
        if not self.room():
            return self._keep(False)
        sh = self.shoe
        j = sh.journal
        n = records.encode_score(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF, board,
                                 self.table, self.profile.game, r[0], r[1], r[2] & 0xFFFF,
                                 r[3] & 0xFFFF, r[4], r[5], r[6], r[7], r[8], r[9], r[10])
        return self._keep(sh._append(n, NEED_BYTES))

    def _keep(self, queued):
        ok = queued and self.shoe._commit()
        if not ok:
            self.message = "not stored: sync"
            self.changed = True
        return ok

    def room(self):
        """True when one more record of the terminal's fits (the shoe's space check): a PIN
        try is checked only if it can be journaled."""
        return self.shoe.has_room(REC_BYTES, NEED_BYTES)

    # --- the table -------------------------------------------------------------------------
    def ready(self, board, dealer=0, mode=records.MODE_ORIGINAL):
        """A board was dealt or checked here: the table may begin play, then score it.
        The same board again (the app calls this after the deal and after the tray) keeps
        whatever the table has done with it."""
        if board == self.board and mode == self.mode and (self.state != T_IDLE or
                                                          self.begun == board):
            return
        if self.state in (T_PIN, T_MENU, T_BOARD, T_VALUE):
            self._back = T_READY  # the director is busy: take it up when he leaves
        else:
            self.state = T_READY
        if self.profile is not self.shoe.profile:  # a set-up of another game: its fields
            self.fields = None
        self.profile = self.shoe.profile  # the game and table it was dealt at
        self.table = self.shoe.table
        self._mark_here(board)
        self.scroll = 0
        self.board = board
        self.dealer = dealer
        self.dealt = board
        self.mode = mode
        self.message = ""
        self.changed = True

    def begin_play(self):
        """The first card is led: EVENT play_begun (before/after play for the laws)."""
        if self.state != T_READY or self.begun == self.board:
            return BUSY
        if not self._event(records.EV_PLAY_BEGUN, self.board, self.mode):
            return NO_ROOM
        self.begun = self.board
        self.state = T_PLAYING
        self.changed = True
        return OK

    def new_session(self):
        """A new set-up: boards dealt before it are no longer this session's to score."""
        self.here = bytearray(0)

    def _mark_here(self, board):
        h, base = self.here, self.here_base
        if not len(h):
            base = self.here_base = board & ~7
        elif board < base:  # below the first board's byte: zero bytes before it (bases are
            nb = board & ~7  # multiples of 8, so every bit keeps its byte and place)
            h = self.here = bytearray((base - nb) >> 3) + h
            base = self.here_base = nb
        i = board - base
        if i >> 3 >= len(h):
            h = self.here = h + bytearray((i >> 3) + 1 - len(h))
        h[i >> 3] |= 1 << (i & 7)

    def was_here(self, board):
        """True when `board` was dealt or checked at this table in this session."""
        i = board - self.here_base
        return 0 <= i < 8 * len(self.here) and self.here[i >> 3] >> (i & 7) & 1 == 1

    def start_entry(self, board=0):
        """Key in the score of `board` (default: the board in play): OK, or BAD_VALUE for a
        board this table did not deal or check in this session (said on the screen). The
        director's correction (ACT_CORRECT) may name any board."""
        b = board or self.board
        if self.action != ACT_CORRECT and not self.was_here(b):
            self.message = "B%d: not dealt or checked here" % b  # (in this session)
            self.changed = True
            if self.state == T_IDLE:  # the shoe's screen is up: it says it there
                self.shoe.message = self.message
                self.shoe.changed = True
            return BAD_VALUE
        self.board = b
        self.keyer = 0
        self.message = ""
        self.field = 0
        if self.profile.game == 1:
            self.vals[0] = 7
        else:
            import shoe.entry as E

            E.start(self)
        self.state = T_ENTRY
        self.changed = True
        return OK

    def _fields(self):
        """(label, lo, hi, key) of each field of the score for this game, made once per game:
        key names the SCORE record's field (records.SCORE_FIELDS) the value goes to, or
        "tricks" (the last field: the side's tricks the game keys)."""
        f = self.fields
        if f is None:
            if self.profile.game == 1:
                f = (("N-S tricks", 0, 13, "tricks"),)
            else:  # the other games' entry (shoe/entry.py): loaded when one is keyed
                import shoe.entry as E

                f = E.fields(self.profile.game)
            self.fields = f
        return f

    def key_in(self, value):
        """A value for the current field, as a keypad or the club PC would send it: checked
        (scoring check functions), refused with a message when it cannot be right."""
        if self.state != T_ENTRY:
            return BUSY
        lo, hi = self._fields()[self.field][1:3]
        if not isinstance(value, int) or value < lo or value > hi or \
                self._check(self.field, value) != 0:
            self.message = self._refusal(self.field, value)
            self.changed = True
            return BAD_VALUE
        self.vals[self.field] = value
        self.message = ""
        self.changed = True
        return OK

    def _check(self, field, value):
        """0 when `value` can stand in `field` by the game's scoring check, else its code."""
        g = self.profile.game
        last = field == len(self._fields()) - 1
        if g == 3 and last:
            from overplay_core.scoring import euchre as scoring_euchre

            return scoring_euchre.check_tricks(value)
        if g == 4 and last:
            from overplay_core.scoring import ecarte as scoring_ecarte

            return scoring_ecarte.check_tricks((value, 5 - value))
        if g <= 2 and last:
            from overplay_core.scoring import whist as scoring_whist

            return scoring_whist.check_tricks(value)  # 0..13, bridge whist's too
        return -1 if self._declarer_refused(field, value) else 0

    def _declarer_refused(self, field, value):
        """True for a bridge whist declarer the laws refuse (BR-9: shoe/entry.py)."""
        if self.profile.game != 2 or field != 0:
            return False
        import shoe.entry as E

        return E.declarer_refused(self, value)

    def _refusal(self, field, value):
        """What the screen says of a value the field cannot take."""
        label, lo, hi = self._fields()[field][:3]
        if self.profile.game == 2 and field == 0 and isinstance(value, int) and lo <= value <= hi:
            import shoe.entry as E

            return E.refusal(self)
        return "%s: %s? %d..%d" % (label, value, lo, hi)

    def result(self):
        """The SCORE's values from the fields: (tricks N-S, tricks E-W, points N-S, points
        E-W) and records.SCORE_FIELDS in order (makers, alone, proposal, king, declarer,
        strain, doubles; -1 where the game has none). Duplicate whist's tricks are its score;
        the other games' are scored by their scoring module (shoe/entry.py), which raises
        RuleError for a score the laws refuse (_verify says it on the entry screen)."""
        v = self.vals
        if self.profile.game == 1:
            return v[0], 13 - v[0], v[0], 13 - v[0], -1, -1, -1, -1, -1, -1, -1
        import shoe.entry as E

        return E.result(self)

    def _verify(self):
        """None when the game's scoring module takes the keyed score (kept in self.res for
        the confirm and accept screens and the record), else what is wrong, in a line
        (RuleError's)."""
        from overplay_core.errors import RuleError

        try:
            self.res = self.result()
        except RuleError as e:
            return str(e)
        return None

    def confirm(self):
        """DEAL in ENTRY (next field / the confirm screen) or in CONFIRM (record it)."""
        if self.state == T_ENTRY:
            k = self.field  # the buttons keep a value within its field; a bridge whist
            if self._declarer_refused(k, self.vals[k]):  # declarer may still be a wrong seat
                self.message = self._refusal(k, self.vals[k])
                self.changed = True
                return BAD_VALUE
            if k + 1 < len(self._fields()):
                self.field += 1
            else:
                why = self._verify()
                if why is not None:  # the laws refuse the whole entry: it stays to be changed
                    self.message = why
                    self.changed = True
                    return BAD_VALUE
                self.state = T_CONFIRM
            self.message = ""
            self.changed = True
            return OK
        if self.state != T_CONFIRM:
            return BUSY
        if self.action != ACT_CORRECT:  # the other side answers it first (accept / reject)
            self.state = T_ACCEPT
            self.message = ""
            self.changed = True
            return OK
        return self._record()

    def accept(self):
        """ACCEPT: the side that did not key in accepts: EVENT score_checked, then SCORE."""
        if self.state != T_ACCEPT:
            return BUSY
        tns, tew = self.res[:2]
        if not self._event(records.EV_SCORE_CHECKED, self.board, 1, 1 - self.keyer,
                           bytes([tns, tew])):
            return NO_ROOM
        return self._record()

    def reject(self):
        """ACCEPT: the other side rejects the score: EVENT score_checked (rejected), and the
        score is keyed in again from the entry screen."""
        if self.state != T_ACCEPT:
            return BUSY
        tns, tew = self.res[:2]
        if not self._event(records.EV_SCORE_CHECKED, self.board, 0, 1 - self.keyer,
                           bytes([tns, tew])):
            return NO_ROOM
        keyer = self.keyer
        self.start_entry()
        self.keyer = keyer
        self.message = "rejected: key in again"
        return OK

    def _record(self):
        r = self.res
        if not self._score(self.board, r):
            return NO_ROOM  # the score stays on its screen: record it after a sync
        self.scored += 1
        if self.action == ACT_CORRECT:
            self._event(records.EV_DIRECTOR, self.board, ACT_CORRECT, PIN_OK,
                        bytes([r[0], r[1]]))
            self.action = 0
            self.state = T_MENU
        else:
            self.state = T_IDLE
            self.shoe.changed = True  # the shoe's screen again
        self.message = "B%d recorded" % self.board
        self.changed = True
        return OK

    def leave(self):
        self.state = T_IDLE
        self.shoe.changed = True

    # --- the director (shoe/director.py: the Director, made on first use) ------------------
    def _director(self):
        d = self.director_side
        if d is None:
            import shoe  # the package's lazy table loads shoe/director.py

            d = self.director_side = shoe.Director(self)
        return d

    def save_pin(self, data):
        """Store a PIN file (overplay_core.pin.make) the club PC sent; False if malformed."""
        return self._director().save_pin(data)

    def locked(self):
        return self._director().locked()

    def open_director(self):
        """The PIN screen (NEXT and MODE together), unless the menu is locked out."""
        self._director().open_director()

    def login(self, digits):
        """Check a PIN -> PIN_OK (the menu), PIN_WRONG, PIN_LOCKED or PIN_NONE; journaled."""
        return self._director().login(digits)

    def director(self, act, board=0, value=0):
        """A director action (ACT_*) after login -> OK, NOT_AUTHORISED or BAD_VALUE."""
        return self._director().director(act, board, value)

    # --- buttons ---------------------------------------------------------------------------
    def press(self, edge):
        """Button presses (DEAL|NEXT|MODE bits, the edges) while the terminal is active."""
        st = self.state
        up = 1 if edge & NEXT else (-1 if edge & MODE else 0)
        if st == T_READY:
            if edge & DEAL:
                self.begin_play()
            elif edge & NEXT:  # the findings and rulings, a row further (round again)
                self.scroll += 1
                self.changed = True
            elif edge & MODE:
                self.leave()
        elif st == T_PLAYING:
            if edge & DEAL:
                self.start_entry()
            elif edge & MODE:
                self.leave()
        elif st == T_ENTRY:
            if edge & DEAL:
                self.confirm()
            elif up:
                lo, hi = self._fields()[self.field][1:3]
                v = self.vals[self.field] + up
                self.vals[self.field] = lo if v > hi else (hi if v < lo else v)
                self.changed = True
        elif st == T_CONFIRM:
            if edge & DEAL:
                self.confirm()
            elif edge & NEXT:  # who keyed it in: the other side is asked
                self.keyer = 1 - self.keyer
                self.changed = True
            elif edge & MODE:
                keyer = self.keyer
                self.start_entry()
                self.keyer = keyer
        elif st == T_ACCEPT:
            if edge & DEAL:
                self.accept()
            elif edge & MODE:
                self.reject()
        else:  # the director's screens
            self._director().press(st, edge, up)

    # --- the screen ------------------------------------------------------------------------
    def refresh(self):
        if self.changed:
            self.changed = False
            if self.display is not None and self.state != T_IDLE:
                self.display.show(screen(self))


# --- the terminal's screens (what each shows: the table in the docstring above) ------------
_SIDES = ("N-S", "E-W")


def _foot(rows, *lines):
    """rows (a screen of S.D.ROWS rows) with lines at its foot: what the buttons do."""
    import shoe.screens as S
    rows = (list(rows) + [""] * S.D.ROWS)[:S.D.ROWS - len(lines)]
    return rows + list(lines)


def _said(text, n=2):
    """A message in at most n rows, wrapped between words (the last row marked if cut)."""
    import shoe.screens as S
    rows = S.wrap(text) if text else []
    return S.page(rows, 0, n) if len(rows) > n else rows


def screen(t):
    """The scoring terminal's screen for its state (T_*): S.D.ROWS rows, the header first."""
    import shoe.screens as S  # (loaded with the first screen)

    st = t.state
    seats = t.profile.seats
    msg = t.message
    g = t.profile.game
    a, b = S.seat_labels(2) if g == 4 else _SIDES
    if st == T_READY:  # what the shoe found stays in view, scrollable with NEXT
        sh = t.shoe
        rows = [S.header(t.board, t.dealer, seats, "ready"), msg or sh.message]
        if sh.findings or sh.rulings:
            found = S.finding_lines(sh.findings, sh.rulings, g)
            rows += S.page(found, t.scroll % len(found), S.D.ROWS - 5)
        return _foot(rows, "DEAL: play", "NEXT: scroll", "MODE: shoe menu")
    if st == T_PLAYING:
        return _foot([S.header(t.board, t.dealer, seats, "play"), "in play"] + _said(msg),
                     "DEAL: key score", "MODE: shoe menu")
    if st == T_ENTRY:  # each field in words (entry.field_word), the tricks as a count
        k = t.field
        f = t._fields()
        v = t.vals
        if k < len(f) - 1:
            import shoe.entry as E

            rows = S.wrap("> " + E.field_word(g, k, v[k]))  # "not proposed": two rows
        else:  # and what the other side took
            other = b if g != 2 else _SIDES[1 - (v[0] & 1)]
            if g == 3:
                other = _SIDES[1 - v[0]]
            rows = ["> %d  %s %d" % (v[k], other, (13 if g <= 2 else 5) - v[k])]
        rows = (rows + [""])[:2]
        return _foot([S.header(t.board, t.dealer, seats, "score"), f[k][0]] + rows + _said(msg),
                     "NEXT+ MODE-", "DEAL: done")
    if st == T_CONFIRM or st == T_ACCEPT:
        r = t.res
        rows = [S.header(t.board, t.dealer, seats, "score" if st == T_CONFIRM else "accept"),
                "%s %d  %s %d" % (a, r[0], b, r[1])]
        if g != 1:
            import shoe.entry as E

            rows.append(E.declaration(g, t.vals))
        pts = "pts %d-%d" % (r[2], r[3]) if g != 1 else ""
        if g == 4 and t.vals[1] >= 0:  # the king's mark is in the points: who marked it
            pts += " king " + (a, b)[t.vals[1]]
        rows.append(pts)
        if st == T_ACCEPT:
            return _foot(rows + [(b, a)[t.keyer] + ": accept?"] + _said(msg),
                         "DEAL: accept", "MODE: reject")
        rows += ["keyed by " + (a, b)[t.keyer]] + _said(msg)
        if t.action:  # the director's correction: recorded at once
            return _foot(rows, "DEAL: record", "MODE: change")
        return _foot(rows[:5], "DEAL: ask " + (b, a)[t.keyer], "NEXT: keyed by", "MODE: change")
    if st == T_PIN:
        shown = "*" * len(t.digits) + "%d" % t.digit
        return _foot(["Director PIN", "> " + shown] + _said(msg), "NEXT+ MODE:digit",
                     "DEAL: enter")
    if st == T_MENU:
        return _foot(["Director", "> " + S.MENU[t.item]] + _said(msg), "NEXT item DEAL do",
                     "MODE: leave")
    if st == T_BOARD:
        return _foot([S.MENU[MENU_ACTS.index(t.action)] if t.action else "board",
                      "board > %d" % t.number] + _said(msg), "NEXT+ MODE-", "DEAL: ok")
    if st == T_VALUE:
        return _foot(["tables engaged", "> %d" % t.number] + _said(msg), "NEXT+ MODE-",
                     "DEAL: ok")
    return _foot([""] + _said(msg))
