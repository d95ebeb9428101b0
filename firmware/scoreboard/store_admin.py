"""The store's paths that no hand needs: listing and deleting matches, space, settings,
restoring a match from flash and finishing what a restart interrupted.

MatchStore's methods of the same purpose load this module for the call and drop it after
(store._Admin), so its code is in the heap only while it runs. It reaches the store through
MatchStore's public methods and the file helpers of scoreboard.store_files, never store.py
itself: the two modules form no cycle.
"""

import json
import os

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
    valid_id,
)

SETTINGS = "settings.cfg"
# The index (store_files.INDEX): each match's event 0, one record a match ("<id> <line>"),
# appended as matches are created; the Matches list reads this one file (docs/storage.md).
INDEX_SLACK = 16  # records of deleted matches kept before the index is written anew
# The power-on count, a random id drawn when the file is first written (a wiped or formatted
# flash draws a new one, so its restarted count never meets an old boot's clock), and the
# clock offsets of the last KEEP_BOOTS boots a host set the clock in.
BOOTS = "boots.cfg"
KEEP_BOOTS = 8
_SETTING_TYPES = (bool, int, float, str, list)


def ids(store):
    """The ids of the stored matches, sorted."""
    stems = set()  # a match's journal and snapshot name it once
    for name in os.listdir(store.root):
        if name.endswith(JOURNAL) or name.endswith(SNAPSHOT):
            stems.add(name[: -len(JOURNAL)])  # both extensions are 4 characters
    found = [stem for stem in stems if valid_id(stem)]
    found.sort()
    return found


def delete(store, match_id):
    """Remove a match for good (only once the host holds all of it)."""
    check_id(match_id)
    if not store.exists(match_id):
        raise ValueError("no match %r to delete" % match_id)
    store.forget(match_id)
    gone = store.path(match_id, GONE)
    # One rename is the commit point: with its journal (or lone snapshot) renamed, the
    # match no longer exists; a restart finishes removing the rest.
    for ext in (JOURNAL, SNAPSHOT):
        if exists(store.path(match_id, ext)):
            os.rename(store.path(match_id, ext), gone)
            break
    store.finish_delete(match_id)
    found = first_lines(store)  # its record leaves the index (its id may be used again)
    _write_index(store, found)


def usage(store):
    """``(bytes in the store's files, bytes free on the filesystem, filesystem bytes)``."""
    used = 0
    for name in os.listdir(store.root):
        used += os.stat(store.root + "/" + name)[6]
    fs = os.statvfs(store.root)
    return used, fs[1] * fs[4], fs[1] * fs[2]


def load_settings(store, defaults):
    """``defaults`` updated with the stored values of the same keys and types."""
    values = dict(defaults)
    raw = _read_small(store.root + "/" + SETTINGS)
    if raw is None:
        return values
    record = decode(raw)
    stored = None
    if record is not None:
        try:
            stored = json.loads(record[1])
        except ValueError:
            stored = None
    if not isinstance(stored, dict):
        store.problems.append("settings unreadable; using the defaults")
        return values
    for key in values:
        if key in stored:
            if type(stored[key]) is type(values[key]):
                values[key] = stored[key]
            else:
                store.problems.append("setting %r has the wrong type; default kept" % key)
    return values


def save_settings(store, values):
    """Replace the settings record atomically. Returns False when already stored."""
    if not isinstance(values, dict):
        raise TypeError("settings must be a dict, got %s" % type(values).__name__)
    for key in values:
        if not isinstance(key, str) or not isinstance(values[key], _SETTING_TYPES):
            raise TypeError("setting %r: keys are str, values bool/int/float/str/list" % (key,))
    payload = json.dumps(values).encode()
    if len(payload) > MAX_EVENT_BYTES:
        raise ValueError("settings take %d bytes; at most %d" % (len(payload), MAX_EVENT_BYTES))
    record = encode(0, payload)
    path = store.root + "/" + SETTINGS
    if _read_small(path) == record:
        return False  # spare the flash
    with open(path + TEMP, "wb") as out:
        out.write(record)
    os.rename(path + TEMP, path)
    return True


def _boots_record(store):
    """The boots record, checked, or None (missing or damaged: a new flash lifetime)."""
    raw = _read_small(store.root + "/" + BOOTS)
    record = decode(raw) if raw is not None else None
    try:
        value = json.loads(record[1]) if record is not None else None
    except ValueError:
        value = None
    if not isinstance(value, dict):
        return None
    flash, n, known = value.get("flash"), value.get("n"), value.get("known")
    if not isinstance(flash, str) or type(n) is not int or n < 1 or not isinstance(known, list):
        return None
    for entry in known:
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[1]) is int):
            return None
    return value


