"""HMAC-SHA256 (RFC 2104) over hashlib.sha256, which both interpreters have built in.

    tag = hmac_sha256(key, message)          # 32 bytes
    ok = verify(key, message, tag[:16])      # a truncated tag is checked in constant time

MicroPython has no `hmac` module built in (micropython-lib's cannot be installed offline), and
this is the one piece of it the shoe needs: records and tray slips are signed with a key the
club's shoes share (RFC 2104 §5 allows truncation to at least half the hash: we keep 16 bytes).
"""

import hashlib

_BLOCK = 64  # SHA-256 block size in bytes
_IPAD = bytes([0x36] * _BLOCK)
_OPAD = bytes([0x5C] * _BLOCK)


def _xor(a, b):
    return bytes([x ^ y for x, y in zip(a, b)])


def hmac_sha256(key, message):
    """The 32-byte HMAC-SHA256 of message (bytes-like) under key (bytes)."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = bytes(key) + bytes(_BLOCK - len(key))
    inner = hashlib.sha256(_xor(key, _IPAD))
    inner.update(message)
    outer = hashlib.sha256(_xor(key, _OPAD))
    outer.update(inner.digest())
    return outer.digest()


def equal(a, b):
    """Compare two byte strings in time that does not depend on where they differ."""
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= a[i] ^ b[i]
    return diff == 0


def verify(key, message, tag):
    """True when tag (full or truncated to >= 16 bytes) is the HMAC of message under key."""
    if len(tag) < 16 or len(tag) > 32:
        return False
    return equal(hmac_sha256(key, message)[:len(tag)], tag)
