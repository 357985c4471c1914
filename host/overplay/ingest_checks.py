"""Semantic checks on ingest: a record whose tag verifies but whose content cannot happen.

The tag proves which shoe signed a record, not that what it says could be. The shoe's firmware
never writes board 0, dealer seat 9, game 77, 52 cards in one hand or 200 tricks; a signed
record that says so comes from a bug, a leaked key, or a tool that signs what it is given. Such
a record goes to quarantine with its reason, like a forgery: kept, never merged
(store.commit_batch calls semantic_reason after the tag, seq, boot and decode checks).

    ctx = Context(shoe_id, sessions_in_force(db, shoe_id, journal_id, lo, hi))   # once per batch
    reason = semantic_reason(records.decode(raw), ctx)   # None, or one line for the director
    # e.g. "DEAL board 0: outside the set-up's boards 1-24"
    clean_deal(DEAL_HEAD.unpack_from(raw), handprint, ctx)   # True: a clean DEAL, None above

The context is the shoe's SESSION records (docs/records.md): a record is judged against the
latest one below its seq, and a SESSION record that passes comes into force for the records
after it. Every rule is what the firmware can write (firmware/shoe.py end_deal, shoe_check.py,
terminal.py, app_more.py; overplay_core.tally for the hands); the list is in docs/records.md
"Checks on the club PC". Rules are decided per record in a few microseconds (a DEAL's hands
are counted from tables, not unpacked card by card): the club PC checks every record it syncs.
A clean original DEAL, nearly every record, is passed by clean_deal from its fixed part as one
struct read, without the dict (store.commit_batch); anything else gets every rule.
"""

import bisect
import struct

from overplay_core import cards, findings, games, handprint, records, ruling_ids, session
from overplay_core.errors import RuleError
from overplay_core.scoring import bridge as sb
from overplay_core.scoring import ecarte as sc
from overplay_core.scoring import euchre as se

from overplay import events as ev

# What the shoe's tally can find in a deal (tally.finish); an overplay check adds the three
# it finds against the slip (Tally.add_to, shoe.check.OverplayCheck).
_ORIGINAL_FINDINGS = frozenset((findings.DUPLICATE_CARD, findings.FOREIGN_CARD,
                                findings.EXTRA_CARD, findings.SEAT_OVER, findings.SEAT_SHORT,
                                findings.MISSING_CARD))
_OVERPLAY_FINDINGS = _ORIGINAL_FINDINGS | frozenset((findings.TRUMP_NOT_WITH_DEALER,
                                                     findings.CARD_MOVED,
                                                     findings.TRUMP_DIFFERS_FROM_SLIP))
# A hand short of cards: the shoe counted it short, or a card of it was doubled or foreign
# (counted in the hand, never placed in the handprint: tally.add, add_to).
_SHORT_EXPLAINED = frozenset((findings.SEAT_SHORT, findings.DUPLICATE_CARD,
                              findings.FOREIGN_CARD))
_DEAL_FLAGS = (records.FLAG_COMPLETE | records.FLAG_ABANDONED | records.FLAG_SLIP_WRITTEN
               | records.FLAG_HANDS_CHECKED)
_CLOCK = 1 << 30  # the shoe's ticks_ms wraps at 2^30: every record masks it (shoe.py, ...)
# A DEAL's fixed part (docs/records.md): header (type, seq, boot, ticks), then board, table,
# game, variant, dealer, mode, trump, flags and F, the number of findings; then F finding
# codes, the handprint's length byte, the handprint, the tag.
DEAL_HEAD = struct.Struct("<BIHIHBBBBBBBB")

# Handprint counting (handprint.py layout: card i of the pack at bits [i*w, i*w + w), LSB
# first). An entry counts the 4 cards of a chunk in 8-bit fields: seats 0..3, then NO_HAND
# (3-bit form), then the values 4..6 the shoe never writes.
_NO_HAND_FIELD = 4 * 8
_BAD_FIELD = 5 * 8


