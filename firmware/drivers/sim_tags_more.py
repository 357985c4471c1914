"""What tests read of the virtual tags, loaded on first use (sim_tags.py's companion).

    tags = sim_tags.pack_tags(2, PACK_52)   # found here by sim_tags.__getattr__
    tag.uid, tag.state, tag.page(4), tag.user_bytes(49)   # by Tag.__getattr__
"""

from sim.tags import Tag, card_tag, uid7


def pack_tags(deck_no, cards):
    """Card tags for a pack: tag i is cards[i], UID uid7(deck_no, card) (distinct per deck)."""
    return [card_tag(uid7(deck_no, c)) for c in cards]


def legacy_tag(uid4, name=""):
    """A 4-byte UID tag (MIFARE Classic-like: SAK 0x08, answers no NTAG command)."""
    return Tag(uid4, 0, name)


def tag_attr(tag, attr):
    """Tag.__getattr__: uid (bytes), state (IDLE .. HALT), page(p), user_bytes(n=144)."""
    if attr == "uid":
        u = tag.u
        n = u >> 56
        return bytes([(u >> (8 * (n - 1 - i))) & 0xFF for i in range(n)])
    if attr == "state":
        return tag.s & 0x0F
    if attr == "page":
        return lambda p: bytes(tag.mem[p * 4:p * 4 + 4])
    if attr == "user_bytes":  # the first n bytes of user memory (pages 4..39)
        return lambda n=144: bytes(tag.mem[16:16 + n])
    raise AttributeError(attr)
