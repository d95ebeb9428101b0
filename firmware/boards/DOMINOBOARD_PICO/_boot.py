"""Power-on, before main.py: mount littlefs where every earlier firmware put it.

The board's storage region (mpconfigboard.h) is littlefs's 1,408 KB plus the event ring's
64 KB before it. Stock MicroPython's _boot.py mounts the whole region, which would not find
the filesystem at its start and format it; this one mounts the region's end, the very blocks a
stock firmware or an earlier scoreboard firmware used, so a new UF2 keeps every match. The
blocks before it are the event ring (boards/pico.py, scoreboard/event_ring.py).
"""

import rp2
import vfs

RING = 64 * 1024  # DOMINOBOARD_RING_BYTES in mpconfigboard.h (tests/test_hardware.py checks)

bdev = rp2.Flash(start=RING)
try:
    fs = vfs.VfsLfs2(bdev, progsize=256)
except OSError:  # a blank or damaged flash: format it, as stock MicroPython does
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")

del vfs, bdev, fs
