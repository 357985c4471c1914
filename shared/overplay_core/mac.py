"""HMAC-SHA256 (RFC 2104) over hashlib.sha256, which both interpreters have built in.

    tag = hmac_sha256(key, message)          # 32 bytes
    ok = verify(key, message, tag[:16])      # a truncated tag is checked in constant time

MicroPython has no `hmac` module built in (micropython-lib's cannot be installed offline), and
this is the one piece of it the shoe needs: records and tray slips are signed with a key the
club's shoes share (RFC 2104 §5 allows truncation to at least half the hash: we keep 16 bytes).
"""

import hashlib

_BLOCK = 64  # SHA-256 block size in bytes
KEY_BYTES = 32  # a club key (a shoe's record key, the tray-slip key): the hash's length
_pads = [None, None, None]  # key, inner pad, outer pad: the last key used (one club key)


def pads(key):
    """(inner pad, outer pad) of RFC 2104 for key, as 64-byte bytearrays; the last key's are
    kept, so signing record after record with the club key allocates no pads."""
    if _pads[0] != key:
        k = key if len(key) <= _BLOCK else hashlib.sha256(key).digest()
        ipad = bytearray(_BLOCK)
        opad = bytearray(_BLOCK)
        for i in range(_BLOCK):
            b = k[i] if i < len(k) else 0
            ipad[i] = b ^ 0x36
            opad[i] = b ^ 0x5C
        _pads[0] = bytes(key)
        _pads[1] = ipad
        _pads[2] = opad
    return _pads[1], _pads[2]


def hmac_sha256(key, message):
    """The 32-byte HMAC-SHA256 of message (bytes-like) under key (bytes)."""
    ipad, opad = pads(key)
    inner = hashlib.sha256(ipad)
    inner.update(message)
    outer = hashlib.sha256(opad)
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
