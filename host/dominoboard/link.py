"""The host's side of the USB link (docs/protocol.md): requests out, replies matched by id.

The Pico's USB serial is also its REPL, so not every line is ours: the MicroPython banner, a
``>>>`` prompt, a traceback. Anything that is not a JSON object with our ``proto`` is skipped
(and remembered, so a timeout can say what the port was saying instead).

Replies are bound to requests: each session draws its request ids at random, so a reply left on
the wire by an earlier, interrupted session (whose ids were others) is dropped, never taken for
ours. And one session at a time: the device node is locked while it is open; a second
program, whoever runs it, is refused with the id of the process holding it.

A reply is waited for as long as the scoreboard keeps talking: the timeout is for silence, not
for a whole reply, so a slow host or a slow device is never taken for a dead one. The
scoreboard drops a reply the host did not read within 50 ms (it never waits on the host,
docs/protocol.md), as happens to a host busy on a loaded PC: such a reply is asked for again,
as the protocol says, when its line arrives cut off or the port falls quiet without it.
"""

import collections
import errno
import json
import os
import secrets
import time
import unicodedata
import zlib
from collections.abc import Iterable
from typing import Any

import serial

from .errors import BadReply, CliError, DeviceError, Refused

PROTO = 1
BAUD = 115200  # ignored by USB CDC and by a pty; set for adapters that care
MAX_ID = 0x3FFFFFFF  # the scoreboard echoes ids 0..MAX_ID
MAX_REQUEST = 512  # bytes in a request line the scoreboard reads (firmware link.MAX_REQUEST)
# Ops whose request may be sent twice: the second answer is the first one again (a delete
# asked again would be refused as no_match, and the host would not know it had deleted).
ASK_AGAIN = frozenset(
    ("hello", "list", "events", "subscribe", "names", "presets", "language", "inputs", "clock")
)
MAX_ASKS = 8  # asks of one request: past that, only silence ends the wait
WINDOW = 3  # requests in flight: the scoreboard reads the next while the host stores a page


def crc_of(lines: Iterable[str], crc: int = 0) -> int:
    """The CRC the scoreboard computes over events (each line as UTF-8, plus a newline)."""
    for line in lines:
        crc = zlib.crc32(line.encode() + b"\n", crc)
    return crc


def nfc(value: Any) -> Any:
    """``value`` with every string NFC-normalised (``e`` + U+0301 becomes ``é``): the
    scoreboard has no Unicode tables and refuses combining marks."""
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [nfc(v) for v in value]
    if isinstance(value, dict):
        return {k: nfc(v) for k, v in value.items()}
    return value


# What each reply must hold for the host to use it; a field missing or of another type is a
# clear error naming it (BadReply), never a KeyError further on. (None: may be null.)
REPLIES: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"device": (str,), "firmware": (str,)},
    "list": {"matches": (list,), "more": (bool,)},
    "events": {
        "match": (str,),
        "from": (int,),
        "lines": (list,),
        "next": (int,),
        "count": (int,),
        "more": (bool,),
    },
    "delete": {"deleted": (str,)},
    "subscribe": {"on": (bool,)},
    "names": {"names": (int,)},
    "presets": {"presets": (int,)},
    "language": {"language": (str,)},
    "inputs": {"inputs": (list,)},
}
OPTIONAL: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {
        "playing": (str, type(None)),
        "boot": (str, type(None)),
        "boots": (list,),
        "language": (str,),
    },
    "clock": {"boot": (str, type(None)), "boots": (list,)},
}
EPOCHS = (1577836800, 4102444800)  # a power-on's clock: 2020..2099, as the clock op allows


def host_time() -> int | None:
    """This computer's clock, when it is one to date matches by (2020..2099, the range the
    scoreboard's clock op takes); None for one that is not (a Raspberry Pi without a
    real-time clock or network starts in 1970): the matches then stay "date unknown"."""
    now = int(time.time())
    return now if EPOCHS[0] <= now < EPOCHS[1] else None


