"""003 Barricade Dominoes ("Sperr-Domino", "Domino à blocage"), on top of another game.

"If a player is unable to place a tile or does not wish to draw from the boneyard, s/he may
barricade any tile end with a double. This concludes the game. The barricading player must,
however, have won the game, i.e. must have the lowest number of remaining points. As before,
s/he will then be accorded the points of the opponent(s). If an opponent has fewer tile points,
that opponent shall receive all the points and the barricading player will subtract double the
points from his or her remaining tiles."

How the table enters it: the double is an ordinary ``play``; the hand's ``end`` event names the
barricader, ``{"k":"end","bar":2,"left":[...]}``, and ends the hand there (a correction, ``fix``,
repeats ``bar``). The record checks that the barricader laid the last tile, a double, only in a
hand it followed tile by tile; on a score pad, or after a switch to one, the table's word stands.
``Barricade`` is a mixin: put it before the game class, ``class X(Barricade, SomeGame)``, and
give the game the option ``barricade``; the game's ``win_points(ctx, side)`` says what a win is
worth (default: the opponents' pips).

Decided here, where the booklet is silent:
- a barricader tied with the lowest opponent has won ("if an opponent has FEWER pips");
- "that opponent receives all the points": he scores as the hand's winner would, the pips of
  everyone else, the barricader's included; if two opponents tie below the barricader neither
  wins, and the barricader still loses twice his pips;
- in a partnership the sides' pips are compared; the penalty is the barricader's own pips.
"""

from .errors import DominoError
from .schmidt import BOOL, TOP, Block003
from .tiles import is_double, name


class Barricade:
    """Mixin: reads ``bar`` in a hand's end; the game supplies ``opts``, ``n``, ``title`` and
    ``win_points``."""

    def read_end(self, match, hand, ev, out=None):
        return read_end(self, match, hand, ev, out)

    def barricade_points(self, ctx, bar):
        return barricade_points(self, ctx, bar)


def read_end(game, match, hand, ev, out=None):
    bar = ev.get("bar")
    if bar is None:
        return match.standard_end(hand, ev, out)
    if not game.opts.get("barricade"):
        raise DominoError(
            "bar=%r: %s is played without barricades (house rule barricade=false)"
            % (bar, game.title)
        )
    if not isinstance(bar, int) or isinstance(bar, bool) or not 0 <= bar < game.n:
        raise DominoError("bar=%r: the barricader's seat number 0..%d" % (bar, game.n - 1))
    if ev.get("out") is not None or hand.out is not None:
        raise DominoError("a barricade ends a hand nobody went out of; drop bar or out")
    from .ending import followed  # loaded at a hand's end

    if followed(hand, ev.get("declared")):  # else the record cannot know the last tile laid
        if hand.last != bar:
            raise DominoError(
                "bar=%d: seat %d laid the last tile; the barricade is the last tile laid"
                % (bar, hand.last)
            )
        layout = getattr(hand, "layout", None)  # a finished hand keeps no layout
        if layout is not None and not is_double(layout.played[-1]):
            raise DominoError(
                "bar=%d: the last tile, %s, is not a double; a barricade closes an end "
                "with a double" % (bar, name(layout.played[-1]))
            )
    ctx, _ = match.end_context(hand, ev, None, barricade=True)
    return game.barricade_points(ctx, bar), None


def barricade_points(game, ctx, bar):
    """Points per side when seat ``bar`` barricaded the hand."""
    side = 0
    for s, members in enumerate(ctx.sides):
        if bar in members:
            side = s
    pips = ctx.pips
    others = [s for s in range(len(pips)) if s != side]
    low = min(pips[s] for s in others)
    if pips[side] <= low:
        return game.win_points(ctx, side)
    best = [s for s in others if pips[s] == low]
    pts = game.win_points(ctx, best[0]) if len(best) == 1 else [0] * len(pips)
    pts[side] -= 2 * ctx.players[bar].pips
    return pts


class BarricadeBlock(Barricade, Block003):
    """003 Barricade on 003 Block: the booklet's simplest game with barricades allowed. Other
    games take ``barricade=true`` as a house rule (Team Block, Hungarian, French, All Sevens,
    Matador 003)."""

    key = "barricade"
    title = "Barricade"
    options = TOP + (("draw_each_turn", True, BOOL), ("barricade", True, BOOL))
