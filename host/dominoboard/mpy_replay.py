"""The replay fold, one file for both interpreters.

CPython imports ``fold`` from here; `dominoboard replay --micropython` runs this very file on
the MicroPython unix port (``micropython mpy_replay.py FIRMWARE_DIR MATCH_FILE``). Both print
``domino.events.dumps`` of the standings, so the bytes can be compared. Plain Python only:
nothing MicroPython lacks.
"""

import gc
import sys


def fold(lines):
    """(True, standings JSON) or (False, the rules core's message) for a match file given as
    an iterable of its lines. JSON-lines files are folded as they are read, so a long match
    never sits in memory twice (the Pico-sized heap would not hold it)."""
    from domino import DominoError, Match
    from domino.events import dumps, loads, read_match

    # A Pico-sized heap fragments while the match's lists grow; collecting as we go keeps
    # room for them (MicroPython only collects once an allocation has already failed).
    tidy = gc.collect if sys.implementation.name == "micropython" else _nothing
    try:
        match = None
        number = 0
        whole = None  # the {"setup": ..., "events": [...]} form, read in one piece
        for line in lines:
            number += 1
            if whole is not None:
                whole.append(line)
                continue
            if not line.strip():
                continue
            if match is None:
                if line.lstrip().startswith("{") and '"events"' in line:
                    whole = [line]
                    continue
                match = Match(_event(loads, line, number))
            else:
                ev = _event(loads, line, number)
                if number % 8 == 0:
                    tidy()
                try:
                    match.apply(ev)
                except DominoError as e:
                    raise DominoError("line " + str(number) + ": " + str(e))  # noqa: B904 (MicroPython)
        if whole is not None:
            setup, events = read_match("".join(whole))
            match = Match.replay(setup, events)
        if match is None:
            raise DominoError("empty match file: the first line must be the setup")
        return True, dumps(match.standings())
    except DominoError as e:
        return False, str(e)


def _nothing():
    pass


def _event(loads, line, number):
    from domino import DominoError

    try:
        return loads(line)
    except DominoError as e:
        raise DominoError("line " + str(number) + ": " + str(e))  # noqa: B904 (MicroPython)


def main(argv):
    sys.path.insert(0, argv[1])
    with open(argv[2]) as f:
        ok, out = fold(f)
    sys.stdout.write(out + "\n" if ok else "error: " + out + "\n")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(sys.argv)
