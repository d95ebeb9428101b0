"""Listing the legal plays (``Match.legal_plays``): every (tile, end, o) ``apply`` would take,
judged by the game's hooks without trying any play. Its own module so that a match folded
without listing plays (a replay, the host's sync) never loads it."""

from .errors import DominoError
from .game import Game
from .tiles import full_set


def legal_plays(m, player, tiles=None):
    """``Match.legal_plays``: see there."""
    p = m.seat(player)
    hand = m.hand
    out = []
    if hand is None or hand.is_over() or hand.counts[p] <= 0:
        return out
    if hand.turn is not None and p != hand.turn:
        return out
    g = m.game
    lay = hand.layout
    seen = hand.seen
    if lay.is_empty():
        for t in full_set(g.top) if tiles is None else tiles:
            try:
                g.check_lead(hand, p, t)
            except DominoError:
                continue
            out.append((t, None, None))
        return out
    plain = tiles is None and type(g).joins is Game.joins  # the tiles showing the end's pip
    cands = tiles
    if cands is None and not plain:
        cands = full_set(g.top)
    checks = type(g).check_play is not Game.check_play
    by_end = checks and g.checks_by_end  # one verdict per end, judged on its first tile
    jokers = type(g).is_joker is not Game.is_joker
    bits = seen.bits  # TileSet's bits read here: a method call per tile was the listing's cost
    ends = g.open_to(hand, p)
    for k in range(len(ends)):
        e = ends[k]
        if _mirrored(lay, ends, k):
            continue
        arm = lay.arm_index(e)
        judged = False
        for t in _matching(arm.open, g.top) if cands is None else cands:
            i = t[0] * (t[0] + 1) // 2 + t[1]  # tiles.index
            b = i >> 3
            if b < len(bits) and bits[b] >> (i & 7) & 1:
                continue  # on the table
            if not plain and g.joins(hand, t, arm) is None:
                continue  # plain: every tile _matching yields joins
            if checks and not judged:
                try:
                    g.check_play(hand, p, t, e)
                except DominoError:
                    if by_end:
                        break
                    continue
                judged = by_end
            if jokers and t[0] != t[1] and g.is_joker(t):
                out.append((t, e, t[0]))
                out.append((t, e, t[1]))
            else:
                out.append((t, e, None))
    return out


def _mirrored(lay, ends, k):
    for i in range(k):
        if lay.alike(ends[i], ends[k]):
            return True
    return False


def _matching(pip, top):
    """The tiles showing ``pip``, in ``full_set``'s order (highest first), made one by one."""
    for y in range(top, pip, -1):
        yield (y, pip)
    for y in range(pip, -1, -1):
        yield (pip, y)
