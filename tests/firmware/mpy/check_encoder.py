# The optional rotary encoder on MicroPython with the simulated board: quadrature decoding of
# bouncing contacts in virtual time, detents as turn events timed on the virtual clock (their
# pace), the switch as OK, no allocation.
# Run by tests/firmware/test_encoder.py through tests/mpy_run.py.

import os

import micropython

from boards.encoder import FAST, RING, SLOW, STEADY, STEP, Encoder
from boards.sim import SimBoard
from scoreboard.buttons import ANTICLOCKWISE, CLOCKWISE, TURNS, Buttons

# The run's own folder (mpy_checks.py makes one per run), so two runs never share a flash.
STORAGE = os.getenv("CHECK_STORAGE", "/tmp") + "/scoreboard-sim-encoder"
CLOCKWISE_STATES = (1, 0, 2, 3)  # (A << 1 | B) after each quarter of a detent from rest (3)


def _storage(tag):
    import gc

    gc.collect()  # each check starts on a clean heap (the app checks need most of it)
    path = STORAGE + "-" + tag
    try:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
    except OSError:
        pass
    return path


class Rig:
    """A simulated board, its buttons with the encoder, and the events seen."""

    def __init__(self, seed=1, bounce_us=1500):
        self.board = SimBoard(seed, storage_dir=_storage("rig"), encoder=True)
        knob = self.board.knob
        knob.a.bounce_us = knob.b.bounce_us = bounce_us
        self.encoder = self.board.encoder  # the board's decoder; its switch is a button
        self.buttons = Buttons(self.board.buttons, self.board.ticks_ms(), self.board.ticks_diff,
                               encoder=self.encoder)  # fmt: skip
        self.net = 0  # clockwise detents less anticlockwise ones
        self.events = 0
        self.paces = []  # each detent's pace, in order

    def poll(self, now):
        for name, kind in self.buttons.poll(now):
            self.events += 1
            assert name in (CLOCKWISE, ANTICLOCKWISE), (name, kind)
            self.net += 1 if name == CLOCKWISE else -1
            self.paces.append(kind)


def test_the_table_counts_a_quarter_step_each_way_and_ignores_jumps():
    for i in range(4):
        a, b = CLOCKWISE_STATES[i - 1], CLOCKWISE_STATES[i]
        assert STEP[a << 2 | b] == 1
        assert STEP[b << 2 | a] == -1
        assert STEP[a << 2 | a] == 0
        assert STEP[a << 2 | CLOCKWISE_STATES[(i + 1) % 4]] == 0  # both pins changed: unknown way


def test_one_detent_is_counted_at_rest_and_chatter_cancels():
    knob = SimBoard(storage_dir=_storage("t"), encoder=True).knob
    enc = Encoder(knob.a, knob.b)
    for s in CLOCKWISE_STATES[:3]:
        enc.step(s)
        enc.step(3 if s == 1 else s)  # chatter back and forth on the changing contact
        enc.step(s)
    assert enc.detents == 0  # not yet at rest
    enc.step(3)
    enc.step(2)
    enc.step(3)  # B chatters at the detent
    assert enc.detents == 1
    for s in (2, 0, 1, 3):  # back again
        enc.step(s)
    assert enc.detents == 0


def test_a_missed_reading_costs_no_detent():
    knob = SimBoard(storage_dir=_storage("t"), encoder=True).knob
    enc = Encoder(knob.a, knob.b)
    for s in (1, 2, 3):  # 1 -> 2 jumps over 0: both pins changed between two reads
        enc.step(s)
    assert enc.detents == 1


def raw_edges(seed):
    """Edges on contact A through one detent, sampled every 50 us (no decoding)."""
    board = SimBoard(seed=seed, storage_dir=_storage("t"), encoder=True)
    pin = board.knob.a
    board.knob.turn(1, 40)
    edges, last = 0, pin.value()
    for _ in range(50_000 // 50):
        board.clock.advance_ns(50_000)
        v = pin.value()
        if v != last:
            edges += 1
            last = v
    return edges


def test_the_simulated_contacts_really_bounce():
    # The control: a clean detent has two edges on A; the model's contacts chatter.
    edges = [raw_edges(seed) for seed in range(1, 21)]
    assert min(edges) >= 2
    assert sum(1 for e in edges if e > 2) >= 15, edges


def test_random_turns_give_each_detent_once_as_an_event():
    rig = Rig(seed=7)
    rand = rig.board.rand
    turned = 0
    for _ in range(300):
        n = rand.between(1, 5) * (1 if rand.between(0, 1) else -1)
        turned += n
        rig.board.turn(n, rig.poll, ms_per_detent=rand.between(40, 160))
        assert rig.net == turned, (turned, rig.net)
    assert rig.events >= 300  # every detent one event


def test_a_fast_spin_between_polls_is_handed_out_over_the_next_polls():
    rig = Rig(seed=3)
    rig.board.knob.turn(9, 24)
    for _ in range(250):  # the decoder reads the pins more often than the loop takes events
        rig.board.clock.advance(1)
        rig.encoder.edge()
    assert rig.encoder.detents == 9
    rig.poll(rig.board.ticks_ms())  # the ring kept every one
    assert rig.net == 2  # at most two detents per poll: the events list stays small
    rig.board.advance(300, rig.poll)
    assert rig.net == 9


def test_decoding_and_polling_never_allocate():
    rig = Rig(seed=5)
    rig.board.turn(2, rig.poll)
    enc = rig.encoder
    micropython.heap_lock()
    try:
        for _ in range(50):
            for s in CLOCKWISE_STATES:
                enc.step(s)
        c = enc.take()  # the pins are at rest: reading them allocates nothing either
    finally:
        micropython.heap_unlock()
    assert c >= 0 and not c & 1
    events = rig.buttons.poll(rig.board.ticks_ms())  # the buttons make detents events
    assert [name for name, _ in events] == [CLOCKWISE, CLOCKWISE]  # two a poll
    assert enc.head - enc.tail == RING - 3  # the ring keeps what it holds; the rest dropped
    assert enc.detents == 52


def test_each_detent_has_the_pace_of_its_own_gap():
    # Timed on the board's virtual clock: deliberate clicks are SLOW, a steady turn STEADY, a
    # spin FAST; the first detent of a turn, and the first after the way changes, is SLOW.
    rig = Rig(seed=6, bounce_us=0)
    board = rig.board
    board.turn(3, rig.poll, ms_per_detent=200)
    board.advance(300, rig.poll)
    board.turn(4, rig.poll, ms_per_detent=80)
    board.advance(300, rig.poll)
    board.turn(5, rig.poll, ms_per_detent=20)
    board.turn(-2, rig.poll, ms_per_detent=20)
    board.turn(2, rig.poll, ms_per_detent=200)  # slowing down at once: slow at once
    assert rig.paces == [SLOW] * 3 + [SLOW] + [STEADY] * 3 + [SLOW] + [FAST] * 4 + [
        SLOW, FAST] + [SLOW] * 2, rig.paces  # fmt: skip
    assert rig.net == 3 + 4 + 5 - 2 + 2


def test_a_decoder_without_a_clock_gives_slow_detents():
    knob = SimBoard(storage_dir=_storage("t"), encoder=True).knob
    enc = Encoder(knob.a, knob.b)
    for _ in range(3):
        for s in CLOCKWISE_STATES:
            enc.step(s)
    assert [enc.take() for _ in range(4)] == [0, 0, 0, -1]
    assert TURNS[0] == (CLOCKWISE, SLOW) and TURNS[5] == (ANTICLOCKWISE, FAST)