def _count_table(bits):
    mask = (1 << bits) - 1
    out = []
    for chunk in range(1 << (4 * bits)):
        acc = 0
        for k in range(4):
            v = (chunk >> (k * bits)) & mask
            if v <= 3:
                acc += 1 << (8 * v)
            elif v == handprint.NO_HAND:
                acc += 1 << _NO_HAND_FIELD
            else:
                acc += 1 << _BAD_FIELD
        out.append(acc)
    return out


_COUNT2 = _count_table(2)  # by byte: 4 cards of 2 bits
_LOW_BITS = int("01" * cards.CARD_COUNT, 2)  # the low bit of every card's 2 bits
_ORIGINAL = records.MODE_ORIGINAL
_COMPLETE = records.FLAG_COMPLETE
_CARDS = cards.CARD_COUNT
_COUNT3 = _count_table(3)  # by 12 bits: 4 cards of 3 bits


def _field(acc, i):
    return (acc >> (8 * i)) & 0xFF


class _Game:
    """One game under one variant, as the checks need it (from games.profile)."""

    def __init__(self, p):
        self.name = p.name
        self.seats = p.seats
        self.hand = p.hand_size
        self.dealt = p.dealt
        self.count = len(p.pack)
        self.pack = p.pack
        self.len2 = handprint.size(self.count, 2)
        self.phantom2 = self.len2 * 4 - self.count  # padding of the 2-bit form, in cards
        self.tail2 = (self.count * 2) & 7  # bits of the last byte that hold cards (0: all)
        self.len3 = handprint.size(self.count, 3)
        self.index = bytearray([0xFF] * cards.CARD_COUNT)  # card -> place in the pack
        for i, c in enumerate(p.pack):
            self.index[c] = i
        self.turns = p.turn_up_index >= 0
        # where the turned card lies, by dealer: its seat, or NO_HAND (left on the pack)
        seat = [p.seat_of(p.turn_up_index, d) for d in range(p.seats)] if self.turns else []
        self.turn_seat = tuple([handprint.NO_HAND if s < 0 else s for s in seat])
        # the counts of a clean deal: every seat a full hand, the rest in no hand
        clean = 0
        for s in range(p.seats):
            clean += self.hand << (8 * s)
        # (2 bits a card exactly when every card is in a hand: handprint.width)
        self.clean2 = clean if self.dealt == self.count else -1
        self.clean3 = clean + ((self.count - self.dealt) << _NO_HAND_FIELD) \
            if self.dealt < self.count else -1


_games = {}


def _game(game, variant):
    """A _Game, or the reason why (game, variant) names no game the shoe can deal."""
    key = game << 16 | variant
    g = _games.get(key)
    if g is None:
        if game not in games.GAME_NAMES:
            g = "game %d unknown (%s)" % (game, ", ".join(
                ["%d %s" % kv for kv in sorted(games.GAME_NAMES.items())]))
        else:
            try:
                g = _Game(games.profile(game, variant))
            except RuleError as e:
                g = "variant 0x%x unknown for %s: %s" % (variant, games.GAME_NAMES[game], e)
        _games[key] = g
    return g


class Context:
    """What a shoe's records are checked against: its id and its SESSION records in force.

    sessions: [(seq, (first_board, last_board, tables, game, variant))] in seq order, the
    latest SESSION record below the batch and those within it (sessions_in_force)."""

    def __init__(self, shoe_id, sessions=()):
        self.shoe_id = shoe_id
        self.seqs = [s for s, _ in sessions]
        self.sessions = [v for _, v in sessions]

    def session_at(self, seq):
        """(first, last, tables, game, variant) of the SESSION record in force at seq, or
        None."""
        seqs = self.seqs
        if not seqs:
            return None
        if seq > seqs[-1]:  # the usual case: the latest one
            return self.sessions[-1]
        i = bisect.bisect_left(seqs, seq)
        return self.sessions[i - 1] if i else None

    def add_session(self, seq, value):
        i = bisect.bisect_left(self.seqs, seq)
        if i < len(self.seqs) and self.seqs[i] == seq:
            self.sessions[i] = value
        else:
            self.seqs.insert(i, seq)
            self.sessions.insert(i, value)


