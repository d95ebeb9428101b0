# Button handling on MicroPython with the simulated board: bouncing contacts, virtual time.
# Run by tests/firmware/test_buttons.py through tests/mpy_run.py.

from boards.sim import SimBoard
from scoreboard.buttons import DOWN, LONG, REPEAT, SHORT, UP, Buttons

STORAGE = "/tmp/scoreboard-sim-checks"


class Rig:
    """A simulated board, its buttons, and a log of (ms since start, name, kind)."""

    def __init__(self, seed=1, start_ms=0, bounce_us=5000, **options):
        self.board = SimBoard(seed, start_ms, STORAGE, bounce_us=bounce_us)
        self.start = self.board.ticks_ms()
        self.buttons = Buttons(self.board.buttons, self.start, self.board.ticks_diff, **options)
        self.log = []

    def poll(self, now):
        for name, kind in self.buttons.poll(now):
            self.log.append((self.board.ticks_diff(now, self.start), name, kind))

    def hold(self, name, ms, step_ms=1.0):
        self.board.hold(name)
        self.board.advance(ms, self.poll, step_ms)

    def release(self, name, ms=200, step_ms=1.0):
        self.board.release(name)
        self.board.advance(ms, self.poll, step_ms)

    def kinds(self, name=None):
        return [k for _t, n, k in self.log if name is None or n == name]

    def times(self, kind):
        return [t for t, _n, k in self.log if k == kind]


