# Helpers for core tests on both interpreters: build a match from short event tuples.
from domino.match import Match


def match(game, players: "int | list" = 2, **setup):
    setup["game"] = game
    setup["players"] = ["P%d" % i for i in range(players)] if isinstance(players, int) else players
    return Match(setup)


NAMES = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def named(game, n, **setup):
    """A match of ``n`` players with real names, for messages that name them."""
    return match(game, NAMES[:n], **setup)


def play(m, p, t, e=None):
    ev = {"k": "play", "p": p, "t": t}
    if e is not None:
        ev["e"] = e
    return m.apply(ev)


def end(m, left, out=None):
    ev = {"k": "end", "left": left}
    if out is not None:
        ev["out"] = out
    return m.apply(ev)


def snapshot(m, counts=True):
    """Everything observable about a match, to check that a rejected event changed nothing.
    ``counts=False`` leaves out the log's length (undo and redo add to the log)."""
    from domino.events import dumps

    h = m.hand
    hand = None
    if h is not None:
        hand = [
            h.turn,
            h.counts,
            h.boneyard,
            h.passes,
            h.drawn,
            h.pending,
            h.points,
            h.out,
            h.blocked,
            sorted(h.seen),
            h.layout.describe(),
            h.layout.count(),
            h.tracked,
            m.way,
        ]
    standings = m.standings()
    if not counts:
        standings.pop("events")
        return dumps([standings, hand])
    return dumps([standings, hand, len(m.log), len(m.effective), len(m.undone)])


def draw(m, p, n=1):
    return m.apply({"k": "draw", "p": p, "n": n})


def pas(m, p):
    return m.apply({"k": "pass", "p": p})


def hand(m):
    h = m.hand
    assert h is not None, "the match is over"
    return h


def status(m):
    return m.game.status(hand(m))


def fails(m, ev, *words):
    """The event is refused with a message naming ``words``, and nothing changes."""
    from check import raises
    from domino.errors import DominoError

    before = snapshot(m)
    err = raises(DominoError, m.apply, ev)
    for w in words:
        assert w in str(err), (w, str(err))
    assert snapshot(m) == before
    return err
