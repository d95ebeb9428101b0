# A flash chip in RAM for littlefs on the MicroPython unix port, with a power switch.
#
# It speaks MicroPython's extended block-device protocol like rp2.Flash: 4 KB erase blocks,
# programs of any aligned length, erase through ioctl(6). Programming can only clear bits
# (a NOR flash cell goes 1 -> 0 until erased), so a write over unerased data is modelled as
# AND, like the real chip. `cut_after(n)` cuts the power at the n-th program/erase from now:
# that operation is left half done and every later one fails with EIO, so the image is
# frozen exactly as the chip would be found after the cut.

import vfs

BLOCK = 4096
PROG = 256  # littlefs program size on rp2 (ports/rp2/modules/_boot.py)
EIO = -5


class Flash:
    def __init__(self, blocks, image=None):
        self.blocks = blocks
        self.data = bytearray(image) if image is not None else bytearray(b"\xff" * blocks * BLOCK)
        self.ops = 0  # program and erase operations done
        self.erases = 0
        self.programmed = 0  # bytes
        self._cut_at = -1
        self.dead = False

    def cut_after(self, n):
        self._cut_at = self.ops + n

    def _power(self):
        """True if this operation may run; the one at the cut runs half."""
        if self.dead:
            return False
        self.ops += 1
        if self.ops == self._cut_at:
            self.dead = True
        return True

    def readblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        buf[:] = self.data[start : start + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # the simple protocol: whole blocks, erase first
            for i in range(len(buf) // BLOCK):
                if self.ioctl(6, block + i):
                    return EIO
            offset = 0
        if not self._power():
            return EIO
        n = len(buf) // 2 if self.dead else len(buf)
        start = block * BLOCK + offset
        for i in range(n):
            self.data[start + i] &= buf[i]
        self.programmed += n
        return EIO if self.dead else 0

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            if not self._power():
                return EIO
            start = arg * BLOCK
            n = BLOCK // 2 if self.dead else BLOCK
            self.data[start : start + n] = b"\xff" * n
            self.erases += 1
            return EIO if self.dead else 0
        return 0


class FastFlash(Flash):
    """No power cuts here: programs copied whole (littlefs programs erased cells only), for
    runs that fill the Pico's flash many times over."""

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            for i in range(len(buf) // BLOCK):
                self.ioctl(6, block + i)
            offset = 0
        start = block * BLOCK + offset
        self.data[start : start + len(buf)] = buf
        return 0

    def ioctl(self, op, arg):
        if op == 6:
            self.data[arg * BLOCK : (arg + 1) * BLOCK] = b"\xff" * BLOCK
            return 0
        return Flash.ioctl(self, op, arg)


def format_flash(blocks):
    flash = Flash(blocks)
    vfs.VfsLfs2.mkfs(flash, progsize=PROG)  # pyright: ignore[reportArgumentType]  (a duck-typed block device)
    return flash


def mount(flash, point):
    vfs.mount(vfs.VfsLfs2(flash, progsize=PROG), point)  # pyright: ignore[reportArgumentType]  (a duck-typed block device)


def unmount(point):
    try:
        vfs.umount(point)
    except OSError:
        pass  # a dead chip cannot be synced; its image is what counts


class Region:
    """Blocks ``start``..``start + blocks - 1`` of ``flash`` as a device of their own, as
    ``rp2.Flash(start=, len=)`` gives the event ring and littlefs their parts of one chip:
    one power switch, one operation count for both."""

    def __init__(self, flash, start, blocks):
        self.flash = flash
        self.start = start
        self.blocks = blocks

    def memory(self):
        return memoryview(self.flash.data)[self.start * BLOCK : (self.start + self.blocks) * BLOCK]

    def readblocks(self, block, buf, offset=0):
        self.flash.readblocks(self.start + block, buf, offset)

    def writeblocks(self, block, buf, offset=None):
        return self.flash.writeblocks(self.start + block, buf, offset)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 6:
            return self.flash.ioctl(6, self.start + arg)
        return self.flash.ioctl(op, arg)
