"""A stand-in scoreboard for the link tests, on the MicroPython unix port.

The real store, the real link and a bounded byte-wise line reader, with the serial port on
stdin/stdout (the tests put a pseudo-terminal there). Events reach the store the way the app
appends them, through a control pipe (fd given as the second argument) carrying JSON lines
``{"create": id}``, ``{"append": id, "line": event}``, ``{"compact": id}`` (a hand ended),
``{"delete": id}`` (Matches -> Delete at the table) or ``{"playing": id}`` (the match the
table shows; null for none); ``{"report": path}`` writes what the store refused so far,
the free space and the replies dropped for a host not reading to ``path`` (once every command
before it has run). STORE_DIR ``lfs:N``: the
store on littlefs over an N-block RAM flash (352: the Pico's), as rp2 formats it.

    micropython -X heapsize=180K tests/host/mpy_device.py STORE_DIR [CONTROL_FD]
"""

import json
import select
import sys

sys.path.append("firmware")

from boards.stdio import StdioSerial  # noqa: E402
from scoreboard.link import MAX_REQUEST, Link, Standalone  # noqa: E402
from scoreboard.store import MatchStore  # noqa: E402


class Table(Standalone):
    """The app as the link sees it here: which match is on the table (``match_id``, set by
    the control pipe), and its board's count of replies dropped for a host that was not
    reading (``dropped`` in hello)."""

    def __init__(self, store, serial):
        Standalone.__init__(self, store, serial.write)
        self.serial = serial

    def serial_dropped(self):
        return self.serial.dropped

    # Standalone's always raises (no_repl); the app's consents only at the start screen
    def hand_over(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        if self.match_id is not None:
            return False  # as the app: a match on the table keeps the board (busy)
        return Standalone.hand_over(self)  # no REPL to give on the unix port: no_repl


def open_store(where):
    if not where.startswith("lfs:"):
        return MatchStore(where)
    import vfs

    sys.path.append("tests/firmware/mpy")
    from store_flash import PROG, FastFlash  # pyright: ignore[reportMissingImports]

    flash = FastFlash(int(where[4:]))
    vfs.VfsLfs2.mkfs(flash, progsize=PROG)  # pyright: ignore[reportArgumentType]
    vfs.mount(vfs.VfsLfs2(flash, progsize=PROG), "/flash")  # pyright: ignore[reportArgumentType]
    return MatchStore("/flash/data")


REFUSED = []  # what the store refused: [command, match, its words], the first 20


def main():
    store = open_store(sys.argv[1])
    serial = StdioSerial()
    table = Table(store, serial)
    link = Link(table)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    control = None
    if len(sys.argv) > 2:
        control = open("/dev/fd/" + sys.argv[2], "rb")
        poll.register(control, select.POLLIN)
    buf = bytearray()
    dropped = 0  # bytes of an oversized line being skipped
    while True:
        ready = poll.poll(1000)
        for obj, _ in ready:
            if control is not None and obj is control:
                cmd = control.readline()
                if not cmd:
                    poll.unregister(control)
                    control = None
                    continue
                run(store, link, table, json.loads(cmd))
                continue
            b = serial.read1()
            if not b:
                continue
            if b == b"\n":
                reply = link.overflow(dropped) if dropped else link.handle(bytes(buf))
                buf = bytearray()
                dropped = 0
                if reply:
                    serial.write(reply)
            elif dropped or len(buf) >= MAX_REQUEST:
                dropped = (dropped or len(buf)) + 1
                buf = bytearray()
            else:
                buf.extend(b)


def run(store, link, table, cmd):
    if "report" in cmd:
        import os

        with open(cmd["report"] + ".tmp", "w") as f:
            free, dropped = store._space()[0], table.serial.dropped
            f.write(json.dumps({"refused": REFUSED, "free": free, "dropped": dropped}))
        os.rename(cmd["report"] + ".tmp", cmd["report"])
        return
    try:
        apply(store, link, table, cmd)
    except (OSError, ValueError) as e:  # a full flash: the app shows it, the table goes on
        if len(REFUSED) < 20:
            kind = "create" if "create" in cmd else "append" if "append" in cmd else "compact"
            REFUSED.append([kind, cmd.get(kind), str(e)])


def apply(store, link, table, cmd):
    if "compact" in cmd:  # a hand's end, as the app compacts there
        store.compact(cmd["compact"])
    elif "playing" in cmd:
        table.match_id = cmd["playing"]
    elif "speak" in cmd:  # a language chosen on the box's menu (the link op keeps refusing:
        from scoreboard import words  # this stand-in keeps no settings)

        words.choose(cmd["speak"])
    elif "delete" in cmd:
        store.delete(cmd["delete"])
    elif "create" in cmd:
        store.create(cmd["create"])
    else:
        index = store.append(cmd["append"], cmd["line"])
        link.on_event(cmd["append"], index, cmd["line"])


main()
