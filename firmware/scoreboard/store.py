"""The matches on flash: append-only event logs that survive a power cut at any moment.

Where the board has one (the scoreboard's firmware, the simulated board), every event goes
first to the event ring (scoreboard/event_ring.py): one page program on raw NOR flash, no erase
while a player waits. The store folds the ring's events into littlefs in idle time, when the
ring is half full or before a match is deleted (``tidy``, ``fold``); reads and counts see the
ring and littlefs as one log. Without a ring (stock MicroPython and ``deploy``) events are
appended to littlefs directly, as below.

On littlefs each match is two files in the store's folder (docs/storage.md has the full
argument):

- ``<id>.jnl`` the journal: one record per event, appended and flushed per event;
- ``<id>.snp`` the snapshot: a ``#snap 1 <count>`` header, then the records of events
  0..count-1. It is only ever replaced whole: written to ``<id>.tmp``, closed, renamed over.

Compaction (at hand boundaries) folds the journal into a new snapshot, then empties the
journal. Records carry their event index and a CRC (see journal.py), so a restore takes the
snapshot, skips journal records the snapshot already holds, appends the rest while the
indices follow on, and stops at the first torn or damaged record. Whatever a restore drops
is reported in ``problems``; nothing here raises on damaged data.

An event line is an opaque str (the rules core owns its encoding); its index 0..n-1 never
changes, because the host syncs "events after N".
"""

import os

from scoreboard import lifetimes
from scoreboard.event_ring import RingFull
from scoreboard.journal import MAX_EVENT_BYTES, MAX_RECORD_BYTES, decode, encode
from scoreboard.store_files import (
    DAMAGED,
    GONE,
    INDEX,
    JOURNAL,
    SNAPSHOT,
    TEMP,
    check_id,
    exists,
    remove,
)


class StorageError(Exception):
    """An event the core accepted could not be written to flash (App.record): nothing changed."""


CHUNK = 128  # bytes read at a time from a match file (an event record is rarely longer)
# With less than RESERVE bytes free no new match is started: that space is kept for the
# matches already started (a 13-round Mexican Train is ~1,300 events of ~50 bytes, and
# compacting it writes a second copy before the first is dropped). Under LOW the device asks
# for a sync. Both are at most an eighth and a quarter of the filesystem (docs/storage.md).
RESERVE = 176 * 1024  # 1/8 of the Pico's 1,408 KB
LOW = 2 * RESERVE
_ENOENT = 2