def reply_problem(op: str, msg: dict) -> str | None:
    """What is wrong with a success reply to ``op``, or None."""
    for name, allowed in REPLIES.get(op, {}).items():
        if name not in msg:
            return f"has no {name!r}"
        if not _typed(msg[name], allowed):
            return f"has {name!r} = {_shown(msg[name])}, not {_kinds(allowed)}"
    for name, allowed in OPTIONAL.get(op, {}).items():
        if name in msg and not _typed(msg[name], allowed):
            return f"has {name!r} = {_shown(msg[name])}, not {_kinds(allowed)}"
    if op == "list":
        for entry in msg["matches"]:
            if not (
                isinstance(entry, list)
                and len(entry) == 2
                and isinstance(entry[0], str)
                and _typed(entry[1], (int,))
            ):
                return f"lists {_shown(entry)}, not [match id, number of events]"
    if op == "events":
        for k, line in enumerate(msg["lines"]):
            if not isinstance(line, str):
                return f"has 'lines'[{k}] = {_shown(line)}, not text"
    return None


def boot_clocks(msg: dict) -> tuple[list[tuple[str, int]], list[str]]:
    """The power-on clocks ``boots`` of a hello or clock reply: (those that are [boot id,
    seconds since 1970 at power-on], each other one shown). A bad entry is the scoreboard's
    record of its clock, not the reply: it dates nothing and stops nothing."""
    good: list[tuple[str, int]] = []
    bad: list[str] = []
    for entry in msg.get("boots", []):
        if (
            isinstance(entry, list)
            and len(entry) == 2
            and isinstance(entry[0], str)
            and type(entry[1]) is int
            and 0 <= entry[1] < EPOCHS[1]
        ):
            good.append((entry[0], entry[1]))
        else:
            bad.append(_shown(entry))
    return good, bad


def _typed(value: object, allowed: tuple[type, ...]) -> bool:
    if isinstance(value, bool):  # JSON true is not a number here
        return bool in allowed
    if isinstance(value, int) and int in allowed:
        return 0 <= value <= MAX_COUNT
    return isinstance(value, allowed)


MAX_COUNT = 10**9  # no count the scoreboard sends is larger (nor negative)

_KINDS = {
    str: "text",
    int: "a whole number",
    bool: "true/false",
    list: "a list",
    type(None): "null",
}


def _kinds(allowed: tuple[type, ...]) -> str:
    return " or ".join(_KINDS[t] for t in allowed)


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def open_port(port: str) -> Any:
    """Open the serial port for this session alone: pyserial's ``exclusive`` takes a
    ``flock`` on the device node itself, which every process of every user opening that node
    shares (a lock file would be only as shared as the folder it lies in: two users' $TMPDIR
    are two folders). The lock goes with the process, however it ends."""
    try:
        return serial.serial_for_url(port, baudrate=BAUD, timeout=0.05, exclusive=True)
    except (serial.SerialException, OSError) as e:
        if e.errno in (errno.EAGAIN, errno.EWOULDBLOCK):
            raise DeviceError(
                f"{port} is in use by {_describe(lock_holder(port))}; wait for it to finish or "
                "stop it (one program at a time talks to the scoreboard)"
            ) from None
        raise DeviceError(
            f"cannot open {port}: {e}. Is another program (mpremote, a "
            "terminal, `dominoboard live`) using it?"
        ) from e


def lock_holder(port: str) -> str:
    """The id of the process holding the flock on ``port``'s device node ('' if unknown):
    Linux lists every lock in /proc/locks as pid and device:inode."""
    try:
        st = os.stat(port)
        with open("/proc/locks", encoding="ascii", errors="replace") as f:
            locks = f.read().splitlines()
    except OSError:
        return ""
    node = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for line in locks:
        fields = line.split()
        if "FLOCK" in fields and "->" not in fields and node in fields:
            return fields[fields.index(node) - 1]
    return ""


def _text(value: object) -> str:
    """A reply's text, printable whatever bytes the scoreboard sent."""
    return str(value).encode("utf-8", "backslashreplace").decode()


def _describe(pid: str) -> str:
    if not pid.isdigit() or (os.path.isdir("/proc") and not os.path.exists(f"/proc/{pid}")):
        return "another process"
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        cmd = ""
    return f"process {pid} ({cmd[:80]})" if cmd else f"process {pid}"


