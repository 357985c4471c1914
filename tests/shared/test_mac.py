"""HMAC-SHA256 against the RFC 4231 test vectors (both interpreters)."""

from overplay_core.mac import equal, hmac_sha256, verify


def _hex(b):
    return "".join(["%02x" % x for x in b])


def test_rfc4231_case_1():
    tag = hmac_sha256(b"\x0b" * 20, b"Hi There")
    assert _hex(tag) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"


def test_rfc4231_case_6_key_longer_than_a_block():
    tag = hmac_sha256(b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First")
    assert _hex(tag) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"


def test_truncated_tag_verifies_and_a_changed_bit_does_not():
    key = b"club key"
    tag = hmac_sha256(key, b"deal 1")[:16]
    assert verify(key, b"deal 1", tag)
    assert not verify(key, b"deal 2", tag)
    assert not verify(b"other key", b"deal 1", tag)
    assert not verify(key, b"deal 1", tag[:8])  # too short to be trusted
    assert equal(b"ab", b"ab") and not equal(b"ab", b"ac") and not equal(b"a", b"ab")
