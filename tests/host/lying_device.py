"""A scoreboard that lies, on a real pseudo-terminal: it speaks protocol 1 like the firmware
(hello, clock, list, events, delete, subscribe, names, presets; pages, `have`, the delete
proof), then bends the replies to one op as a test asks: a field dropped, a field of another
type, a listing that says `more` forever. The host opens the pty by path with pyserial, as it
opens a Pico. After ``budget`` requests it falls silent, so a host that would loop forever
ends in a timeout instead of hanging the test.
"""

import json
import os
import select
import threading
import tty
import zlib
from collections.abc import Callable

Lie = Callable[[dict, dict], dict | None]  # (request, true reply) -> the reply sent, or None

PAGE_LINES = 20  # events per page: a match of ~100 events takes several pages
LIST_PAGE = 40


def crc_hex(lines: list[str]) -> str:
    crc = 0
    for line in lines:
        crc = zlib.crc32(line.encode() + b"\n", crc)
    return f"{crc:08x}"


class LyingDevice:
    def __init__(
        self,
        matches: dict[str, list[str]],
        lies: dict[str, Lie] | None = None,
        budget: int = 300,
    ):
        self.matches = {k: list(v) for k, v in matches.items()}
        self.lies = lies or {}
        self.budget = budget
        self.ops: list[str] = []  # every op asked, in order
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        tty.setraw(self.master)
        self.port = os.ttyname(self._slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # -- the firmware's answers -------------------------------------------------------------

    def answer(self, req: dict) -> dict:
        op = req.get("op")
        if op == "hello":
            return {
                "device": "sim-liar",
                "firmware": "0.1.0",
                "playing": None,
                "matches": len(self.matches),
            }
        if op == "clock":
            return {"time": req.get("time")}
        if op == "list":
            ids = sorted(self.matches)
            after = req.get("after")
            if after is not None:
                ids = [i for i in ids if i > after]
            page = ids[:LIST_PAGE]
            return {
                "matches": [[i, len(self.matches[i])] for i in page],
                "more": len(ids) > LIST_PAGE,
            }
        if op == "events":
            match = req.get("match")
            if match not in self.matches:
                return {"ok": False, "error": "no_match", "detail": f"no match {match}"}
            lines = self.matches[match]
            start = req.get("from", 0)
            if req.get("have") is not None and crc_hex(lines[:start]) != req["have"]:
                return {"ok": False, "error": "diverged", "detail": "not the host's copy"}
            page = lines[start : start + min(PAGE_LINES, req.get("max") or PAGE_LINES)]
            nxt = start + len(page)
            return {
                "match": match,
                "from": start,
                "lines": page,
                "next": nxt,
                "count": len(lines),
                "more": nxt < len(lines),
            }
        if op == "delete":
            match = str(req.get("match"))
            lines = self.matches.get(match)
            if lines is None:
                return {"ok": False, "error": "no_match", "detail": f"no match {match}"}
            if req.get("count") != len(lines) or req.get("crc") != crc_hex(lines):
                return {"ok": False, "error": "mismatch", "detail": "sync first"}
            del self.matches[match]
            return {"deleted": match}
        if op == "subscribe":
            return {"on": bool(req.get("on"))}
        if op == "names":
            return {"names": len(req.get("names", []))}
        if op == "presets":
            return {"presets": len(req.get("presets", []))}
        return {"ok": False, "error": "unknown_op", "detail": f"op {op!r}"}

    def reply(self, req: dict) -> dict | None:
        body = self.answer(req)
        msg = {"proto": 1, "id": req.get("id"), "ok": True}
        msg.update(body)
        lie = self.lies.get(str(req.get("op")))
        return lie(req, msg) if lie else msg

    # -- the wire ---------------------------------------------------------------------------

    def _serve(self) -> None:
        buffer = b""
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            buffer += chunk
            while b"\n" in buffer:
                raw, buffer = buffer.split(b"\n", 1)
                if not raw.strip():
                    continue
                try:
                    req = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(req, dict):
                    continue
                self.ops.append(str(req.get("op")))
                if len(self.ops) > self.budget:
                    continue  # fallen silent: a host looping on our lies times out
                msg = self.reply(req)
                if msg is not None:
                    data = json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
                    try:
                        self.send(data.encode("utf-8", "surrogatepass") + b"\n")
                    except OSError:
                        return

    def send(self, line: bytes) -> None:
        """One reply line onto the wire (a test may send it in pieces)."""
        os.write(self.master, line)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> "LyingDevice":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
