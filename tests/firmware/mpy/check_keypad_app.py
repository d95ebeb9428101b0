# The keypad driving the whole app on the simulated board (its own process: the app needs
# the heap to itself): # and * as the buttons, digits typing a tally, a tile named by its pips
# on the table (its end asked only when the ends differ in result), and a held UP climbing
# the tally's ladder without overshooting. Run by tests/firmware/test_keypad.py.

from check_encoder import _storage

from boards.sim import SimBoard
from scoreboard.app import App


class Table:
    def __init__(self, tag, game: "str | None" = "muggins", plays=(), keypad=True):
        self.board = SimBoard(seed=3, storage_dir=_storage("keypad-" + tag), keypad=keypad)
        self.app = App(self.board)
        self.board.advance(100, self.app.step)
        if game:
            self.app.new_match({"v": 1, "game": game, "players": ["Ana", "Ben"], "opts": {}})
            for i, (p, t) in enumerate(plays):
                ev = {"k": "play", "p": p, "t": t}
                if i:
                    ev["e"] = 0
                self.app.record(ev)
            self.app.home()
            self.board.advance(50, self.app.step)

    def keys(self, legends, hold_ms=80):
        for k in legends:
            self.board.tap(k, hold_ms, self.app.step)

    def screen(self):
        return type(self.app.screen).__name__

    def log(self):
        """The plays recorded (draws and claims left out)."""
        m = self.app.match
        return [m.log[i] for i in range(len(m.log)) if m.log[i]["k"] == "play"]


def test_hash_and_star_drive_the_menus_as_ok_and_back_do():
    by_buttons = Table("b1", game=None, keypad=False)
    for b in ("DOWN", "OK", "DOWN", "BACK", "DOWN", "OK"):
        by_buttons.board.tap(b, 80, by_buttons.app.step)
    a = ([type(s).__name__ for s in by_buttons.app.screens], by_buttons.board.panel.image())
    by_buttons = None
    by_pad = Table("b2", game=None)
    by_pad.keys("B#B*B#")  # B is DOWN, # OK, * BACK
    b = ([type(s).__name__ for s in by_pad.app.screens], by_pad.board.panel.image())
    assert a == b and len(a[0]) > 1, (a[0], b[0])


def test_a_tile_that_fits_one_end_is_laid_by_its_two_pips():
    t = Table("t1", game="draw", plays=[(0, "6-6")])  # Draw: a line, the chosen leader
    assert t.screen() == "Table"
    t.keys("46")  # 4-6, either half first: the lone 6-6's sides are one end (no question)
    last = t.log()[-1]
    assert last["k"] == "play" and last["t"] == "6-4" and last["p"] == 1, last
    t.keys("34")  # 4-3 fits the 4 only
    assert t.log()[-1]["t"] == "4-3", t.log()[-1]
    assert t.app.errors == 0


def test_the_end_is_asked_only_when_the_ends_differ_in_result():
    t = Table("t2", game="draw", plays=[(0, "6-6"), (1, "6-5")])  # ends 6 and 5
    n = len(t.log())
    t.keys("65")  # 6-5 is on the table: no such play now
    assert len(t.log()) == n and t.app.message is not None
    t.keys("56")  # still no
    t.keys("5")
    t.keys("3")  # 5-3 fits the 5 only: laid at once
    assert t.log()[-1]["t"] == "5-3" and len(t.log()) == n + 1
    # ends 6 and 3 now; 6-3 fits both, leaving ends 3 and 3, or 6 and 6: asked
    table = t.app.screen
    t.keys("63")
    assert len(t.log()) == n + 1 and table.asking, table.actions
    labels = [table.label(t.app, a) for a in table.actions]
    assert labels[0].startswith("1 6-3 on ") and labels[1].startswith("2 6-3 on "), labels
    t.board.tap("B", 80, t.app.step)  # DOWN: the other end
    t.keys("#")
    assert t.log()[-1]["t"] == "6-3" and len(t.log()) == n + 2
    assert t.app.errors == 0


def test_a_digit_names_the_end_the_bar_numbers():
    t = Table("t6", game="draw", plays=[(0, "6-6"), (1, "6-5"), (0, "5-3")])  # ends 6, 3
    n = len(t.log())
    table = t.app.screen
    t.keys("63")  # fits both ends, which differ: asked, each end numbered
    ends = [a[1][1] for a in table.actions]
    assert table.asking and len(ends) == 2, table.actions
    t.keys("3")  # no third end: refused, nothing laid, still asked
    assert len(t.log()) == n and table.asking and t.app.message is not None
    assert "1-2" in t.app.message[0], t.app.message
    t.keys("2")  # the second end, in one key: no walk along the bar
    last = t.log()[-1]
    assert len(t.log()) == n + 1 and last["t"] == "6-3" and last["e"] == ends[1], (last, ends)
    assert not table.asking and t.app.errors == 0


