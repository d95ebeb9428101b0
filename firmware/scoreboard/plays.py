"""What the scorer can enter next: the ends of the table and the tiles that fit each end, and
which of those plays is likeliest. Pure reading of the match (nothing here changes it for
good).

The device does not know anyone's hand, only the tiles on the table: the plays offered are the
core's ``Match.legal_plays`` for the player in turn over every tile off the table (each play
once). Two orders: each end's tiles in pip order (a path the scorer can predict, docs/ui.md),
and the likeliest first for the guesses around the table's cursor, from how people play: a
tile that scores, the more the better (players hunt counts); then doubles (players get rid of
them early); then the heavier tile (players shed pips that would count against them).
"""

from domino.tiles import is_double, name
from scoreboard import views


def preview(match, t, e):
    """Points the turn's player would score laying t on arm e (the core tries it and takes it
    back)."""
    return match.preview(match.hand.turn, t, e)


class Choice:
    """One tile offered for an end, with what it would score. The table keeps a few dozen of
    these per turn: the label is made only when a list shows it."""

    __slots__ = ("tile", "points")
    o = None  # the half left open: a turned joker's (screens.extras.Turned); None: as it joins

    def __init__(self, tile, points):
        self.tile = tile
        self.points = points

    @property
    def label(self):
        return name(self.tile) + (" +%d" % self.points if self.points else "")


def _rank(c):
    """How good a play looks, as one int (no tuple per call): more points, then more pips,
    then a double, then the higher half."""
    t = c.tile
    return ((c.points * 64 + t[0] + t[1]) * 2 + (t[0] == t[1])) * 32 + t[0]


def pip_order(c):
    """The order of an end's tile list: fewest pips first (on a plain end, by the other half),
    so the scorer knows which way a tile lies from the cursor. One int: MicroPython's sort calls
    the key at every comparison."""
    t = c.tile
    return (t[0] + t[1]) * 32 + t[0]


def plays_by_end(match):
    """The plays the turn's player may make, as {end: [Choice, ...]} with each end's tiles in
    pip order, and the ends in the order the table lists them (a list: MicroPython's dicts do
    not keep insertion order). Each play comes once (``Match.legal_plays`` collapses mirrored
    ends); a joker that may lie either way is one choice here (the screen turns it). Points
    are tried only in games that score during play: elsewhere a trial play per tile is 0."""
    hand = match.hand
    p = hand.turn
    ends = {}
    order = []
    if p is None:
        return ends, order
    g = match.game
    scores = g.scores_in_play
    for t, e, _o in match.legal_plays(p):
        cs = ends.get(e)
        if cs is None:
            cs = ends[e] = []
            order.append(e)
        elif cs[-1].tile == t:
            continue
        cs.append(Choice(t, preview(match, t, e) if scores else 0))
    for e in order:
        ends[e].sort(key=pip_order)
    return ends, own_first(match, order)


_memo = []  # (match, state, ends, order, ranked, none): the last two states ranked


def ranked(match, notes=()):
    """``plays_by_end`` and ``likely`` together, kept for the last two states of the match on
    the table: the one shown and the one before, to which an undo comes back (each kept state
    costs the heap a few KB in a Mexican Train hand). A state is named by the events in force
    (how many, and the newest: an undo pops it, a redo pushes the same one back), the hands
    finished and the draw/pass notes, so nothing stale is returned."""
    eff = match.effective
    state = (len(eff), eff.last() if len(eff) else -1, len(match.records), len(notes))
    for entry in _memo:
        if entry[0] is match and entry[1] == state:
            return dict(entry[2]), entry[3], entry[4], entry[5]
    ends, order = plays_by_end(match)
    likes, none = likely(match, ends, notes)
    _memo.insert(0, (match, state, ends, order, likes, none))
    if len(_memo) > 2:
        _memo.pop()
    # The caller gets its own dict of ends (the lists stay shared: replace one, never change
    # it). The table turns a sum game's jokers by putting new lists in it (both_ways); in the
    # kept dict, the next refresh of the state turned them again: each joker offered twice.
    return dict(ends), order, likes, none