class MatchStore:
    """The device's matches and settings under ``root`` (a folder on littlefs)."""

    __slots__ = ("root", "ring", "problems", "_known", "_tail", "_tail_id", "_ids")

    def __init__(self, root="/data", ring=None):
        self.root = root.rstrip("/") or "/"
        self.ring = ring  # an EventRing, or None: each event is a littlefs append and flush
        self.problems = []  # human-readable notes on what restores dropped or repaired
        self._known = {}  # match id -> (events in its snapshot, events in all)
        self._tail = None  # the journal kept open for appending ...
        self._tail_id = None  # ... and whose it is
        # the ids of the stored matches, sorted, in one str (" m0001 m0002 "), from the
        # listing made at power-on and kept up to date by create and delete: on the Pico
        # listing 100 matches took ~0.1 s and looking one up ~30 ms (a littlefs folder of 200
        # files); None: ask the folder
        self._ids = None
        _make_dirs(self.root)
        self._finish_interrupted()

    # -- matches -----------------------------------------------------------------------

    def list(self):
        """The ids of the stored matches, sorted."""
        ids = self._ids
        if ids is None:
            with _Admin() as admin:
                found = admin.ids(self)
            self.listed(found)
            return found
        return ids.split()

    def listed(self, ids):
        """Note ``ids`` (sorted) as the stored matches: store_admin listed the folder."""
        self._ids = " %s " % " ".join(ids)

    def _listed_change(self, match_id, stored):
        """A match was created (``stored``) or removed: the kept listing follows."""
        if self._ids is None:
            return
        ids = self._ids.split()
        if match_id in ids:
            ids.remove(match_id)
        if stored:
            ids.append(match_id)
            ids.sort()
        self.listed(ids)

    def create(self, match_id, first=None):
        """Start a match, with ``first`` (its setup line) as event 0 if given.

        With ``first`` the match appears whole or not at all: the journal is written as a
        temporary file and renamed, so a power cut leaves no empty match behind. A new match
        is refused while less than RESERVE bytes are free: that space is kept for the
        matches already started (the one on the table can always be finished).
        """
        check_id(match_id)
        if self.exists(match_id):
            raise ValueError("match %r already exists; pick another id" % match_id)
        free, total = self._space()
        if free < min(RESERVE, total // 8):
            # a message, not an errno: it is what the screen shows
            raise OSError("flash full (%d KB free): sync to free space" % (free >> 10))
        payload = None if first is None else _event_bytes(first)
        if first is not None:  # indexed first: a cut before the match exists leaves a record
            self.index_add([(match_id, first)])  # no listed match claims, never the reverse
        temp = self.path(match_id, TEMP)
        with open(temp, "wb") as out:
            if payload is not None:
                out.write(encode(0, payload))
        os.rename(temp, self.path(match_id, JOURNAL))
        self._known[match_id] = (0, 0 if payload is None else 1)
        self._listed_change(match_id, True)

    def index_add(self, entries):
        """Append ``(match id, event 0 line)`` records to the Matches list's index (here, not
        in store_admin: a new match must not load that module between its screens)."""
        with open(self.root + "/" + INDEX, "ab") as out:
            for mid, line in entries:
                out.write(encode(0, mid.encode() + b" " + line.encode()))

    def first_lines(self, listed=None):
        """``{match id: its event 0 line}`` for every stored match, from one index file (the
        Matches list: reading every match would take seconds on the Pico). ``listed``: the
        ids ``list`` gave, if the caller has them (listing 100 matches takes ~0.1 s)."""
        with _Admin() as admin:
            return admin.first_lines(self, listed)

    def nearly_full(self):
        """True when the host should sync soon (less than LOW free)."""
        free, total = self._space()
        return free < min(LOW, total // 4)

    def _space(self):
        """(bytes free, bytes in all) on the filesystem; (1, 0) where it cannot tell."""
        try:
            fs = os.statvfs(self.root)
        except (OSError, AttributeError):
            return 1, 0
        return fs[1] * fs[4], fs[1] * fs[2]

    def count(self, match_id):
        """How many events the match holds."""
        return self._count(match_id)

    def _count(self, match_id):
        """Events on littlefs, and the ring's that continue them."""
        count = self._state(match_id)[1]
        ring = self.ring
        if ring is not None:
            span = ring.pending.get(match_id)
            if span is not None and span[0] <= count < span[1]:
                return span[1]
        return count

    def append(self, match_id, line):
        """Persist one event line; returns its index. On flash when this returns.

        On OSError (flash full or failing) the caller should re-read ``count``: the store
        forgets what it knew about the match and restores it from flash on next use.
        """
        payload = _event_bytes(line)
        ring = self.ring
        if ring is not None:
            count = self._count(match_id)
            try:
                ring.append(match_id, count, payload)
            except RingFull:  # the table outran the idle time: fold now, then append
                self.fold()
                ring.append(match_id, count, payload)
            return count
        snap, count = self._state(match_id)
        try:
            tail = self._tail
            if tail is None or self._tail_id != match_id:
                self._close_tail()
                tail = self._tail = open(self.path(match_id, JOURNAL), "ab")
                self._tail_id = match_id
            tail.write(encode(count, payload))
            tail.flush()  # littlefs commits the append here, atomically
        except OSError:
            self._close_tail()
            self._known.pop(match_id, None)
            raise
        self._known[match_id] = (snap, count + 1)
        return count

    def read(self, match_id, start=0):
        """The match's event lines from index ``start`` on, streamed one by one."""
        snap, count = self._state(match_id)
        if type(start) is not int or start < 0:
            raise ValueError("start must be an event index >= 0, got %r" % (start,))
        lines = self._lines(match_id, start, count, snap)
        if self._count(match_id) == count:
            return lines
        return self._with_ring(lines, match_id, max(start, count))

    def _with_ring(self, lines, match_id, start):
        yield from lines
        ring = self.ring
        assert ring is not None
        for _, payload in ring.events(match_id, start):
            yield payload.decode()

    # -- the event ring ----------------------------------------------------------------

    def fold(self):
        """Append the ring's events to their matches' littlefs journals (one flush a match),
        then mark them folded in the ring, whose sectors may then be erased. A cut anywhere
        loses nothing: a journal takes an event once (its index), the ring keeps it until
        FOLDED is on flash."""
        ring = self.ring
        if ring is None:
            return
        self._close_tail()
        for match_id in list(ring.pending):
            if not self.exists(match_id):
                continue  # deleted: its events go with it
            snap, count = self._state(match_id)
            with open(self.path(match_id, JOURNAL), "ab") as out:
                for index, payload in ring.events(match_id, count):
                    if index != count:
                        break  # never a gap in a journal
                    out.write(encode(index, payload))
                    count += 1
            self._known[match_id] = (snap, count)
        ring.folded()

    def tidy(self):
        """One piece of idle work, done after the screen confirmed a key: fold the ring when
        it is half full, else erase the sector it moves into next. True if there was work."""
        ring = self.ring
        if ring is None:
            return False
        if ring.pending and 2 * ring.pending_sectors() > ring.n:
            self.fold()
            return True
        return ring.tidy()

    def compact(self, match_id):
        """Fold the journal into the snapshot (call at hand boundaries).

        Returns False when there was nothing new to fold (nothing is written then).
        """
        if self.ring is not None:
            return False  # the ring's events fold into the journal in idle time (tidy)
        snap, count = self._state(match_id)
        if count == snap:
            return False
        self.write_snapshot(match_id, count, False, snap)
        return True

    def delete(self, match_id):
        """Remove a match for good (only once the host holds all of it)."""
        if self.ring is not None and match_id in self.ring.pending:
            self.fold()  # its events leave the ring first: none may outlive the match
        with _Admin() as admin:
            admin.delete(self, match_id)

    def close(self):
        """Close the open journal (before unmounting or a soft reset)."""
        self._close_tail()

    # -- space and settings ------------------------------------------------------------

    def usage(self):
        """``(bytes in the store's files, bytes free on the filesystem, filesystem bytes)``."""
        with _Admin() as admin:
            return admin.usage(self)

    def load_settings(self, defaults):
        """``defaults`` updated with the stored values of the same keys and types."""
        with _Admin() as admin:
            return admin.load_settings(self, defaults)

    def save_settings(self, values):
        """Replace the settings record atomically. Returns False when already stored."""
        with _Admin() as admin:
            return admin.save_settings(self, values)

    # -- the boot record that dates matches (docs/storage.md, "Match dates") ---------------

    def start_boot(self, entropy=None):
        """Count this power-on: its id ``<flash id>.<n>``, or None when it cannot be written.
        ``entropy``: a function giving 4 random bytes (None: os.urandom)."""
        with _Admin() as admin:
            return admin.start_boot(self, entropy)

    def boots(self):
        """The clock offsets kept: ``[[boot id, epoch at power-on], ...]``, oldest first."""
        with _Admin() as admin:
            return admin.boots(self)

    def note_clock(self, boot, epoch):
        """Keep the running boot's clock offset; True when written."""
        with _Admin() as admin:
            return admin.note_clock(self, boot, epoch)

    # -- restore and compaction --------------------------------------------------------

    def _state(self, match_id):
        known = self._known.get(match_id)
        if known is None:
            check_id(match_id)
            if not self.exists(match_id):
                raise ValueError("no match %r; create it first" % match_id)
            known = self._restore(match_id)
            self._known[match_id] = known
        return known

    def _restore(self, match_id):
        with _Admin() as admin:
            return admin.restore(self, match_id)

    def write_snapshot(self, match_id, count, keep_journal, snap=0):
        """Write events 0..count-1 as the new snapshot, then empty the journal. ``snap``: the
        old snapshot holds events 0..snap-1 intact (a restore or compaction checked them), so
        its records are copied byte for byte and only the journal's are read and checked:
        compacting a hand costs that hand, not the whole match. (A record damaged since then
        is copied as it is: a restore stops at it either way, the journal after it only
        continues a run it could not reach.)"""
        self._close_tail()
        temp = self.path(match_id, TEMP)
        written = snap
        with open(temp, "wb") as out:
            out.write(b"#snap 1 %d\n" % count)
            if snap:
                with open(self.path(match_id, SNAPSHOT), "rb") as old:
                    old.readline(CHUNK)  # the old header
                    buf = bytearray(CHUNK * 4)
                    n = old.readinto(buf)
                    while n:
                        out.write(buf if n == len(buf) else memoryview(buf)[:n])
                        n = old.readinto(buf)
            for index, payload in self.walk(match_id, snap, count, snap, None):
                out.write(encode(index, payload))
                written += 1
        if written != count:  # flash changed under us: keep the old files untouched
            os.remove(temp)
            raise OSError(5, "match %s: read back %d of %d events" % (match_id, written, count))
        os.rename(temp, self.path(match_id, SNAPSHOT))  # the commit point
        journal = self.path(match_id, JOURNAL)
        if keep_journal:
            os.rename(journal, self.path(match_id, DAMAGED))
        open(journal, "wb").close()
        self._known[match_id] = (count, count)

    def _lines(self, match_id, start, end, snap):
        if start >= end:
            return
        for _, payload in self.walk(match_id, start, end, snap, None):
            yield payload.decode()

    def walk(self, match_id, start, end, snap, scan):
        """Yield ``(index, payload)`` for events start..end-1 (end None: all there are).

        Takes snapshot records while their indices run 0, 1, 2, ..., then journal records
        that continue the run, skipping ones already taken; stops at the first record that
        is torn, damaged or leaves a gap. With ``scan``, reads on to count what it drops
        and notes what it found there. ``snap`` events known to be in the
        snapshot let a read starting after them skip it.
        """
        expected = 0
        if start < snap:
            snap = 0
        raw = b""
        f = self._open(match_id, SNAPSHOT) if snap == 0 else None
        if f is not None:
            with f:
                raw = _read_record(f)
                if raw[:1] == b"#":
                    if scan is not None:
                        scan.declared = _header_count(raw)
                    raw = _read_record(f)
                while raw:
                    record = decode(raw)
                    if record is None or record[0] != expected:
                        break
                    if expected >= start:
                        yield record
                    expected += 1
                    if expected == end:
                        return
                    raw = _read_record(f)
                if scan is not None:
                    while raw:
                        scan.snap_dropped += 1
                        raw = _read_record(f)
        else:
            expected = snap
        if scan is not None:
            scan.snap = expected
        f = self._open(match_id, JOURNAL)
        if f is not None:
            if scan is not None:
                scan.journal = True
            with f:
                raw = _read_record(f)
                while raw:
                    record = decode(raw)
                    if record is None or record[0] > expected:
                        break
                    if record[0] == expected:
                        if expected >= start:
                            yield record
                        expected += 1
                        if expected == end:
                            return
                    elif scan is not None:
                        scan.stale += 1
                    raw = _read_record(f)
                if scan is not None:
                    while raw:
                        scan.dropped += 1
                        scan.torn = raw[-1] != 10
                        raw = _read_record(f)
        if scan is not None:
            scan.count = expected

    # -- files -------------------------------------------------------------------------

    def _finish_interrupted(self):
        with _Admin() as admin:
            admin.finish_interrupted(self)

    def finish_delete(self, match_id):
        """Remove what is left of a match whose journal a delete renamed (its commit point)."""
        self._listed_change(match_id, False)  # its journal is renamed: it is gone
        for ext in (SNAPSHOT, TEMP, DAMAGED, GONE):
            remove(self.path(match_id, ext))

    def forget(self, match_id):
        """Close the match's journal if it is the open one and forget what is known of it:
        its files are about to change under the store (a delete)."""
        if self._tail_id == match_id:
            self._close_tail()
        self._known.pop(match_id, None)

    def _close_tail(self):
        tail, self._tail, self._tail_id = self._tail, None, None
        if tail is not None:
            try:
                tail.close()
            except OSError:
                pass  # every record was flushed when written; nothing is lost

    def exists(self, match_id):
        """True when the match has a journal or a snapshot on flash."""
        if self._ids is not None:
            return " %s " % match_id in self._ids
        return exists(self.path(match_id, JOURNAL)) or exists(self.path(match_id, SNAPSHOT))

    def _open(self, match_id, ext):
        try:
            return open(self.path(match_id, ext), "rb")
        except OSError as e:
            if e.args[0] == _ENOENT:
                return None
            raise

    def path(self, match_id, ext):
        """The file of the match with extension ``ext`` (store_files: JOURNAL, SNAPSHOT, ...)."""
        return self.root + "/" + match_id + ext


def _read_record(f):
    """The next line of ``f``, at most MAX_RECORD_BYTES long, read CHUNK bytes at a time.

    readline(n) asks the heap for n bytes in one piece before it reads anything; a kilobyte
    per event would need a large free hole on a fragmented Pico heap, for lines that are
    almost always shorter than CHUNK."""
    raw = f.readline(CHUNK)
    if len(raw) < CHUNK or raw[-1] == 10:
        return raw
    parts = [raw]
    size = len(raw)
    while size < MAX_RECORD_BYTES:
        more = f.readline(min(CHUNK, MAX_RECORD_BYTES - size))
        if not more:
            break
        parts.append(more)
        size += len(more)
        if more[-1] == 10:
            break
    return b"".join(parts)


class _Admin:
    """``with _Admin() as admin:`` scoreboard.store_admin for one call. Listing, deleting,
    space, settings, restoring and the boot record are never needed while a hand is played,
    so that code is loaded for the call and leaves the heap after (lifetimes: BY_CALLER)."""

    def __enter__(self):
        from scoreboard import store_admin

        return store_admin

    held = 0  # > 0: the module stays between calls (hold_admin)

    def __exit__(self, *exc):
        if not _Admin.held:
            lifetimes.unload("scoreboard.store_admin")


def hold_admin(on):
    """Keep scoreboard.store_admin loaded from call to call (``on``), or let it go again:
    a power-on makes four calls in a row (finishing what a cut interrupted, the settings, the
    boot record, restoring the match), and loading it took ~9 ms each on the Pico."""
    _Admin.held += 1 if on else -1
    if not _Admin.held:
        lifetimes.unload("scoreboard.store_admin")


def _event_bytes(line):
    if not isinstance(line, str):
        raise TypeError("an event line is a str, got %s" % type(line).__name__)
    if "\n" in line or "\r" in line:
        raise ValueError("an event line must not contain a line break")
    payload = line.encode()
    if len(payload) > MAX_EVENT_BYTES:
        raise ValueError("event line of %d bytes; at most %d" % (len(payload), MAX_EVENT_BYTES))
    return payload


def _header_count(raw):
    """The count in a ``#snap 1 <count>`` header; -1 (never a real count) if unreadable."""
    if raw[:8] != b"#snap 1 " or raw[-1:] != b"\n":
        return -1
    try:
        return int(raw[8:-1])
    except ValueError:
        return -1


def _make_dirs(path):
    parts = path.split("/")
    for i in range(2 if path.startswith("/") else 1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:i]))
        except OSError:
            pass  # exists already (anything worse shows at the first file opened in it)
