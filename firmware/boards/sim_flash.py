"""NOR flash for the simulated board: the event ring's region as the Pico's W25Q16 behaves.

The same block-device calls as ``rp2.Flash`` (``readblocks``, ``writeblocks`` with an offset
to program, ``ioctl`` 4/5/6 for count, size and erase) over a file, with the chip's rules: a
program can only clear bits (the new byte is old AND new), an erase sets a 4 KB sector to
0xFF, and pages are 256 bytes. ``memory()`` is the bytes as the XIP window shows them
(``m[i]``, ``m[a:b]``), read from the file: the chip is not in the heap, as on the Pico.
(Power cuts are tested on tests/firmware/mpy/store_flash.py's chip and on the emulated Pico.)
"""

import os

SECTOR = 4096
PAGE = 256
_BLANK_PAGE = b"\xff" * PAGE
RING_SECTORS = 16  # the event ring's 64 KB, as on the Pico (boards/DOMINOBOARD_PICO)


def event_flash(storage_dir, sectors=RING_SECTORS):
    """``(chip, memory)`` of the simulated board's event ring: the file ``<storage_dir>.ring``
    beside the folder that stands for littlefs (a new one is an erased chip). What the board
    gives the app, and what a test opens to read a simulated flash as the device does."""
    chip = NorFlash(storage_dir.rstrip("/") + ".ring", sectors)
    return chip, chip.memory()


class NorFlash:
    """The chip over a file, kept out of the heap as the Pico's flash is (the app's tests run
    with a Pico-sized heap): reads go through a small window of the file."""

    WINDOW = 512  # bytes read at a time into one buffer made at power-on

    def __init__(self, path, sectors):
        self.path = path
        self.sectors = sectors
        size = sectors * SECTOR
        try:
            fits = os.stat(path)[6] == size
        except OSError:
            fits = False
        if not fits:  # a new chip (or another size): erased
            with open(path, "wb") as f:
                for _ in range(sectors * SECTOR // PAGE):
                    f.write(_BLANK_PAGE)
        # What the XIP window reads costs the Pico's heap nothing; here reads go into these
        # buffers, made once, and come back as views: a read must not leave the app's heap
        # full of small holes (the 2,000-event heap test found that).
        self._window = bytearray(self.WINDOW)
        self._view = memoryview(self._window)
        self._window_at = -1
        self._page = bytearray(PAGE)

    def memory(self):
        return _Memory(self)

    def read(self, at, count):
        """``count`` bytes from offset ``at``: a view valid until the next read or write."""
        end = at + count
        w = self._window_at
        if 0 <= w <= at and end <= w + self.WINDOW:
            return self._view[at - w : end - w]
        # The file is opened for each read and write, never kept open: where the folder is
        # itself on littlefs (the tests' RAM flash), a file the collector closes would write
        # from a finaliser, where the heap is locked.
        with open(self.path, "rb") as f:
            if count > self.WINDOW // 2:
                f.seek(at)
                return f.read(count)
            start = at - at % (self.WINDOW // 2)
            f.seek(start)
            f.readinto(self._window)
        self._window_at = start
        return self._view[at - start : end - start]

    def readblocks(self, block, buf, offset=0):
        buf[:] = self.read(block * SECTOR + offset, len(buf))

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # littlefs's convention: erase, then program
            self.ioctl(6, block)
            offset = 0
        at = block * SECTOR + offset
        if at % PAGE or len(buf) % PAGE or at + len(buf) > self.sectors * SECTOR:
            raise ValueError("program of %d B at %d: whole pages inside the chip" % (len(buf), at))
        new = self._page if len(buf) == PAGE else bytearray(len(buf))
        new[:] = self.read(at, len(buf))
        for i in range(len(buf)):
            new[i] &= buf[i]  # a program only clears bits
        self._write(at, new)

    def ioctl(self, op, arg):
        if op == 4:
            return self.sectors
        if op == 5:
            return SECTOR
        if op == 6:
            at = arg * SECTOR
            for page in range(0, SECTOR, PAGE):  # a page at a time: no 4 KB in the heap
                self._write(at + page, _BLANK_PAGE)
            return 0
        return None

    def _write(self, at, data):
        self._window_at = -1
        with open(self.path, "r+b") as f:
            f.seek(at)
            f.write(data)


class _Memory:
    """The chip's bytes as the XIP window shows them: ``m[i]``, ``m[a:b]``, ``len(m)``."""

    def __init__(self, chip):
        self.chip = chip

    def __len__(self):
        return self.chip.sectors * SECTOR

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.chip.read(i.start, i.stop - i.start)
        return self.chip.read(i, 1)[0]
