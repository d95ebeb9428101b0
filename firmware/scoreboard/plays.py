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


def end_label(match, i):
    """A short name for arm i: L/R (and U/D on a spinner), a branch number, a train owner."""
    lay = match.hand.layout
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
    """Points the turn's player would score laying t on arm e (the layout is restored)."""
    hand = match.hand
    lay = hand.layout
    g = match.game
    saved = dict(lay.__dict__)
    arms = [(a.open, a.double, a.length) for a in lay.arms]
    played = len(lay.played)
    try:
        opened = g.joins(hand, t, lay.arms[e])
        lay.extend(t, e, opened)
        pts = g.play_points(hand, hand.turn, t, e)
    except Exception:
        pts = 0
    for k in saved:
        setattr(lay, k, saved[k])
    del lay.played[played:]
    del lay.arms[len(arms):]
    for a, (o, d, n) in zip(lay.arms, arms):
        a.open, a.double, a.length = o, d, n
    return pts or 0


class Choice:
    """One tile offered for an end, with what it would score."""

    __slots__ = ("tile", "points", "label")

    def __init__(self, tile, points):
        self.tile = tile
        self.points = points
        self.label = name(tile) + (" +%d" % points if points else "")


def _rank(c):
    t = c.tile
    return (c.points, is_double(t), t[0] + t[1], t[0])


def tiles_for_end(match, e):
    """Choices for arm e, most likely first."""
    hand = match.hand
    g = match.game
    arm = hand.layout.arms[e]
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


def best_end(match, ends):
    """The end the next play most likely goes on: the best count on offer, then the most
    tiles that fit. ``ends`` maps arm index -> its choices."""
    best = None
    key = None
    for e in ends:
        cs = ends[e]
        k = (cs[0].points if cs else -1, len(cs))
        if key is None or k > key:
            best, key = e, k
    return best


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
