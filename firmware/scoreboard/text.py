"""Text on the panel in the scoreboard's own fonts (tools/make_fonts.py): every character a
name may hold (domino.names.DRAWABLE) in 5x8 pixels, and bold digits for the scores.

A string is measured and drawn in characters, never bytes. Drawing allocates nothing per
glyph: each glyph's rows are copied into one preallocated buffer and blitted. (Iterating a
str on MicroPython allocates a new string for every non-ASCII character, so draw() walks one
UTF-8 copy of the string instead: one allocation per call, none per glyph.)
"""

import framebuf

from domino.names import DRAWABLE
from scoreboard import font_small as _small

W = _small.WIDTH  # 5 pixels a character: 25 columns
H = _small.HEIGHT  # 8 pixels a row: 8 rows
COLS = 128 // W

_buf = bytearray(H)
_glyph = framebuf.FrameBuffer(_buf, W, H, framebuf.MONO_HLSB)
_QUERY = ord("?") - DRAWABLE[0][0]


def _index(c):
    """The glyph number of code point c, or that of "?" for one the font lacks."""
    base = 0
    for lo, hi in DRAWABLE:
        if lo <= c <= hi:
            return base + c - lo
        base += hi - lo + 1
    return _QUERY


def width(s):
    return len(s) * W


def draw(fb, s, x, y, c=1, scale=1):
    """Draw s with its top-left corner at (x, y) in colour c over what is there (like
    framebuf's text()), ``scale`` times larger if asked; return the x after it."""
    g = _small.GLYPHS
    b = _buf
    glyph = _glyph
    flip = 0 if c else 0xFF  # colour 0: the glyph's clear pixels become the ones kept
    key = 0 if c else 1
    code = 0
    more = 0
    for byte in s.encode():
        if byte < 0x80:  # ASCII: most of what is drawn
            code = byte
        elif more:  # a UTF-8 continuation byte
            code = (code << 6) | (byte & 0x3F)
            more -= 1
            if more:
                continue
        elif byte >= 0xF0:
            code, more = byte & 0x07, 3
            continue
        elif byte >= 0xE0:
            code, more = byte & 0x0F, 2
            continue
        else:
            code, more = byte & 0x1F, 1
            continue
        if x >= 128:
            break
        # printable ASCII is DRAWABLE's first range: its glyphs come first
        o = (code - 0x20 if 0x20 <= code <= 0x7E else _index(code)) * H
        if scale == 1:
            # unrolled (H is 8): this copy is most of the time a screen takes to draw
            b[0] = g[o] ^ flip
            b[1] = g[o + 1] ^ flip
            b[2] = g[o + 2] ^ flip
            b[3] = g[o + 3] ^ flip
            b[4] = g[o + 4] ^ flip
            b[5] = g[o + 5] ^ flip
            b[6] = g[o + 6] ^ flip
            b[7] = g[o + 7] ^ flip
            fb.blit(glyph, x, y, key)
        else:
            for i in range(H):
                bits = g[o + i]
                for col in range(W):
                    if bits & (0x80 >> col):
                        fb.fill_rect(x + col * scale, y + i * scale, scale, scale, c)
        x += W * scale
    return x


# Bold score digits, loaded with the first screen that shows them.
_big = None
_big_buf = None
_big_glyph = None


def _digits():
    global _big, _big_buf, _big_glyph
    if _big is None:
        from scoreboard import font_digits

        _big = font_digits
        per = (font_digits.WIDTH + 7) // 8
        _big_buf = bytearray(per * font_digits.HEIGHT)
        _big_glyph = framebuf.FrameBuffer(
            _big_buf, font_digits.WIDTH, font_digits.HEIGHT, framebuf.MONO_HLSB
        )
    return _big


BIG_GAP = 1  # pixels between two digits


def big_width(s):
    f = _digits()
    return len(s) * (f.WIDTH + BIG_GAP) - BIG_GAP if s else 0


def big_height():
    return _digits().HEIGHT


def draw_big(fb, s, x, y, c=1):
    """Digits, "-" and "+" in the bold score font; other characters leave a gap."""
    f = _digits()
    buf, glyph = _big_buf, _big_glyph
    assert buf is not None and glyph is not None
    n = len(buf)
    chars = f.CHARS
    flip = 0 if c else 0xFF
    for ch in s:  # digits and signs are ASCII: no allocation
        i = chars.find(ch)
        if i >= 0:
            o = i * n
            for k in range(n):
                buf[k] = f.GLYPHS[o + k] ^ flip
            fb.blit(glyph, x, y, 0 if c else 1)
        x += f.WIDTH + BIG_GAP
    return x
