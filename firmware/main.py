"""Entry point: on the Pico the real board, on the MicroPython unix port the simulated one.

Copied to the Pico as main.py, so it runs at power-on. While the app serves the USB link a raw
Ctrl-C is an ordinary byte (no byte the host sends stops the table); `dominoboard deploy` asks
the app for the REPL first (the link's ``repl`` request). The fallback when that cannot work:
BACK held at power-on starts no app, and the REPL stays free for mpremote (docs/serial.md).
"""

from boards import load
from scoreboard.app import App

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