def sessions_in_force(db, shoe_id, journal_id, lo, hi):
    """The SESSION records of one journal of the shoe a batch of seqs lo..hi is judged
    against: the latest below lo and every one in lo..hi, as Context wants them (one query per
    batch). A journal started afresh begins with no set-up in force."""
    return [(s, (first, last, tables, game, variant)) for s, first, last, tables, game, variant
            in db.execute(
        "SELECT seq, first_board, last_board, tables, game, variant FROM shoe_sessions "
        "WHERE shoe_id=? AND "
        "journal_id=? AND seq<=? AND seq>=(SELECT COALESCE(MAX(seq), 0) FROM shoe_sessions "
        "WHERE shoe_id=? AND journal_id=? AND seq<?) ORDER BY seq",
        (shoe_id, journal_id, hi, shoe_id, journal_id, lo))]


def semantic_reason(f, ctx):
    """None when the decoded record f (records.decode) could have been written by the shoe's
    firmware, else why not: one line, "<TYPE> board N: what cannot be"."""
    if f["boot"] and f["ticks"] < _CLOCK:
        return _BY_TYPE[f["type"]](f, ctx)
    if f["boot"] == 0:
        return "%s: boot counter 0; the shoe counts its power-ons from 1" % _what(f)
    return "%s: ticks 0x%x beyond the shoe's 30-bit clock" % (_what(f), f["ticks"])


def _what(f):
    t = f["type_name"].upper()
    return "%s board %d" % (t, f["board"]) if "board" in f else t


def _place(f, s, zero_ok=False):
    """Why the record's board or table cannot be, or None. s: the SESSION in force (its
    boards and tables engaged), or None: then boards and tables are numbered from 1, as
    app.py deals from first_board 1 at table 1."""
    b = f["board"]
    t = f["table"]
    if s is None:
        if b == 0 and not zero_ok:
            return "%s: boards are numbered from 1" % _what(f)
    elif not ((b == 0 and zero_ok) or s[0] <= b <= s[1]):
        return "%s: outside the set-up's boards %d-%d" % (_what(f), s[0], s[1])
    if t == 0:
        return "%s: table 0; tables are numbered from 1" % _what(f)
    if s is not None and t > s[2]:
        return "%s: table %d, the set-up engages %d tables" % (_what(f), t, s[2])
    return None


def _codes(f, allowed, where):
    """Why the record's finding codes cannot be, or None."""
    seen = set()
    for c in f["findings"]:
        if c in seen:
            return "%s: finding %s twice" % (_what(f), findings.name(c))
        seen.add(c)
        if c not in allowed:
            if c in _KNOWN:
                return "%s: finding %s cannot arise in %s" % (_what(f), findings.name(c), where)
            return "%s: finding code %d unknown" % (_what(f), c)
    return None


def _session(f, ctx):
    w = "SESSION"
    if f["shoe_id"] != ctx.shoe_id:
        return "%s of shoe %d synced from shoe %d" % (w, f["shoe_id"], ctx.shoe_id)
    g = _game(f["game"], f["variant"])
    if isinstance(g, str):
        return "%s: %s" % (w, g)
    first, last = f["first_board"], f["last_board"]
    if first == 0:
        return "%s: boards %d-%d; boards are numbered from 1" % (w, first, last)
    if last < first:
        return "%s: boards %d-%d, the last before the first" % (w, first, last)
    if f["tables"] == 0 or f["table"] == 0 or f["table"] > f["tables"]:
        return "%s: table %d of %d tables engaged; tables are numbered 1..tables" % (
            w, f["table"], f["tables"])
    if f["movement"] >= len(session.MOVEMENTS):
        return "%s: movement %d unknown (%s)" % (w, f["movement"], ", ".join(
            ["%d %s" % (i, m) for i, m in enumerate(session.MOVEMENTS)]))
    ctx.add_session(f["seq"], (first, last, f["tables"], f["game"], f["variant"]))  # in force
    return None


