"""Overplay core: the part of Overplay that runs on both the shoe (MicroPython) and the club PC.

One module per concept (docs/design.md, "Layout: shared/overplay_core"):
    cards, games, findings, tally       a card, a game's profile, what is wrong, the per-card check
    handprint, trayslip, records, wire  the hands packed, the signed slip, journal records, the line
    session, pin, mac, ruling_ids       the evening's set-up, the director's PIN, HMAC, ruling ids
    laws/ (case, verdict, a module per game)   rulings with citations, by the `overplay judge` input
    scoring/ (a module per game)               a deal's points
    compat, errors                      the CPython/MicroPython differences, the error types

Modules import downward only (cards -> games -> tally -> handprint, records ...; laws and
scoring on top); none imports a module that imports it back, and nothing imports the package
itself. Everything here is written in the subset that CPython and MicroPython both run
(docs/toolchain.md): int constants and tuples, no enum, dataclasses or typing at run time.
"""
