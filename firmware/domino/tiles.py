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
    if isinstance(text, (tuple, list)):
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
    """A set of tiles as the bits of one int: a few bytes however many tiles it holds, so every
    finished hand can keep the tiles it saw on the Pico's small heap."""

    __slots__ = ("bits", "size")

    def __init__(self, tiles=()):
        self.bits = 0
        self.size = 0
        for t in tiles:
            self.add(t)

    def add(self, t):
        bit = 1 << index(t)
        if not self.bits & bit:
            self.bits |= bit
            self.size += 1

    def __contains__(self, t):
        return bool(self.bits >> index(t) & 1)

    def __len__(self):
        return self.size

    def __iter__(self):
        bits, a, b = self.bits, 0, 0
        while bits:
            if bits & 1:
                yield (a, b)
            bits >>= 1
            if b == a:
                a, b = a + 1, 0
            else:
                b += 1
