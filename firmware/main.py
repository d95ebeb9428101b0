"""Entry point: on the Pico the real board, on the MicroPython unix port the simulated one.

Copied to the Pico as main.py, so it runs at power-on. Ctrl-C (KeyboardInterrupt) is not
caught anywhere in the app, so mpremote can still stop it and deploy.
"""

from boards import load
from scoreboard.app import App


def main():
    board = load()
    app = App(board)
    app.serve_link()  # the USB protocol, loaded when the host first speaks
    app.run()


main()