def _write_record(path, value):
    with open(path + TEMP, "wb") as out:
        out.write(encode(0, json.dumps(value).encode()))
    os.rename(path + TEMP, path)


def start_boot(store, entropy=None):
    """Count this power-on: ``<flash id>.<n>``, or None when the count cannot be written (a
    full flash: reusing the last count would date this boot's matches by another's clock)."""
    value = _boots_record(store)
    if value is None:
        value = {"flash": _new_flash_id(store, entropy), "n": 0, "known": []}
    value["n"] += 1
    path = store.root + "/" + BOOTS
    try:
        _write_record(path, value)
    except OSError as e:
        remove(path + TEMP)
        store.problems.append("power-on not counted (%s): match dates need a host" % e)
        return None
    return "%s.%d" % (value["flash"], value["n"])


def _new_flash_id(store, entropy):
    """8 hex digits drawn at random, never the flash id of a stored match's power-on nor the
    damaged record's own: a record lost to damage must not give this lifetime's power-ons the
    ids of the last one (a host's clock for one would date the other's matches), however the
    draw repeats."""
    used = set()
    try:
        for line in first_lines(store).values():
            boot = json.loads(line).get("boot")
            if isinstance(boot, str):
                used.add(boot.split(".")[0])
    except Exception:  # a setup we cannot read, an index we cannot write: the draw alone
        pass
    raw = _read_small(store.root + "/" + BOOTS) or b""
    at = raw.find(b'"flash"')
    if at >= 0:  # its CRC failed, its id may still be there to read
        start = raw.find(b'"', raw.find(b":", at)) + 1
        try:
            used.add(raw[start : start + 8].decode())
        except Exception:  # not text: no id to avoid
            pass
    draw = int.from_bytes((entropy or _random4)(), "big")
    while "%08x" % draw in used:
        draw = (draw + 0x9E3779B9) & 0xFFFFFFFF  # odd: every value before one comes again
    return "%08x" % draw


def boots(store):
    """The clock offsets kept: ``[[boot id, epoch at power-on], ...]``, oldest first."""
    value = _boots_record(store)
    return value["known"] if value is not None else []


def note_clock(store, boot, epoch):
    """Keep the running boot's offset (the first a host gives; the last KEEP_BOOTS boots).
    Returns True when written."""
    value = _boots_record(store)
    if value is None or boot != "%s.%d" % (value["flash"], value["n"]):
        return False  # not this flash lifetime's running boot
    known = value["known"]
    for entry in known:
        if entry[0] == boot:
            return False
    known.append([boot, epoch])
    value["known"] = known[-KEEP_BOOTS:]
    _write_record(store.root + "/" + BOOTS, value)
    return True


def restore(store, match_id):
    """Read a match back from flash, repair what a power cut left, note what was lost."""
    scan = _Scan()
    for _ in store.walk(match_id, 0, None, 0, scan):
        pass
    count = scan.count
    note = "match %s: " % match_id
    snapshot_damaged = scan.snap_dropped > 0 or (
        scan.declared is not None and scan.declared != scan.snap
    )
    if snapshot_damaged:
        store.problems.append(
            note
            + "snapshot damaged; kept events 0..%d, %d line(s) unreadable"
            % (scan.snap - 1, scan.snap_dropped)
        )
    torn_only = scan.dropped == 1 and scan.torn
    if torn_only:
        store.problems.append(note + "dropped event %d, cut short by a power loss" % count)
    elif scan.dropped:
        store.problems.append(
            note
            + "dropped %d damaged journal line(s) after event %d; copy in %s%s"
            % (scan.dropped, count - 1, match_id, DAMAGED)
        )
    if snapshot_damaged or scan.dropped:
        store.write_snapshot(match_id, count, scan.dropped and not torn_only)
        return count, count
    if not scan.journal or (scan.stale and count == scan.snap):
        # no journal (a repair was cut short) or only records the snapshot holds (a
        # compaction was cut before emptying it): start a clean journal
        open(store.path(match_id, JOURNAL), "wb").close()
    return scan.snap, count


def first_lines(store, listed=None):
    """``{match id: its event 0}`` for every stored match (``listed``: their ids, as ``ids``
    gives them, if the caller has them), from the index; a match the index lacks (created by
    an older firmware, or a cut came between its create and its record) is read from flash
    once and added."""
    if listed is None:
        listed = ids(store)
    listed = set(listed)
    found = {}
    stale = 0
    torn = False
    path = store.root + "/" + INDEX
    try:
        with open(path, "rb") as f:
            for raw in _lines(f):
                record = decode(raw)
                if record is None:  # torn: the matches after it are read again
                    torn = True  # and the index written anew (one appended after it
                    break  # would be joined to it, and lost again at every read)
                payload = record[1]
                space = payload.find(b" ")
                mid, line = payload[:space].decode(), payload[space + 1 :]
                if mid in found or mid not in listed:
                    stale += 1  # deleted, or an id used again: the last record counts
                if mid in listed:
                    found[mid] = line.decode()
    except OSError:
        pass  # no index yet
    missing = sorted([mid for mid in listed if mid not in found])
    for mid in missing:
        for _, payload in store.walk(mid, 0, 1, 0, None):
            found[mid] = payload.decode()
    if stale > len(found) + INDEX_SLACK or ((stale or torn) and missing):
        _write_index(store, found)
    elif missing:
        store.index_add([(mid, found[mid]) for mid in missing if mid in found])
    return found


