"""The event log on raw NOR flash: one page program per event, no erase while a player waits.

A ring of 4 KB sectors in a flash region of its own (below littlefs on the scoreboard's
firmware, boards/pico.py). NOR flash programs by clearing bits and erases a whole sector to
0xFF, so the ring only ever appends into erased space: an event costs one 256-byte page
program (two when its record crosses a page), and the sector after the head is erased in idle
time (``tidy``), never while a key waits, unless the table outran the idle time.

Sector: a 16-byte header ``DRNG <seq u32> <zero u32> <crc32 u32>`` (seq counts sectors as they
are opened, so the ring's order survives a restart), then records packed one after the other:

    kind u8 | length u16 | body | crc32 u32        (little-endian; the CRC covers kind..body)

EVENT's body is ``<id length u8> <match id> <index u32> <event line>``; FOLDED's is empty and
says "every record before me is on littlefs" (the store folds, then writes it). A record never
crosses a sector. A 0xFF kind byte inside a page means "go on at the next page" (after a
restart the head moves on to a page never programmed); at a page's start it ends the sector's
records. A record whose CRC fails is a program a power cut tore: it is dropped, never misread,
and the next append opens a fresh sector. A sector whose header is not valid is erased before
use. docs/storage.md has the whole argument and the power-cut cases.

The ring reads through ``memory`` (on the Pico the flash region's XIP window: no copy) and
writes through the block device's ``writeblocks(block, buf, offset)`` (program only) and
``ioctl(6, block)`` (erase), as ``rp2.Flash`` and boards.sim_flash.NorFlash provide.
"""

from binascii import crc32

SECTOR = 4096
PAGE = 256
HEADER = 16
EVENT = 0xE5
FOLDED = 0xC5
_MAGIC = b"DRNG"
_BLANK_PAGE = b"\xff" * PAGE
# sector states besides a seq >= 0
BLANK = -1  # erased and checked blank
DIRTY = -2  # to erase before use: never checked, garbage, or a header torn by a power cut


class RingFull(Exception):
    """Every sector holds events not yet folded into littlefs: fold, then append again."""


def _u32(value):
    return bytes((value & 255, value >> 8 & 255, value >> 16 & 255, value >> 24 & 255))


def _get32(mem, at):
    return mem[at] | mem[at + 1] << 8 | mem[at + 2] << 16 | mem[at + 3] << 24


def header(seq):
    """The 16 header bytes of the sector opened as number ``seq``."""
    head = _MAGIC + _u32(seq) + _u32(0)
    return head + _u32(crc32(head))


def _header_seq(mem, at):
    """The seq of the sector whose header is at ``at``, or None if it is not a valid one."""
    if mem[at : at + 4] != _MAGIC or _get32(mem, at + 12) != crc32(mem[at : at + 12]):
        return None
    return _get32(mem, at + 4)


def record(kind, body):
    """One record's bytes."""
    head = bytes((kind, len(body) & 255, len(body) >> 8))
    return head + body + _u32(crc32(body, crc32(head)))


def event_body(match_id, index, payload):
    mid = match_id.encode()
    return bytes((len(mid),)) + mid + _u32(index) + payload


