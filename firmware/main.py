"""Boot: build the board, run the shoe app. Nothing else.

On the Pico this file runs at power-on; importing it elsewhere (tests, the unix port) does
nothing, so the rest of the firmware can be tested without a board.
"""


def boot():
    import app
    import board

    app.run(board.build())


if __name__ == "__main__":
    boot()
