"""All Sevens / Cardinal (booklet 003) and Matador (booklets 000 and 003): touching ends do not
match, they add up to a sum; jokers (cardinals, matadors) go anywhere.

A joker laid where it does not add up may be turned either way ("with either end against the
layout", 000), so its play event says which half stays open: ``{"k":"play","p":1,"t":"6-1",
"e":0,"o":6}``. Without ``o`` a tile that adds up keeps its other half open, and a double
needs no ``o``.
"""

from .barricade import Barricade
from .block import Draw
from .errors import DominoError
from .layouts import Line
from .schmidt import BOOL, Schmidt

TOPS = (6, 9)


class Sums:
    """Mixin: ends join when they total ``base``; a blank takes only jokers; a joker (0-0 or a
    tile totalling ``base``) may be laid on any end."""

    base = 7

    def is_joker(self, t):
        return t == (0, 0) or t[0] + t[1] == self.base

    def adds_up(self, t, pip):
        """The half left open when ``t`` is laid by its sum against ``pip``, or None."""
        if pip == 0:
            return None  # "a blank is closed to the play of anything but a matador"
        if t[1] + pip == self.base:
            return t[0]
        if t[0] + pip == self.base:
            return t[1]
        return None

    def layout(self, number):
        return Line()

    def joins(self, hand, t, arm):
        opened = self.adds_up(t, arm.open)
        if opened is None and self.is_joker(t):
            return t[0]  # one way it can lie; the play event picks with o
        return opened

    def opening(self, hand, t, arm, ev):
        natural = self.adds_up(t, arm.open)
        o = ev.get("o")
        if o is None:
            if natural is not None or not self.is_joker(t):
                return natural
            if t[0] == t[1]:
                return t[0]
            raise DominoError(
                "%d-%d is a joker laid off-number: say which half stays open (o): %d or %d"
                % (t[0], t[1], t[0], t[1])
            )
        if not isinstance(o, int) or isinstance(o, bool) or o not in t:
            raise DominoError("o=%r: the half left open is %d or %d" % (o, t[0], t[1]))
        if self.is_joker(t):
            return o
        if natural is None:
            return None
        if o != natural:
            raise DominoError(
                "o=%d: %d-%d laid on a %d leaves %d open; only a joker may be turned"
                % (o, t[0], t[1], arm.open, natural)
            )
        return natural


class AllSevens(Sums, Barricade, Schmidt):
    """003 All Sevens (Cardinal Dominoes): seven tiles each for two players, five for three or
    four; a tile may be laid where the touching ends total 7; 0-0 and every tile totalling 7
    (6-1, 5-2, 4-3) are jokers that may be placed anywhere, and the only tiles that can follow
    a blank; a player may draw even when he could play, must draw until he can, and two tiles
    stay in the boneyard; the first out, or when nobody can play the lowest hand, wins and
    scores the opponents' pips minus his own.

    Sources disagree: the Italian text says the player who plays "must then draw a tile"
    (``draw_after_play``, off by default: German, French, English and Dutch say "may").
    Decided here: 003 names no target for All Sevens, so the general rules' rounds apply (one
    per player); a tie for the lowest blocked hand scores nothing."""

    key = "allsevens"
    title = "All Sevens"
    deal = {2: 7, 3: 5, 4: 5}
    players = (2, 4)
    draws = "until"
    options = (
        ("top", None, TOPS),
        ("draw_after_play", False, BOOL),  # the Italian text: after playing, draw a tile
        ("barricade", False, BOOL),  # 003 Barricade on top
    )

    def owes_draw(self, passed):
        return not passed and bool(self.opts.get("draw_after_play"))

    def win_points(self, ctx, w):
        """ "the points of the opponent(s) from which his or her own points (possibly 0) are to
        be deducted"."""
        pts = [0] * len(ctx.pips)
        pts[w] = sum(p for s, p in enumerate(ctx.pips) if s != w) - ctx.pips[w]
        return pts


class MatadorSchmidt(AllSevens):
    """003 Matador: seven tiles each for three or four players; "based upon the number 10", all
    other rules of All Sevens, the jokers called matadors (0-0 and the tiles totalling 10);
    200 points is game.

    Decided here: the booklet's set symbols were lost from the text. A sum of 10 gives every
    number 1..9 a partner only in the double-nine set (as 7 does for 1..6 in double-six), so
    double-nine is the default; and four players' 28 tiles plus the 2 kept in reserve do not
    fit a double-six set. ``top=6`` plays it with double-six and three players (3, 2 and 1
    then take only matadors)."""

    key = "matador-schmidt"
    title = "Matador (Schmidt)"
    base = 10
    top = 9
    deal = 7
    players = (3, 4)
    target = 200


class Matador(Sums, Draw):
    """000 MATADOR: a draw game in which adjacent ends do not match but total 7 (an open six
    calls for a 1, 5 for 2, 4 for 3); a blank takes only a matador, one of 0-0, 6-1, 5-2, 4-3,
    which may be played at any time anywhere, either end against the layout; doublets lie
    endwise and count singly: 1-1 is playable on a 6, not on a 5.

    Decided here: "a draw game" is 000's Draw, so seven tiles each, the chosen leader leads
    every hand (``fixed_leader``), draw until able, domino scores all others' pips, blocked
    hands score the differences as in Muggins, 100 is game."""

    key = "matador"
    title = "Matador"
    booklet = "000"
    options = (("top", None, (6,)), ("fixed_leader", True, BOOL))
