"""Player and preset names: what the scoreboard's font can draw, checked alike on host and device.

Our players write Spanish, German, French, Dutch and Italian names. The OLED's font covers
printable Latin-1 plus Œ, œ and €, so that is what a name may hold; a name is counted in
characters, never in bytes. The host normalises to NFC before sending (``e`` + U+0301 becomes
``é``); MicroPython has no ``unicodedata``, so the device refuses a combining mark instead.
"""

from domino.errors import DominoError

MAX_NAME = 16  # characters on the standings row

# Inclusive code-point ranges the font draws. U+00AD (soft hyphen) is left out: it is invisible.
DRAWABLE = ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0xFF), (0x152, 0x153), (0x20AC, 0x20AC))


def drawable(ch):
    """True when the font has a glyph for the one-character string ``ch``."""
    c = ord(ch)
    for lo, hi in DRAWABLE:
        if lo <= c <= hi:
            return True
    return False


def check_name(name, what="name"):
    """Return ``name`` if the scoreboard can show it, else raise DominoError saying why.

    A name is 1 to MAX_NAME characters the font draws, not blank. The message names the first
    character refused by its code point, so emoji, control and text-direction marks are all
    explained the same way.
    """
    if not isinstance(name, str):
        raise DominoError("%s: text, not %s" % (what, type(name).__name__))
    if not 0 < len(name) <= MAX_NAME:
        raise DominoError("%s %r: 1 to %d characters (has %d)" % (what, name, MAX_NAME, len(name)))
    for ch in name:
        if not drawable(ch):
            raise DominoError(
                "%s %r: the scoreboard cannot draw U+%04X; letters, digits and punctuation of "
                "Latin-1 (á é ñ ü ß ç ...) are allowed" % (what, name, ord(ch))
            )
    if not name.strip():
        raise DominoError("%s: not only spaces" % what)
    return name
