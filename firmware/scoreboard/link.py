"""The scoreboard's side of the USB link: one JSON request per line in, one JSON reply out.

The wire format is in docs/protocol.md. In short, every request is an object::

    {"proto":1,"id":7,"op":"events","match":"m0003","from":40}

and every reply carries the same ``proto`` and ``id`` with ``"ok":true`` and the answer, or
``"ok":false`` with an ``error`` code and a ``detail`` a person can act on. A subscribed host
also gets ``{"proto":1,"push":"event",...}`` lines as the table plays.

Whatever arrives — garbage, binary, an oversized line, a wrong type — is answered with an error
and changes nothing: every field is checked before the store is touched, and ``handle`` catches
everything else, because the scoreboard must keep counting whatever the serial port does.

The app owns the serial port and the store; it hands each complete line to ``handle`` (None for
a line too long for its buffer) and writes the reply, and calls ``on_event`` after it appends an
event. What the link reads of the app: its ``match_id`` (the match being played, which the host
may not delete), ``settings`` (pushed names replace ``settings["names"]``), ``hand_over()``
(the ``repl`` request: give the REPL to mpremote), ``boot`` (this power-on's id on flash) and
its board's ``seconds()`` (since power-on) and ``serial_dropped()``. ``Standalone`` is that
app for a link made with only a store and a write function (tests, tools). ``date()`` gives
the host's date for a new match's setup once the host has set the clock; the boot's clock
offset is kept on flash and sent in ``hello`` and the clock reply as ``boots``.
"""

import gc
import json
import time
from binascii import crc32

from domino import registry
from domino.errors import DominoError
from domino.events import dumps
from domino.match import MAX_PLAYERS, Match
from domino.names import check_name, drawable
from scoreboard.store import MatchStore

PROTO = 1
FIRMWARE = "0.1.0"
MAX_REQUEST = 512  # bytes in one request line (the serial line buffer's size)
PAGE_BYTES = 16384  # escaped event text in one events reply (streamed; see _op_events)
LIST_PAGE = 40  # matches in one list reply
MAX_NAMES = 20
MAX_PRESETS = 6
MAX_ID = 0x3FFFFFFF  # request ids are small ints on every port
DATING = 1  # the version of "boot"/"up" in setups and "boots" in replies (docs/protocol.md)
OPS = (
    "hello", "list", "events", "subscribe", "names", "presets", "language", "inputs", "clock",
    "delete", "repl",
)  # fmt: skip
INPUTS = ("knob", "keypad")  # the inputs op's names, the bits of the app's setting in order
_PREFS = {"device": "", "names": [], "presets": []}
_PRESET_KEYS = ("name", "game", "opts", "target", "rounds", "players", "way")


class BadRequest(Exception):
    """A request the link refuses: ``code`` for programs, ``detail`` for people."""

    def __init__(self, code, detail):
        super().__init__(detail)
        self.code = code
        self.detail = detail


class Standalone:
    """The app and board a Link made without an app sees (tests and tools pass ``store`` and
    ``write``): no match on the table, no settings, no boot counted, no REPL to hand over; the
    host's own clock and no count of dropped replies."""

    match_id = None
    settings = None
    boot = None

    def __init__(self, store, write):
        self.store = store
        self.board = self
        self.serial_write = write

    def seconds(self):
        return int(time.time())

    def serial_dropped(self):
        return None  # a write function that does not count what it drops

    def hand_over(self):
        raise BadRequest("no_repl", "this scoreboard has no REPL to hand over")

    def speak(self, code):
        raise BadRequest("no_settings", "this scoreboard keeps no settings")

    def choose_inputs(self, bits):
        raise BadRequest("no_settings", "this scoreboard keeps no settings")


