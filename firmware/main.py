"""Boot: build the board, run the shoe app. Nothing else.

On the Pico this file runs at power-on; importing it elsewhere (tests, the unix port) does
nothing, so the rest of the firmware can be tested without a board.
"""


def boot():
    import shoe.app as app
    import shoe.board as board

    b = board.build()
    b.light(1)  # lit while the shoe runs: dark after power-up means it never started
    try:
        app.run(b)
    finally:
        b.light(0)  # the app stopped (three faults of one task): call the director


if __name__ == "__main__":
    boot()
