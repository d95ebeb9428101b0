# Button handling on MicroPython with the simulated board: bouncing contacts, virtual time.
# Run by tests/firmware/test_buttons.py through tests/mpy_run.py.

import os

from boards.sim import SimBoard
from scoreboard.buttons import DOWN, LONG, REPEAT, SHORT, UP, Buttons

# The run's own folder (mpy_checks.py makes one per run), so two runs never share a flash.
STORAGE = os.getenv("CHECK_STORAGE", "/tmp") + "/scoreboard-sim-checks"


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
    pairs = Pairs(buttons)
    presses = 0
    for _ in range(1000):
        name = names[rand.between(0, len(names) - 1)]
        board.hold(name)
        presses += 1
        board.advance(rand.between(25, 900), pairs.poll)
        board.release(name)
        board.advance(rand.between(25, 300), pairs.poll)
    assert not any(pairs.down.values())
    assert pairs.seen == presses, (pairs.seen, presses)
    assert presses == sum(b.presses for b in board.buttons.values())


class Pairs:
    """Polls buttons and checks that every DOWN is followed by its UP, never twice."""

    def __init__(self, buttons):
        self.buttons = buttons
        self.down = {}
        self.seen = 0

    def poll(self, now):
        down = self.down
        for name, kind in self.buttons.poll(now):
            if kind == DOWN:
                self.seen += 1
                assert not down.get(name), (name, "pressed twice")
                down[name] = True
            elif kind == UP:
                assert down.get(name), (name, "released while up")
                down[name] = False


# --- presses the pins' interrupts count between two polls (a busy app loop) ---


def counting(seed=1, **options):
    """A rig whose buttons count presses on the pins' edge interrupts, as the App's do."""
    rig = Rig(seed=seed, **options)
    board = rig.board
    rig.buttons = Buttons(board.buttons, board.ticks_ms(), board.ticks_diff, ticks=board.ticks_ms)
    return rig


def busy_tap(rig, name, ms, after_ms=50):
    """A bouncing tap while nothing polls: down for ms, then up for after_ms."""
    rig.board.hold(name)
    rig.board.advance(ms)
    rig.board.release(name)
    rig.board.advance(after_ms)


def test_without_the_interrupts_a_tap_between_polls_is_lost():
    # The control for the next tests: polls alone never see the pin down.
    rig = Rig(seed=2)
    busy_tap(rig, "OK", 80)
    rig.poll(rig.board.ticks_ms())
    assert rig.log == []


def test_a_tap_between_two_polls_is_one_whole_tap():
    for seed in range(1, 201):
        rig = counting(seed)
        busy_tap(rig, "OK", 30 + seed % 150)
        rig.board.advance(100, rig.poll)
        assert rig.kinds() == [DOWN, SHORT, UP], (seed, rig.log)


def test_taps_between_two_polls_are_each_counted_in_order():
    for seed in range(1, 51):
        rig = counting(seed)
        for name in ("DOWN", "DOWN", "OK"):
            busy_tap(rig, name, 60, 60)
        rig.board.advance(100, rig.poll)
        taps = [(n, k) for _t, n, k in rig.log if k == SHORT]
        assert taps == [("DOWN", SHORT), ("DOWN", SHORT), ("OK", SHORT)], (seed, rig.log)
        assert rig.kinds().count(DOWN) == rig.kinds().count(UP) == 3


def test_a_press_still_held_when_the_poll_comes_is_reported_once():
    for seed in range(1, 51):
        rig = counting(seed)
        rig.board.hold("OK")
        rig.board.advance(300)  # busy
        rig.board.advance(100, rig.poll)
        rig.release("OK")
        assert rig.kinds() == [DOWN, SHORT, UP], (seed, rig.log)


def test_released_and_pressed_again_between_polls_is_two_presses():
    rig = counting(4)
    rig.hold("OK", 100)  # polled: a press the app knows is down
    rig.board.release("OK")
    rig.board.advance(80)
    rig.board.hold("OK")
    rig.board.advance(80)  # busy through the release and the next press
    rig.board.advance(50, rig.poll)
    rig.release("OK")
    assert rig.kinds() == [DOWN, SHORT, UP, DOWN, SHORT, UP], rig.log


