# A flash that never fills: matches played one after another through the
# real store and link on real littlefs at the Pico's size (352 x 4 KB, rp2's filesystem), the
# host syncing every 10 matches and deleting, as `dominoboard sync --keep 10` does, the
# finished matches it holds whole but the newest 10. A host in this script speaks the link's
# JSON (list, events, delete) to the real Link: the store driven directly on the unix port, no
# pty, so 1,000 matches take seconds. Then, with no host at all, the flash fills: new matches
# are refused (with words) while the match already started is recorded to its end.
#
#   micropython -X heapsize=8M tests/firmware/mpy/store_fill.py     (FILL_MATCHES=1000)
#
# Prints one JSON line.
# ruff: noqa: UP031, E402

import json
import os
import sys
from binascii import crc32

import vfs

sys.path[:0] = [sys.path[0] + "/../../../firmware", sys.path[0]]

from store_flash import PROG, FastFlash

from scoreboard.link import Link
from scoreboard.store import MatchStore

BLOCKS = 352
MATCHES = int(os.getenv("FILL_MATCHES") or "1000")
EVENTS = 134  # per match: the adversarial run filled the flash with 21,370 events in 159
KEEP = 10
SYNC_EVERY = 10


def event(m, i):
    return '{"e":%d,"k":"play","p":%d,"t":"%d-%d"}' % (i % 2, i % 4, (m + i) % 7, i % 7)


def setup(m):
    return '{"game":"muggins","players":["Ana","Ben","Cora","Dag"],"v":1,"n":%d}' % m


flash = FastFlash(BLOCKS)
vfs.VfsLfs2.mkfs(flash, progsize=PROG)  # pyright: ignore[reportArgumentType]  (a duck-typed block device)
vfs.mount(vfs.VfsLfs2(flash, progsize=PROG), "/flash")  # pyright: ignore[reportArgumentType]  (a duck-typed block device)
store = MatchStore("/flash/data")
wire = []
link = Link(store=store, write=wire.append, device_id="sim-fill")


def ask(**req):
    req["proto"] = 1
    req["id"] = 1
    reply = link.handle(json.dumps(req))
    if reply is None:  # events streams its page through write
        reply = b"".join(wire)
        del wire[:]
    answer = json.loads(reply)
    assert answer["ok"], answer
    return answer


played = {}  # match id -> (events, crc) as played at the table
host = {}  # match id -> (events, crc) as the host holds them
deleted = 0


def sync():
    global deleted
    listed = []
    after = None
    while True:
        page = ask(op="list", after=after)
        listed += page["matches"]
        if not page["more"]:
            break
        after = listed[-1][0]
    for mid, count in listed:
        held, crc = host.get(mid, (0, 0))
        while held < count:
            page = ask(op="events", match=mid, **{"from": held})
            for line in page["lines"]:
                crc = crc32(b"\n", crc32(line.encode(), crc))
            held = page["next"]
        host[mid] = (held, crc)
    for mid, _count in listed[: max(0, len(listed) - KEEP)]:
        held, crc = host[mid]
        ask(op="delete", match=mid, count=held, crc="%08x" % crc)
        deleted += 1


refused = 0
most_used = 0
for m in range(MATCHES):
    mid = "m%04d" % (m + 1)
    crc = 0
    try:
        store.create(mid, setup(m))
        crc = crc32(b"\n", crc32(setup(m).encode()))
        for i in range(EVENTS):
            store.append(mid, event(m, i))
            crc = crc32(b"\n", crc32(event(m, i).encode(), crc))
            if i % 25 == 24:
                store.compact(mid)  # a hand's end
        store.compact(mid)
    except OSError:
        refused += 1
    played[mid] = (EVENTS + 1, crc & 0xFFFFFFFF)
    fs = os.statvfs("/flash")
    most_used = max(most_used, (fs[2] - fs[4]) * fs[1])
    if m % SYNC_EVERY == SYNC_EVERY - 1:
        sync()
sync()
held_all = sum(1 for mid in played if host.get(mid) == played[mid])

# No host any more: matches until a new one is refused; the last one started goes on.
warned_at = None
started = 0
refusal = None
while refusal is None:
    mid = "x%04d" % started
    try:
        store.create(mid, setup(started))
    except OSError as e:
        refusal = str(e)
        break
    started += 1
    if warned_at is None and store.nearly_full():
        warned_at = started
    for i in range(EVENTS):
        store.append(mid, event(started, i))
    store.compact(mid)
long_match = "x%04d" % (started - 1)
extra = 0
for i in range(1300):  # a 13-round Mexican Train's worth, on the match already started
    store.append(long_match, event(0, i))
    extra += 1
    if i % 100 == 99:
        store.compact(long_match)
store.compact(long_match)
print(
    json.dumps(
        {
            "matches": MATCHES,
            "events": MATCHES * (EVENTS + 1),
            "refused": refused,
            "host_holds": held_all,
            "deleted": deleted,
            "on_device": len(store.list()) - started,
            "most_used_kb": most_used >> 10,
            "no_host_matches": started,
            "warned_at": warned_at,
            "refusal": refusal,
            "recorded_after_refusal": extra,
            "free_kb_at_end": store._space()[0] >> 10,
        }
    )
)
