# Runs on MicroPython: fold a match file the way the device does (the log stays in the file;
# the Match keeps event numbers) and print microseconds per event and heap figures.
import gc
import sys
import time
from array import array

sys.path.insert(0, sys.argv[2] if len(sys.argv) > 2 else "firmware")
from domino import events  # noqa: E402
from domino.match import Match  # noqa: E402


class FileLog:
    """Events read back from the match file by number, as the device reads them from flash."""

    def __init__(self, f, start):
        self.f = f
        self.offsets = array("I", [start])  # 4 bytes an event, like the device's index

    def __len__(self):
        return len(self.offsets) - 1

    def append(self, ev):
        self.f.seek(self.offsets[-1])
        self.f.readline()
        self.offsets.append(self.f.tell())

    def __getitem__(self, i):
        self.f.seek(self.offsets[i])
        return events.loads(self.f.readline())


f = open(sys.argv[1])
setup = events.loads(f.readline())
gc.collect()
base = gc.mem_alloc()
log = FileLog(f, f.tell())
m = Match(setup, log)
n = spent = peak = 0
while True:
    f.seek(log.offsets[-1])
    line = f.readline()
    if not line:
        break
    t0 = time.ticks_us()
    m.apply(events.loads(line))
    spent += time.ticks_diff(time.ticks_us(), t0)
    n += 1
    used = gc.mem_alloc() - base
    if used > peak:
        peak = used
gc.collect()
print(
    events.dumps(
        {
            "events": n,
            "us_per_event": spent // n,
            "live_after": gc.mem_alloc() - base,
            "peak_alloc": peak,
            "totals": m.totals,
        }
    )
)
