"""The store's file names and the small file operations ``store`` and ``store_admin`` share.

A match ``<id>`` is files ``<id><ext>`` in the store's folder (scoreboard/store.py explains
each extension). Both modules import this one, so neither imports the other's privates.
"""

import os

JOURNAL = ".jnl"
SNAPSHOT = ".snp"
TEMP = ".tmp"  # a snapshot being written; never valid after a restart
GONE = ".del"  # a match being deleted: its journal renamed, the rest to remove
DAMAGED = ".bad"  # a journal that had damaged records in the middle, kept for a human
INDEX = "index.cfg"  # each match's event 0, for the Matches list (store_admin.first_lines)
MAX_ID_CHARS = 24
ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
# ID_CHARS by byte: an id is checked by its bytes (on the Pico each character of a str walked
# is a new string; listing 100 matches spent most of its loop there)
_ID_BYTES = bytearray(256)
for _c in ID_CHARS.encode():
    _ID_BYTES[_c] = 1


def valid_id(match_id):
    """True for a match id the store accepts (it names files)."""
    if not isinstance(match_id, str) or not 0 < len(match_id) <= MAX_ID_CHARS:
        return False
    for b in match_id.encode():
        if not _ID_BYTES[b]:
            return False
    return True


def check_id(match_id):
    """Raise ValueError for an id ``valid_id`` refuses."""
    if not valid_id(match_id):
        raise ValueError(
            "bad match id %r: 1-%d characters from A-Z a-z 0-9 _ -" % (match_id, MAX_ID_CHARS)
        )


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove(path):
    """Remove a file if it is there."""
    try:
        os.remove(path)
    except OSError:
        pass  # already gone