class Link:
    """``Link(app)`` on the scoreboard (its store, its board's serial port); tests and tools
    pass ``store`` and ``write`` instead of an app (a ``Standalone`` stands in for it)."""

    def __init__(self, app=None, store=None, write=None, device_id=None, firmware=FIRMWARE):
        if app is None:
            if store is None or write is None:
                raise TypeError("Link needs the app, or a store and a write function")
            app = Standalone(store, write)
        self.app = app
        self.store = store or app.store
        self.write = write or app.board.serial_write  # bytes -> serial: pushes, streamed pages
        self.firmware = firmware
        self.subscribed = False
        # host epoch at power-on (host seconds minus seconds since boot), once it set the clock
        self.clock_offset = None
        self.boot = app.boot  # this power-on's id on flash, if counted
        self._seconds = app.board.seconds
        # What the host pushed lives in its own small settings record, apart from the app's.
        self._prefs = MatchStore(self.store.root + "/link")
        prefs = self._prefs.load_settings(_PREFS)
        self.names = prefs["names"]
        self.presets = prefs["presets"]
        self.device_id = device_id or prefs["device"] or _board_id()
        if not prefs["device"] and not device_id:
            prefs["device"] = self.device_id  # a sim keeps the id it drew on first start
            self._save(prefs)

    # -- what the app calls ------------------------------------------------------------

    def handle(self, line):
        """The reply (bytes ending in a newline) to one request line, or None for a blank
        line or for one of our own replies echoed back. Never raises."""
        req_id = None
        try:
            req = self._parse(line)
            if req is None:
                return None
            req_id = _request_id(req)
            answer = getattr(self, "_op_" + _op(req))(req)
            if answer is None:  # the op streamed its reply itself (events)
                return None
            answer["proto"] = PROTO
            answer["id"] = req_id
            answer["ok"] = True
            return _line(answer)
        except BadRequest as e:
            return self._error(req_id, e.code, e.detail)
        except DominoError as e:
            return self._error(req_id, "bad_field", str(e))
        except OSError as e:
            return self._error(req_id, "storage", "flash error %s; try again" % (e,))
        except Exception as e:  # never let a request take the scoreboard down
            return self._error(req_id, "internal", "%s: %s" % (type(e).__name__, e))

    def overflow(self, size):
        """The reply to a line the serial reader dropped for being longer than it holds."""
        return self._error(
            None, "too_long", "request of %d+ bytes; at most %d per line" % (size, MAX_REQUEST)
        )

    def on_event(self, match_id, index, line):
        """The app appended event ``index`` (0 is the setup) to ``match_id``: tell the host."""
        if not self.subscribed:
            return
        try:
            self.write(
                _line(
                    {"proto": PROTO, "push": "event", "match": match_id, "i": index, "line": line}
                )
            )
        except Exception:
            self.subscribed = False  # host gone; it subscribes again when it comes back

    def now(self):
        """Seconds since 1970 by the host's clock, or None if no host has set it."""
        if self.clock_offset is None:
            return None
        return self._seconds() + self.clock_offset

    def date(self):
        """``YYYY-MM-DDTHH:MM:SSZ`` for a new match's setup, or None without a clock."""
        now = self.now()
        if now is None:
            return None
        t = time.gmtime(now)
        return "%04d-%02d-%02dT%02d:%02d:%02dZ" % t[:6]

    # -- parsing -----------------------------------------------------------------------

    def _parse(self, line):
        if line is None:  # the app's reader dropped a line too long for its buffer
            raise BadRequest(
                "too_long", "request too long; at most %d bytes per line" % MAX_REQUEST
            )
        if isinstance(line, str):
            line = line.encode()
        if not isinstance(line, (bytes, bytearray)):
            raise BadRequest("internal", "the link was handed %s" % type(line).__name__)
        if len(line) > MAX_REQUEST:
            raise BadRequest(
                "too_long", "request of %d bytes; at most %d per line" % (len(line), MAX_REQUEST)
            )
        line = bytes(line).strip()
        if not line:
            return None
        if max(line) > 127 and not _utf8(line):
            raise BadRequest("not_text", "request is not UTF-8 text; send one JSON object a line")
        text = line.decode()
        try:
            req = json.loads(text)
        except Exception:
            raise BadRequest("bad_json", "not JSON: %s; send one JSON object a line" % _clip(text))
        if not isinstance(req, dict):
            raise BadRequest(
                "not_object", "%s is not a JSON object with proto, id, op" % _clip(text)
            )
        if "op" not in req and ("ok" in req or "push" in req):
            return None  # our own reply echoed by a terminal: answering would ping-pong
        proto = req.get("proto")
        if type(proto) is not int or proto != PROTO:
            raise BadRequest(
                "bad_proto", "proto %s: this scoreboard speaks proto %d" % (_clip(proto), PROTO)
            )
        return req

    def _error(self, req_id, code, detail):
        return _line({"proto": PROTO, "id": req_id, "ok": False, "error": code, "detail": detail})

    # -- operations --------------------------------------------------------------------

    def _op_hello(self, req):
        from scoreboard import words  # loaded with the app: only its code is read

        used, free, total = self.store.usage()
        gc.collect()
        heap = gc.mem_free() if hasattr(gc, "mem_free") else None  # CPython has no mem_free
        return {
            "device": self.device_id,
            "firmware": self.firmware,
            "protos": [PROTO],
            "heap": heap,
            "storage": {"used": used, "free": free, "total": total},
            "matches": len(self.store.list()),
            "clock": self.now(),
            "dating": DATING,
            "boot": self.boot,
            "boots": self.store.boots(),
            "names": self.names,
            "presets": len(self.presets),
            "max_request": MAX_REQUEST,
            "dropped": self._dropped(),
            "playing": self.playing(),
            "language": words.code,  # what the screens speak: a live board speaks it too
        }

    def playing(self):
        """The match on the table (the host may not delete it; a live board shows it), or
        None."""
        return self.app.match_id

    def _dropped(self):
        """Replies and pushes the board dropped for a host that was not reading (None: a
        board or a test's write function that does not count them)."""
        return self.app.board.serial_dropped()

    def _op_list(self, req):
        after = _field(req, "after", str, None)
        out = []
        more = False
        for match_id in self.store.list():
            if after is not None and match_id <= after:
                continue
            if len(out) == LIST_PAGE:
                more = True
                break
            out.append([match_id, self.store.count(match_id)])
        return {"matches": out, "more": more}

    def _op_events(self, req):
        match_id = self._match(req)
        start = _field(req, "from", int, 0)
        most = _field(req, "max", int, 1000)
        have = _field(req, "have", str, None)
        count = self.store.count(match_id)
        if start < 0 or start > count:
            raise BadRequest(
                "bad_field", "from %d: match %s has events 0..%d" % (start, match_id, count)
            )
        if most < 1:
            raise BadRequest("bad_field", "max %d: ask for at least 1 event" % most)
        if have is not None and start and _crc(self.store, match_id, start) != have:
            raise BadRequest(
                "diverged",
                "match %s: events 0..%d differ from the host's copy (crc %s)"
                % (match_id, start - 1, have),
            )
        # The page goes out piece by piece as it is read from flash: no reply is ever built
        # whole, so a fragmented heap (no free block of even 1 KB) still serves it.
        write = self.write
        sent = 0
        size = 0
        chunk = ['{"lines":[']  # written ~1 KB at a time: fewer calls, no big block
        held = 10
        lines = self.store.read(match_id, start)
        try:
            for line in lines:
                piece = _quoted(line)
                if sent and size + len(piece) > PAGE_BYTES:
                    break
                if sent:
                    chunk.append(",")
                chunk.append(piece)
                sent += 1
                size += len(piece) + 1
                held += len(piece) + 1
                if held >= 1024:
                    write("".join(chunk).encode())
                    chunk = []
                    held = 0
                if sent == most:
                    break  # before reading a line it will not send (it may be unreadable)
            nxt = start + sent
            tail = dumps(
                {
                    "proto": PROTO,
                    "id": _request_id(req),
                    "ok": True,
                    "match": match_id,
                    "from": start,
                    "next": nxt,
                    "count": count,
                    "more": nxt < count,
                }
            )
            chunk.append("],")
            chunk.append(tail[1:])
            chunk.append("\n")
            write("".join(chunk).encode())
        except Exception:
            write(b"\n")  # end the broken line; the host skips it and reads the error reply
            raise
        finally:
            lines.close()
        return None  # already sent

    def _op_subscribe(self, req):
        self.subscribed = _field(req, "on", bool, True)
        return {"on": self.subscribed}

    def _op_names(self, req):
        names = _field(req, "names", list, None)
        if names is None or len(names) > MAX_NAMES:
            raise BadRequest("bad_field", "names: a list of at most %d player names" % MAX_NAMES)
        for n in names:
            _check_name(n, "name")
        self._remember(names, self.presets)
        return {"names": len(names)}

    def _op_presets(self, req):
        presets = _field(req, "presets", list, None)
        if presets is None or len(presets) > MAX_PRESETS:
            raise BadRequest("bad_field", "presets: a list of at most %d presets" % MAX_PRESETS)
        for p in presets:
            _check_preset(p)
        self._remember(self.names, presets)
        return {"presets": len(presets)}

    def _op_language(self, req):
        from scoreboard import words

        code = _field(req, "language", str, None)
        if code not in words.CODES:
            raise BadRequest("bad_field", "language: one of %s" % ", ".join(words.CODES))
        self.app.speak(code)  # kept with the settings; the screen on show again, in its words
        return {"language": code}

    def _op_inputs(self, req):
        names = _field(req, "inputs", list, None)
        if names is None or any(n not in INPUTS for n in names):
            raise BadRequest(
                "bad_field",
                "inputs: a list of the inputs fitted beside the five buttons, of %s (none: the"
                " buttons alone)" % ", ".join(INPUTS),
            )
        bits = 0
        for i, n in enumerate(INPUTS):
            if n in names:
                bits |= 1 << i
        self.app.choose_inputs(bits)  # kept with the settings, read from the next poll on
        return {"inputs": [n for n in INPUTS if n in names]}

    def _op_clock(self, req):
        now = _field(req, "time", int, None)
        if now is None or not 1577836800 <= now < 4102444800:  # 2020..2099
            raise BadRequest("bad_field", "time: seconds since 1970 (UTC) between 2020 and 2099")
        first = self.clock_offset is None
        self.clock_offset = now - self._seconds()
        if first and self.boot is not None:
            try:  # matches of this boot started before now are dated by it (docs/storage.md)
                self.store.note_clock(self.boot, self.clock_offset)
            except OSError:
                pass  # a full flash: the clock is set all the same, the offset is not kept
        return {
            "time": self.now(),
            "dating": DATING,
            "boot": self.boot,
            "boots": self.store.boots(),
        }

    def _op_delete(self, req):
        match_id = self._match(req)
        held = _field(req, "count", int, None)
        held_crc = _field(req, "crc", str, None)
        if held is None or held_crc is None:
            raise BadRequest("bad_field", "delete needs count and crc of the events the host holds")
        if self.playing() == match_id:
            raise BadRequest(
                "active", "match %s is being played; finish or leave it first" % match_id
            )
        count = self.store.count(match_id)
        if held != count or _crc(self.store, match_id, count) != held_crc:
            raise BadRequest(
                "mismatch",
                "match %s has %d events (crc %s); the host holds %d (crc %s): "
                "sync first" % (match_id, count, _crc(self.store, match_id, count), held, held_crc),
            )
        self.store.delete(match_id)
        return {"deleted": match_id}

    def _op_repl(self, req):
        # The app turns Ctrl-C back on before this reply is queued, so mpremote's Ctrl-C that
        # follows it interrupts; the app's loop ends after this pass.
        if not self.app.hand_over():  # a Standalone link refuses: no_repl
            raise BadRequest(
                "busy",
                "a match is on the table: the board is handed over at the start screen only "
                "(leave the match there), or power it on with BACK held",
            )
        return {"repl": True}

    # -- helpers -----------------------------------------------------------------------

    def _match(self, req):
        match_id = _field(req, "match", str, None)
        if match_id is None:
            raise BadRequest("bad_field", "match: the id of a stored match (op list names them)")
        if match_id not in self.store.list():
            raise BadRequest("no_match", "no match %s on this scoreboard" % _clip(match_id))
        return match_id

    def _remember(self, names, presets):
        self._save({"device": self.device_id, "names": names, "presets": presets})
        self.names = names
        self.presets = presets
        settings = self.app.settings
        if settings is not None and "names" in settings and names:
            settings["names"] = names  # the app offers these when players are picked
            self.store.save_settings(settings)

    def _save(self, prefs):
        try:
            self._prefs.save_settings(prefs)
        except ValueError as e:
            raise BadRequest("bad_field", "too much to store: %s" % e)


