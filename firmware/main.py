"""Entry point: on the Pico the real board, on the MicroPython unix port the simulated one.

Copied to the Pico as main.py, so it runs at power-on; frozen into the scoreboard's own firmware
as main.py (`make firmware`), which MicroPython runs at power-on before any main.py on flash.
Ctrl-C (KeyboardInterrupt) is not caught anywhere in the app, so mpremote can still stop it and
deploy.
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


def main():
    board = load()
    app = App(board)
    app.serve_link()  # the USB protocol, loaded when the host first speaks
    app.run()


main()
