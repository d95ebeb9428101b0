"""The emulator's compact rendering: half-block rows (1×2 pixels a character) → braille (2×4)."""

from dominoboard.emulate import braille


def test_braille_keeps_every_pixel():
    # 4 half-block rows = 8 pixel rows, 4 columns: a 4×8 picture.
    rows = ["█ ▀▄", "    ", "▄   ", "   █"]
    out = braille(rows)
    assert len(out) == 2 and all(len(line) == 2 for line in out)
    # cell (0,0): column 0 rows 0,1 (█) → dots 1,2; column 1 empty
    assert ord(out[0][0]) - 0x2800 == 0x01 | 0x02
    # cell (1,0): column 2 row 0 (▀) → dot 1; column 3 row 1 (▄) → dot 5 (0x10)
    assert ord(out[0][1]) - 0x2800 == 0x01 | 0x10
    # cell (0,1): column 0 row 5 (▄ in the third half-block row) → dot 2 (0x02) of that cell
    assert ord(out[1][0]) - 0x2800 == 0x02
    # cell (1,1): column 3 rows 6,7 (█ in the fourth row) → dots 6 and 8 (0x20, 0x80)
    assert ord(out[1][1]) - 0x2800 == 0x20 | 0x80


def test_a_full_panel_fits_an_80_by_24_terminal():
    rows = ["█" * 128] * 32
    out = braille(rows)
    assert len(out) == 16 and {len(line) for line in out} == {64}
    assert set("".join(out)) == {"\u28ff"}