def _line(value):
    return dumps(value).encode() + b"\n"


def _request_id(req):
    rid = req.get("id")
    if type(rid) is not int or not 0 <= rid <= MAX_ID:
        raise BadRequest(
            "bad_id", "id %s: a whole number 0..%d that the reply echoes" % (_clip(rid), MAX_ID)
        )
    return rid


def _op(req):
    op = req.get("op")
    if op not in OPS:
        raise BadRequest("unknown_op", "op %s: known ops are %s" % (_clip(op), ", ".join(OPS)))
    return op


_TYPE_NAMES = {bool: "true or false", int: "a whole number", str: "a string", list: "a list"}


def _field(req, key, kind, default):
    value = req.get(key)
    if value is None:
        return default
    # bool is an int in Python; a field is never both
    if type(value) is not kind:
        raise BadRequest("bad_field", "%s %s: must be %s" % (key, _clip(value), _TYPE_NAMES[kind]))
    return value


def _check_preset(p):
    if not isinstance(p, dict):
        raise BadRequest("bad_field", "preset %s: an object with name and game" % _clip(p))
    for key in p:
        if key not in _PRESET_KEYS:
            raise BadRequest(
                "bad_field",
                "preset key %s: allowed keys are %s" % (_clip(key), ", ".join(_PRESET_KEYS)),
            )
    _check_name(p.get("name"), "preset name")
    players = p.get("players", 2)
    if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
        raise BadRequest("bad_field", "preset players %s: 2..%d" % (_clip(players), MAX_PLAYERS))
    if p.get("game") not in registry.keys():
        raise BadRequest(
            "bad_field",
            "preset game %s: known games are %s"
            % (_clip(p.get("game")), ", ".join(registry.keys())),
        )
    setup = {"game": p["game"], "players": ["P%d" % i for i in range(players)]}
    for key in ("opts", "target", "rounds", "way"):
        if key in p:
            setup[key] = p[key]
    Match(setup)  # the rules core checks game, options and limits (DominoError otherwise)