def own_first(match, order):
    """The ends in the order the layout's view lists them (trains: the player's own first)."""
    return views.of(match.hand.layout).own_first(match, order)


def lead_tiles(match, player):
    """Tiles ``player`` may open the hand with (``Match.legal_plays``): doubles first,
    highest first."""
    out = [Choice(t, 0) for t, _e, _o in match.legal_plays(player)]
    out.sort(key=lambda c: (is_double(c.tile), c.tile[0] + c.tile[1]), reverse=True)
    return out


def voids(match, player, notes):
    """Pips ``player`` is known not to hold: the open ends at each earlier turn of this hand
    where they drew or passed (they had nothing to lay there). ``notes`` are the App's
    (event, hand number, player, kind, tiles, open pips) records. Draws in the player's
    current turn do not count: the last tile drawn is the one that fits."""
    hand = match.hand
    skip = hand.drawn if hand.turn == player else 0
    out = set()
    for i in range(len(notes) - 1, -1, -1):
        _ev, number, p, kind, n, pips = notes[i]
        if number != hand.number or p != player:
            continue
        if skip > 0 and kind == "draw":
            skip -= n
            continue
        skip = 0
        for x in pips:
            out.add(x)
    return out


def likely(match, ends, notes=()):
    """The plays the turn's player may make as (chance, tile, arm), likeliest first, and the
    chance that no tile fits (they draw or pass).

    The model: each tile off the table is in the player's hand with the same chance q (tiles
    held / tiles unseen; after drawing this turn only the drawn tiles can fit, so q shrinks to
    them), and the player lays the best-ranked tile they hold, on the end where it scores the
    most (either end of a tie, half the chance each). Walking the tiles best first, a tile is
    the one laid if it is held and no better one is: q * (1 - q) ** (better tiles). Tiles with
    a pip the player could not match before (see voids), and a tile's weaker ends, get chance
    0 and follow in rank order."""
    hand = match.hand
    g = match.game
    p = hand.turn
    void = voids(match, p, notes) if p is not None else ()
    free = 0  # pips the player may hold: tiles of only those, less the ones on the table
    for x in range(g.top + 1):
        if x not in void:
            free += 1
    unseen = free * (free + 1) // 2
    if not void:
        unseen -= len(hand.seen)
    else:
        for t in hand.seen:
            if t[0] not in void and t[1] not in void:
                unseen -= 1
    held = hand.counts[p] if p is not None else 0
    if hand.drawn:
        unseen -= held - hand.drawn
        held = hand.drawn
    q = min(1.0, held / unseen) if unseen > 0 else 0.0
    best = {}  # tile -> (rank, arms where it ranks so)
    for e in ends:
        for c in ends[e]:
            k = _rank(c)
            b = best.get(c.tile)
            if b is None or k > b[0]:
                best[c.tile] = (k, [e])
            elif k == b[0]:
                b[1].append(e)
    out = []
    none = 1.0
    for k, t in sorted([(best[t][0], t) for t in best], reverse=True):  # k: one per tile
        arms = best[t][1]
        chance = 0.0
        if t[0] not in void and t[1] not in void:
            chance = none * q / len(arms)
            none *= 1 - q
        for e in arms:
            out.append(((chance, k), t, e))
    for e in ends:
        for c in ends[e]:
            if e not in best[c.tile][1]:
                out.append(((0.0, _rank(c)), c.tile, e))
    out.sort(key=_first, reverse=True)
    return [(c[0], t, e) for c, t, e in out], none


def _first(x):
    return x[0]


def ring(ranked, far):
    """The actions of a bar that wraps, the cursor at index 0: ``ranked`` (likeliest first)
    alternate around it, ranked[0] under the cursor, [1] one DOWN, [2] one UP, [3] two DOWN
    ...; ``far`` sits on the opposite side. The i-th likeliest is (i + 1) // 2 presses away."""
    return ranked[:1] + ranked[1::2] + far + ranked[2::2][::-1]
