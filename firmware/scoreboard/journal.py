"""One event per line on flash: the record format shared by journal and snapshot.

A record is ``<index> <crc> <payload>\\n``: the event's index in its match (decimal), the
CRC-32 of ``<index> <payload>`` (8 lowercase hex digits) and the event line itself. The
newline proves the write finished; the index lets a restore skip events it already has and
refuse a gap; the CRC rejects anything a power cut or a worn sector could leave behind that
happens to end in a newline (zero-filled or stale data, a bit flip). See docs/storage.md.
"""

from binascii import crc32

MAX_EVENT_BYTES = 1024  # one event line, UTF-8 encoded
MAX_RECORD_BYTES = MAX_EVENT_BYTES + 21  # + "4294967295 " + 8 hex digits + " " + "\n"


def encode(index, payload):
    """The record for event ``index`` with ``payload`` (bytes, no newline)."""
    head = b"%d " % index
    return b"%s%08x %s\n" % (head, crc32(payload, crc32(head)), payload)


def decode(raw):
    """``(index, payload)`` of a complete, intact record, else None (never raises)."""
    end = len(raw) - 1
    if end < 0 or raw[end] != 10:  # no newline: the write was cut short
        return None
    space = raw.find(b" ")
    if space < 1 or space > 10 or end < space + 10 or raw[space + 9] != 32:
        return None
    head = bytes(raw[:space])  # int() takes no bytearray on MicroPython
    digits = bytes(raw[space + 1 : space + 9])
    if not head.isdigit():
        return None
    try:
        crc = int(digits, 16)
    except ValueError:
        return None
    if b"%08x" % crc != digits:  # 8 lowercase hex digits, none of what else int() takes
        return None
    payload = raw[space + 10 : end]
    if crc32(payload, crc32(raw[: space + 1])) != crc:
        return None
    return int(head), payload
