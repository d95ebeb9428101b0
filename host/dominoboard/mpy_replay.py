"""The replay fold, one file for both interpreters.

CPython imports ``fold`` from here; `dominoboard replay --micropython` runs this very file on
the MicroPython unix port (``micropython mpy_replay.py CORE_DIR MATCH_FILE``, the core in
CORE_DIR precompiled by mpy-cross as deploy ships it). Both print ``domino.events.dumps`` of
the standings, so the bytes can be compared; MicroPython writes them a hand at a time
(``domino.standings.write``) and ends with an ``error: ...`` line if the fold or the writing
fails. Plain Python only: nothing MicroPython lacks.
"""

import gc
import sys


class _Text:
    """Collects what ``fold`` writes, for CPython (MicroPython writes to stdout)."""

    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


class _Counted:
    """A stream that remembers whether anything was written to it."""

    def __init__(self, stream):
        self.stream = stream
        self.wrote = False

    def write(self, text):
        self.wrote = True
        self.stream.write(text)


def fold(lines, log=None, out=None):
    """(True, standings JSON) or (False, the rules core's message) for a match file given as
    an iterable of its lines. JSON-lines files are folded as they are read, so a long match
    never sits in memory twice (the Pico-sized heap would not hold it); ``log`` is where the
    core keeps the events (a FileLog keeps them in the file). ``out``: a stream the standings
    are written to a hand at a time instead (then the JSON returned is None)."""
    from domino import DominoError, Match
    from domino.events import loads, read_match
    from domino.standings import write

    # A Pico-sized heap fragments while the match's lists grow; collecting as we go keeps
    # room for them (MicroPython only collects once an allocation has already failed).
    tidy = gc.collect if sys.implementation.name == "micropython" else _nothing
    number = 0
    folded = False  # every event applied: what is left is writing the standings
    try:
        match = None
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
                match = Match(_event(loads, line, number), log)
            else:
                ev = _event(loads, line, number)
                if number % 8 == 0:
                    tidy()
                try:
                    match.apply(ev)
                except DominoError as e:
                    raise DominoError("line " + str(number) + ": " + str(e))  # noqa: B904 (MicroPython)
                if isinstance(ev, dict) and ev.get("k") in ("end", "fix"):
                    _unload("domino.ending")  # as the device does after a tally
        if whole is not None:
            setup, events = read_match("".join(whole))
            match = Match.replay(setup, events)
        if match is None:
            raise DominoError("empty match file: the first line must be the setup")
        folded = True
        tidy()
        if out is not None:
            write(match, out)
            return True, None
        text = _Text()
        write(match, text)
        return True, "".join(text.parts)
    except DominoError as e:
        return False, str(e)
    except MemoryError:  # a Pico-sized heap (replay --micropython): the match is too long
        match = whole = None
        gc.collect()
        if folded:
            return False, (
                f"out of memory writing the standings after folding all {number - 1} events "
                "on MicroPython's Pico-sized heap; replay it without --micropython"
            )
        return False, (
            f"line {number}: out of memory after {number - 1} events on MicroPython's "
            "Pico-sized heap (a long real match has about 1,300); replay it without --micropython"
        )


def _nothing():
    pass


def _unload(name):
    """Forget a module read only at a hand's end, so its code leaves the heap until the next
    one (scoreboard.lifetimes.unload does the same on the device)."""
    if name in sys.modules:
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot])
        if parent is not None and hasattr(parent, name[dot + 1 :]):
            delattr(parent, name[dot + 1 :])


def _event(loads, line, number):
    from domino import DominoError

    try:
        return loads(line)
    except DominoError as e:
        raise DominoError("line " + str(number) + ": " + str(e))  # noqa: B904 (MicroPython)


class FileLog:
    """A match's event log left where it is, in the match file: the core keeps its log for
    undo and corrections, and a 1,300-event match's dicts would not fit a Pico-sized heap.
    Only each event's byte offset stays in memory (4 bytes an event); an event the core asks
    for again is read back from the file. ``at`` is the offset of the line being folded."""

    def __init__(self, f, loads):
        from array import array

        from domino import DominoError

        self.f = f
        self.loads = loads
        # One block for every line's offset, sized by a first pass over the file: grown an
        # append at a time, the array asked a fragmented heap for ever larger copies.
        lines = 0
        while True:
            chunk = f.read(256)
            if not chunk:
                break
            lines += chunk.count(b"\n")
        f.seek(0)
        try:
            self.offsets = array("I", bytearray(4 * (lines + 1)))  # raw zeros: lines + 1 items
        except MemoryError:
            raise DominoError(  # noqa: B904 (MicroPython)
                f"{lines} lines: too long a match for MicroPython's Pico-sized heap (a long "
                "real match has about 1,300 events); replay it without --micropython"
            )
        self.n = 0
        self.at = 0

    def append(self, ev):
        if self.n == len(self.offsets):
            self.offsets.append(self.at)
        else:
            self.offsets[self.n] = self.at
        self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        keep = self.f.tell()
        self.f.seek(self.offsets[i])
        line = self.f.readline()
        self.f.seek(keep)
        return self.loads(line.decode())


def fold_file(path, out=None):
    """``fold`` of a match file, streamed: read line by line, the log left on disk; ``out``
    as ``fold``'s."""
    from domino import DominoError
    from domino.events import loads

    with open(path, "rb") as f:
        try:
            log = FileLog(f, loads)
        except DominoError as e:
            return False, str(e)

        def lines():
            while True:
                log.at = f.tell()
                raw = f.readline()
                if not raw:
                    return
                yield raw.decode()

        return fold(lines(), log, out)


def main(argv):
    """Fold the match file ``argv[2]`` with the core in ``argv[1]``, the standings written to
    stdout as they are made; a failure ends the output with one ``error: ...`` line (on a line
    of its own after anything written), never a traceback."""
    sys.path.insert(0, argv[1])
    stdout = _Counted(sys.stdout)
    try:
        ok, message = fold_file(argv[2], stdout)
    except UnicodeError:
        ok, message = False, "not UTF-8 text"
    except Exception as e:  # noqa: BLE001 - said in words, never a traceback
        gc.collect()
        ok, message = False, "MicroPython stopped: " + type(e).__name__ + ": " + str(e)
    if ok:
        sys.stdout.write("\n")
    else:
        sys.stdout.write(("\n" if stdout.wrote else "") + "error: " + str(message) + "\n")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(sys.argv)