def clean_deal(h, hp, ctx):
    """True when a DEAL whose fixed part is h (DEAL_HEAD's fields) and handprint hp is a clean
    original deal the firmware writes: semantic_reason of it is None. False says nothing
    (semantic_reason decides). Clean: counted from 1 (boot), the clock in 30 bits, no finding,
    mode original, flags complete, board and table within the SESSION in force (from 1 when
    none), a game and variant the shoe deals, a dealer seat of it, the handprint in 2 bits a
    card with a full hand in every seat, and the trump card where the game turns it up."""
    _, seq, boot, ticks, board, table, game, variant, dealer, mode, trump, flags, nf = h
    if (not boot or ticks >= _CLOCK or nf or mode != _ORIGINAL or flags != _COMPLETE
            or not board or not table):
        return False
    seqs = ctx.seqs
    if seqs:  # the SESSION in force (session_at): the latest one, as a rule
        s = ctx.sessions[-1] if seq > seqs[-1] else ctx.session_at(seq)
        if s is not None and not (s[0] <= board <= s[1] and table <= s[2] and game == s[3]
                                  and variant == s[4]):
            return False
    g = _games.get(game << 16 | variant) or _game(game, variant)
    if g.__class__ is str or dealer >= g.seats or not g.turns or trump >= _CARDS \
            or len(hp) != g.len2 or (g.tail2 and hp[-1] >> g.tail2):
        return False
    # the hands, 2 bits a card (no bits past the last card, above): the cards of seat 3 have
    # both bits set, those of seats 1 and 3 the low one, those of seats 2 and 3 the high one
    x = int.from_bytes(hp, "little")
    low = x & _LOW_BITS
    high = (x >> 1) & _LOW_BITS
    n3 = (low & high).bit_count()
    n1 = low.bit_count() - n3
    n2 = high.bit_count() - n3
    if (g.count - n1 - n2 - n3) | n1 << 8 | n2 << 16 | n3 << 24 != g.clean2:
        return False
    i = g.index[trump]  # the turned card: in its place?
    return i != 0xFF and (x >> (i << 1)) & 3 == g.turn_seat[dealer]


def _deal(f, ctx):
    if clean_deal((f["type"], f["seq"], f["boot"], f["ticks"], f["board"], f["table"],
                   f["game"], f["variant"], f["dealer"], f["mode"], f["trump"], f["flags"],
                   len(f["findings"])), f["handprint"], ctx):
        return None
    s = ctx.session_at(f["seq"])
    b = f["board"]
    if not b or not f["table"] or (s is not None and not (s[0] <= b <= s[1]
                                                          and f["table"] <= s[2])):
        return _place(f, s)
    g = _games.get(f["game"] << 16 | f["variant"]) or _game(f["game"], f["variant"])
    if g.__class__ is str:
        return "%s: %s" % (_what(f), g)
    if s is not None and (f["game"], f["variant"]) != (s[3], s[4]):
        # the shoe takes a set-up between deals and writes its SESSION then (app.take_setup):
        # every deal after it is of that game and variant
        return "%s: %s, variant 0x%x; the set-up in force deals %s, variant 0x%x" % (
            _what(f), g.name, f["variant"], games.GAME_NAMES.get(s[3], "game %d" % s[3]),
            s[4])
    dealer = f["dealer"]
    if dealer >= g.seats:
        return "%s: dealer seat %d; %s has seats 0-%d" % (_what(f), dealer, g.name, g.seats - 1)
    overplay = f["mode"]  # MODE_OVERPLAY, else MODE_ORIGINAL (decode refuses any other)
    found = f["findings"]
    if found or overplay or f["flags"] != records.FLAG_COMPLETE:  # else a clean deal
        r = _flags(f, f["flags"], found, overplay)
        if r:
            return r
        if found:
            r = _codes(f, _OVERPLAY_FINDINGS if overplay else _ORIGINAL_FINDINGS,
                       "an overplay check" if overplay else "an original deal")
            if r:
                return r
    hp = f["handprint"]
    got = _count(hp, g)
    if got is None:
        return "%s: handprint of %d bytes; the %d-card pack takes %d or %d" % (
            _what(f), len(hp), g.count, g.len2, g.len3)
    bits, x, acc = got
    if x >> (g.count * bits):
        return "%s: handprint with nonzero bits after its last card" % _what(f)
    if acc != (g.clean2 if bits == 2 else g.clean3):
        r = _hands(f, g, acc, bits, set(found), overplay)
        if r:
            return r
    return _trump(f, g, x, bits, dealer, overplay)


