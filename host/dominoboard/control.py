"""The local control channel of `dominoboard live`: other commands talk to its boxes through it.

A running `live` holds each scoreboard's port (one program at a time may). Rather than refuse
`sync`, `names` and `export --from-device` while it runs, `live` listens on a Unix socket,
``<runtime dir>/dominoboard/live/<pid>.sock`` (platformdirs; the folder 0700, the socket 0600:
only this user's programs reach it), and those commands send their requests through it:

- the client opens each socket there and names the port it wants (``{"port": path}``); the
  `live` that follows that port answers ``{"ok": true}``, any other ``{"ok": false}``;
- then each request is a JSON line ``{"id": n, "op": op, "fields": {...}}``, and its answer
  ``{"id": n, "reply": {...}}`` (the scoreboard's reply, as ``DeviceLink.request`` returns it),
  ``{"id": n, "refused": [code, detail]}`` or ``{"id": n, "failed": text}`` (the link failed);
- `live` runs the requests of one client at a time, in order, on the link it already has open,
  between two pushes, for a turn of at most SLICE seconds (then the board follows the table
  and the client's next turn comes); a client's session ends when it closes the socket or is
  silent for SESSION_IDLE. A line that is not such a request is answered ``failed``, too.

``ProxyLink`` is the client's side: it has DeviceLink's ``send``, ``reply``, ``request`` and
``set_clock``, so `sync` runs its own functions over it, unchanged, into its own database.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import select
import socket
import threading
import time
import warnings
from pathlib import Path
from typing import Any

from .errors import BadReply, CliError, DeviceError, Refused
from .link import WINDOW, DeviceLink

SESSION_IDLE = 30.0  # seconds a client may stay silent before `live` ends its session
SLICE = 1.0  # seconds a client holds the board per turn (then the table is followed again)
PAUSE = 0.05  # seconds a turn waits for a client's next line before giving the board back
MAX_LINE = 1 << 20  # a request line longer than this is not one of ours


def live_dir() -> Path:
    import platformdirs

    with warnings.catch_warnings():  # no XDG_RUNTIME_DIR (a container, CI): the fallback is fine
        warnings.simplefilter("ignore")
        return platformdirs.user_runtime_path("dominoboard") / "live"


def same_port(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


# -- the server (in `live`) -----------------------------------------------------------------


class Session:
    """One client's connection, handed to the thread that owns its port. The board is held
    for a turn of at most SLICE seconds: a client with more to ask is served again after the
    board has followed the table (``serve`` returns False), so no client holds it."""

    def __init__(self, conn: socket.socket):
        self.conn = conn
        self._buffer = b""  # bytes received and not yet taken as lines (no makefile: its
        self._eof = False  # buffer would hide them from select)
        self._heard = time.monotonic()  # the client's last line: SESSION_IDLE counts from it

    def serve(self, link: Any, turn: float = SLICE) -> bool:
        """Run this client's requests on ``link``, up to WINDOW of them in flight as sync
        keeps them, for one turn. True when the session is over (the client closed it, was
        silent for SESSION_IDLE, or the link failed), False when it yields the board with
        more to come. Every line is answered, a malformed one with ``failed``; only a lost
        link (DeviceError) is raised, after telling the client."""
        in_flight: collections.deque[tuple[Any, int | None, dict | None]] = collections.deque()
        ends = time.monotonic() + turn
        over = False
        try:
            while True:
                while len(in_flight) < WINDOW and time.monotonic() < ends:
                    raw = self._line(wait=PAUSE if not in_flight else 0.0)
                    if raw is None:
                        break
                    in_flight.append(self._start(link, raw))
                if not in_flight:
                    over = self._eof or time.monotonic() - self._heard > SESSION_IDLE
                    return over
                req_id, sent, answer = in_flight.popleft()
                if answer is None:
                    try:
                        answer = {"reply": link.reply(sent)}
                    except Refused as e:
                        answer = {"refused": [e.code, e.detail]}
                    except BadReply as e:  # the board's own requests will find it out
                        answer = {"failed": str(e)}
                    except DeviceError as e:
                        over = True
                        self._send({"id": req_id, "failed": str(e)})
                        raise
                if not self._send(dict(answer, id=req_id)):
                    self._eof = True  # gone: answer nothing more, end when nothing is left
        except BaseException:
            over = True
            raise
        finally:
            if over:
                self.close()

    def _start(self, link: Any, raw: bytes) -> tuple[Any, int | None, dict | None]:
        """Send one request line on ``link``: (its id, the link's id, None); or, for one
        that cannot be sent, (its id, None, the answer saying why)."""
        try:
            msg = json.loads(raw)
        except ValueError:
            return None, None, {"failed": "not a request: a line of JSON " + REQUEST}
        req_id = msg.get("id") if isinstance(msg, dict) else None
        if not isinstance(req_id, int) or isinstance(req_id, bool):
            return None, None, {"failed": "not a request: " + REQUEST}
        why = request_problem(msg)
        if why:
            return req_id, None, {"failed": f"request {req_id} {why}; " + REQUEST}
        try:
            return req_id, link.send(msg["op"], **msg.get("fields") or {}), None
        except DeviceError:
            raise
        except CliError as e:  # refused before sending (not text, too long): say so
            return req_id, None, {"failed": str(e)}

    def _line(self, wait: float) -> bytes | None:
        """The next request line; None when none came within ``wait`` seconds, or the
        client closed (or sent a line too long to be ours: then it is closed)."""
        while b"\n" not in self._buffer:
            if self._eof:
                return None
            if len(self._buffer) > MAX_LINE:
                self._eof = True
                return b"{}"  # answered as the malformed request it is
            ready = select.select([self.conn], [], [], wait)[0]
            if not ready:
                return None
            try:
                chunk = self.conn.recv(1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                self._eof = True
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        self._heard = time.monotonic()
        return line

    def _send(self, msg: dict) -> bool:
        try:  # \u escapes: a damaged flash's bytes (lone surrogates) reach the client as they are
            self.conn.sendall(json.dumps(msg).encode() + b"\n")
            return True
        except OSError:
            return False

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()


REQUEST = '{"id": n, "op": "name", "fields": {...}} a line'
RESERVED = ("proto", "id", "op")  # what the link writes itself around the fields


def request_problem(msg: dict) -> str | None:
    """What is wrong with a client's request (its id known to be a number), or None."""
    op, fields = msg.get("op"), msg.get("fields", {})
    if not isinstance(op, str):
        return "has no op (text)"
    if fields is None:
        fields = {}
    if not isinstance(fields, dict):
        return "has fields that are not an object"
    taken = [name for name in RESERVED if name in fields]
    if taken:
        return f"has a field named {taken[0]!r}, which the link itself writes"
    return None


class ControlServer:
    """Listens for clients; ``owner(port)`` says which of our queues serves a port (None: not
    ours). Each accepted session is put on that queue; the box's thread serves it."""

    def __init__(self, owner: Any):
        self.owner = owner
        folder = live_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for mine in (folder.parent, folder):
                if mine.lstat().st_uid != os.getuid() or mine.is_symlink():
                    raise CliError(
                        f"{mine} belongs to another user: the control channel must be yours "
                        "alone; set XDG_RUNTIME_DIR to a folder of your own"
                    )
                os.chmod(mine, 0o700)
        except OSError as e:
            raise CliError(f"cannot make the control folder {folder}: {e}") from e
        self.path = folder / f"{os.getpid()}.sock"
        self.path.unlink(missing_ok=True)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)  # the socket is 0600 from its first instant
        self.closing = False
        try:
            try:
                self.sock.bind(str(self.path))
            finally:
                os.umask(old)
            os.chmod(self.path, 0o600)
            self.sock.listen(8)
            self._thread = threading.Thread(target=self._accept, daemon=True)
            self._thread.start()
        except BaseException:  # Ctrl-C or an error half-way: no socket file left behind
            self.close()
            raise

    def _accept(self) -> None:
        while not self.closing:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._hello, args=(conn,), daemon=True).start()

    def _hello(self, conn: socket.socket) -> None:
        conn.settimeout(5.0)
        session = Session(conn)
        try:
            msg = json.loads(session._line(wait=5.0) or b"null")
            port = msg["port"]
            if not isinstance(port, str):
                raise TypeError(port)
        except (OSError, ValueError, KeyError, TypeError):
            session.close()
            return
        target: queue.Queue | None = self.owner(port)
        if target is None:
            session._send({"ok": False})
            session.close()
            return
        if session._send({"ok": True, "pid": os.getpid()}):
            target.put(session)

    def close(self) -> None:
        self.closing = True
        with contextlib.suppress(OSError):
            self.sock.close()
        self.path.unlink(missing_ok=True)