def _check_name(name, what):
    """Only what the font draws is stored: no emoji, surrogates, control or bidi marks. The
    message shows a refused character by its code point only: a surrogate that MicroPython's
    json let in would make the reply itself invalid UTF-8."""
    try:
        check_name(name, what)
    except DominoError as e:
        raise BadRequest("bad_field", "".join(c if drawable(c) else "?" for c in str(e)))


def _quoted(line):
    """An event line as a JSON string. Stored lines are canonical JSON (``dumps``): only their
    quotes and backslashes need escaping, which spares the heap a list per character."""
    if line and min(line) < " ":
        return dumps(line)  # a control character: the full escaping
    if "\\" in line:
        line = line.replace("\\", "\\\\")
    if '"' in line:
        line = line.replace('"', '\\"')
    return '"' + line + '"'


def _crc(store, match_id, count):
    """CRC-32 of events 0..count-1, each as UTF-8 plus a newline: what the host computes over
    its copy to prove it holds exactly these events."""
    crc = 0
    n = 0
    lines = store.read(match_id, 0)
    try:
        for line in lines:
            if n == count:
                break
            crc = crc32(b"\n", crc32(line.encode(), crc))
            n += 1
    finally:
        lines.close()
    return "%08x" % (crc & 0xFFFFFFFF)