def _count(hp, g):
    """(bits a card, the handprint as an int, counts) of a handprint of g's pack, or None
    for a length neither form has. counts: 8-bit fields, seats 0..3, then cards in no hand,
    then the 3-bit values 4..6 (read with _field); bits past the last card are not counted."""
    n = len(hp)
    x = int.from_bytes(hp, "little")
    if n == g.len2:
        return 2, x, sum(map(_COUNT2.__getitem__, hp)) - g.phantom2  # padding reads seat 0
    if n != g.len3:
        return None
    chunks = (g.count * 3 + 11) // 12
    acc = -(chunks * 4 - g.count)
    y = x
    for _ in range(chunks):
        acc += _COUNT3[y & 0xFFF]
        y >>= 12
    return 3, x, acc


def hand_counts(hp, game, variant=0):
    """How many cards of the handprint lie in seats 0..3, in no hand, and in the values 4..6
    the shoe never writes, as a tuple of 6; None for a length neither form of the game's pack
    has (tests hold it to handprint.unpack)."""
    g = _game(game, variant)
    if isinstance(g, str):
        raise ValueError(g)
    got = _count(hp, g)
    return None if got is None else tuple([_field(got[2], i) for i in range(6)])


def _flags(f, flags, found, overplay):
    if flags & ~_DEAL_FLAGS:
        return "%s: flags 0x%02x; the shoe writes only 0x%02x" % (_what(f), flags, _DEAL_FLAGS)
    complete = flags & records.FLAG_COMPLETE
    if complete and found:
        return "%s: marked complete, yet with findings" % _what(f)
    if complete and flags & records.FLAG_ABANDONED:
        return "%s: marked both complete and abandoned" % _what(f)
    if not complete and not found and not flags & records.FLAG_ABANDONED:
        return "%s: no finding, yet not marked complete" % _what(f)
    checked = flags & records.FLAG_HANDS_CHECKED
    if overplay and not checked:
        return "%s: an overplay DEAL is written after every hand was passed, and is not " \
               "marked so" % _what(f)
    if checked and not overplay:
        return "%s: hands checked is an overplay's flag, in an original deal" % _what(f)
    return None


def _hands(f, g, acc, bits, found, overplay):
    """Why the hands the handprint holds (acc: counts per seat) cannot be, or None."""
    w = _what(f)
    if _field(acc, 5):
        return "%s: handprint holds seat values 4-6, which the shoe never writes" % w
    for s in range(4):
        k = _field(acc, s)
        name = games.SEAT_NAMES[s]
        if k and s >= g.seats:
            return "%s: seat %s holds %d of the cards; %s has %d seats" % (
                w, name, k, g.name, g.seats)
        if s >= g.seats:
            continue
        if k > g.hand:
            if not overplay:
                return "%s: seat %s holds %d cards; the deal pattern gives a hand %d" % (
                    w, name, k, g.hand)
            if findings.SEAT_OVER not in found:
                return "%s: seat %s holds %d cards, a hand is %d, and no seat_over finding" \
                       % (w, name, k, g.hand)
        if k < g.hand and not found & _SHORT_EXPLAINED:
            return "%s: seat %s holds %d cards, a hand is %d, and no finding says one is " \
                   "short, doubled or foreign" % (w, name, k, g.hand)
    if bits == 3 and not _field(acc, 4):
        return "%s: a 3-bit handprint with every card in a hand (the shoe writes 2 bits a " \
               "card then)" % w
    return None