def raw_edges(seed, step_us=50):
    """Edges a naive reader sees when sampling the pin every step_us through a press."""
    board = SimBoard(seed=seed, storage_dir=STORAGE)
    pin = board.buttons["OK"]
    board.hold("OK")
    edges, last = 0, pin.value()
    for _ in range(10_000 // step_us):
        board.clock.advance_ns(step_us * 1000)
        v = pin.value()
        if v != last:
            edges += 1
            last = v
    return edges


def test_the_simulated_contact_really_bounces():
    # The control for the debounce checks: without debouncing a press has many edges.
    bouncy = [raw_edges(seed) for seed in range(1, 31)]
    assert min(bouncy) >= 1
    assert sum(1 for e in bouncy if e >= 3) >= 20, bouncy


def test_bounce_is_repeatable_for_a_seed_and_differs_between_seeds():
    assert raw_edges(7) == raw_edges(7)
    assert len(set(raw_edges(s, 20) for s in range(1, 11))) > 3


def test_without_debounce_the_bounce_would_double_count():
    # Same polling and contacts with debounce_ms=0 and sub-millisecond polls: the
    # bounce shows up as extra presses, so the next test is meaningful.
    doubles = 0
    for seed in range(1, 21):
        rig = Rig(seed=seed, debounce_ms=0)
        rig.hold("OK", 50, step_ms=0.1)
        rig.release("OK", 50, step_ms=0.1)
        doubles += rig.kinds("OK").count(DOWN) > 1
    assert doubles >= 10, doubles


def test_a_bouncing_tap_is_one_short_press():
    for seed in range(1, 201):
        rig = Rig(seed=seed)
        rig.hold("OK", 30 + seed % 200, step_ms=0.25 if seed % 2 else 1.0)
        rig.release("OK")
        assert rig.kinds() == [DOWN, SHORT, UP], (seed, rig.log)


def test_press_is_reported_on_the_first_poll_that_sees_it():
    rig = Rig(seed=3)
    rig.hold("DOWN", 100, step_ms=5)
    assert rig.log[0] == (5, "DOWN", DOWN), rig.log


def test_long_press_fires_once_at_600_ms_and_suppresses_short():
    rig = Rig(seed=5)
    rig.hold("OK", 1500, step_ms=5)
    rig.release("OK")
    assert rig.kinds() == [DOWN, LONG, UP], rig.log
    down, long = rig.times(DOWN)[0], rig.times(LONG)[0]
    assert 600 <= long - down <= 605, rig.log


def test_a_press_just_under_long_is_still_short():
    rig = Rig(seed=5)
    rig.hold("BACK", 590, step_ms=5)
    rig.release("BACK")
    assert rig.kinds() == [DOWN, SHORT, UP], rig.log


def test_long_press_threshold_is_an_option():
    rig = Rig(seed=2, long_ms=1000)
    rig.hold("UNDO", 900, step_ms=5)
    assert LONG not in rig.kinds()
    rig.hold("UNDO", 200, step_ms=5)
    assert rig.kinds().count(LONG) == 1


def test_hold_to_repeat_starts_after_the_delay_and_accelerates():
    rig = Rig(seed=9)
    rig.hold("UP", 3000, step_ms=1)
    rig.release("UP")
    assert rig.kinds() == [DOWN] + [REPEAT] * (len(rig.log) - 2) + [UP], rig.log
    down, up = rig.times(DOWN)[0], rig.times(UP)[0]
    repeats = [t - down for t in rig.times(REPEAT)]
    # 400 ms delay, then 250 ms shrinking by a fifth per step down to 40 ms (25 a second).
    expected, t, gap = [], 400, 250
    while t < up - down:
        expected.append(t)
        t += gap
        gap = max(40, gap * 4 // 5)
    assert repeats == expected, (repeats, expected)
    assert len(expected) > 40


def test_repeat_buttons_never_give_long_and_no_short_after_repeating():
    rig = Rig(seed=4)
    rig.hold("DOWN", 1000, step_ms=2)
    rig.release("DOWN")
    kinds = rig.kinds()
    assert LONG not in kinds and SHORT not in kinds, rig.log
    rig.log = []
    rig.hold("DOWN", 100, step_ms=2)
    rig.release("DOWN")
    assert rig.kinds() == [DOWN, SHORT, UP], rig.log


def test_a_slow_loop_gets_at_most_one_repeat_per_poll():
    rig = Rig(seed=6)
    rig.hold("UP", 2000, step_ms=100)
    per_poll = {}
    for t, _n, k in rig.log:
        if k == REPEAT:
            per_poll[t] = per_poll.get(t, 0) + 1
    assert per_poll and max(per_poll.values()) == 1, rig.log


def test_long_press_across_the_tick_counter_wrap():
    rig = Rig(seed=8, start_ms=(1 << 30) - 300)
    rig.hold("OK", 1000, step_ms=5)
    assert rig.board.ticks_ms() < 1000  # the counter did wrap
    assert rig.kinds() == [DOWN, LONG], rig.log
    assert 600 <= rig.times(LONG)[0] - rig.times(DOWN)[0] <= 605


def test_buttons_are_independent():
    rig = Rig(seed=10)
    rig.board.hold("UP")
    rig.board.advance(50, rig.poll, 1)
    rig.hold("OK", 100)
    rig.release("OK", 10)
    rig.release("UP")
    assert [(n, k) for _t, n, k in rig.log if n == "OK"] == [
        ("OK", DOWN),
        ("OK", SHORT),
        ("OK", UP),
    ], rig.log
    assert [k for _t, n, k in rig.log if n == "UP"] == [DOWN, SHORT, UP], rig.log


def test_a_button_held_at_start_up_gives_no_press():
    board = SimBoard(seed=1, storage_dir=STORAGE)
    board.hold("BACK")
    board.advance(50)
    buttons = Buttons(board.buttons, board.ticks_ms(), board.ticks_diff)
    assert buttons.is_down("BACK")
    events = []
    board.advance(1000, lambda now: events.extend(buttons.poll(now)))
    board.release("BACK")
    board.advance(100, lambda now: events.extend(buttons.poll(now)))
    assert events == [("BACK", UP)], events


def test_idle_time_counts_from_the_last_event():
    rig = Rig(seed=1)
    rig.board.advance(500, rig.poll)
    assert rig.buttons.idle_ms(rig.board.ticks_ms()) == 500
    rig.hold("OK", 100)
    rig.release("OK", 300)
    assert 295 <= rig.buttons.idle_ms(rig.board.ticks_ms()) <= 300


def test_events_are_shared_tuples_so_polling_does_not_allocate_them():
    rig = Rig(seed=1)
    rig.hold("OK", 50)
    rig.release("OK")
    first = [b for b in rig.buttons._buttons if b.name == "OK"][0].ev_down
    seen = []
    rig.board.hold("OK")
    rig.board.advance(20, lambda now: seen.extend(rig.buttons.poll(now)))
    assert seen and seen[0] is first


def test_random_presses_are_each_seen_once_and_paired():
    # 1,000 random presses of random length on random buttons, polled at 5 ms.
    board = SimBoard(seed=99, storage_dir=STORAGE)
    buttons = Buttons(board.buttons, board.ticks_ms(), board.ticks_diff)
    rand = board.rand
    names = [n for n in board.buttons]
    down = {}
    presses = 0
    seen = [0]

    def poll(now):
        for name, kind in buttons.poll(now):
            if kind == DOWN:
                seen[0] += 1
                assert not down.get(name), (name, "pressed twice")
                down[name] = True
            elif kind == UP:
                assert down.get(name), (name, "released while up")
                down[name] = False

    for _ in range(1000):
        name = names[rand.between(0, len(names) - 1)]
        board.hold(name)
        presses += 1
        board.advance(rand.between(25, 900), poll)
        board.release(name)
        board.advance(rand.between(25, 300), poll)
    assert not any(down.values())
    assert seen[0] == presses, (seen[0], presses)
    assert presses == sum(b.presses for b in board.buttons.values())
