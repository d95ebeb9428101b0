# Matches are dated by their power-on: the real app on real littlefs (a RAM chip), driven as
# main.py runs it. Power-on 1: a match, no host, the plug pulled. Power-on 2: a match, then a
# host sets the clock (the link loads with its first line), then another match. The Matches
# list names the day of both power-on-2 matches (the first has no date in its setup: its
# power-on's clock, kept on flash, dates it) and the number of the power-on-1 one. Power-on 3
# on a full, failing flash: the count cannot be written, the app runs on, nothing is dated by
# a boot. Power-on 4 on the chip formatted anew, the same board: a new flash id, its count
# starting again at 1; a match, a host's clock. Power-on 5 after boots.cfg is damaged, on a
# board whose id draws repeat (flash_seed, as a seeded emulator's did): never the id of a
# match the flash holds, so a host's clock in it dates none of power-on 4's matches.
#
#   micropython -X heapsize=2M tests/firmware/mpy/app_boots.py

import gc
import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
from store_flash import format_flash, mount, unmount  # noqa: E402

STORE = "/flash/data"
out: dict = {}


def setups(app):
    return [json.loads(next(app.store.read(mid))) for mid in app.store.list()]


def matches_rows(app):
    from scoreboard.screens.matches import Matches

    return list(Matches(app).items)


def boot_file():
    try:
        with open(STORE + "/boots.cfg", "rb") as f:
            raw = f.read()
        return json.loads(raw[raw.index(b" ", raw.index(b" ") + 1) + 1 :])
    except OSError:
        return None


chip = format_flash(64)
mount(chip, "/flash")

# power-on 1: a match 90 s in; no host ever
op = d.Operator(STORE, seed=3)
op.board.clock.advance(90_000)
op.new_match("muggins", 2)
out["boot1"] = op.app.boot
op.board.clock.advance(600_000)  # played for 10 minutes, then the plug is pulled

# power-on 2: a match 2 minutes in, the host's clock 5 minutes later, another match
op = d.Operator(STORE, seed=3)
app = op.app
out["boot2"] = app.boot
op.board.clock.advance(120_000)
op.tap("BACK")
op.new_match("bergen", 3)
op.board.clock.advance(300_000)
serial = app.board.serial
serial.feed(b'{"proto":1,"id":1,"op":"clock","time":1750000000}\n')
app.step(app.board.ticks_ms())
out["clock"] = json.loads(serial.take().decode())
op.tap("BACK")
op.new_match("muggins", 2)
serial.feed(b'{"proto":1,"id":2,"op":"hello"}\n')
app.step(app.board.ticks_ms())
out["hello"] = json.loads(serial.take().decode())
out["setups"] = setups(app)
out["rows"] = matches_rows(app)
out["record2"] = boot_file()
out["errors"] = app.errors

# power-on 3 on a full flash
try:
    with open("/flash/ballast", "wb") as f:
        while True:
            f.write(b"x" * 1024)
            f.flush()
except OSError:
    pass
chip.cut_after(1)  # littlefs keeps a small file inline in its folder's metadata: a chip
# full of data may still take the count; one that fails every write does not
op = d.Operator(STORE, seed=3)
out["boot3"] = op.app.boot
out["record3"] = boot_file()
out["errors3"] = op.app.errors
out["message3"] = op.app.message[0] if op.app.message else None
out["rows3"] = matches_rows(op.app)
op.app.store.close()

# power-on 4: the chip formatted again (a wiped box), the same board: it draws another id
unmount("/flash")
chip = None  # the old chip's 256 KB leave before the new chip is made: one chip at a time
gc.collect()
mount(format_flash(64), "/flash")
op = d.Operator(STORE, seed=3, flash_seed=9)
out["boot4"] = op.app.boot
out["errors4"] = op.app.errors
op.new_match("muggins", 2)
serial = op.app.board.serial
serial.feed(b'{"proto":1,"id":1,"op":"clock","time":1750000000}\n')
op.app.step(op.app.board.ticks_ms())
serial.take()
out["rows4"] = matches_rows(op.app)
op.app.store.close()

# power-on 5: boots.cfg damaged (one byte of its record), the same draws as power-on 4's
with open(STORE + "/boots.cfg", "rb") as f:
    raw = bytearray(f.read())
raw[-3] ^= 0x20
with open(STORE + "/boots.cfg", "wb") as f:
    f.write(raw)
op = d.Operator(STORE, seed=3, flash_seed=9)
out["boot5"] = op.app.boot
op.board.clock.advance(60_000)
serial = op.app.board.serial
serial.feed(b'{"proto":1,"id":1,"op":"clock","time":1750864000}\n')  # 10 days on
op.app.step(op.app.board.ticks_ms())
out["clock5"] = json.loads(serial.take().decode())
out["rows5"] = matches_rows(op.app)
out["errors5"] = op.app.errors
d.emit(out)