def _utf8(data):
    """Strict UTF-8 (MicroPython's decode lets overlong forms and surrogates through, and they
    would come back out in error messages as bytes no host can decode)."""
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            i += 1
            continue
        if 0xC2 <= b <= 0xDF:
            need, lo, hi = 1, 0x80, 0xBF
        elif 0xE0 <= b <= 0xEF:
            need = 2
            lo = 0xA0 if b == 0xE0 else 0x80
            hi = 0x9F if b == 0xED else 0xBF
        elif 0xF0 <= b <= 0xF4:
            need = 3
            lo = 0x90 if b == 0xF0 else 0x80
            hi = 0x8F if b == 0xF4 else 0xBF
        else:
            return False
        if i + need >= n:
            return False
        if not lo <= data[i + 1] <= hi:
            return False
        for k in range(2, need + 1):
            if not 0x80 <= data[i + k] <= 0xBF:
                return False
        i += need + 1
    return True


def _clip(value):
    """A short, safe rendering of a bad value for an error message."""
    try:
        text = dumps(value)
    except Exception:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _board_id():
    try:
        import machine

        return "pico-" + "".join("%02x" % b for b in machine.unique_id())
    except Exception:
        pass
    try:
        import os

        return "sim-" + "".join("%02x" % b for b in os.urandom(4))
    except Exception:
        return "sim-%08x" % (time.ticks_us() & 0xFFFFFFFF)  # type: ignore[attr-defined]
