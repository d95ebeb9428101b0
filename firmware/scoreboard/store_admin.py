"""The store's paths that no hand needs: listing and deleting matches, space, settings.

MatchStore's methods of the same purpose load this module for the call and drop it after
(store._admin), so its code is in the heap only while it runs.
"""

import json
import os

from scoreboard.journal import MAX_EVENT_BYTES, MAX_RECORD_BYTES, decode, encode
from scoreboard.store import GONE, JOURNAL, SNAPSHOT, TEMP, _check_id, _exists, _valid_id

SETTINGS = "settings.cfg"
_SETTING_TYPES = (bool, int, float, str, list)


def ids(store):
    """The ids of the stored matches, sorted."""
    found = []
    for name in os.listdir(store.root):
        dot = name.rfind(".")
        stem, ext = name[:dot], name[dot:]
        if (ext == JOURNAL or ext == SNAPSHOT) and _valid_id(stem) and stem not in found:
            found.append(stem)
    found.sort()
    return found


def delete(store, match_id):
    """Remove a match for good (only once the host holds all of it)."""
    _check_id(match_id)
    if not store._exists(match_id):
        raise ValueError("no match %r to delete" % match_id)
    if store._tail_id == match_id:
        store._close_tail()
    store._known.pop(match_id, None)
    gone = store._path(match_id, GONE)
    # One rename is the commit point: with its journal (or lone snapshot) renamed, the
    # match no longer exists; a restart finishes removing the rest.
    for ext in (JOURNAL, SNAPSHOT):
        if _exists(store._path(match_id, ext)):
            os.rename(store._path(match_id, ext), gone)
            break
    store._finish_delete(match_id)


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


def _read_small(path):
    try:
        with open(path, "rb") as f:
            return f.read(MAX_RECORD_BYTES + 1)
    except OSError:
        return None
