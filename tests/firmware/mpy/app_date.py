# New matches carry the date once the host has set the clock: the app serves the link as
# main.py does (loaded with the host's first line), a match started before the clock op has
# no date, one started after it has the host's date in its setup (line 0 on flash).
#
#   micropython tests/firmware/mpy/app_date.py STORAGE

import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

storage = sys.argv[1]
op = d.Operator(storage, seed=3)
app = op.app
serial = app.board.serial  # the simulated USB serial: what a host writes and reads
out: dict = {"link_before": app.link is not None}

op.new_match("muggins", 2)
first = app.match_id
serial.feed(b'{"proto":1,"id":1,"op":"clock","time":1750000000}\n')
app.step(app.board.ticks_ms())
out["link_after"] = app.link is not None
out["reply"] = json.loads(serial.take().decode())
op.new_match("bergen", 3)
out["ids"] = [first, app.match_id]
out["setups"] = [json.loads(next(app.store.read(mid))) for mid in out["ids"]]
out["errors"] = app.errors
d.emit(out)
