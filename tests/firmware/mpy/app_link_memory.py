# The link's code loads with the host's first line (main.py serves it so). If the heap cannot
# take it then, that line is lost, not the link: the next line loads it and is answered.
# Before, the first attempt switched serving off for good, and no request was ever answered
# again until a reboot (the emulated Pico once went silent to a host that way).
#
#   micropython -X heapsize=2M tests/firmware/mpy/app_link_memory.py STORAGE

import gc
import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

op = d.Operator(sys.argv[1], seed=3)
app = op.app
serial = app.board.serial
op.new_match("muggins", 2)
out: dict = {"starved": None, "link_when_starved": None, "errors_when_starved": None}


def ask(n):
    serial.feed(b'{"proto":1,"id":%d,"op":"hello"}\n' % n)
    app.step(app.board.ticks_ms())
    app.board.serial_flush()
    return serial.take()


hog: list = [None] * 40000  # sized first: filling it allocates only the blocks
gc.collect()
n = 0
try:
    while n < len(hog):  # take the heap, so loading the link fails
        hog[n] = bytearray(100)
        n += 1
except MemoryError:
    pass
room = 40  # about 4 KB
while room and n:  # room for a request and a pass of the loop, not for the link's code
    n -= 1
    hog[n] = None
    room -= 1
out["starved"] = ask(1).decode()
out["link_when_starved"] = app.link is not None
out["errors_when_starved"] = app.errors
del hog
gc.collect()
reply = ask(2)
out["reply"] = json.loads(reply.decode()) if reply else None
out["link"] = app.link is not None
d.emit(out)
