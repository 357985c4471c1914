"""The director's PIN, kept only as a salted, iterated SHA-256 hash (never the digits).

    data = pin.make("4711", salt)        # 45 bytes: what the shoe keeps in pin.bin
    pin.check(data) == pin.OK            # a well-formed PIN file
    pin.matches(data, "4711")            # True; compared in constant time (mac.equal)

Layout: b"OP" | version u8 = 1 | rounds u16 LE | salt 8 bytes | hash 32 bytes, where
hash = sha256 applied `rounds` times: h0 = sha256(salt + pin), h(i+1) = sha256(h(i) + salt).
A four-digit PIN has only 10,000 values, so the hash alone does not stop a search by someone
holding the file; the rounds slow that down, and on the shoe the terminal's lockout (a few
wrong tries, then a wait) is what protects the PIN. The salt keeps two shoes with the same PIN
from having the same file. Written by the club PC (pin.make on the host) or by
terminal.Terminal.save_pin; read by the shoe's terminal (firmware/terminal.py).
"""

import hashlib

from overplay_core.mac import equal

MAGIC = b"OP"
VERSION = 1
ROUNDS = 200  # ~ 200 SHA-256 blocks: a few ms on the RP2040, once per PIN entry
SALT = 8
SIZE = 2 + 1 + 2 + SALT + 32

OK = 0
E_SIZE = -1
E_MAGIC = -2


def _hash(salt, digits, rounds):
    h = hashlib.sha256(bytes(salt) + digits.encode()).digest()
    for _ in range(rounds - 1):
        h = hashlib.sha256(h + bytes(salt)).digest()
    return h


def make(digits, salt, rounds=ROUNDS):
    """The PIN file's bytes for a PIN of 4..8 digits; ValueError for anything else."""
    if not isinstance(digits, str) or not 4 <= len(digits) <= 8 or not digits.isdigit():
        raise ValueError("director PIN %r: use 4 to 8 digits" % (digits,))
    if len(salt) != SALT or not 1 <= rounds <= 0xFFFF:
        raise ValueError("PIN salt must be %d bytes (os.urandom(%d))" % (SALT, SALT))
    return MAGIC + bytes([VERSION, rounds & 0xFF, rounds >> 8]) + bytes(salt) + \
        _hash(salt, digits, rounds)


def check(data):
    """Non-raising door: OK when data is a PIN file this version reads."""
    if data is None or len(data) != SIZE:
        return E_SIZE
    if bytes(data[:2]) != MAGIC or data[2] != VERSION:
        return E_MAGIC
    return OK


def matches(data, digits):
    """True when digits is the PIN data was made from (False for a bad file)."""
    if check(data) != OK or not isinstance(digits, str):
        return False
    rounds = data[3] | (data[4] << 8)
    salt = data[5:5 + SALT]
    return equal(_hash(salt, digits, rounds), data[5 + SALT:])
