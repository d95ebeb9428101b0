# Messages the device shows in its message box (scoreboard.ui.message_box) on the MicroPython
# unix port: whole, wrapped on spaces. Run by tests/firmware/test_text.py (a process of its own:
# the rules core it loads would crowd check_text's 180K heap).

import framebuf

from scoreboard import text

BUF = bytearray(128 * 64 // 8)
FB = framebuf.FrameBuffer(BUF, 128, 64, framebuf.MONO_VLSB)


def test_a_refused_correction_shows_whole_and_names_the_screens_hand():
    # The History's "Fix hand 1" (h 0) refused: the message box (ui.message_box) shows the
    # core's words whole, wrapped on spaces, and names hand 1 as the screen does (it said
    # "hand 0", and was cut mid-sentence on one row).
    from domino import DominoError, Match
    from scoreboard import ui

    def refusal(ev, extra=None):
        m = Match({"game": "block", "players": ["Ana", "Ben"], "target": 20})
        for left in ([0, 10], [0, 5]):
            m.apply({"k": "end", "left": left})
        if extra:
            m.apply(extra)
        try:
            m.apply(ev)
        except DominoError as e:
            return str(e)
        raise AssertionError("not refused: %r" % (ev,))

    first = refusal({"k": "fix", "h": 0, "left": [0, 25]})
    last = refusal({"k": "fix", "h": 1, "left": [0, 15]}, {"k": "play", "p": 0, "t": "6-6"})
    for msg, hand in ((first, "hand 1;"), (last, "hand 2, before")):
        assert hand in msg, msg
        lines = ui.wrap(msg, (128 - 6) // text.W, 5)
        assert " ".join(lines) == msg, lines
        FB.fill(0)
        ui.message_box(FB, msg, True)
