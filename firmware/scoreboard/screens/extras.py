"""What some games add to the table, from what they declare (docs/ui-games.md): a sums game's
joker offered both ways round (``Game.base``, ``is_joker``, ``adds_up``: All Sevens, Matador),
the draws the rules owe and Super Dominos' spell, direction and skipped player
(``Game.status``). Loaded with the table only for a game that owes draws or sums
(``common.has_extras``), so the other games' tables carry none of it.
"""

from domino.tiles import name
from scoreboard import words
from scoreboard.screens.common import attempt


def owed(m):
    """[(player, tiles)] still owed to the boneyard: Block 003's end-of-turn tile, a 15."""
    hand = m.hand
    if hand is None or hand.is_over():
        return []
    st = m.game.status(hand)
    if st.owes_draw is not None:
        return [(st.owes_draw, 1)]
    owes = st.owes or []
    return [(p, k) for p, k in enumerate(owes) if k]


def settle(app):
    """Record the draws the rules owe now (each its own event; UNDO takes one back)."""
    m = app.match
    done = []
    for _ in range(len(m.players) + 1):
        todo = owed(m)
        if not todo:
            break
        p, k = todo[0]
        k = min(k, m.hand.boneyard - m.game.reserve)
        if k <= 0 or attempt(app, {"k": "draw", "p": p, "n": k}) is None:
            break
        done.append(m.players[p])
    return done


def skipped(m, player):
    """Super Dominos: ", Cai skips" when the turn jumped a player."""
    st = m.game.status(m.hand)
    turn = m.hand.turn
    if st.dir is None or turn is None or turn == player or len(m.players) < 3:
        return ""
    nxt = (player + st.dir) % len(m.players)
    if turn != nxt:
        return words.SKIPS % m.players[nxt]
    return ""


def status_text(m):
    """Super Dominos: spell, a second play, direction (from game.status)."""
    st = m.game.status(m.hand)
    if st.dir is None:
        return ""
    parts = []
    if st.spell is not None:
        parts.append(words.SPELL_ON % (st.spell + 1))
    if st.again:
        parts.append(words.AGAIN)
    if st.legs_first:
        parts.append(words.NEW_LEGS)
    if st.dir < 0:
        parts.append(words.CCW)
    return " ".join(parts)


class Turned:
    """A tile offered for an end, with the half left open when it is a turned joker."""

    __slots__ = ("tile", "points", "label", "o")

    def __init__(self, tile, points, o=None):
        self.tile = tile
        self.points = points
        self.o = o
        self.label = name(tile) + (words.OPEN % o if o is not None else "")
        if points:
            self.label += " +%d" % points


def both_ways(g, arm, choices):
    """A joker may lie either way round: two choices (one is the natural way when it adds
    up on this end)."""
    out = []
    for c in choices:
        t = c.tile
        if t[0] == t[1] or not g.is_joker(t):
            out.append(c)
            continue
        natural = g.adds_up(t, arm.open)
        if natural is None:
            out.append(Turned(t, c.points, t[0]))
            out.append(Turned(t, c.points, t[1]))
        else:  # it adds up; as a joker it may still lie the other way (Match.legal_plays)
            out.append(c)
            out.append(Turned(t, c.points, t[0] if natural == t[1] else t[1]))
    return out
