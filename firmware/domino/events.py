"""Event encoding: one compact JSON object per line, identical bytes on CPython and MicroPython.

A match file is its setup line followed by its events::

    {"game":"muggins","players":["Ana","Ben"],"v":1}
    {"k":"play","p":0,"t":"6-6"}
    {"e":0,"k":"play","p":1,"t":"6-4"}

MicroPython's dicts do not keep insertion order and its ``json.dumps`` spaces differ, so the core
writes JSON itself: keys sorted, no spaces, control characters escaped, the rest as UTF-8
(MicroPython reads no surrogate-pair escapes, so a name like "José" travels as UTF-8).
Reading uses ``json.loads``.
"""

import json

from .errors import DominoError

VERSION = 1
MAX_LINE = 512  # bytes; the device's serial and journal buffers are sized from this

# The note a table records when it abandons a match (the device's Matches menu): the match
# stays whole for the host, which frees it from the device at its next sync (docs/storage.md).
ABANDONED = '{"k":"note","text":"abandoned"}'

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _string(s, out):
    """Append the JSON of str ``s`` to the list ``out``. A string with nothing to escape (the
    usual case) goes in as it is: on the Pico every new string costs a search of the interned
    ones, and walking ``s`` by characters made one per character."""
    for b in s.encode():
        if b < 32 or b == 34 or b == 92 or b == 127:
            break
    else:
        out.append('"')
        out.append(s)
        out.append('"')
        return
    out.append('"')
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    out.append('"')


def _dump(value, out):
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(str(value))
    elif isinstance(value, float):
        raise DominoError("%r: the match format holds whole numbers only" % (value,))
    elif isinstance(value, str):
        _string(value, out)
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for i in range(len(value)):
            if i:
                out.append(",")
            _dump(value[i], out)
        out.append("]")
        _fold(out)
    elif isinstance(value, dict):
        keys = sorted(value)
        for k in keys:
            if not isinstance(k, str):
                raise DominoError("key %r: keys must be strings" % (k,))
        out.append("{")
        for i in range(len(keys)):
            if i:
                out.append(",")
            _string(keys[i], out)
            out.append(":")
            _dump(value[keys[i]], out)
        out.append("}")
        _fold(out)
    else:
        raise DominoError("%r: not storable in a match file" % (value,))


def _fold(out):
    """Join the pieces so far once they are many: a long value (a 13-round match's standings)
    must not grow one list of a thousand pieces, a block a fragmented Pico-sized heap may
    not have; an event stays under the limit and is joined once."""
    if len(out) > 64:
        text = "".join(out)
        out.clear()
        out.append(text)


def dumps(value):
    """Canonical JSON: sorted keys, no spaces; the same text on every interpreter. Built as a
    list of pieces joined once (on the Pico each intermediate string is searched among the
    interned ones)."""
    out = []
    _dump(value, out)
    return "".join(out)


def loads(line):
    """One event from one line; a clear DominoError for anything that is not an event object."""
    if isinstance(line, bytes):
        try:
            line = line.decode()
        except Exception:
            raise DominoError("line is not UTF-8 text")
    if len(line) > MAX_LINE * 4:
        raise DominoError("line of %d characters: at most %d" % (len(line), MAX_LINE * 4))
    try:
        value = json.loads(line)
    except Exception:
        raise DominoError("not JSON: %r" % (line[:60],))
    if not isinstance(value, dict):
        raise DominoError("expected a JSON object, got %r" % (line[:60],))
    return value


def read_match(text):
    """Setup and events from a match file: JSON lines, or one JSON object
    ``{"setup": {...}, "events": [...]}``. Blank lines are skipped."""
    stripped = text.strip()
    if stripped.startswith("{") and '"events"' in stripped.split("\n", 1)[0]:
        try:
            doc = json.loads(stripped)
        except Exception:
            doc = None
        if isinstance(doc, dict) and "setup" in doc:
            events = doc.get("events", [])
            if not isinstance(events, list):
                raise DominoError('"events" must be a list of event objects')
            return doc["setup"], events
    lines = [ln for ln in text.split("\n") if ln.strip()]
    if not lines:
        raise DominoError("empty match file: the first line must be the setup")
    out = []
    for i, ln in enumerate(lines):
        try:
            out.append(loads(ln))
        except DominoError as e:
            raise DominoError("line %d: %s" % (i + 1, e))
    return out[0], out[1:]


def write_match(setup, events):
    return "".join(dumps(e) + "\n" for e in [setup] + list(events))