def test_star_drops_the_digits_and_the_question():
    t = Table("t3", game="draw", plays=[(0, "6-6"), (1, "6-5")])
    n = len(t.log())
    t.keys("5*")  # a first pip, then BACK: nothing typed, still on the table
    assert t.screen() == "Table" and t.app.screen.typed == ""
    t.keys("53")
    assert len(t.log()) == n + 1
    t.keys("63")  # asks which end
    t.keys("*")
    assert not t.app.screen.asking and t.screen() == "Table"
    assert len(t.log()) == n + 1


def test_the_tally_is_typed_and_a_typo_is_refused():
    t = Table("t4")
    from scoreboard.screens.tally import Tally

    t.app.push(Tally(t.app, 0, True))  # Ana went out before any play was entered
    t.board.advance(50, t.app.step)
    tal = t.app.screen
    num = tal.rows()[0][2]
    t.keys("23#")
    assert tal.cursor == 1 and tal.rows()[0][2].value == 23, (tal.cursor, num.value)
    t.keys("*")  # BACK to the pips
    assert tal.cursor == 0
    t.keys("999#")  # 999 is past the most Ben can hold: 9, 99 typed, then 9 again
    assert tal.cursor == 1 and num.value == 9, (tal.cursor, num.value, num.hi)
    t.keys("*")
    t.keys("1#")
    assert tal.cursor == 1 and num.value == 1


def test_a_held_up_climbs_rungs_and_stops_where_the_finger_lets_go():
    t = Table("t5")
    from scoreboard.screens.tally import Tally

    t.app.push(Tally(t.app, 0, True))
    t.board.advance(50, t.app.step)
    num = t.app.screen.rows()[0][2]
    start = num.value
    shown = []  # (ms, value) each time the value changed
    board = t.board
    board.hold("UP")
    t0 = board.ticks_ms()
    last = start
    for _ in range(420):  # 2.1 s held
        board.advance(5, t.app.step)
        if num.value != last:
            last = num.value
            shown.append((board.ticks_ms() - t0, last))
    board.release("UP")
    board.advance(600, t.app.step)
    assert num.value == last  # nothing after the finger is off
    rungs = shown[1:]  # the first change is the tap of the press itself
    assert len(rungs) >= 4 and all(v % 10 == 0 for _ms, v in rungs), shown
    for i in range(1, len(rungs)):
        assert rungs[i][0] - rungs[i - 1][0] >= 400, shown  # each rung shows 0.4 s at least
        assert rungs[i][1] - rungs[i - 1][1] == 10, shown


def test_the_idle_loop_at_the_table_allocates_nothing_with_the_keypad():
    # As bench/target_bench.py measures it on the Pico: loop passes at the table, nothing
    # pressed, the keypad scanned every pass (its columns read).
    import gc

    t = Table("t6", game="draw", plays=[(0, "6-6")])
    t.board.advance(3000, t.app.step)  # the table drawn, the active period over
    reads = sum(c.reads for c in t.board.pad.cols)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for _ in range(200):
            t.board.clock.advance(10)
            t.app.step(t.board.ticks_ms())
        after = gc.mem_alloc()
    finally:
        gc.enable()
    assert after == before, after - before
    assert sum(c.reads for c in t.board.pad.cols) - reads == 200 * 4


def test_a_big_set_names_pips_of_ten_and_more_by_two_digits():
    # Double-12 (004): ends 12 and 1. "1" "2" is 2-1 on the 1 or the start of 12-x: it waits,
    # and # takes 2-1; "1" "2" "3" is 12-3.
    t = Table("t7", game="doble12", plays=[(0, "12-12"), (1, "12-1")])
    n = len(t.log())
    t.keys("12")
    assert len(t.log()) == n and t.app.screen.typed == "12"
    t.keys("#")
    assert t.log()[-1]["t"] == "2-1" and len(t.log()) == n + 1, t.log()[-1]
    t.keys("123")
    assert t.log()[-1]["t"] == "12-3" and len(t.log()) == n + 2, t.log()[-1]
    assert t.app.errors == 0


def test_muggins_points_typed_off_the_unit_are_refused_and_change_nothing():
    t = Table("t8")
    from scoreboard.screens.match_menu import Points

    t.app.push(Points(t.app))
    t.board.advance(50, t.app.step)
    n = len(t.app.match.log)
    t.keys("13#")  # a digit goes straight to the points; 13 is no multiple of five
    assert len(t.app.match.log) == n and t.app.screen.number.value == 5
    assert "in fives" in t.app.message[0], t.app.message
    t.keys("15#")
    ev = t.app.match.log[n]
    assert ev["k"] == "pts" and ev["n"] == 15, ev


def test_a_lead_the_tiles_decide_is_its_pips_then_the_seats_digit():
    t = Table("t9", game="muggins")
    assert t.app.match.hand.turn is None  # the highest double leads: nobody's turn yet
    t.keys("55")  # 5-5 named by its pips: then who laid it
    assert t.screen() == "Leader" and len(t.log()) == 0, t.screen()
    t.keys("3")  # no third seat: nothing happens
    assert t.screen() == "Leader" and len(t.log()) == 0
    t.keys("2")  # Ben
    assert t.log() == [{"k": "play", "p": 1, "t": "5-5"}], t.log()
    assert t.screen() == "Table" and t.app.errors == 0