def test_counting_changes_nothing_for_an_app_that_polls_in_time():
    # 200 seeds of bouncing taps and holds polled every 1-5 ms: DOWN, SHORT, UP and LONG the
    # same with and without the interrupts (no press is counted twice), DOWN, SHORT and UP at
    # the same times. A hold's LONG and REPEATs count from the press's first edge, not from
    # the poll that saw it: up to a poll period and the contact's chatter (5 ms) sooner, so
    # one more REPEAT may fit before the release.
    def split(log):
        timed = [e for e in log if e[2] not in (REPEAT, LONG)]
        later = [(e[0], e[2]) for e in log if e[2] in (REPEAT, LONG)]
        return timed, later

    for seed in range(1, 201):
        logs = []
        step = 1.0 + seed % 5
        for rig in (Rig(seed=seed), counting(seed)):
            rig.hold("OK", 30 + seed % 300 + (seed % 3) * 300, step)
            rig.release("OK", 100, step)
            rig.hold("UP", 500 + seed, step)
            rig.release("UP", 100, step)
            logs.append(rig.log)
        (timed, later), (timed2, later2) = split(logs[0]), split(logs[1])
        assert timed == timed2, (seed, logs)
        assert 0 <= len(later2) - len(later) <= 1, (seed, logs)
        for (t, kind), (t2, kind2) in zip(later, later2):
            assert kind == kind2 and 0 <= t - t2 <= step + 5, (seed, logs)


def test_a_hold_begun_while_busy_is_long_from_its_first_edge():
    # Held 900 ms from 300 ms into a busy spell: without the interrupts the poll would first
    # see it at 500 ms and call it SHORT on release (held 400 ms < 600); counted, it is LONG.
    for seed in range(1, 51):
        rig = counting(seed)
        rig.board.advance(200)  # busy
        rig.board.hold("OK")
        rig.board.advance(300)  # still busy
        rig.board.advance(600, rig.poll)
        rig.release("OK")
        assert rig.kinds() == [DOWN, LONG, UP], (seed, rig.log)
        assert rig.times(LONG)[0] <= 200 + 600 + 5, (seed, rig.log)


def test_the_interrupt_handler_allocates_nothing():
    import gc

    rig = counting(1)
    pin = rig.board.buttons["OK"]
    handler = pin._handler  # the bound method the interrupt holds, made once
    pin._edges = pin.IRQ_FALLING
    handler(pin)
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    for _ in range(100):
        handler(pin)
    after = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    assert after == before, after - before


def test_random_presses_through_a_busy_loop_are_each_seen_once_and_paired():
    # 1,000 random presses (25-900 ms, gaps 25-300 ms) on random buttons, while the loop
    # polls after random busy spells of 1-450 ms: every press is reported once, in pairs.
    board = SimBoard(seed=77, storage_dir=STORAGE)
    buttons = Buttons(board.buttons, board.ticks_ms(), board.ticks_diff, ticks=board.ticks_ms)
    rand = board.rand
    names = [n for n in board.buttons]
    pairs = Pairs(buttons)
    next_poll = [0]

    def poll(now):
        if board.ticks_diff(now, next_poll[0]) < 0:
            return  # busy
        next_poll[0] = now + rand.between(1, 450)
        pairs.poll(now)

    for _ in range(1000):
        board.hold(names[rand.between(0, len(names) - 1)])
        board.advance(rand.between(25, 900), poll, 1)
        for pin in board.buttons.values():
            pin.release()
        board.advance(rand.between(25, 300), poll, 1)
    next_poll[0] = board.ticks_ms()
    board.advance(500, poll, 1)
    assert not any(pairs.down.values())
    assert pairs.seen == 1000, pairs.seen


def test_a_press_read_before_its_interrupt_ran_is_still_one_press():
    # On the Pico the interrupt runs microseconds after the edge: a poll can read the pin
    # down in between and report the press first. The count that comes after must not make
    # a second press. Modelled by holding the handler back while the poll reads the pin.
    for seed in range(1, 51):
        rig = counting(seed, bounce_us=0)
        pin = rig.board.buttons["OK"]
        handler = pin._handler
        pin._handler = None  # the interrupt is late
        rig.board.hold("OK")
        rig.poll(rig.board.ticks_ms())  # the poll reads the pin down: DOWN
        pin._handler = handler
        pin._edges = pin.IRQ_FALLING
        handler(pin)  # the late interrupt counts the same press
        rig.hold("OK", 100)
        rig.release("OK")
        rig.hold("OK", 80)  # and the next press is one press too
        rig.release("OK")
        assert rig.kinds() == [DOWN, SHORT, UP, DOWN, SHORT, UP], (seed, rig.log)
