"""Bergen: equal pips at both ends of the line score. Two booklets, two presets of one game."""

from .errors import DominoError
from .game import Game
from .tiles import is_double, name

BOOL = (True, False)


class Bergen(Game):
    """000 BERGEN: six tiles each; the highest double leads and scores 2; both ends alike (a
    double-header) scores 2; a double at one end and the same pips at the other (a
    triple-header) scores 3; draw as in Muggins; domino scores 1; blocked, the lowest hand
    without a double scores 1, or the lowest hand if all or none hold doubles; 15 is game.

    "The number of pips on all pieces except doubles are what determine the winner": with
    ``pips_without_doubles`` (the booklet's default) a blocked hand compares pips not counting
    doubles (computed when the tiles are entered; enter such pips otherwise). A tie for the
    lowest hand scores nothing."""

    key = "bergen"
    scores_in_play = True
    title = "Bergen"
    way = "tracked"  # the headers come from the layout
    shows_count = False  # "make the pip at each end of the line alike": no sum scores
    booklet = "000"
    deal = 6
    players = (2, 4)
    draws = "until"
    target = 15
    stop_at_target = True
    lead_points = 2
    lead = "highest"  # which double leads
    header = 2  # both ends alike
    triple = 3  # a double at one end and the same pips at the other
    highest_double = 0  # 003: laying the highest double on the table
    domino = 1
    blocked = 1
    options = Game.options + (("pips_without_doubles", True, BOOL),)

    def check_lead(self, hand, player, t):
        if self.lead == "highest" and not is_double(t):
            raise DominoError("%s: the highest double leads in %s", name(t), self.title)

    def play_points(self, hand, player, t, arm_index):
        lay = hand.layout
        if len(lay.played) == 1:
            return self.lead_points if is_double(t) or self.lead == "lowest" else 0
        a, b = lay.arms[0], lay.arms[1]
        pts = 0
        if a.open == b.open:
            pts = self.triple if a.double or b.double else self.header
        if self.highest_double and is_double(t):
            if all(not is_double(x) or x[0] < t[0] for x in lay.played[:-1]):
                pts += self.highest_double
        return pts

    def announcement(self, points, lead):
        """The lead's points; else what the ends made: 3 a triple-header, 2 a double-header."""
        if lead:
            return "lead"
        return "triple-header" if points == 3 else "double-header"

    def tally_fields(self, hand, blocked):
        """A domino scores the same whatever the others hold: nothing is asked. Blocked, the
        lowest hand free of doubles wins: pips and "holds a double?", and with
        ``pips_without_doubles`` the pips not counting doubles of a seat holding one."""
        if not blocked:
            return ()
        return ("p", "d", "w") if self.opts["pips_without_doubles"] else ("p", "d")

    def side_pips(self, ctx, s):
        if not self.opts["pips_without_doubles"]:
            return ctx.pips[s]
        total = 0
        for p in ctx.sides[s]:
            x = ctx.players[p]
            if x.plain is None:
                raise DominoError(
                    "%s: seat %d holds a double, and a blocked hand compares the pips without "
                    'doubles: give his tiles or {"p": pips, "d": 1, "w": pips without doubles}'
                    % (self.title, p)
                )
            total += x.plain
        return total

    def hand_points(self, ctx):
        pts = [0] * len(ctx.pips)
        if ctx.out is not None:
            pts[ctx.out] = self.domino
            return pts
        if None in ctx.doubles:
            raise DominoError(
                "%s: a blocked hand needs to know who holds a double; give each player's tiles or "
                '{"p": pips, "d": 1 or 0}' % self.title
            )
        candidates = self.blocked_candidates(ctx)
        pips = {}
        for s in candidates:
            pips[s] = self.side_pips(ctx, s)
        low = min(pips.values())
        best = [s for s in candidates if pips[s] == low]
        if len(best) == 1:
            pts[best[0]] = self.blocked
        return pts

    def blocked_candidates(self, ctx):
        """000: only hands free of doubles compete, unless all or none hold doubles."""
        free = [s for s, d in enumerate(ctx.doubles) if not d]
        return free if 0 < len(free) < len(ctx.doubles) else list(range(len(ctx.doubles)))


class BergenSchmidt(Bergen):
    """003 Bergen: six tiles for two or three players, five for four; the lowest double begins
    (else the lowest tile): 2; laying the highest double now on the table: 2; ending a turn with
    a triple (a double at one end matching the other): 3; equal ends without a double: 2; a
    player who cannot play draws one tile and may play it; two tiles stay in the boneyard;
    domino: 2; blocked, the one player holding no double scores 2, else the lowest hand; 15
    points wins with two players, 10 with three or four.

    Decided here: the highest-double 2 adds to a triple made by the same tile (the booklet
    lists them as separate scores)."""

    key = "bergen-schmidt"
    title = "Bergen (Schmidt)"
    booklet = "003"
    deal = {2: 6, 3: 6, 4: 5}
    reserve = 2
    draws = "one"
    lead = "lowest"
    highest_double = 2
    domino = 2
    blocked = 2
    options = Game.options + (("pips_without_doubles", False, BOOL),)

    def default_target(self):
        return 15 if self.n == 2 else 10

    def blocked_candidates(self, ctx):
        free = [s for s, d in enumerate(ctx.doubles) if not d]
        return free if len(free) == 1 else list(range(len(ctx.doubles)))
