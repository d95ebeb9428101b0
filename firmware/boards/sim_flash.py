"""NOR flash for the simulated board: the event ring's region as the Pico's W25Q16 behaves.

The same block-device calls as ``rp2.Flash`` (``readblocks``, ``writeblocks`` with an offset
to program, ``ioctl`` 4/5/6 for count, size and erase) over a file, with the chip's rules: a
program can only clear bits (the new byte is old AND new), an erase sets a 4 KB sector to
0xFF, and pages are 256 bytes. ``memory()`` is the bytes as the XIP window shows them
(``m[i]``, ``m[a:b]``), read from the file: the chip is not in the heap, as on the Pico.

A power cut for the tests: ``cut_at(n)`` makes the n-th erase or program from now stop part
way (the first part of its bytes done, in order, as the chip works; an interrupted erase leaves
the rest neither old nor blank, like pico.cjs) and raise ``PowerCut``; the file then holds
exactly what a Pico's flash would. ``erases``/``programs`` count the operations for benches.
"""

import os

SECTOR = 4096
PAGE = 256
_BLANK_SECTOR = b"\xff" * SECTOR
RING_SECTORS = 16  # the event ring's 64 KB, as on the Pico (boards/DOMINOBOARD_PICO)


def event_flash(storage_dir, sectors=RING_SECTORS):
    """``(chip, memory)`` of the simulated board's event ring: the file ``<storage_dir>.ring``
    beside the folder that stands for littlefs (a new one is an erased chip). What the board
    gives the app, and what a test opens to read a simulated flash as the device does."""
    chip = NorFlash(storage_dir.rstrip("/") + ".ring", sectors)
    return chip, chip.memory()


class PowerCut(Exception):
    """The supply failed inside a flash operation (tests only)."""


class NorFlash:
    """The chip over a file, kept out of the heap as the Pico's flash is (the app's tests run
    with a Pico-sized heap): reads go through a small window of the file."""

    WINDOW = 512

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
                for _ in range(sectors):
                    f.write(_BLANK_SECTOR)
        self.erases = 0
        self.programs = 0
        self._cut = -1  # operations until the cut (-1: none)
        self._cut_part = 4  # how much of the cut operation gets done, in eighths
        self._window = b""
        self._window_at = -1

    def memory(self):
        return _Memory(self)

    def read(self, at, count):
        """``count`` bytes from offset ``at``."""
        end = at + count
        w = self._window_at
        if w <= at and end <= w + len(self._window):
            return self._window[at - w : end - w]
        # The file is opened for each read and write, never kept open: where the folder is
        # itself on littlefs (the tests' RAM flash), a file the collector closes would write
        # from a finaliser, where the heap is locked.
        with open(self.path, "rb") as f:
            if count > self.WINDOW:
                f.seek(at)
                return f.read(count)
            start = at - at % self.WINDOW
            f.seek(start)
            self._window = f.read(2 * self.WINDOW)
        self._window_at = start
        return self._window[at - start : end - start]

    def cut_at(self, n, part=4):
        """Cut the power inside the n-th operation from now (0: the next), after ``part``
        eighths of its bytes."""
        self._cut = n
        self._cut_part = part

    def readblocks(self, block, buf, offset=0):
        buf[:] = self.read(block * SECTOR + offset, len(buf))

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # littlefs's convention: erase, then program
            self.ioctl(6, block)
            offset = 0
        at = block * SECTOR + offset
        if at % PAGE or len(buf) % PAGE or at + len(buf) > self.sectors * SECTOR:
            raise ValueError("program of %d B at %d: whole pages inside the chip" % (len(buf), at))
        done = self._operation(len(buf))
        new = bytearray(self.read(at, len(buf)))
        for i in range(done):
            new[i] &= buf[i]
        self.programs += 1
        self._write(at, new)
        self._check_cut(done, len(buf))

    def ioctl(self, op, arg):
        if op == 4:
            return self.sectors
        if op == 5:
            return SECTOR
        if op == 6:
            at = arg * SECTOR
            done = self._operation(SECTOR)
            new = bytearray(self.read(at, SECTOR))
            for i in range(SECTOR):
                # an interrupted erase leaves the rest neither old nor blank
                new[i] = 0xFF if i < done else new[i] & ((i * 2654435761) >> 24 & 255)
            self.erases += 1
            self._write(at, new)
            self._check_cut(done, SECTOR)
            return 0
        return None

    def _operation(self, count):
        """How many of the next operation's ``count`` bytes get done."""
        if self._cut == 0:
            return count * self._cut_part // 8
        return count

    def _check_cut(self, done, count):
        if self._cut < 0:
            return
        self._cut -= 1
        if self._cut < 0:
            raise PowerCut("power cut inside a flash operation (%d of %d bytes)" % (done, count))

    def _write(self, at, data):
        self._window = b""
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
