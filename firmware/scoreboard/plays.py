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
    del lay.arms[len(arms) :]
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
    return (c.points, t[0] + t[1], is_double(t), t[0])


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


def chances(match, ends, notes=()):
    """How likely the next play goes on each end, and how likely the player cannot play.

    The model: each tile off the table is in the player's hand with the same chance q (tiles
    held / tiles unseen; after drawing this turn only the drawn tiles can fit, so q shrinks to
    them), and the player lays the best-ranked tile they hold. Walking the choices best first,
    a tile is the one laid if it is held and no better one is: q * (1 - q) ** (better tiles).
    Returns ({arm: chance}, chance that no tile fits)."""
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
    best = {}  # tile -> (rank, arm) of its best end
    for e in ends:
        for c in ends[e]:
            if c.tile[0] in void or c.tile[1] in void:
                continue
            k = _rank(c)
            if c.tile not in best or k > best[c.tile][0]:
                best[c.tile] = (k, e)
    order = sorted([(best[t][0], best[t][1], t) for t in best], reverse=True)
    out = {}
    for e in ends:
        out[e] = 0.0
    none = 1.0
    likely = []
    for _k, e, t in order:
        out[e] += none * q
        likely.append((t, e, none * q))
        none *= 1 - q
    return out, none, likely


def ranked_ends(match, ends, notes=()):
    """The arm indices, likeliest end first (see chances); the plays as (tile, arm, chance),
    likeliest first; and the chance that no tile fits."""
    p, none, likely = chances(match, ends, notes)
    keyed = [(p[e], len(ends[e]), e) for e in ends if ends[e]]
    keyed.sort(reverse=True)
    return [e for _p, _n, e in keyed], likely, none


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
