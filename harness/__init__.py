"""The harness the tests and the benchmarks both drive: one home, imported as ``harness.X``
by tests/ (pytest puts the repository root on sys.path: pyproject.toml's ``pythonpath``) and
by bench/ (run as ``python -m bench.NAME`` from the root), so neither edits sys.path to reach
the other's files.

- pty_device: the scoreboard's serial side (the real store and link on the MicroPython unix
  port) on a pseudo-terminal, as the host opens a Pico.
- long_matches: the long seeded matches written into a scoreboard's store.
- press_hands: whole hands entered by button presses on the simulated board.
- random_games: random legal games through the rules core, every hand known.
"""
