"""The two exception types a caller of overplay_core may see (the raising door of each rule).

    try:
        parse_card("1X")
    except ParseError as e:
        print(e)        # one line: what is wrong, with what input

The firmware's hot path never raises: it uses the non-raising checks that return codes.
"""


class ParseError(ValueError):
    """Text or bytes that do not decode: a card name, a record, a frame, a judge file."""


class RuleError(ValueError):
    """A fact that cannot happen under the game's rules (a 14th seat, a card in two hands)."""