# -- the client (sync, names, export --from-device) -----------------------------------------


def connect(port: str, timeout: float = 3.0) -> ProxyLink | None:
    """A link through the running `live` that follows ``port``, or None when none does."""
    folder = live_dir()
    try:
        st = folder.lstat()
        if st.st_uid != os.getuid() or st.st_mode & 0o077 or folder.is_symlink():
            return None  # not a folder only we can reach: no `live` of ours is behind it
        sockets = sorted(folder.glob("*.sock"))
    except OSError:
        return None
    for path in sockets:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(5.0)
        try:
            sock.connect(str(path))
            sock.sendall(json.dumps({"port": port}).encode() + b"\n")
            reader = sock.makefile("rb")
            answer = json.loads(reader.readline(4096) or b"null")
        except (OSError, ValueError):
            sock.close()
            if not _alive(path.stem):  # left by a `live` that was killed
                path.unlink(missing_ok=True)
            continue
        if isinstance(answer, dict) and answer.get("ok") is True:
            return ProxyLink(port, sock, reader, timeout, str(answer.get("pid", path.stem)))
        reader.close()
        sock.close()
    return None


def _alive(pid: str) -> bool:
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class ProxyLink(DeviceLink):
    """DeviceLink's request side, through a running `live` (its ``via`` names that process).
    It opens no port: every method the commands use is its own."""

    def __init__(  # not DeviceLink's: that would open the port
        self, port: str, sock: socket.socket, reader: Any, timeout: float, pid: str
    ):
        self.port = port
        self.timeout = timeout
        self.via = f"dominoboard live (pid {pid})"
        self.sock = sock
        self.reader = reader
        self._next = 0
        self._ops: dict[int, str] = {}
        self._answers: dict[int, dict] = {}
        # `live` may be busy with a push or the scoreboard slow: a generous wait per answer
        self.sock.settimeout(max(30.0, timeout * 10))

    def send(self, op: str, **fields: Any) -> int:
        self._next += 1
        self._ops[self._next] = op
        msg = {"id": self._next, "op": op, "fields": {k: v for k, v in fields.items()}}
        try:  # \u escapes: text that is not (a lone surrogate) reaches `live` to be named
            self.sock.sendall(json.dumps(msg).encode() + b"\n")
        except OSError as e:
            raise DeviceError(f"{self.via} went away ({e}); run the command again") from e
        return self._next

    def reply(self, req_id: int) -> dict:
        while req_id not in self._answers:
            try:
                raw = self.reader.readline(MAX_LINE)
            except (OSError, TimeoutError) as e:
                raise DeviceError(
                    f"no answer from {self.via} for {self.port} ({e}); run the command again"
                ) from e
            if not raw:
                raise DeviceError(
                    f"{self.via} closed the channel to {self.port} (stopped, or the scoreboard "
                    "was unplugged); run the command again"
                )
            try:
                msg = json.loads(raw)
                self._answers[int(msg["id"])] = msg
            except (ValueError, KeyError, TypeError):
                raise DeviceError(f"{self.via} sent something that is not an answer") from None
        msg = self._answers.pop(req_id)
        self._ops.pop(req_id, None)
        if "reply" in msg and isinstance(msg["reply"], dict):
            return msg["reply"]
        if "refused" in msg:
            code, detail = msg["refused"]
            raise Refused(code, detail)
        raise DeviceError(f"through {self.via}: {msg.get('failed', 'no answer')}")

    def request(self, op: str, **fields: Any) -> dict:
        return self.reply(self.send(op, **fields))

    def set_clock(self) -> dict:
        from .link import host_time

        now = host_time()
        return {} if now is None else self.request("clock", time=now)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.reader.close()
            self.sock.close()

    def next_push(self, timeout: float) -> dict | None:
        raise DeviceError(f"{self.via} follows {self.port}: pushes are its own")
