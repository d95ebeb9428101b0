"""Entry point: on the Pico the real board, on the MicroPython unix port the simulated one.

Copied to the Pico as main.py, so it runs at power-on; frozen into the scoreboard's own firmware
as main.py (`make firmware`), which MicroPython runs at power-on before any main.py on flash.
While the app serves the USB link a raw Ctrl-C is an ordinary byte (no byte the host sends stops
the table); `dominoboard deploy` asks the app for the REPL first (the link's ``repl`` request).
The fallback when that cannot work: BACK held at power-on starts no app, and the REPL stays free
for mpremote (docs/serial.md).
"""

import sys

# The frozen app runs its own modules, not what an earlier `dominoboard deploy` left on the
# flash: the filesystem comes first on sys.path otherwise. (On stock MicroPython .frozen holds
# only MicroPython's own modules.)
if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")

from boards import load  # noqa: E402
from scoreboard.app import App  # noqa: E402

ESCAPE = "BACK"  # held at power-on: no app, the REPL stays free


def main():
    board = load()
    if board.buttons[ESCAPE].value() == 0:  # pressed: the pins pull up, a press is 0
        try:
            d = board.display
            d.fill(0)
            d.text("REPL: no app", 0, 0)
            d.text("(BACK held at", 0, 16)
            d.text(" power-on)", 0, 26)
            d.show()
        except Exception:  # no panel: the REPL is what matters
            pass
        return
    app = App(board)
    app.serve_link()  # the USB protocol, loaded when the host first speaks
    app.run()  # returns when the host asks for the REPL (deploy)


main()
