# The event ring and littlefs on one NOR chip, as on the Pico, with the power cut at every
# program and erase of a session of mixed games (the examples' matches, one after another,
# each event followed by the idle work the app does after drawing it). After every cut the
# chip boots again: every event whose append returned is there, in order, nothing else but
# possibly the one in flight, and the match goes on. MicroPython only (VfsLfs2).
# ruff: noqa: UP031  (runs on MicroPython: %-formatting everywhere, as in firmware/)

import os

import vfs
from store_flash import Flash, Region, mount, unmount

from scoreboard.event_ring import EventRing
from scoreboard.store import MatchStore

RING = int(os.getenv("RING_SECTORS") or "4")  # small: the session wraps it several times
LFS = 48
ROOT = "/data"
EXAMPLES = os.getenv("RING_EXAMPLES") or "examples"
GAMES = ("muggins", "bergen", "draw", "allfives", "doble12", "block", "bergen-schmidt")


def session(limit):
    """(match id, lines) for the examples' matches, ``limit`` events in all."""
    out = []
    left = limit
    for i, game in enumerate(GAMES):
        if left <= 0:
            break
        with open("%s/%s.jsonl" % (EXAMPLES, game)) as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
        lines = lines[:left]
        left -= len(lines)
        out.append(("m%d" % i, lines))
    return out


class Box:
    """The chip mounted as the Pico mounts it after boot, the store on both parts."""

    def __init__(self, flash, point="/box"):
        self.flash = flash
        self.point = point
        mount(Region(flash, RING, LFS), point)
        ring = Region(flash, 0, RING)
        self.store = MatchStore(point + ROOT, EventRing(ring, ring.memory()))

    def off(self):
        unmount(self.point)
        return bytes(self.flash.data)


def blank_chip():
    flash = Flash(RING + LFS)
    vfs.VfsLfs2.mkfs(Region(flash, RING, LFS), progsize=256)  # pyright: ignore[reportArgumentType]
    return flash


def play(store, matches, done, flash):
    """Record the session; ``done`` gets each event whose append returned. Stops at the
    power cut (OSError once the chip is dead); returns the event in flight, if any."""
    for mid, lines in matches:
        if mid not in done:
            store.create(mid, lines[0])
            done[mid] = [lines[0]]
        for line in lines[len(done[mid]) :]:
            try:
                store.append(mid, line)
            except OSError:
                return mid, line
            done[mid].append(line)
            for _ in range(4):  # the app's idle passes after the confirming frame
                if not store.tidy() or flash.dead:
                    break
            if flash.dead:
                return None
    return None


def check_after_cut(image, done, in_flight, n):
    flash = Flash(RING + LFS, image)
    box = Box(flash, "/chk")
    store = box.store
    for mid, want in done.items():
        got = list(store.read(mid))
        if in_flight is not None and in_flight[0] == mid and got == want + [in_flight[1]]:
            want = want + [in_flight[1]]  # the cut came after the program completed
        assert got == want, (n, mid, len(got), len(want))
        assert store.count(mid) == len(got), (n, mid)
    listed = store.list()
    for mid in listed:
        assert mid in done or (in_flight is None and len(list(store.read(mid))) == 1), (n, mid)
    # the table goes on after the cut: the next event lands after the last one kept
    if done:
        mid = sorted(done)[-1]
        count = store.count(mid)
        assert store.append(mid, '{"k":"after","n":%d}' % n) == count, n
        box.off()
        box = Box(Flash(RING + LFS, bytes(flash.data)), "/chk")
        assert list(box.store.read(mid, count)) == ['{"k":"after","n":%d}' % n], n
    box.off()


def test_cut_at_every_flash_operation_of_a_mixed_session():
    events = int(os.getenv("RING_EVENTS") or "520")
    matches = session(events)
    assert sum(len(lines) for _, lines in matches) == events
    fresh = bytes(blank_chip().data)
    n = 1
    cuts = 0
    while True:
        flash = Flash(RING + LFS, fresh)
        box = Box(flash)
        flash.cut_after(n)
        done = {}
        in_flight = None
        try:
            in_flight = play(box.store, matches, done, flash)
        except OSError:
            assert flash.dead, n  # a create or a fold hit the cut
        dead = flash.dead
        image = box.off()
        if not dead:
            break  # the session ended before operation n
        check_after_cut(image, done, in_flight, n)
        cuts += 1
        n += int(os.getenv("RING_STRIDE") or "1")
    print("cuts", cuts, "operations", n - 1, "erases", flash.erases)
    assert cuts > events, cuts


def held_after_boot(store, matches, done, in_flight):
    """What the store holds after a power-on, checked against the acknowledged events
    (``done``) and the one in flight; ``done`` then follows the store (an event in flight
    that reached the flash is acknowledged from now on). Returns how many are held."""
    listed = store.list()
    total = 0
    for mid, _lines in matches:
        want = done.get(mid, [])
        got = list(store.read(mid)) if mid in listed else []
        if got != want:
            assert in_flight is not None and in_flight[0] == mid, (mid, len(got), len(want))
            assert got == want + [in_flight[1]], (mid, len(got), len(want))
        if got:
            done[mid] = got
        total += len(got)
    assert all(mid in done for mid in listed), listed
    return total


def play_from(store, matches, done, flash):
    """``play``, the event in flight also named when its create hits the cut."""
    for mid, lines in matches:
        if mid not in done:
            try:
                store.create(mid, lines[0])
            except OSError:
                return mid, lines[0]
            done[mid] = [lines[0]]
            if flash.dead:
                return None
        found = play(store, [(mid, lines)], done, flash)
        if found is not None or flash.dead:
            return found
    return None


def test_cuts_one_after_another_in_one_session():
    """The power cut again and again in one session, as a table meets it: after each boot
    the session goes on from what the flash holds, the next cut armed at its k-th operation
    (k back to 1 once the session moved on, so a fold, a create, an erase are each cut
    inside every operation they make). Torn heads use up sectors: a fold must still find
    room for its FOLDED record when every sector holds events not yet folded."""
    events = int(os.getenv("RING_CHAIN_EVENTS") or "200")
    matches = session(events)
    image = bytes(blank_chip().data)
    done = {}
    in_flight = None
    before = -1
    k = 1
    cuts = 0
    while True:
        flash = Flash(RING + LFS, image)
        box = Box(flash)
        held = held_after_boot(box.store, matches, done, in_flight)
        k = 1 if held > before else k + 1
        before = held
        flash.cut_after(k)
        in_flight = None
        try:
            in_flight = play_from(box.store, matches, done, flash)
        except OSError:
            assert flash.dead, (cuts, k)  # a fold or a tidy hit the cut
        dead = flash.dead
        image = box.off()
        if not dead:
            break
        cuts += 1
    assert sum(len(done.get(mid, [])) for mid, _ in matches) == events
    print("chained cuts", cuts, "events", events)
    assert cuts > events, cuts
