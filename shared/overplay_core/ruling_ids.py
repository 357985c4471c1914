"""Stable 16-bit ids for the laws engine's ruling codes, for CHECK records (u16 rulings).

    ruling_ids.id_of("DW-IV-8")      # 1001
    ruling_ids.code_of(1001)         # 'DW-IV-8'
    ruling_ids.ids_of(("DW-IV-8", "call director"), out)   # -> 1: ids written into out
    ruling_ids.code_of(0)            # None: 0 is "no ruling id" (see below)

The laws engine names rulings with text codes ("DW-IV-9a", docs/laws.md); a CHECK record holds
u16 ids. Each game has a block of 1000 ids (duplicate whist 1000.., bridge whist 2000..,
euchre 3000.., écarté 4000.., the games.py ids times 1000); the block's first id is the game's
"<GAME>-NONE" (no law answers the fact: the director decides), then the codes in the order they
were first numbered. The table below was generated once from the laws modules' TABLEs and is
edited by hand only to APPEND: a new code goes at the end of its game's line, a code the
engine no longer gives keeps its place. Never reorder, insert or remove (tests/shared/
test_ruling_ids.py pins the ids and checks every code the engine can give has one).

UNKNOWN = 0 is written for what the shoe shows that is not a ruling code ("call director" when
the engine could not load, a refused fact): the PC rules again from the findings in the record.
"""

UNKNOWN = 0
BLOCK = 1000

# (first id, codes in id order separated by spaces). APPEND ONLY.
_TABLE = (
    (1000, "DW-NONE DW-IV-8 DW-IV-9a DW-IV-9b DW-IV-10a DW-IV-10b DW-IV-10c DW-IV-11 DW-V-1a "
           "DW-V-1b DW-V-1c DW-V-1x DW-V-2 DW-V-2x DW-LB-2 DW-LB-3a DW-LB-3b DW-LB-3c DW-VI-1 "
           "DW-VI-2 DW-LB-1 DW-W37a DW-W37b DW-W37c DW-W37d DW-W37f DW-W37o DW-W38 DW-W39 "
           "DW-W39x DW-OPTn DW-OPTl"),
    (2000, "BR-NONE BR-38a BR-38b BR-38c BR-38d BR-39a BR-39o BR-39d BR-40a BR-40b BR-41a "
           "BR-41b BR-41c BR-42 BR-ADVa BR-ADVb BR-OOTa BR-OOTb BR-DFPa BR-DFPb BR-Da BR-Db "
           "BR-PUo BR-PUa BR-PUb BR-PUc BR-PBo BR-PBa BR-PBb BR-PBc BR-RV BR-RVn BR-AD BR-ADn BR-ADs BR-OPTn BR-OPTl"),
    (3000, "EU-NONE EU-23a EU-43 EU-23b EU-23c EU-24 EU-24l EU-62 EU-62n EU-102 EU-33 EU-34 "
           "EU-34x EU-35a EU-35o EU-35b EU-38a EU-38b EU-39 EU-40a EU-40b EU-42 EU-16 EU-91 "
           "EU-16b EU-17a EU-17b EU-90 EU-18 EU-19 EU-20 EU-20n EU-21a EU-21b EU-21c EU-22 EU-38n EU-OPTn EU-OPTl "
           "EU-16h EU-16l EU-19p EU-19s"),
    (4000, "EC-NONE EC-9o EC-9a EC-9b EC-9c EC-13 EC-11o EC-11a EC-11b EC-12 EC-12x EC-39a "
           "EC-39b EC-39c EC-40a EC-40b EC-41a EC-41b EC-42v EC-42p EC-42c EC-42x EC-43 EC-43b "
           "EC-43n EC-44 EC-44x EC-45 EC-46 EC-47a EC-47b EC-47c EC-47d EC-41c EC-41d EC-43r EC-43s "
           "EC-43l EC-OPTn EC-OPTl"),
)


def _block(prefix):
    for base, codes in _TABLE:
        if codes.startswith(prefix):
            return base, codes
    return 0, None


def id_of(code):
    """The u16 id of a ruling code, or UNKNOWN (0) for text that is no ruling code."""
    if not isinstance(code, str) or len(code) < 4 or code[2] != "-":
        return UNKNOWN
    base, codes = _block(code[:3])
    if codes is None:
        return UNKNOWN
    names = codes.split(" ")
    for i in range(len(names)):
        if names[i] == code:
            return base + i
    return UNKNOWN


def code_of(rid):
    """The ruling code of an id, or None for UNKNOWN or an id no table holds."""
    for base, codes in _TABLE:
        if base <= rid < base + BLOCK:
            names = codes.split(" ")
            i = rid - base
            return names[i] if i < len(names) else None
    return None


def ids_of(codes, out):
    """Write the ids of codes into out (a list or bytearray-like of ints); return how many."""
    n = 0
    for c in codes:
        if n >= len(out):
            break
        out[n] = id_of(c)
        n += 1
    return n


def all_codes():
    """Every numbered code, in id order within each game (tests, the host)."""
    out = []
    for base, codes in _TABLE:
        out.extend(codes.split(" "))
    return out