def _trump(f, g, x, bits, dealer, overplay):
    t = f["trump"]
    if t == records.NO_TRUMP_CARD:
        # Whist's turned card is the dealer's last, dealt over the reader: a clean deal names
        # it. Euchre's and écarté's lies on the pack (turn_seat > 3), and a dealer who turns
        # it without passing it over the reader leaves the shoe nothing to name.
        if not overplay and g.turns and g.turn_seat[dealer] <= 3 and not f["findings"]:
            return "%s: no trump card, yet %s turns one and the deal is clean" % (
                _what(f), g.name)
        return None
    if t >= cards.CARD_COUNT:
        return "%s: trump card %d is no card" % (_what(f), t)
    if overplay:
        return None  # the card turned at the overplay: any card the shoe knows
    if not g.turns:
        return "%s: trump card %s turned, but %s declares trump" % (
            _what(f), cards.card_name(t), g.name)
    i = g.index[t]
    if i == 0xFF:
        return "%s: trump card %s is not in the %s pack" % (_what(f), cards.card_name(t),
                                                              g.name)
    lies = (x >> (i * bits)) & ((1 << bits) - 1)
    want = g.turn_seat[dealer]
    if lies != want:
        where = ("seat %s" % games.SEAT_NAMES[want] if want <= 3 else "on the pack")
        return "%s: trump card %s in %s; the turned card stays %s" % (
            _what(f), cards.card_name(t),
            "seat %s" % games.SEAT_NAMES[lies] if lies <= 3 else "no hand",
            "with the dealer (%s)" % where if want <= 3 else where)
    return None


def _score(f, ctx):
    r = _place(f, ctx.session_at(f["seq"]))
    if r:
        return r
    g = _game(f["game"], 0)
    if isinstance(g, str):
        return "%s: %s" % (_what(f), g)
    ns, ew = f["tricks_ns"], f["tricks_ew"]
    if ns > g.hand or ew > g.hand or ns + ew > g.hand:
        return "%s: %d + %d tricks; a deal of %s has %d" % (_what(f), ns, ew, g.name, g.hand)
    return _score_fields(f, g)


# Each game's own SCORE fields (records.SCORE_FIELDS) and the values the terminal keys
# (shoe/terminal.py): (name, highest value, may be -1). Euchre makers N-S/E-W and alone
# no/yes; écarté the proposal (scoring.ecarte PROPOSAL_*) and the seat that marked the king (-1
# nobody); bridge whist the declarer's seat, the strain (4 no trumps) and the doubles
# (scoring.bridge takes at most MAX_DOUBLES).
_SCORE_FIELDS = {games.EUCHRE: (("makers", se.EW, False), ("alone", 1, False)),
                 games.ECARTE: (("proposal", sc.FIRST_PROPOSAL_REFUSED, False),
                                ("king", 1, True)),
                 games.BRIDGE_WHIST: (("declarer", 3, False), ("strain", sb.NO_TRUMP, False),
                                      ("doubles", sb.MAX_DOUBLES, False))}


