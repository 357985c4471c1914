"""The table's place in its set-up's movement: which board it deals next and what the screen
says at the start of a round (issue #15; overplay_core.movement has the schedules).

    import shoe.rounds as rounds
    rounds.follow(app, setup)   # a set-up taken up: the table's first-round set (or next.bin's)
    rounds.dealt(app, board)    # a deal of `board` began: the movement's next board is next
    rounds.checked(app)         # an overplay check ended: the board checked is played too
    rounds.show(app)            # the round screen (Shoe.round_lines), or the table done

Loaded only by a shoe that has a set-up (App.boards is not None): a shoe without one, and
the memory gate's session, never load it nor overplay_core.movement. It sets app.movement,
app.round_first and shoe.round_lines (the app and the shoe have none without it). The app keeps
`next_board` (0 once the table's last round is dealt) and saves it in next.bin after each
committed DEAL or CHECK record (App._dealt): last + 1 there means the table is done.
"""

import shoe.screens as screens
from shoe.states import OVERPLAY_CHECK


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
    round). A board the director chose out of turn takes the round screen away."""
    if board != app.round_first:
        app.shoe.round_lines = None
    app.next_board = app.movement.next_board(app.table, board)


def checked(app):
    """An overplay check just ended: a later table plays the board it checked, so when that
    was the board the movement has next, the table goes on to the one after it (as after an
    original deal: next.bin, the round screen). A board checked again (after play, for the
    director) leaves the sequence where it is."""
    sh = app.shoe
    if sh.mode != OVERPLAY_CHECK or not sh.board or sh.board != app.next_board:
        return
    app.next_board = app.movement.next_board(app.table, sh.board)
    app._dealt()


def show(app):
    """At the start of a round the screen says the round, its boards and pairs (until the
    round's first card is dealt); after the table's last round, that the table is done."""
    m = app.movement
    sh = app.shoe
    sh.round_lines = None
    app.round_first = 0
    n = app.next_board
    t = app.table
    if n == 0:
        sh.round_lines = screens.table_done_lines(t)
    else:
        r = m.round_of(t, n)
        lo, hi, ns, ew = m.table_round(t, r)
        if n == lo:
            sh.round_lines = screens.round_lines(r, m.rounds, (lo, hi), m.pair_name(ns),
                                                 m.pair_name(ew))
            app.round_first = lo
    sh.changed = True