class EventRing:
    """The ring over ``dev`` (a block device of 4 KB blocks) read through ``memory``.

    ``pending`` maps a match id to ``[first, end]``: the indices of its events after the last
    FOLDED record, which only the ring holds (or littlefs too, if a fold was cut short)."""

    __slots__ = (
        "dev",
        "mem",
        "n",
        "seq",
        "head",
        "pos",
        "next_seq",
        "fold_seq",
        "fold_pos",
        "pending",
        "page",
    )

    def __init__(self, dev, memory):
        self.dev = dev
        self.mem = memory
        self.n = dev.ioctl(4, 0)
        if self.n < 2 or len(memory) < self.n * SECTOR:
            raise ValueError("an event ring needs 2 or more 4 KB sectors, got %d" % self.n)
        self.page = bytearray(PAGE)
        self._scan()

    # -- what is on flash ------------------------------------------------------------------

    def _scan(self):
        """Find the sectors' order, the last FOLDED record and the events after it."""
        n = self.n
        mem = self.mem
        seq = self.seq = [DIRTY] * n
        top = -1
        for s in range(n):
            found = _header_seq(mem, s * SECTOR)
            if found is not None:
                seq[s] = found
                if top < 0 or found > seq[top]:
                    top = s
        self.head = top  # -1: nothing written yet
        self.next_seq = 0 if top < 0 else seq[top] + 1
        self.pending = {}
        # The run of sectors that ends at the head, newest first: the last FOLDED record is in
        # it (older sectors were reclaimed only once a newer FOLDED record existed).
        run = []
        s = top
        while s >= 0 and len(run) < n:
            run.append(s)
            want = seq[s] - 1
            s = (s - 1) % n
            if seq[s] != want:
                break
        self.fold_seq, self.fold_pos = -1, 0
        start = len(run) - 1  # the sector in run where the events after FOLDED begin
        for i in range(len(run)):
            at = self._last_fold(run[i])
            if at:
                self.fold_seq, self.fold_pos, start = seq[run[i]], at, i
                break
        if run and self.fold_seq < 0:
            self.fold_seq, self.fold_pos = seq[run[start]], HEADER
        self.pos = SECTOR  # the next append opens a sector ...
        for i in range(start, -1, -1):
            s = run[i]
            first = self.fold_pos if i == start else HEADER
            # A torn record is the event a power cut caught in flight (its append had not
            # returned): dropped, as littlefs drops an append not yet committed.
            end, torn = self._index(s, first)
            if i == 0 and not torn:  # ... unless the head has room after a clean end
                self.pos = end if end % PAGE == 0 else end - end % PAGE + PAGE

    def _records(self, s, at):
        """Yield ``(offset, kind, body start, body end)`` of sector ``s``'s records from
        offset ``at``; a final ``(offset, None, 0, 0)`` says where they end and whether a torn
        or damaged record ended them (kind None: clean end at 0xFF; -1: torn)."""
        mem = self.mem
        base = s * SECTOR
        while at + 7 <= SECTOR:
            kind = mem[base + at]
            if kind == 0xFF:  # the rest of this page was never programmed ...
                if at % PAGE == 0:
                    break  # ... nor anything after it
                at += PAGE - at % PAGE  # ... a restart moved the head to the next page
                continue
            size = mem[base + at + 1] | mem[base + at + 2] << 8
            end = at + 3 + size
            if (kind != EVENT and kind != FOLDED) or end + 4 > SECTOR:
                yield at, -1, 0, 0
                return
            crc = crc32(mem[base + at : base + end])
            if crc != _get32(mem, base + end):
                yield at, -1, 0, 0
                return
            yield at, kind, base + at + 3, base + end
            at = end + 4
        yield at, None, 0, 0

    def _last_fold(self, s):
        """The offset just after sector ``s``'s last FOLDED record, or 0 if it has none."""
        last = 0
        for _at, kind, _start, end in self._records(s, HEADER):
            if kind == FOLDED:
                last = end - s * SECTOR + 4
        return last

    def _index(self, s, first):
        """Note sector ``s``'s events from offset ``first`` in ``pending``; (end, torn)."""
        mem = self.mem
        for at, kind, start, _end in self._records(s, first):
            if kind is None or kind == -1:
                return at, kind == -1
            if kind == EVENT:
                idlen = mem[start]
                mid = bytes(mem[start + 1 : start + 1 + idlen]).decode()
                self._note(mid, _get32(mem, start + 1 + idlen))
        return SECTOR, False

    def _note(self, mid, index):
        span = self.pending.get(mid)
        if span is None:
            self.pending[mid] = [index, index + 1]
        elif index == span[1]:
            span[1] = index + 1
        elif index < span[0] or index > span[1]:  # a gap or a step back: a new run
            self.pending[mid] = [index, index + 1]

    def events(self, match_id, start=0):
        """Yield ``(index, payload bytes)`` of the match's events after the last FOLDED record,
        from index ``start`` on, in the order they were appended."""
        if match_id not in self.pending:
            return
        mem = self.mem
        want = match_id.encode()
        n = len(want)
        for s in self._pending_sectors():
            first = self.fold_pos if self.seq[s] == self.fold_seq else HEADER
            for _at, kind, body, end in self._records(s, first):
                if kind != EVENT:
                    continue
                if mem[body] == n and mem[body + 1 : body + 1 + n] == want:
                    index = _get32(mem, body + 1 + n)
                    if index >= start:
                        yield index, bytes(mem[body + 5 + n : end])

    def _pending_sectors(self):
        """The sectors from the one holding the last FOLDED record to the head, in order."""
        if self.head < 0:
            return []
        order = []
        s = self.head
        while True:
            order.append(s)
            if self.seq[s] <= self.fold_seq or len(order) == self.n:
                break
            s = (s - 1) % self.n
        order.reverse()
        return order

    def pending_sectors(self):
        """How many sectors hold events not yet folded (the store folds past half)."""
        return len(self._pending_sectors()) if self.pending else 0

    # -- writing ---------------------------------------------------------------------------

    def append(self, match_id, index, payload):
        """Program event ``index`` of the match; on flash when this returns. RingFull: fold."""
        self._write(record(EVENT, event_body(match_id, index, payload)))
        self._note(match_id, index)

    def folded(self):
        """Every event so far is on littlefs now (the store just flushed them there): write
        FOLDED, and the sectors before this one may be erased."""
        rec = record(FOLDED, b"")
        if self.head >= 0 and self.pos + len(rec) > SECTOR:
            # FOLDED needs a new sector. Power cuts that tore heads can have used up every
            # sector with events not yet folded; they are all on littlefs now, so any sector
            # may take it (a cut before FOLDED lands leaves events littlefs already holds,
            # which the next fold skips by their index).
            self.fold_seq = self.next_seq
        self._write(rec)
        self.fold_seq, self.fold_pos = self.seq[self.head], self.pos
        self.pending = {}

    def _write(self, rec):
        if len(rec) > SECTOR - HEADER:
            raise ValueError("record of %d bytes; at most %d" % (len(rec), SECTOR - HEADER))
        if self.head < 0 or self.pos + len(rec) > SECTOR:
            self._open_next()
        base = self.head * SECTOR
        at = self.pos
        page = self.page
        done = 0
        while done < len(rec):
            start = at % PAGE
            take = min(PAGE - start, len(rec) - done)
            page[:] = _BLANK_PAGE
            page[start : start + take] = rec[done : done + take]
            self.dev.writeblocks(self.head, page, at - start)
            done += take
            at += take
        self.pos = at
        if self.mem[base + self.pos - len(rec) : base + self.pos] != rec:
            self.pos = SECTOR  # the flash did not take it: never append after it
            raise OSError(5, "event ring: sector %d did not program" % self.head)

    def _reusable(self, s):
        """True when sector ``s`` holds nothing the store still needs."""
        return self.seq[s] < self.fold_seq or self.seq[s] < 0

    def _open_next(self):
        s = 0 if self.head < 0 else (self.head + 1) % self.n
        if not self._reusable(s):
            raise RingFull("event ring full: fold into littlefs")
        if self.seq[s] != BLANK:
            self._erase(s)
        self.dev.writeblocks(s, header(self.next_seq) + _BLANK_PAGE[HEADER:], 0)
        self.seq[s] = self.next_seq
        self.next_seq += 1
        self.head = s
        self.pos = HEADER

    def _erase(self, s):
        base = s * SECTOR
        mem = self.mem
        for at in range(base, base + SECTOR, PAGE):
            if mem[at : at + PAGE] != _BLANK_PAGE:
                self.dev.ioctl(6, s)
                break
        self.seq[s] = BLANK

    def tidy(self):
        """Idle work: erase the sector the head moves into next. True if there was some (a
        key pressed meanwhile waits for at most this one erase)."""
        s = 0 if self.head < 0 else (self.head + 1) % self.n
        if self.seq[s] == BLANK or not self._reusable(s):
            return False
        self._erase(s)
        return True
