"""The simulated board (firmware/boards/sim.py) on the MicroPython unix port, and its PNG
output decoded independently on CPython. Checks in tests/firmware/mpy/check_board.py."""

import struct
import sys
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import ROOT, assert_check, check_names, run_code  # noqa: E402

MODULE = "check_board"


@pytest.mark.parametrize("name", check_names(MODULE))
def test_sim_board_on_micropython(name: str) -> None:
    assert_check(MODULE, name)


def decode_png(data: bytes) -> tuple[int, int, list[list[int]], list[tuple[int, int, int]]]:
    """(width, height, rows of palette indexes, palette) of a palette PNG, checking every CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        chunks.append((kind, body))
        pos += 12 + length
    kinds = [k for k, _ in chunks]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, colour, interlace) == (1, 3, 0)
    plte = dict(chunks)[b"PLTE"]
    palette = [tuple(plte[i : i + 3]) for i in range(0, len(plte), 3)]
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = (width + 7) // 8
    assert len(raw) == height * (stride + 1)
    rows = []
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        assert line[0] == 0  # filter: none
        rows.append([(line[1 + x // 8] >> (7 - x % 8)) & 1 for x in range(width)])
    return width, height, rows, palette  # type: ignore[return-value]


DRAW = """
from boards.sim import SimBoard
b = SimBoard(storage_dir='storage')  # in the test's own folder (run_code's cwd)
d = b.display
d.text('Muggins 15', 0, 0, 1)
d.rect(0, 20, 128, 30, 1)
d.fill_rect(60, 30, 8, 8, 1)
d.show()
open('panel.png', 'wb').write(b.panel.png(scale=3))
open('panel.txt', 'w').write(b.panel.text(ascii=True))
open('blocks.txt', 'w').write(b.panel.text())
"""


def test_png_of_the_panel_decodes_and_matches_the_text_render(tmp_path: Path) -> None:
    run_code(DRAW, tmp_path)
    width, height, rows, palette = decode_png((tmp_path / "panel.png").read_bytes())
    assert (width, height) == (128 * 3, 64 * 3)
    lit = palette[1]
    assert sum(lit) > sum(palette[0])  # lit pixels are the bright colour
    text = (tmp_path / "panel.txt").read_text().splitlines()
    assert len(text) == 64 and all(len(line) == 128 for line in text)
    for y in range(height):
        for x in range(width):
            assert rows[y][x] == (text[y // 3][x // 3] == "#"), (x, y)
    assert text[20] == "#" * 128 and text[34][60:68] == "########"
    assert "#" in text[3][:8]  # the M of Muggins


def test_half_block_text_agrees_with_the_ascii_render(tmp_path: Path) -> None:
    run_code(DRAW, tmp_path)
    ascii_rows = (tmp_path / "panel.txt").read_text().splitlines()
    blocks = (tmp_path / "blocks.txt").read_text().splitlines()
    glyph = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584"}
    glyph[(True, True)] = "\u2588"
    for row in range(32):
        want = "".join(
            glyph[(ascii_rows[2 * row][x] == "#", ascii_rows[2 * row + 1][x] == "#")]
            for x in range(128)
        ).rstrip()
        assert blocks[row] == want, row


def test_panel_model_and_png_also_run_on_cpython() -> None:
    # Host tools can render a panel dump without MicroPython.
    sys.path.insert(0, str(ROOT / "firmware"))
    from boards.sim import Panel

    p = Panel()
    p.receive(b"\x00\x8d\x14\xaf\xa1\xc8\x20\x00\x21\x00\x7f\x22\x00\x07")
    p.receive(b"\x40\x0f\xf0" + bytes(1022))  # RAM is undefined at power-on: write it all
    assert p.lit(0, 0) and p.lit(0, 3) and not p.lit(0, 4) and p.lit(1, 4)
    width, height, rows, _ = decode_png(p.png(scale=1))
    assert (width, height) == (128, 64)
    assert [rows[y][0] for y in range(8)] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert [rows[y][1] for y in range(8)] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert sum(map(sum, rows)) == 8