def _score_fields(f, g):
    """Why a SCORE's per-game fields cannot be, or None: another game's field set, a value out
    of its range, or some of the game's fields missing. A SCORE with none of them set is
    one written before them (a 10-byte body): its tricks were checked above, as they were."""
    game = f["game"]
    own = _SCORE_FIELDS.get(game, ())
    names = [x[0] for x in own]
    for n in records.SCORE_FIELDS:
        if n not in names and f[n] != -1:
            return "%s: %s %d; %s has no %s" % (_what(f), n, f[n], g.name, n)
    if not own or all([f[n] == -1 for n in names]):
        return None
    missing = [x[0] for x in own if f[x[0]] == -1 and not x[2]]
    if missing:
        return "%s: %s without %s; the terminal keys them together" % (
            _what(f), ", ".join([n for n in names if n not in missing]), ", ".join(missing))
    for n, hi, _ in own:
        if f[n] > hi:
            return "%s: %s %d; %s takes 0-%d" % (_what(f), n, f[n], g.name, hi)
    ns, ew = f["tricks_ns"], f["tricks_ew"]
    if ns + ew != g.hand:  # a hand keyed with the game's fields is played out
        if game == games.EUCHRE:
            m = f["makers"]
            return "%s: makers %s took %d, their adversaries %d; a hand of euchre is 5 " \
                   "tricks" % (_what(f), ("N-S", "E-W")[m], (ns, ew)[m], (ew, ns)[m])
        return "%s: %d + %d tricks; a hand of %s played out has %d" % (
            _what(f), ns, ew, g.name, g.hand)
    return None


def _check(f, ctx):
    slip = f["slip"]
    # board 0: the slip was missing or forged before the board was known (shoe_check.py)
    r = _place(f, ctx.session_at(f["seq"]), slip in (records.SLIP_MISSING, records.SLIP_FORGED))
    if r:
        return r
    r = _codes(f, _KNOWN, "")
    if r:
        return r
    found = f["findings"]
    if slip == records.SLIP_OK and found:
        return "%s: the slip matches, yet with findings" % _what(f)
    if slip == records.SLIP_MISMATCH and not found:
        return "%s: a mismatch with the slip, but no finding" % _what(f)
    for rid in f["rulings"]:
        if rid != ruling_ids.UNKNOWN and ruling_ids.code_of(rid) is None:
            return "%s: ruling id %d unknown" % (_what(f), rid)
    return None


def _event(f, ctx):
    code = f["code"]
    if not 0 < code < len(records.EVENT_NAMES):  # (indexed by the code)
        return "EVENT code %d unknown (1-%d)" % (code, len(records.EVENT_NAMES) - 1)
    if len(f["data"]) > records.MAX_EVENT_DATA:
        return "EVENT %s: %d bytes of data; at most %d" % (
            f["event_name"], len(f["data"]), records.MAX_EVENT_DATA)
    a, b = f["a"], f["b"]
    domain = _args(code)
    if domain is not None and (a not in domain[0] or b not in domain[1]):
        return "EVENT %s: a=%d b=%d; the shoe writes a in %s, b in %s" % (
            f["event_name"], a, b, _span(domain[0]), _span(domain[1]))
    return None


def _span(r):
    return "%d-%d" % (r[0], r[-1]) if len(r) > 1 else str(r[0])


_BY_TYPE = {records.SESSION: _session, records.DEAL: _deal, records.EVENT: _event,
            records.CHECK: _check, records.SCORE: _score}
_KNOWN = frozenset(findings.all_codes())

_ANY = range(256)
_CARD = range(cards.CARD_COUNT)
_event_args = {}


def _args(code):
    """(a values, b values) the firmware writes for an event whose arguments are codes or
    cards (docs/records.md), or None. The director's actions, the PIN checks, the app's tasks
    and fault kinds are those events.py has words for."""
    if not _event_args:
        _event_args.update({
            records.EV_CARD_EXPOSED: (_CARD, range(1)),  # a = card (shoe._slow_tag)
            records.EV_DUPLICATE_READ: (_CARD, _ANY),  # a = card read again, b = its seat
            records.EV_DIRECTOR: (tuple(sorted(ev.DIRECTOR)), range(len(ev.PIN_CHECK))),
            records.EV_PLAY_BEGUN: (range(records.MODE_OVERPLAY + 1), range(1)),
            records.EV_TASK_FAULT: (range(1, len(ev.TASKS)), range(1, len(ev.FAULTS))),
            records.EV_SCORE_CHECKED: (range(2), range(2)),  # accepted?, the side answering
            records.EV_DEVICE_FAULT: (range(1, 3), _ANY),  # reader or display, driver code
        })
    return _event_args.get(code)
