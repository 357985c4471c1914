"""Words for the reader's error codes (mfrc522.ERROR_NAMES): loaded only when one is shown.

    from drivers import mfrc522
    mfrc522.ERROR_NAMES[mfrc522.COLLISION]    # 'two tags in the field'
"""

from drivers.mfrc522 import (BCC_ERROR, CHIP_ERROR, COLLISION, CRC_ERROR, NAK, PROTOCOL_ERROR,
                             TIMEOUT, UID_TOO_LONG)

ERROR_NAMES = {
    COLLISION: "two tags in the field",
    TIMEOUT: "tag left the field during the read",
    CRC_ERROR: "CRC error",
    BCC_ERROR: "UID check byte error",
    PROTOCOL_ERROR: "radio framing error",
    NAK: "tag refused the command",
    CHIP_ERROR: "reader chip not answering on SPI",
    UID_TOO_LONG: "10-byte UID not supported",
}
