# Every game: a hand ends blocked only when nobody can lay and nothing can be drawn (003's
# general rules: "Das Spiel endet auch, wenn kein Spieler mehr anlegen kann ... und kein Stein
# mehr nachgezogen werden kann"; 002: "cuando ninguna otra ficha pueda ser jugada"). Each game
# is led, then its seats draw and pass as its drawing rule lets them while a tile can be drawn
# (Game.drawable): no pass adds up to a block and an end saying "blocked" is refused; once
# nothing can be drawn, everyone passing blocks the hand. In a module of its own, one game's
# rules in the heap at a time (test_registry.each_game), for MicroPython's 180K.
from table import fails, snapshot
from test_registry import each_game

from domino.match import Match
from domino.tiles import full_set, name

NAMES = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"]


class Count:
    """A match log that only counts its events: a Super Dominós hand drawn down to its last
    tile is some 180 events, more than MicroPython's 180K holds beside the rules. Nothing here
    undoes or reads an event back."""

    def __init__(self):
        self.n = 0

    def append(self, ev):
        self.n += 1

    def __len__(self):
        return self.n


def lead(m):
    """Lay the first tile the game allows, from the seat in turn (seat 0 if the tiles decide)."""
    p = m.hand.turn or 0
    t, _e, _o = m.legal_plays(p)[0]
    m.apply({"k": "play", "p": p, "t": name(t)})


def held(m):
    """Each seat's tiles as the record counts them: the lightest tiles off the table, in turn."""
    h = m.hand
    rest = [t for t in full_set(m.game.top) if t not in h.seen]
    rest.sort(key=lambda t: t[0] + t[1])
    out = []
    for c in h.counts:
        out.append([name(t) for t in rest[:c]])
        rest = rest[c:]
    return out


def step(m):
    """One move of the drawing phase: an owed tile, else the seat in turn draws if the game
    lets him, else he passes."""
    h = m.hand
    owed = m.game.owing(h)
    if owed:
        m.apply({"k": "draw", "p": owed[0]})
    elif m.may_draw(h.turn):
        m.apply({"k": "draw", "p": h.turn})
    else:
        m.apply({"k": "pass", "p": h.turn})


def test_every_game_blocks_only_once_nothing_is_left_to_draw():
    checked = []
    for key, _title, cls in each_game():
        if blocks_once(key, cls):
            checked.append(key)
    assert len(checked) == 25, checked


def blocks_once(key, cls):
    """One game's hand: no block while a tile can be drawn, then one once everyone passed.
    True if checked. A function of its own: its match goes with it before the next game's
    rules load (each_game: one game's rules in the heap at a time, as on the device)."""
    n = cls.players[0]
    setup = {"game": key, "players": NAMES[:n]}
    if key == "teamblock":
        setup["teams"] = [[0, 2], [1, 3]]  # as the 4-tile draw formed them
    m = Match(setup, Count())
    g = m.game
    if g.entry is not None:
        return False  # scored from the outcome: no tiles laid, drawn or passed
    h = m.hand
    lead(m)
    could_draw = g.drawable(h)
    if could_draw:
        assert not m.may_block(), key
        why = "blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw"
        fails(m, {"k": "end", "left": held(m), "last": h.last}, why % (could_draw, g.title))
    moves = 0
    while g.drawable(h) and not h.is_over():
        step(m)
        moves += 1
        assert moves < 500, key
        assert not h.blocked, (key, moves)  # passes while a tile can be drawn block nothing
        assert m.may_block() == (g.drawable(h) == 0), key
    if h.out is not None:
        return False  # a seat went out on a tile drawn (not with the leads chosen here)
    assert m.may_block(), key
    if key == "italian":
        return True  # every tile fits: nobody passes, the hand ends when one is out
    before = snapshot(m)
    passes = 0
    while not h.blocked:
        m.apply({"k": "pass", "p": h.turn})
        passes += 1
        assert passes <= 2 * n, key  # everyone once (a pass ending one's own turn aside)
    assert passes >= n, (key, passes)
    assert snapshot(m) != before
    return True
