"""One UF2 for every board: the scoreboard's own firmware, frozen as makers install it (neither
the knob nor the keypad fitted in boards/pins.py), reads them once the device's Settings (or
the host's `dominoboard names --inputs`) say they are there, and scores a hand with each,
driven through the emulated Pico's matrix and quadrature pins in emulated time."""

import json

import pytest

from dominoboard.cli import main
from dominoboard.link import DeviceLink

pytestmark = pytest.mark.long

# From the start menu: Settings, its form opening on Save; UP to Inputs, OK three times
# (+ knob, + keypad, + knob + keypad), DOWN to Save, OK.
FIT_BOTH = ("DOWN", "DOWN", "OK", "UP", "OK", "OK", "OK", "DOWN", "OK")
# The keypad (# OK, A UP, B DOWN): from Settings up to New match, Muggins, its options, Ana and
# Ben, the table; End the hand (third on the bar), Ana went out; Ben held 23, typed; OK on the
# result.
KEYPAD_HAND = "AA####BBB#B#23##"


def ends(port: str) -> list[dict]:
    """The hand ends of the one match on the scoreboard, read over the link."""
    with DeviceLink(port, timeout=90) as link:
        ((match, _count),) = link.request("list")["matches"]
        lines = link.request("events", match=match, **{"from": 0})["lines"]
    return [e for e in map(json.loads, lines) if e.get("k") == "end"]


def test_the_frozen_uf2_reads_the_keypad_and_the_knob_its_settings_fit(pico):
    start = pico.text()
    pico.press("B")  # the keypad's DOWN, on a board whose settings have not fitted it
    pico.turn(1)
    pico.settle()
    assert pico.text() == start  # neither is read yet: their pins are left alone
    for b in FIT_BOTH:  # reachable with the five buttons alone
        pico.press(b)
    pico.settle()
    for k in KEYPAD_HAND:
        pico.press(k)
    pico.settle()
    assert ends(pico.port) == [{"k": "end", "out": 0, "left": [0, 23]}]
    pico.press("SW")  # the knob's push is OK: on from the result to the next hand
    pico.turn(3)  # to End the hand on the bar
    pico.press("SW")
    pico.turn(1)  # Ana went out
    pico.press("SW")
    pico.turn(3, ms_per_detent=20)  # a spin on Ben's pips: a unit, then on to 25 and 50
    pico.press("SW")
    pico.press("SW")
    pico.settle()
    assert ends(pico.port)[1:] == [{"k": "end", "out": 0, "left": [0, 50]}]


def test_the_host_fits_the_keypad_and_the_knob_and_leaves_them_out_again(pico, capsys):
    assert main(["names", "--inputs", "keypad", "--port", pico.port]) == 0
    assert "and the keypad" in capsys.readouterr().out
    pico.settle()
    start = pico.text()
    pico.press("B")  # now read: the cursor moves down the start menu
    pico.settle()
    moved = pico.text()
    assert moved != start
    pico.turn(-1)  # the knob is not fitted: nothing moves
    pico.settle()
    assert pico.text() == moved
    assert main(["names", "--inputs", "knob", "--port", pico.port]) == 0
    pico.settle()
    moved = pico.text()
    pico.turn(-1)  # the knob now, back up the menu
    pico.settle()
    back = pico.text()
    assert back != moved
    pico.press("B")  # the keypad is left out again: nothing moves
    pico.settle()
    assert pico.text() == back