def _lines(f):
    """The lines of file ``f``, read a block at a time (a file's own lines are read a byte at
    a time: the Matches list's index of 100 matches took 40 ms so on the Pico)."""
    rest = b""
    block = f.read(512)
    while block:
        rest += block
        start = 0
        end = rest.find(b"\n") + 1
        while end:
            yield rest[start:end]
            start = end
            end = rest.find(b"\n", start) + 1
        rest = rest[start:]
        block = f.read(512)
    if rest:
        yield rest  # the last line, cut short


def _write_index(store, found):
    temp = store.root + "/" + INDEX + TEMP
    with open(temp, "wb") as out:
        for mid in sorted(found):
            out.write(encode(0, mid.encode() + b" " + found[mid].encode()))
    os.rename(temp, store.root + "/" + INDEX)


def finish_interrupted(store):
    """After a restart: drop unfinished snapshots and matches, finish interrupted deletes,
    remove empty matches (a power cut between an older firmware's create and its setup left
    one that could be neither opened nor removed). What is left is the list of matches, kept
    by the store (the Matches list needs no listing of its own)."""
    root = store.root
    names, sizes = _listing(root)
    present = set(names)  # where each journal's snapshot is looked up
    pending = store.ring.pending if store.ring is not None else {}
    stems = set()  # a match's journal and snapshot name it once
    gone = []
    for name in names:
        if name.endswith(JOURNAL):
            stem = name[:-4]  # every extension is 4 characters
            if stem + SNAPSHOT in present or stem in pending:
                stems.add(stem)  # its events are in the snapshot or the event ring
            elif valid_id(stem) and _size(root, name, sizes) == 0:
                store.problems.append("match %s: empty (cut while created); removed" % stem)
                remove(root + "/" + name)
            else:
                stems.add(stem)
        elif name.endswith(SNAPSHOT):
            stems.add(name[:-4])
        elif name.endswith(TEMP):
            remove(root + "/" + name)
        elif name.endswith(GONE):
            gone.append(name[:-4])
            store.finish_delete(gone[-1])  # its snapshot goes
    for stem in gone:
        if stem + JOURNAL not in present:
            stems.discard(stem)
    found = [stem for stem in stems if valid_id(stem)]
    found.sort()
    store.listed(found)


def _size(root, name, sizes):
    size = sizes.get(name)
    return os.stat(root + "/" + name)[6] if size is None else size


def _listing(root):
    """The folder's file names, and the journals' sizes where the listing gives them
    (littlefs's ilistdir): with the event ring a match is its journal alone, and an os.stat
    each took ~25 ms at every power-on with 100 matches stored on the Pico."""
    listing = getattr(os, "ilistdir", None)
    if listing is None:  # CPython
        return os.listdir(root), {}
    names = []
    sizes = {}
    for entry in listing(root):
        name = entry[0]
        names.append(name)
        if len(entry) > 3 and name.endswith(JOURNAL):
            sizes[name] = entry[3]
    return names, sizes


class _Scan:
    """What a restore found while reading one match."""

    __slots__ = ("declared", "snap", "snap_dropped", "stale", "dropped", "torn", "journal", "count")

    def __init__(self):
        self.declared = None  # the count the snapshot header claims
        self.snap = 0  # events taken from the snapshot
        self.snap_dropped = 0  # snapshot lines not usable
        self.stale = 0  # journal records the snapshot already holds
        self.dropped = 0  # journal lines not usable
        self.torn = False  # the journal ends without a newline
        self.journal = False  # the journal file exists
        self.count = 0  # events restored in all


def _random4():
    try:
        return os.urandom(4)
    except Exception:  # a port without urandom: the tick counter's low bits
        import time

        t = int(time.time() * 1000003) ^ 0x5EED1D  # differs per format, not secret
        return bytes(((t >> 24) & 0xFF, (t >> 16) & 0xFF, (t >> 8) & 0xFF, t & 0xFF))


def _read_small(path):
    try:
        with open(path, "rb") as f:
            return f.read(MAX_RECORD_BYTES + 1)
    except OSError:
        return None
