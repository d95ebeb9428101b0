# The optional matrix keypad (boards/keypad.py) on MicroPython with the simulated board's
# part (boards/sim_keypad.py): a pressed key joins its row to its column, the columns have
# pull-ups, each contact chatters; every key is one press, debounced by the buttons' own
# logic; an idle poll reads the columns only and allocates nothing.
# Run by tests/firmware/test_keypad.py through tests/mpy_run.py.

import gc

from check_encoder import _storage

from boards.sim import SimBoard
from scoreboard.buttons import DOWN, LONG, REPEAT, SHORT, UP, Buttons


class Rig:
    """A simulated board with the keypad, its buttons, and the events seen."""

    def __init__(self, seed=1, keypad: "bool | int" = True, bounce_us=5000):
        self.board = SimBoard(seed, storage_dir=_storage("keypad"), keypad=keypad,
                              bounce_us=bounce_us)  # fmt: skip
        self.buttons = Buttons(self.board.buttons, self.board.ticks_ms(), self.board.ticks_diff,
                               keypad=self.board.keypad)  # fmt: skip
        self.seen = []  # (name, kind)

    def poll(self, now):
        for name, kind in self.buttons.poll(now):
            self.seen.append((name, kind))

    def tap(self, legend, hold_ms=80):
        self.board.tap(legend, hold_ms, self.poll)

    def downs(self):
        return [n for n, k in self.seen if k == DOWN]


def test_the_scan_finds_the_key_at_its_row_and_column():
    rig = Rig(bounce_us=0)
    pad = rig.board.keypad
    assert pad.legends == list("123A456B789C*0#D")
    assert pad.scan() == 0
    rig.board.hold("6")  # row 1, column 2
    assert pad.scan() == 1 << (1 * 4 + 2)
    rig.board.hold("*")  # row 3, column 0: two keys on different rows and columns
    assert pad.scan() == (1 << 6) | (1 << 12)
    rig.board.release("6")
    rig.board.release("*")
    assert pad.scan() == 0
    assert [r.level for r in rig.board.pad.rows] == [0, 0, 0, 0]  # rows back low at rest


def test_without_a_row_held_low_no_column_reads_a_press():
    # The part, not the scanner: a column reads 0 only through a closed key on a low row.
    rig = Rig(bounce_us=0)
    part = rig.board.pad
    rig.board.hold("5")
    assert part.cols[1].value() == 0  # every row low at rest
    for r in part.rows:
        r.value(1)
    assert [c.value() for c in part.cols] == [1, 1, 1, 1]
    part.rows[1].value(0)
    assert [c.value() for c in part.cols] == [1, 0, 1, 1]
    part.rows[1].value(1)
    part.rows[0].value(0)
    assert [c.value() for c in part.cols] == [1, 1, 1, 1]  # 5 is on row 1, not row 0


def test_the_contacts_really_bounce():
    rig = Rig(seed=3)
    board = rig.board
    board.hold("8")
    contact = board.pad.contact("8")
    levels = []
    for _ in range(60):
        board.clock.advance_ns(100_000)
        levels.append(contact.value())
    changes = sum(1 for i in range(1, len(levels)) if levels[i] != levels[i - 1])
    assert changes >= 2, levels  # the control: chatter the debouncing must absorb


def test_every_key_is_one_press_through_the_chatter():
    for seed in range(1, 6):
        rig = Rig(seed=seed)
        for legend in "0123456789*#ABCD":
            rig.tap(legend)
        assert rig.downs() == list("0123456789*#ABCD"), (seed, rig.downs())
        ups = [n for n, k in rig.seen if k == UP]
        assert ups == rig.downs()


def test_hash_gives_short_and_long_and_the_up_key_repeats():
    rig = Rig(seed=2)
    rig.tap("#")
    assert ("#", SHORT) in rig.seen
    rig.seen = []
    rig.tap("#", hold_ms=900)
    assert ("#", LONG) in rig.seen and ("#", SHORT) not in rig.seen
    rig.seen = []
    rig.tap("A", hold_ms=1000)  # A acts as UP: held, it repeats
    assert rig.seen.count(("A", REPEAT)) >= 3
    rig.seen = []
    rig.tap("5", hold_ms=1000)  # a digit does not
    assert ("5", REPEAT) not in rig.seen


def test_a_three_by_four_keypad_has_no_letters():
    rig = Rig(keypad=3)
    assert rig.board.keypad.legends == list("123456789*0#")
    for legend in "159*0#":
        rig.tap(legend)
    assert rig.downs() == list("159*0#")


def test_an_idle_poll_reads_the_columns_only_and_allocates_nothing():
    rig = Rig(seed=4)
    rig.tap("7")
    buttons = rig.buttons
    part = rig.board.pad
    now = rig.board.ticks_ms() + 100
    buttons.poll(now)
    reads = sum(c.reads for c in part.cols)
    writes = sum(r.writes for r in part.rows)
    before = gc.mem_alloc()
    for i in range(50):
        buttons.poll(now + i)
    after = gc.mem_alloc()
    assert after == before, after - before
    assert not buttons.poll(now + 50)
    assert sum(c.reads for c in part.cols) - reads == 51 * 4  # one read per column a poll
    assert sum(r.writes for r in part.rows) == writes  # no row touched while nothing is down


def test_a_held_key_is_scanned_without_allocating():
    rig = Rig(seed=6, bounce_us=0)
    rig.board.hold("9")
    now = rig.board.ticks_ms()
    rig.buttons.poll(now)
    before = gc.mem_alloc()
    for i in range(1, 30):
        rig.buttons.poll(now + i)  # scanning the matrix, the key held (LONG at 600 ms)
    after = gc.mem_alloc()
    assert after == before, after - before
    assert rig.board.keypad.mask == 1 << 10
