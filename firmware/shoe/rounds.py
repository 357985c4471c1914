"""The table's place in its set-up's movement: which board it deals next and what the screen
says at the start of a round (issue #15; overplay_core.movement has the schedules).

    import shoe.rounds as rounds
    rounds.follow(app, setup)   # a set-up taken up: the table's first-round set (or next.bin's)
    rounds.dealt(app, board)    # a deal of `board` began: the movement's next board is next
    rounds.checked(app)         # an overplay check ended: the board checked is played too
    rounds.show(app)            # the round screen (round_lines), or the table done
    rounds.draw(app)            # the display task's step: that screen while idle

Loaded only by a shoe that has a set-up (App.boards is not None): a shoe without one, and
the memory gate's session, never load it nor overplay_core.movement. It sets app.movement
and app.round_lines (the lines draw() shows while the shoe is idle; the app has neither
without a set-up). The app keeps `next_board` (0 once the table's last round is dealt) and
saves it in next.bin after each committed DEAL or CHECK record (App._dealt): last + 1 there
means the table is done.
"""

from shoe.states import IDLE, OVERPLAY_CHECK


def round_lines(table, rnd, rounds, boards, ns, ew):
    """The round screen's 3 lines (the 4th is the shoe's message): "Round 2 of 4", the boards
    the table plays in it (first, last) and "N-S 2 v E-W 4" (movement.pair_name); rnd 0:
    the table's last round is dealt. Here, not in shoe/screens.py with the panel's other
    lines, because screens.py is loaded by every shoe at boot and these only with a set-up
    (the staged-install boot check has no heap to spare for them)."""
    if not rnd:
        return ["Table %d done" % table, "", ""]
    lo, hi = boards
    return ["Round %d of %d" % (rnd, rounds),
            "boards %d-%d" % (lo, hi) if hi > lo else "board %d" % lo, "%s v %s" % (ns, ew)]


def follow(app, setup):
    """Take up the set-up's movement at the app's table: the board to deal next (next.bin's,
    else the first of the table's first round) and the round screen if it starts one."""
    from overplay_core import movement  # movement imports session (not the other way round)

    m = app.movement = movement.from_setup(setup)  # session.decode checked that it fits
    # next.bin: a board of the range, last + 1 once the table is done; 0 when none is kept
    n = app.settings.next_board(app.setup_id, 0, m.last)
    if n < m.first:
        n = m.table_round(app.table, 1)[0]
    app.next_board = 0 if n > m.last else n
    show(app)


def dealt(app, board):
    """A deal of `board` began: the table's next board is the movement's (0 after its last
    round), and the screen once the deal is over: the next round's, if it starts one."""
    app.next_board = app.movement.next_board(app.table, board)
    show(app)  # shown once this deal is over (draw: the screen while the shoe is idle)


def checked(app):
    """An overplay check just ended: a later table plays the board it checked, so when that
    was the board the movement has next, the table goes on to the one after it (as after an
    original deal: next.bin, the round screen). A board checked again (after play, for the
    director) leaves the sequence where it is."""
    sh = app.shoe
    if sh.mode != OVERPLAY_CHECK or not sh.board or sh.board != app.next_board:
        return
    app.next_board = app.movement.next_board(app.table, sh.board)
    show(app)
    app._dealt()


def show(app):
    """At the start of a round the screen says the round, its boards and pairs (while the
    shoe is idle, until the round's first deal begins); after the table's last round, that
    the table is done."""
    m = app.movement
    sh = app.shoe
    app.round_lines = None
    n = app.next_board
    t = app.table
    if n == 0:
        app.round_lines = round_lines(t, 0, m.rounds, None, "", "")
    else:
        r = m.round_of(t, n)
        lo, hi, ns, ew = m.table_round(t, r)
        if n == lo:
            app.round_lines = round_lines(t, r, m.rounds, (lo, hi), m.pair_name(ns),
                                          m.pair_name(ew))
    sh.changed = True


def draw(app):
    """The display task's step on a shoe with a set-up (App._display_once): the round screen
    while the shoe is idle and has one, else the shoe's own screen."""
    sh = app.shoe
    if sh.changed and sh.state == IDLE and app.round_lines:
        sh.changed = False
        app.board.display.show(app.round_lines + [sh.message])
    else:
        sh.refresh()
