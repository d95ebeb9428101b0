"""Tiles and sets.

A tile is a tuple ``(high, low)`` with ``high >= low``, so ``(6, 4)`` and "4-6" are one tile.
Sets run from double-six (28 tiles) to double-fifteen (136 tiles).
"""

from .errors import DominoError

SET_SIZES = {6: 28, 9: 55, 12: 91, 15: 136}
_SEPARATORS = ("-", ":", "|", "/")


def tile(a, b):
    """The tile with halves ``a`` and ``b`` in canonical order."""
    return (a, b) if a >= b else (b, a)


def parse(text, top=15):
    """Read "6-4", "6:4", "[6|4]", "6/4" or a (a, b) pair; halves must be 0..top."""
    pair = _dashed(text) if isinstance(text, str) else None
    if pair is not None:
        a, b = pair
    elif isinstance(text, (tuple, list)):
        if len(text) != 2:
            raise DominoError("tile %r: expected two halves" % (text,))
        a, b = text
    else:
        s = str(text).strip()
        if s[:1] == "[" and s[-1:] == "]":
            s = s[1:-1]
        parts = []
        for sep in _SEPARATORS:
            if sep in s:
                parts = [half.strip() for half in s.split(sep)]
                break
        if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
            raise DominoError("tile %r: write it like 6-4, 6:4 or [6|4]" % (text,))
        a, b = int(parts[0]), int(parts[1])
    if not isinstance(a, int) or not isinstance(b, int) or not (0 <= a <= top and 0 <= b <= top):
        raise DominoError("tile %r: halves must be whole numbers 0..%d" % (text, top))
    return tile(a, b)


def _dashed(text):
    """(a, b) of "a-b", digits either side of one dash (the form events carry), else None:
    read from its bytes, because on the Pico every string a split makes is looked up among
    the interned ones."""
    a = v = -1
    for c in text.encode():
        if 48 <= c <= 57:
            v = c - 48 if v < 0 else v * 10 + c - 48
        elif c == 45 and a < 0 and v >= 0:
            a, v = v, -1
        else:
            return None
    return None if a < 0 or v < 0 else (a, v)


def name(t):
    return "%d-%d" % t


def pips(t):
    return t[0] + t[1]


def is_double(t):
    return t[0] == t[1]


def full_set(top):
    """Every tile of the double-``top`` set, highest first."""
    if top not in SET_SIZES:
        raise DominoError("set double-%s: allowed sets are double-6, -9, -12, -15" % (top,))
    return [(a, b) for a in range(top, -1, -1) for b in range(a, -1, -1)]


def set_pips(top):
    """Pips in the whole double-``top`` set: each number appears top + 2 times."""
    return (top + 2) * top * (top + 1) // 2


def hand_pips(tiles):
    return sum(a + b for a, b in tiles)


def index(t):
    """A tile's place in the triangle of all tiles: 0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3 …"""
    return t[0] * (t[0] + 1) // 2 + t[1]


class TileSet:
    """A set of tiles as the bits of a bytearray: a few bytes however many tiles it holds, so
    every finished hand can keep the tiles it saw on the Pico's small heap. (Not one int: a
    double-nine or double-twelve set passes MicroPython's 31-bit small ints, and every test of
    a long int's bit made a new one on the heap.)"""

    __slots__ = ("bits", "size")

    def __init__(self, tiles=()):
        self.bits = bytearray()
        self.size = 0
        for t in tiles:
            self.add(t)

    def add(self, t):
        i = index(t)
        bits = self.bits
        byte = i >> 3
        if byte >= len(bits):
            bits.extend(bytes(byte + 1 - len(bits)))
        bit = 1 << (i & 7)
        if not bits[byte] & bit:
            bits[byte] |= bit
            self.size += 1

    def __contains__(self, t):
        i = index(t)
        byte = i >> 3
        bits = self.bits
        return byte < len(bits) and bits[byte] >> (i & 7) & 1 == 1

    def __len__(self):
        return self.size

    def __iter__(self):
        bits = self.bits
        a = b = 0
        for byte in range(len(bits)):
            v = bits[byte]
            for _ in range(8):
                if v & 1:
                    yield (a, b)
                v >>= 1
                if b == a:
                    a, b = a + 1, 0
                else:
                    b += 1
