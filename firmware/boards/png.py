"""A minimal PNG writer for 1-bit images (the simulated OLED panel).

Palette PNG, bit depth 1, one colour for dark and one for lit pixels. The
zlib stream uses stored (uncompressed) deflate blocks because the MicroPython
unix port's `deflate` module can only decompress; a 128x64 panel at scale 4
is still only about 8 KB.
"""

import struct
from binascii import crc32

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_STORED_MAX = 65535


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", crc32(body) & 0xFFFFFFFF)


def _adler32(data):
    a, b = 1, 0
    # 5552 is the largest run before b can overflow 32 bits (zlib's NMAX).
    for start in range(0, len(data), 5552):
        for byte in data[start : start + 5552]:
            a += byte
            b += a
        a %= 65521
        b %= 65521
    return (b << 16) | a


def _zlib_stored(data):
    out = bytearray(b"\x78\x01")  # deflate, 32K window, no preset dictionary
    n = len(data)
    pos = 0
    while True:
        size = min(_STORED_MAX, n - pos)
        final = 1 if pos + size >= n else 0
        out += struct.pack("<BHH", final, size, size ^ 0xFFFF)
        out += data[pos : pos + size]
        pos += size
        if final:
            break
    out += struct.pack(">I", _adler32(data))
    return bytes(out)


def encode_mono(width, height, lit, scale=1, on=(255, 255, 255), off=(0, 0, 0)):
    """PNG bytes of a width x height 1-bit image; lit(x, y) says if a pixel is on.

    Each pixel becomes a scale x scale square.
    """
    w = width * scale
    h = height * scale
    stride = (w + 7) // 8
    raw = bytearray((stride + 1) * h)
    row = bytearray(stride)
    for y in range(height):
        for i in range(stride):
            row[i] = 0
        for x in range(width):
            if lit(x, y):
                for dx in range(x * scale, x * scale + scale):
                    row[dx >> 3] |= 0x80 >> (dx & 7)
        for dy in range(scale):
            start = (y * scale + dy) * (stride + 1)
            raw[start] = 0  # filter type None
            raw[start + 1 : start + 1 + stride] = row
    header = struct.pack(">IIBBBBB", w, h, 1, 3, 0, 0, 0)  # bit depth 1, palette
    palette = bytes(off) + bytes(on)
    return (
        _SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", palette)
        + _chunk(b"IDAT", _zlib_stored(raw))
        + _chunk(b"IEND", b"")
    )