class DeviceLink:
    def __init__(
        self,
        port: str,
        timeout: float = 3.0,
        port_object: Any = None,
        ask_after: float | None = None,
    ):
        self.port = port
        self.timeout = timeout
        # quiet before a dropped reply is asked for again: its own knob, so a patient
        # timeout (a slow host, a test's failure guard) does not also slow the recovery
        self.ask_after = timeout / 3 if ask_after is None else ask_after
        self.serial = port_object or open_port(port)
        # Ids follow on from a random start: a stale reply (another session's id) is dropped.
        self._next_id = secrets.randbelow(MAX_ID // 2)
        self._sent: dict[int, str] = {}  # request id -> op, until its reply arrives
        self._lines: dict[int, bytes] = {}  # request id -> its line, to ask again
        self._asks: dict[int, int] = {}  # request id -> times sent
        self._heard = 0.0  # when the scoreboard last sent protocol bytes (time.monotonic)
        self._cut = False  # a reply line arrived cut off since the last look
        self._buffer = bytearray()
        self.pushes: collections.deque[dict] = collections.deque()
        self.noise: collections.deque[str] = collections.deque(maxlen=20)
        self.replies: dict[int, dict] = {}
        self.serial.reset_input_buffer()
        self._write(b"\n")  # end whatever half line the scoreboard may hold

    # -- requests ----------------------------------------------------------------------

    def send(self, op: str, **fields: Any) -> int:
        """Send one request; returns its id (collect the reply with ``reply``)."""
        req_id = self._next_id
        msg = {"proto": PROTO, "id": req_id, "op": op}
        msg.update({k: nfc(v) for k, v in fields.items() if v is not None})
        # UTF-8 on the wire: a \u escape of an emoji is a surrogate pair to MicroPython
        line = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
        try:
            data = line.encode()
        except UnicodeEncodeError as e:
            raise CliError(
                f"{op}: {e.object[e.start : e.end]!r} is not text (a lone surrogate)"
            ) from None
        if len(data) > MAX_REQUEST:  # the scoreboard would refuse it without its id
            raise CliError(
                f"{op}: a request of {len(data)} bytes; the scoreboard reads at most "
                f"{MAX_REQUEST} a line"
            )
        # recorded only once it is sent: an unsent request is never asked again
        self._next_id = self._next_id + 1 if self._next_id < MAX_ID else 0
        self._sent[req_id] = op
        self._lines[req_id] = data + b"\n"
        self._asks[req_id] = 1
        self._write(data + b"\n")
        return req_id

    def reply(self, req_id: int) -> dict:
        """The reply to request ``req_id``; raises Refused for an error reply, DeviceError
        once the scoreboard has said nothing for ``timeout`` seconds.

        Bytes of a reply (ours or not) restart the clock. A reply the scoreboard dropped is
        asked for again: at once when its line arrives cut off, else when the port has been
        quiet for a third of ``timeout`` (a reply dropped before its first byte leaves no
        trace); then every request still unanswered is asked again, the queue being empty.
        An answer that comes twice is used once: the second is dropped like a stale one."""
        self._heard = asked = time.monotonic()
        self._cut = False
        while req_id not in self.replies:
            quiet = self.ask_after
            now = time.monotonic()
            if now - self._heard >= self.timeout:
                raise DeviceError(self._silence(req_id))
            if now - max(self._heard, asked) >= quiet:
                self._ask_again([i for i in self._sent if i not in self.replies])
                asked = now
            deadline = min(self._heard + self.timeout, max(self._heard, asked) + quiet)
            self._read_message(deadline)
            if self._cut and req_id not in self.replies:
                self._cut = False
                self._ask_again([req_id])
                asked = time.monotonic()
        msg = self.replies.pop(req_id)
        op = self._sent.pop(req_id, "")
        self._lines.pop(req_id, None)
        self._asks.pop(req_id, None)
        ok = msg.get("ok")
        if ok is False and isinstance(msg.get("error"), str):
            raise Refused(msg["error"], _text(msg.get("detail")))
        why = reply_problem(op, msg) if ok is True else None
        if ok is False:
            why = f"refused with 'error' = {_shown(msg.get('error'))}, not a code"
        elif ok is not True:
            why = f"has 'ok' = {_shown(ok)}, not true/false" if "ok" in msg else "has no 'ok'"
        if why:
            raise BadReply(
                f"the scoreboard on {self.port} answered {op} with a reply that {why}; "
                "nothing of it was used (is its firmware one this dominoboard speaks to?)"
            )
        return msg

    def _ask_again(self, req_ids: list[int]) -> None:
        for req_id in req_ids:
            if self._sent.get(req_id) in ASK_AGAIN and self._asks[req_id] < MAX_ASKS:
                self._asks[req_id] += 1
                self._write(self._lines[req_id])

    def request(self, op: str, **fields: Any) -> dict:
        return self.reply(self.send(op, **fields))

    def set_clock(self) -> dict:
        """Give the scoreboard this computer's time (it has no clock of its own that survives
        a power cycle): matches started from now on carry the table's date in their setup,
        and those started earlier in this power-on are dated by the reply's ``boots`` (the
        clock at each recent power-on; absent from a scoreboard older than match dates).
        Only a plausible time is given (host_time): else nothing is asked, and {} returned."""
        now = host_time()
        return {} if now is None else self.request("clock", time=now)

    def next_push(self, timeout: float) -> dict | None:
        """The next pushed message (an event, for a subscribed host), or None."""
        deadline = time.monotonic() + timeout
        while not self.pushes:
            self._cut = False
            if self._read_message(deadline) is None:
                return None
        return self.pushes.popleft()

    def close(self) -> None:
        self.serial.close()  # closing the node drops its lock

    def __enter__(self) -> "DeviceLink":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- lines -------------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        try:
            self.serial.write(data)
        except (serial.SerialException, OSError) as e:
            raise DeviceError(f"writing to {self.port} failed: {e} (unplugged?)") from e

    def _read_message(self, deadline: float) -> dict | None:
        """Read until one protocol message arrives (filed under replies or pushes); None
        when a reply line arrives cut off, or at ``deadline``."""
        late = False
        while True:
            cut = self._buffer.find(b"\n")
            if cut >= 0:
                raw = bytes(self._buffer[:cut]).strip()
                del self._buffer[: cut + 1]
                msg = self._protocol(raw)
                if msg is None:
                    if self._cut or time.monotonic() > deadline:  # cut: ask again at once
                        return None  # (past the deadline: a port that prints, never answers)
                    continue
                if "push" in msg:
                    self.pushes.append(msg)
                elif isinstance(msg.get("id"), int):
                    if msg["id"] not in self._sent:
                        if time.monotonic() > deadline:
                            return None
                        continue  # a reply to an earlier session's request: not ours
                    self.replies[msg["id"]] = msg
                else:  # an error about a line the scoreboard could not read at all
                    self.noise.append(raw.decode(errors="replace"))
                    if time.monotonic() > deadline:
                        return None
                    continue
                return msg
            try:
                waiting = self.serial.in_waiting
                past = time.monotonic() > deadline
                # Past the deadline, bytes already waiting are read once: this host may have
                # been the one asleep, not the scoreboard.
                if past and (late or not waiting):
                    return None
                late = past
                chunk = self.serial.read(max(1, waiting))
            except (serial.SerialException, OSError) as e:
                raise DeviceError(f"reading from {self.port} failed: {e} (unplugged?)") from e
            self._buffer.extend(chunk)
            start = self._buffer.rfind(b"\n") + 1
            if chunk and self._buffer[start : start + 1] == b"{":  # a reply coming: not silence
                self._heard = time.monotonic()

    def _protocol(self, raw: bytes) -> dict | None:
        if not raw.startswith(b"{"):
            if raw:
                self.noise.append(raw.decode(errors="replace"))
            return None
        self._heard = time.monotonic()  # the scoreboard is talking (a REPL's lines are not)
        try:
            # bytes a damaged flash holds come through as lone surrogates, for sync to name
            msg = json.loads(raw.decode("utf-8", "surrogateescape"))
        except ValueError:  # a reply cut off: the scoreboard dropped it, its host too slow
            self._cut = True
            self.noise.append(raw.decode(errors="replace"))
            return None
        if not isinstance(msg, dict) or "proto" not in msg:
            self.noise.append(raw.decode(errors="replace"))
            return None
        if msg["proto"] != PROTO:
            raise DeviceError(
                f"the scoreboard on {self.port} speaks protocol {msg['proto']}, "
                f"this dominoboard speaks {PROTO}: update the older of the two"
            )
        return msg

    def _silence(self, req_id: int) -> str:
        asks = self._asks.get(req_id, 1)
        text = (
            f"no reply from the scoreboard on {self.port} to {self._sent.get(req_id, 'a request')}"
            f": it said nothing for {self.timeout:g} s"
            + (f" (asked {asks} times)" if asks > 1 else "")
        )
        said = [
            n if len(n) <= 160 else n[:120] + f"... ({len(n)} characters)" for n in self.noise if n
        ]
        if any(n.startswith(">>>") or "MicroPython" in n for n in said):
            return text + (
                ": the board is at the MicroPython prompt, not running the "
                "scoreboard; reset it (Ctrl-D) or run `dominoboard deploy`"
            )
        if said:
            return text + "; it printed instead:\n  " + "\n  ".join(said[-5:])
        return text + ": is the scoreboard app running, and is this the right port?"
