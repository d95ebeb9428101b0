"""What the scorer can enter next, most likely first: the ends of the table and the tiles that
fit each end. Pure reading of the match (nothing here changes it for good).

The device does not know anyone's hand, only the tiles on the table. A tile is offered for an
end when it is not on the table, the game says it joins that end (``game.joins``) and the game
allows it there (``game.check_play``). Order, most likely first, from how people play: a tile
that scores, the more the better (players hunt counts); then doubles (players get rid of
them early); then the heavier tile (players shed pips that would count against them).
"""

from domino import DominoError
from domino.tiles import full_set, is_double, name

_LINE = "LRUD"


def open_ends(match):
    """The ends a tile may go on now. Trains (Mexican Train) ask the game: the trains open to
    the player in turn (their own, public ones, marked ones, or only the double to satisfy),
    and ``len(arms)`` for a new train off the station."""
    hand = match.hand
    lay = hand.layout
    if lay.kind == "trains":
        return [] if hand.turn is None else match.game.open_to(hand, hand.turn)
    return lay.open_arms()


def end_open(match, i):
    """The pip a tile on end i must match (a new train matches the station)."""
    lay = match.hand.layout
    return lay.arms[i].open if i < len(lay.arms) else lay.first[0]


def ends_text(match):
    """The open ends for the table's second row: "L5 R3 U6" on a line or spinner, the pips of
    a hub's branches, or each train as owner initial + pip (* a marker, M a public train)."""
    lay = match.hand.layout
    if lay.kind == "trains":
        out = ""
        for i, a in enumerate(lay.arms):
            out += "%s%d%s " % (end_label(match, i)[0], a.open, "*" if a.marker else "")
        return out
    arms = lay.open_arms()
    if len(arms) <= 4:
        return " ".join("%s%d" % (end_label(match, e), lay.arms[e].open) for e in arms)
    return "".join(str(lay.arms[e].open) for e in arms)


def owed_text(match):
    """For trains: the double the player in turn must satisfy, e.g. "satisfy 6-6 Ben"."""
    hand = match.hand
    if hand.layout.kind != "trains" or hand.turn is None:
        return ""
    d = match.game.status(hand).get("double")
    if d is None:
        return ""
    pip = hand.layout.arms[d].open
    return "satisfy %d-%d %s" % (pip, pip, end_label(match, d))


def end_label(match, i):
    """A short name for arm i: L/R (and U/D on a spinner), a branch number, a train owner."""
    lay = match.hand.layout
    if i >= len(lay.arms):
        return "new"
    arm = lay.arms[i]
    owner = getattr(arm, "owner", None)
    if owner is not None:
        return match.players[owner][:3]
    kind = lay.kind
    if kind in ("line", "spinner") and i < 4:
        return _LINE[i]
    if kind == "trains":
        return "Mx"
    return str(i + 1)


def preview(match, t, e):
    """Points the turn's player would score laying t on arm e (the core tries it and takes it
    back)."""
    return match.preview(match.hand.turn, t, e)


class Choice:
    """One tile offered for an end, with what it would score. The table keeps a few dozen of
    these per turn: the label is made only when a list shows it."""

    __slots__ = ("tile", "points")

    def __init__(self, tile, points):
        self.tile = tile
        self.points = points

    @property
    def label(self):
        return name(self.tile) + (" +%d" % self.points if self.points else "")


def _rank(c):
    t = c.tile
    return (c.points, t[0] + t[1], is_double(t), t[0])


def tiles_for_end(match, e):
    """Choices for arm e, most likely first."""
    hand = match.hand
    g = match.game
    arm = hand.layout.arm_index(e)  # a new train's arm is made up (matching the station)
    out = []
    for t in full_set(g.top):
        if t in hand.seen or g.joins(hand, t, arm) is None:
            continue
        try:
            g.check_play(hand, hand.turn, t, e)
        except DominoError:
            continue
        out.append(Choice(t, preview(match, t, e) if hand.turn is not None else 0))
    out.sort(key=_rank, reverse=True)
    return out


def lead_tiles(match, player):
    """Tiles ``player`` may open the hand with: doubles first, highest first."""
    hand = match.hand
    g = match.game
    out = []
    for t in full_set(g.top):
        try:
            g.check_lead(hand, player, t)
        except DominoError:
            continue
        out.append(Choice(t, 0))
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
    unseen = 0
    for t in full_set(g.top):
        if t not in hand.seen and t[0] not in void and t[1] not in void:
            unseen += 1
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
    for k, t in sorted([(best[t][0], t) for t in best], reverse=True):
        arms = best[t][1]
        chance = 0.0
        if t[0] not in void and t[1] not in void:
            chance = none * q / len(arms)
            none *= 1 - q
        for e in arms:
            out.append((chance, k, t, e))
    for e in ends:
        for c in ends[e]:
            if e not in best[c.tile][1]:
                out.append((0.0, _rank(c), c.tile, e))
    out.sort(key=_first_two, reverse=True)
    return [(c, t, e) for c, _k, t, e in out], none


def _first_two(x):
    return x[0], x[1]


def ring(ranked, far):
    """The actions of a bar that wraps, the cursor at index 0: ``ranked`` (likeliest first)
    alternate around it, ranked[0] under the cursor, [1] one DOWN, [2] one UP, [3] two DOWN
    ...; ``far`` sits on the opposite side. The i-th likeliest is (i + 1) // 2 presses away."""
    return ranked[:1] + ranked[1::2] + far + ranked[2::2][::-1]


def describe(match, pts, lead):
    """The announcement for points scored during play (``lead``: it was the hand's first tile)."""
    key = match.game.key
    if key.startswith("bergen"):
        if lead:
            return "lead"
        return "triple-header" if pts == 3 else "double-header"
    if key in ("muggins", "allfives"):
        return "fives"
    return "points"
