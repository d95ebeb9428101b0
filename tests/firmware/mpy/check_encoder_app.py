# The rotary encoder driving the whole app on the simulated board (its own process: the app
# needs the Pico-sized heap to itself). Run by tests/firmware/test_encoder.py.

from check_encoder import _storage

from boards.sim import SimBoard
from scoreboard.app import App


def _session(storage, actions):
    board = SimBoard(seed=2, storage_dir=storage, encoder=True)
    app = App(board)
    # The unix port's pins have no interrupts: the decoder reads them once a loop pass, so
    # the first picture (23 ms on the bus) must be out before the knob turns.
    board.advance(100, app.step)
    for act in actions:
        if act == "cw":
            board.turn(1, app.step)
        elif act == "ccw":
            board.turn(-1, app.step)
        elif act == "push":
            board.push(poll=app.step)
        else:
            board.tap(act, poll=app.step)
    board.advance(100, app.step)
    return app.keys, [type(s).__name__ for s in app.screens], board.panel.image(), app.errors


def test_the_knob_drives_the_app_as_the_buttons_do():
    by_buttons = ["DOWN", "DOWN", "DOWN", "UP", "OK", "DOWN", "OK"]
    by_knob = ["cw", "cw", "cw", "ccw", "push", "cw", "push"]
    a = _session(_storage("a"), by_buttons)  # one app in the heap at a time, as on a Pico
    b = _session(_storage("b"), by_knob)
    assert a[0] == b[0] == len(by_buttons)
    assert a[1] == b[1] and len(a[1]) > 1, (a[1], b[1])
    assert a[2] == b[2]
    assert a[3] == b[3] == 0


def test_the_detent_that_wakes_the_screen_does_not_act_the_next_does():
    board = SimBoard(seed=4, storage_dir=_storage("w"), encoder=True)
    app = App(board)
    app.settings["sleep"] = 1
    board.advance(100, app.step)
    picture = board.panel.image()
    board.advance(2500, app.step)
    assert app.asleep
    keys = app.keys
    board.turn(1, app.step)
    assert not app.asleep and app.keys == keys
    board.advance(50, app.step)
    assert board.panel.image() == picture
    board.turn(1, app.step)
    assert app.keys == keys + 1


def test_a_board_without_the_knob_loads_no_decoder():
    import sys

    board = SimBoard(seed=5, storage_dir=_storage("n"), encoder=False)
    sys.modules.pop("boards.encoder", None)
    app = App(board)
    assert board.encoder is None and app.buttons.encoder is None
    assert "boards.encoder" not in sys.modules and sorted(board.buttons) == sorted(
        ["UP", "DOWN", "OK", "BACK", "UNDO"]
    )
    board.tap("DOWN", poll=app.step)
    assert app.keys == 1


def _tally(tag):
    """The tally of a Muggins hand Ana went out of, its first number (Ben's pips) on show."""
    board = SimBoard(seed=6, storage_dir=_storage(tag), encoder=True)
    app = App(board)
    board.advance(100, app.step)
    app.new_match({"v": 1, "game": "muggins", "players": ["Ana", "Ben"], "opts": {}})
    app.home()
    from scoreboard.screens.tally import Tally

    app.push(Tally(app, 0, True))
    board.advance(100, app.step)
    return board, app, app.screen.rows()[0][2]


def test_a_detent_clockwise_from_nought_is_one_and_the_ends_stop_the_knob():
    board, app, num = _tally("z")
    assert num.value == 0
    board.turn(1, app.step)
    assert num.value == 1, num.value  # it wrapped to the most Ben can hold (153)
    board.advance(300, app.step)
    board.turn(-1, app.step)
    board.advance(300, app.step)
    board.turn(-1, app.step)
    assert num.value == 0 and app.errors == 0  # the knob stops at the least


def test_a_spin_lands_on_round_values_and_slow_clicks_move_one():
    board, app, num = _tally("s")
    seen = []

    def poll(now):
        app.step(now)
        if not seen or seen[-1] != num.value:
            seen.append(num.value)

    board.turn(3, poll, ms_per_detent=20)  # a spin: the first detent a unit, then 25s
    assert num.value == 50 and seen == [0, 1, 25, 50], seen
    board.advance(400, poll)
    board.turn(-3, poll, ms_per_detent=250)  # aimed clicks back: a unit each
    assert num.value == 47, num.value  # 47 in six detents
    board.advance(400, poll)
    board.turn(4, poll, ms_per_detent=80)  # a steady turn: on to the fives
    assert num.value == 60 and seen[-4:] == [48, 50, 55, 60], seen
    board.turn(1, poll, ms_per_detent=300)  # slowing down: the next detent is one unit
    assert num.value == 61 and app.errors == 0, (num.value, seen)


def test_a_spin_moves_a_list_one_row_a_detent():
    board = SimBoard(seed=7, storage_dir=_storage("l"), encoder=True)
    app = App(board)
    board.advance(100, app.step)
    menu = app.screen
    board.turn(2, app.step, ms_per_detent=20)
    fast = menu.cursor
    assert fast == 2, fast


def test_the_five_buttons_fit_the_knob_and_the_keypad_kept_on_flash():
    # One firmware for every board: the board is made as the UF2 makes it (neither fitted),
    # and Settings > Inputs, reached with the five buttons, fits them, kept over a power-on.
    import sys

    storage = _storage("i")
    board = SimBoard(seed=8, storage_dir=storage)
    sys.modules.pop("boards.encoder", None)
    app = App(board)
    assert board.encoder is None and board.keypad is None
    assert "boards.encoder" not in sys.modules  # not fitted: not in the heap
    board.advance(100, app.step)
    for b in ("DOWN", "DOWN", "OK", "UP", "OK", "OK", "OK", "DOWN", "OK"):
        board.tap(b, poll=app.step)  # Settings (on Save), Inputs: + knob + keypad, Save
    assert app.settings["inputs"] == 3 and app.errors == 0, app.settings
    assert board.encoder is not None and board.keypad is not None
    assert app.buttons.encoder is board.encoder and app.buttons.keypad is board.keypad
    menu = app.screen
    board.advance(300, app.step)
    cursor = menu.cursor
    board.turn(1, app.step)
    assert menu.cursor == cursor + 1, (cursor, menu.cursor)
    board.tap("A", poll=app.step)  # the keypad's A is UP
    assert menu.cursor == cursor and app.errors == 0
    app = board = None
    again = SimBoard(seed=9, storage_dir=storage)  # the next power-on
    app = App(again)
    assert app.settings["inputs"] == 3 and again.encoder is not None and again.keypad is not None
