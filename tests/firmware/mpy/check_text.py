# The scoreboard's text writer (scoreboard/text.py) on the MicroPython unix port, drawing into
# a real framebuf. Run by tests/firmware/test_text.py.

import gc

import framebuf

from domino.names import DRAWABLE
from scoreboard import font_small, text

BUF = bytearray(128 * 64 // 8)
FB = framebuf.FrameBuffer(BUF, 128, 64, framebuf.MONO_VLSB)


def glyph_at(fb, x, y):
    """The 8 row bytes (MSB leftmost, 5 columns) drawn at (x, y)."""
    out = bytearray(8)
    for r in range(8):
        v = 0
        for c in range(5):
            if fb.pixel(x + c, y + r):
                v |= 0x80 >> c
        out[r] = v
    return bytes(out)


def every_drawable():
    for lo, hi in DRAWABLE:
        for c in range(lo, hi + 1):
            yield chr(c)


def test_every_drawable_character_draws_its_own_glyph():
    seen = {}
    i = 0
    for ch in every_drawable():
        FB.fill(0)
        assert text.draw(FB, ch, 3, 2) == 3 + text.W
        got = glyph_at(FB, 3, 2)
        assert got == font_small.GLYPHS[i * 8 : i * 8 + 8], ch
        if ch != " " and ord(ch) != 0xA0:
            assert any(got), "blank glyph for U+%04X" % ord(ch)
        seen[got] = seen.get(got, 0) + 1
        i += 1
    # accented letters differ from their base letters (the "two garbage blocks")
    for a, b in (("a", "á"), ("n", "ñ"), ("u", "ü"), ("O", "Ö"), ("e", "€"), ("o", "œ")):
        FB.fill(0)
        text.draw(FB, a + b, 0, 0)
        assert glyph_at(FB, 0, 0) != glyph_at(FB, 5, 0), (a, b)


def test_names_are_counted_in_characters():
    FB.fill(0)
    end = text.draw(FB, "María José", 0, 0)
    assert end == 10 * text.W == text.width("María José")
    FB.fill(0)
    text.draw(FB, "Jürgen", 0, 0)
    jur = [glyph_at(FB, 5 * k, 0) for k in range(6)]
    FB.fill(0)
    for k, ch in enumerate("Jürgen"):
        text.draw(FB, ch, 5 * k, 0)
    assert [glyph_at(FB, 5 * k, 0) for k in range(6)] == jur


def test_a_character_the_font_lacks_is_a_question_mark():
    FB.fill(0)
    text.draw(FB, "\u263a", 0, 0)
    q = glyph_at(FB, 0, 0)
    FB.fill(0)
    text.draw(FB, "?", 0, 0)
    assert glyph_at(FB, 0, 0) == q


def test_inverted_text_is_the_negative():
    FB.fill(0)
    text.draw(FB, "Ñu", 0, 0, 1)
    a = [FB.pixel(x, y) for x in range(10) for y in range(8)]
    FB.fill(1)
    text.draw(FB, "Ñu", 0, 0, 0)
    b = [FB.pixel(x, y) for x in range(10) for y in range(8)]
    assert a == [1 - v for v in b]


def test_drawing_allocates_nothing_per_glyph():
    for s in ("a", "a" * 25, "é", "é" * 25, "María José Tío €œ"):
        # Drawn once first: the first time a character is iterated MicroPython may intern it
        # as a qstr, and whether that grows the qstr chunk by a block depends on everything
        # interned before (module paths included), so only the second draw is measured.
        text.draw(FB, s, 0, 0)
        text.draw_big(FB, "-123", 0, 16)
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        text.draw(FB, s, 0, 0)
        text.draw_big(FB, "-123", 0, 16)
        used = gc.mem_alloc() - before
        gc.enable()
        # one UTF-8 copy of the string (rounded up to 16-byte blocks), nothing per glyph
        copy = (len(s.encode()) + 15) // 16 * 16 + 16
        assert used <= copy, (s, used, copy)


def test_big_digits():
    FB.fill(0)
    end = text.draw_big(FB, "120", 0, 0)
    assert end == 3 * (text.big_width("0") + text.BIG_GAP)
    assert text.big_height() >= 10
    one = [FB.pixel(x, y) for x in range(text.big_width("0")) for y in range(10)]
    assert any(one)
    FB.fill(0)
    text.draw_big(FB, "1", 0, 0)
    assert [FB.pixel(x, y) for x in range(text.big_width("0")) for y in range(10)] == one
