# The match store on real littlefs (VfsLfs2 with the Pico's parameters) over a RAM flash
# chip, with the power cut at every program/erase operation of an append and of a
# compaction, and a seeded random soak of appends, compactions, deletes and cuts.
# MicroPython only (VfsLfs2 is part of the unix port); run with a few MB of heap.
# ruff: noqa: UP031  (runs on MicroPython: %-formatting everywhere, as in firmware/)

import os
import random

from store_flash import Flash, format_flash, mount, unmount

from scoreboard.store import MatchStore

BLOCKS = 48  # 192 KB: room for littlefs to relocate and wear-level
ROOT = "/data"


def event(i):
    return '{"v":1,"t":"play","tile":[%d,%d],"end":%d}' % (i % 7, (i * 3) % 7, i % 4)


class Device:
    """A mounted flash image with a store on it, like the Pico after boot."""

    def __init__(self, image, point):
        self.flash = Flash(BLOCKS, image)
        self.point = point
        mount(self.flash, point)
        self.store = MatchStore(point + ROOT)

    def off(self):
        """Power off (cleanly or not): the image as it is on the chip."""
        unmount(self.point)
        return self.flash.data


def boot(image):
    """Power on with ``image``: the store as restored, and the events of match m."""
    device = Device(image, "/chk")
    try:
        return device.store, list(device.store.read("m"))
    finally:
        device.off()


def with_events(total, compact_every=0):
    """A formatted chip whose match m holds ``total`` events."""
    flash = format_flash(BLOCKS)
    device = Device(flash.data, "/lfs")
    device.store.create("m")
    for i in range(total):
        device.store.append("m", event(i))
        if compact_every and i % compact_every == compact_every - 1:
            device.store.compact("m")
    device.store.close()
    return device.off()


def cut_everywhere(image, action):
    """Run ``action(store)`` on ``image`` with the power cut at its 1st, 2nd, ... flash
    operation; yield (operation number, image after the cut, whether action finished)."""
    n = 1
    while True:
        device = Device(image, "/cut")
        device.store.count("m")  # boot restore happens before the cut is armed
        device.flash.cut_after(n)
        finished = True
        try:
            action(device.store)
        except OSError:
            finished = False
        dead = device.flash.dead
        after = bytes(device.off())
        yield n, after, finished and not dead
        if not dead:
            return  # the action completed before reaching operation n
        n += 1


def test_cut_append_at_every_flash_operation():
    image = with_events(1)  # event 0 comes with the create (an empty match is gone at boot)
    lost = kept = 0
    for i in range(1, 120):  # grows from an inline file to several blocks, through compactions
        before = [event(k) for k in range(i)]
        for n, after, finished in cut_everywhere(image, lambda s, i=i: s.append("m", event(i))):
            store, got = boot(after)
            assert got == before or got == before + [event(i)], (i, n, len(got))
            assert not finished or len(got) == i + 1, (i, n)
            if len(got) == i:
                lost += 1
            else:
                kept += 1
        device = Device(image, "/lfs")
        device.store.append("m", event(i))
        if i % 15 == 14:
            device.store.compact("m")
        device.store.close()
        image = bytes(device.off())
    assert lost > 0 and kept > 0  # cuts landed both before and after the commit


def test_cut_compaction_at_every_flash_operation():
    for total, compact_every in ((6, 0), (40, 0), (70, 25), (260, 100)):
        image = with_events(total, compact_every)
        events = [event(k) for k in range(total)]
        operations = 0
        for n, after, _ in cut_everywhere(image, lambda s: s.compact("m")):
            store, got = boot(after)
            assert got == events, (total, n, len(got))
            assert store.problems == [], (total, n, store.problems)
            operations = n
            device = Device(after, "/chk")  # and the match goes on from there
            assert device.store.append("m", "next") == total
            device.off()
        assert operations > 3, operations


def test_random_soak_with_power_cuts():
    steps = int(os.getenv("STORE_SOAK_STEPS") or "2000")
    random.seed(int(os.getenv("STORE_SOAK_SEED") or "1"))
    model = {}  # match id -> events that must survive
    device = Device(format_flash(BLOCKS).data, "/lfs")
    cuts = 0
    for step in range(steps):
        store = device.store
        roll = random.getrandbits(8)
        match_id = "m%d" % random.getrandbits(3)
        if roll < 40:
            device.flash.cut_after(1 + random.getrandbits(5))  # somewhere in the next ops
            cuts += 1
        in_flight = None
        try:
            if match_id not in model:
                store.create(match_id)
                model[match_id] = []
            elif roll < 200:
                in_flight = "%s-%d" % (match_id, step)
                store.append(match_id, in_flight)
                model[match_id].append(in_flight)
                in_flight = None
            elif roll < 240:
                store.compact(match_id)
            elif roll < 246:
                store.delete(match_id)
                del model[match_id]
        except OSError:
            assert device.flash.dead
        if device.flash.dead or roll >= 250:  # power cut, or a clean power cycle
            device = Device(device.off(), "/lfs")
            listed = device.store.list()
            if match_id in listed and match_id not in model:  # its create was committed
                model[match_id] = []
            for empty in [k for k in model if not model[k]]:
                if empty not in listed:  # an empty match is removed at boot
                    del model[empty]
            if match_id in model and match_id not in listed:  # its delete was committed
                del model[match_id]
            assert listed == sorted(model), (step, listed)
            for match_id in listed:
                got = list(device.store.read(match_id))
                want = model[match_id]
                if in_flight is not None and got == want + [in_flight]:
                    want.append(in_flight)  # the cut came after the commit
                assert got == want, (step, match_id, len(got), len(want))
    device.off()
    assert cuts > steps // 10
