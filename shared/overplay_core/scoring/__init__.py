"""Scoring, one module per game: a deal's tricks and claims in, each side's points out.

    from overplay_core.scoring import whist
    whist.check_tricks(8)

whist (duplicate whist: tricks, the comparison between tables), bridge (bridge whist),
euchre and ecarte. Each module is whole on its own: nothing here imports them, so a shoe
or a terminal loads only the game it scores.
"""
