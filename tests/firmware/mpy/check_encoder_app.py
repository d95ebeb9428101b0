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
