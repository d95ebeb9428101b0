# Flash wear of a heavy user's days, measured on real littlefs with the Pico's geometry.
#
#   micropython -X heapsize=8M tests/firmware/mpy/store_wear.py      (WEAR_DAYS=30 for longer)
#
# A RAM chip of 352 x 4 KB blocks (rp2's 1,408 KB filesystem, progsize 256) counts every
# erase, per block. A day: 3 matches x 400 events, compacted every 25 events (a hand) and at
# the end; the previous day's matches deleted after sync, so the store is in steady state.
# Prints one JSON line; docs/storage.md turns it into years.
# ruff: noqa: UP031, E402

import json
import os
import sys

import vfs

sys.path[:0] = [sys.path[0] + "/../../../firmware", sys.path[0]]

from store_flash import PROG, Flash

from scoreboard.store import MatchStore

BLOCKS = 352
CYCLES = 100000
DAYS = int(os.getenv("WEAR_DAYS") or "5")


class CountingFlash(Flash):
    """Also counts the erases of each block, to see how evenly littlefs spreads them."""

    def __init__(self, blocks):
        Flash.__init__(self, blocks)
        self.per_block = [0] * blocks

    def ioctl(self, op, arg):
        if op == 6:
            self.per_block[arg] += 1
        return Flash.ioctl(self, op, arg)


flash = CountingFlash(BLOCKS)
vfs.VfsLfs2.mkfs(flash, progsize=PROG)  # pyright: ignore[reportArgumentType]  (a duck-typed block device)
vfs.mount(vfs.VfsLfs2(flash, progsize=PROG), "/flash")  # pyright: ignore[reportArgumentType]  (a duck-typed block device)
store = MatchStore("/flash/data")
flash.per_block = [0] * BLOCKS
erases_before, programmed_before = flash.erases, flash.programmed
events = 0
for day in range(DAYS):
    for m in range(3):
        match_id = "d%dm%d" % (day, m)
        store.create(match_id)
        for i in range(400):
            line = '{"v":1,"t":"play","tile":[%d,%d],"end":%d}' % (i % 7, i % 5, i % 4)
            store.append(match_id, line)
            events += 1
            if i % 25 == 24:
                store.compact(match_id)
        store.compact(match_id)
    for match_id in store.list():  # the host synced them; keep today's
        if not match_id.startswith("d%dm" % day):
            store.delete(match_id)
erases = (flash.erases - erases_before) / DAYS
worst = max(flash.per_block) / DAYS
print(
    json.dumps(
        {
            "days": DAYS,
            "events_per_day": events // DAYS,
            "erases_per_day": erases,
            "erases_per_event": erases * DAYS / events,
            "bytes_programmed_per_day": (flash.programmed - programmed_before) // DAYS,
            "blocks_erased_at_least_once": sum(1 for n in flash.per_block if n),
            "worst_block_erases_per_day": worst,
            "years_if_wear_were_even": BLOCKS * CYCLES / erases / 365,
            "years_for_the_worst_block": CYCLES / worst / 365,
        }
    )
)
vfs.umount("/flash")
