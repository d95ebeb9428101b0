"""The matches on flash: append-only event logs that survive a power cut at any moment.

Each match is two files in the store's folder (docs/storage.md has the full argument):

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
import sys

from scoreboard.journal import MAX_EVENT_BYTES, MAX_RECORD_BYTES, decode, encode


class StorageError(Exception):
    """An event the core accepted could not be written to flash (App.record): nothing changed."""


JOURNAL = ".jnl"
SNAPSHOT = ".snp"
TEMP = ".tmp"  # a snapshot being written; never valid after a restart
GONE = ".del"  # a match being deleted: its journal renamed, the rest to remove
DAMAGED = ".bad"  # a journal that had damaged records in the middle, kept for a human
MAX_ID_CHARS = 24
CHUNK = 128  # bytes read at a time from a match file (an event record is rarely longer)
ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
# With less than RESERVE bytes free no new match is started: that space is kept for the
# matches already started (a 13-round Mexican Train is ~1,300 events of ~50 bytes, and
# compacting it writes a second copy before the first is dropped). Under LOW the device asks
# for a sync. Both are at most an eighth and a quarter of the filesystem (docs/storage.md).
RESERVE = 176 * 1024  # 1/8 of the Pico's 1,408 KB
LOW = 2 * RESERVE
_ENOENT = 2


class MatchStore:
    """The device's matches and settings under ``root`` (a folder on littlefs)."""

    __slots__ = ("root", "problems", "_known", "_tail", "_tail_id")

    def __init__(self, root="/data"):
        self.root = root.rstrip("/") or "/"
        self.problems = []  # human-readable notes on what restores dropped or repaired
        self._known = {}  # match id -> (events in its snapshot, events in all)
        self._tail = None  # the journal kept open for appending ...
        self._tail_id = None  # ... and whose it is
        _make_dirs(self.root)
        self._finish_interrupted()

    # -- matches -----------------------------------------------------------------------

    def list(self):
        """The ids of the stored matches, sorted."""
        return _admin("ids", self)

    def create(self, match_id, first=None):
        """Start a match, with ``first`` (its setup line) as event 0 if given.

        With ``first`` the match appears whole or not at all: the journal is written as a
        temporary file and renamed, so a power cut leaves no empty match behind. A new match
        is refused while less than RESERVE bytes are free: that space is kept for the
        matches already started (the one on the table can always be finished).
        """
        _check_id(match_id)
        if self._exists(match_id):
            raise ValueError("match %r already exists; pick another id" % match_id)
        free, total = self._space()
        if free < min(RESERVE, total // 8):
            # a message, not an errno: it is what the screen shows
            raise OSError("flash full (%d KB free): sync to free space" % (free >> 10))
        payload = None if first is None else _event_bytes(first)
        temp = self._path(match_id, TEMP)
        with open(temp, "wb") as out:
            if payload is not None:
                out.write(encode(0, payload))
        os.rename(temp, self._path(match_id, JOURNAL))
        self._known[match_id] = (0, 0 if payload is None else 1)

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
        return self._state(match_id)[1]

    def append(self, match_id, line):
        """Persist one event line; returns its index. On flash when this returns.

        On OSError (flash full or failing) the caller should re-read ``count``: the store
        forgets what it knew about the match and restores it from flash on next use.
        """
        payload = _event_bytes(line)
        snap, count = self._state(match_id)
        try:
            tail = self._tail
            if tail is None or self._tail_id != match_id:
                self._close_tail()
                tail = self._tail = open(self._path(match_id, JOURNAL), "ab")
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
        return self._lines(match_id, start, count, snap)

    def compact(self, match_id):
        """Fold the journal into the snapshot (call at hand boundaries).

        Returns False when there was nothing new to fold (nothing is written then).
        """
        snap, count = self._state(match_id)
        if count == snap:
            return False
        self._snapshot(match_id, count, False, snap)
        return True

    def delete(self, match_id):
        """Remove a match for good (only once the host holds all of it)."""
        _admin("delete", self, match_id)

    def close(self):
        """Close the open journal (before unmounting or a soft reset)."""
        self._close_tail()

    # -- space and settings ------------------------------------------------------------

    def usage(self):
        """``(bytes in the store's files, bytes free on the filesystem, filesystem bytes)``."""
        return _admin("usage", self)

    def load_settings(self, defaults):
        """``defaults`` updated with the stored values of the same keys and types."""
        return _admin("load_settings", self, defaults)

    def save_settings(self, values):
        """Replace the settings record atomically. Returns False when already stored."""
        return _admin("save_settings", self, values)

    # -- restore and compaction --------------------------------------------------------

    def _state(self, match_id):
        known = self._known.get(match_id)
        if known is None:
            _check_id(match_id)
            if not self._exists(match_id):
                raise ValueError("no match %r; create it first" % match_id)
            known = self._restore(match_id)
            self._known[match_id] = known
        return known

    def _restore(self, match_id):
        return _admin("restore", self, match_id)

    def _snapshot(self, match_id, count, keep_journal, snap=0):
        """Write events 0..count-1 as the new snapshot, then empty the journal. ``snap``: the
        old snapshot holds events 0..snap-1 intact (a restore or compaction checked them), so
        its records are copied byte for byte and only the journal's are read and checked:
        compacting a hand costs that hand, not the whole match. (A record damaged since then
        is copied as it is: a restore stops at it either way, the journal after it only
        continues a run it could not reach.)"""
        self._close_tail()
        temp = self._path(match_id, TEMP)
        written = snap
        with open(temp, "wb") as out:
            out.write(b"#snap 1 %d\n" % count)
            if snap:
                with open(self._path(match_id, SNAPSHOT), "rb") as old:
                    old.readline(CHUNK)  # the old header
                    buf = bytearray(CHUNK * 4)
                    n = old.readinto(buf)
                    while n:
                        out.write(buf if n == len(buf) else memoryview(buf)[:n])
                        n = old.readinto(buf)
            for index, payload in self._walk(match_id, snap, count, snap, None):
                out.write(encode(index, payload))
                written += 1
        if written != count:  # flash changed under us: keep the old files untouched
            os.remove(temp)
            raise OSError(5, "match %s: read back %d of %d events" % (match_id, written, count))
        os.rename(temp, self._path(match_id, SNAPSHOT))  # the commit point
        journal = self._path(match_id, JOURNAL)
        if keep_journal:
            os.rename(journal, self._path(match_id, DAMAGED))
        open(journal, "wb").close()
        self._known[match_id] = (count, count)

    def _lines(self, match_id, start, end, snap):
        if start >= end:
            return
        for _, payload in self._walk(match_id, start, end, snap, None):
            yield payload.decode()

    def _walk(self, match_id, start, end, snap, scan):
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
        _admin("finish_interrupted", self)

    def _finish_delete(self, match_id):
        for ext in (SNAPSHOT, TEMP, DAMAGED, GONE):
            _remove(self._path(match_id, ext))

    def _close_tail(self):
        tail, self._tail, self._tail_id = self._tail, None, None
        if tail is not None:
            try:
                tail.close()
            except OSError:
                pass  # every record was flushed when written; nothing is lost

    def _exists(self, match_id):
        return _exists(self._path(match_id, JOURNAL)) or _exists(self._path(match_id, SNAPSHOT))

    def _open(self, match_id, ext):
        try:
            return open(self._path(match_id, ext), "rb")
        except OSError as e:
            if e.args[0] == _ENOENT:
                return None
            raise

    def _path(self, match_id, ext):
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


def _admin(name, *args):
    """Run ``scoreboard.store_admin.<name>``: listing, deleting, space and settings are never
    needed while a hand is played, so their code is loaded for the call and leaves after.
    The boot record that dates matches is read and written this way too (store_admin's
    start_boot, boots, note_clock: once per power-on, a list, a clock op)."""
    from scoreboard import store_admin

    try:
        return getattr(store_admin, name)(*args)
    finally:
        sys.modules.pop("scoreboard.store_admin", None)
        package = sys.modules.get("scoreboard")
        if package is not None and hasattr(package, "store_admin"):
            delattr(package, "store_admin")


def _valid_id(match_id):
    if not isinstance(match_id, str) or not 0 < len(match_id) <= MAX_ID_CHARS:
        return False
    for char in match_id:
        if char not in ID_CHARS:
            return False
    return True


def _check_id(match_id):
    if not _valid_id(match_id):
        raise ValueError(
            "bad match id %r: 1-%d characters from A-Z a-z 0-9 _ -" % (match_id, MAX_ID_CHARS)
        )


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


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass  # already gone


def _make_dirs(path):
    parts = path.split("/")
    for i in range(2 if path.startswith("/") else 1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:i]))
        except OSError:
            pass  # exists already (anything worse shows at the first file opened in it)
