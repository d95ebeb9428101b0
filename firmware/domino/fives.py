"""Muggins (booklet 000) and All Fives / Sniff (booklet 003): the open ends' total scores when it
is a multiple of five."""

from .errors import DominoError
from .game import Game, round5
from .layouts import Layout, Line, Spinner
from .tiles import name

BOOL = (True, False)


class Muggins(Game):
    """000 MUGGINS: seven tiles each, the highest double leads and spins four ways; an end total
    that is a multiple of five scores that total; an unclaimed count goes to whoever calls
    "Muggins"; draw until able; domino scores all others' pips; blocked, each player scores the
    difference to every higher hand; 100 is game.

    A reading decided (docs/games.md, "Readings decided"): "The highest double leads" says
    who leads; by default the lead is taken as laid, a double or not (``double_lead``
    off). The scoreboard cannot see which double is highest, and 000 says nothing of a deal
    without doubles (14 to 28 tiles of the set's 28: it happens), which a refusal would leave
    unplayable. Bergen, Tiddle-a-Wink, Hungarian and Domino doble 12 refuse a lead that is no
    double because their first tile is a scored or played double (Bergen's 2 points,
    Tiddle-a-Wink's added tile), or their booklet gives the fallback (003: "If none of the
    players has a double, the player with the highest pip total"); Muggins' first double
    only opens the spinner, which a non-double lead does not make. Tables that read it as a
    rule set ``double_lead``: a lead that is no double is refused."""

    key = "muggins"
    scores_in_play = True
    title = "Muggins"
    way = "tracked"  # the counts come from the layout
    booklet = "000"
    deal = 7
    players = (2, 4)
    draws = "until"
    target = 100
    stop_at_target = True
    points_unit = 5  # every count is an end total that is a multiple of five
    options = Game.options + (
        ("muggins", True, BOOL),  # an opponent may take a count the player did not claim
        ("lone_spinner", 1, (1, 2)),  # 5-5 alone counts 10 (1) or 20 (2)
        ("spinner_counts", False, BOOL),  # the spinner counts after both sides are played
        ("sides_first", False, BOOL),  # the spinner's ends open only after both its sides
        ("round", False, BOOL),  # round each losing hand to the nearest five
        ("double_lead", False, BOOL),  # "The highest double leads": refuse another lead
    )

    def layout(self, number) -> Layout:
        o = self.opts
        return Spinner(o["lone_spinner"], o["spinner_counts"], o["sides_first"])

    def check_lead(self, hand, player, t):
        if self.opts.get("double_lead") and t[0] != t[1]:
            raise DominoError(
                "%s: the highest double leads in %s (house rule double_lead)",
                name(t),
                self.title,
            )

    def play_points(self, hand, player, t, arm_index):
        return self.count_points(hand.layout.count())

    def points_if(self, hand, player, t, arm_index, open_pip):
        return self.count_points(hand.layout.count_after(t, arm_index, open_pip))

    @staticmethod
    def count_points(total):
        """An end total that is a multiple of five scores that total."""
        return total if total and total % 5 == 0 else 0

    def announcement(self, points, lead):
        return "fives"  # the ends' count, a multiple of five

    def pips_value(self, ctx, side):
        return round5(ctx.pips[side]) if self.opts["round"] else ctx.pips[side]

    def hand_points(self, ctx):
        if ctx.out is not None:
            return self.out_takes_all(ctx, lambda s: self.pips_value(ctx, s))
        return self.cascade(ctx)


class AllFives(Muggins):
    """003 All Fives (Sniff): seven tiles for two players, five for three or four; both halves of
    a double at an end count (4 and 6 = 10; 9-9 and 1-1 = 20); draw until able, the last two
    tiles stay in the boneyard; the winner scores the others' pips, each rounded to the nearest
    five (17 → 15, 18 → 20); 100 points with double-six, 200 with double-nine.

    Decided here (003 is silent): a blocked hand is won by the lowest pip count, which scores
    the others' rounded pips; a tie for lowest scores nothing. "The rules of Block Dominoes
    apply" ("Es gelten die Regeln des Blockspiels"), but not Block's tile drawn after every
    turn: All Fives has a drawing rule of its own, "If a player cannot place a tile
    appropriately, s/he must continue to draw tiles until s/he is able to do so", and a
    game's own rule replaces the general one (as 003 says of its general rules). No house
    rule: the five languages agree. The layout is a line with two
    ends, as 003 says ("both ends of the tile chain"); ``spinner=true`` plays it four ways."""

    key = "allfives"
    title = "All Fives"
    booklet = "003"
    deal = {2: 7, 3: 5, 4: 5}
    reserve = 2
    options = Game.options + (
        ("muggins", False, BOOL),
        ("spinner", False, BOOL),
        ("lone_spinner", 1, (1, 2)),
        ("spinner_counts", False, BOOL),
        ("sides_first", False, BOOL),
        ("round", True, BOOL),
    )

    def default_target(self):
        return 200 if self.top >= 9 else 100

    def layout(self, number) -> Layout:
        if self.opts["spinner"]:
            return Muggins.layout(self, number)
        return Line()

    def hand_points(self, ctx):
        if ctx.out is not None:
            return self.out_takes_all(ctx, lambda s: self.pips_value(ctx, s))
        return self.lowest_takes_pips(ctx, lambda s: self.pips_value(ctx, s))

    @staticmethod
    def lowest_takes_pips(ctx, value):
        low = min(ctx.pips)
        winners = [s for s, p in enumerate(ctx.pips) if p == low]
        pts = [0] * len(ctx.pips)
        if len(winners) == 1:
            w = winners[0]
            pts[w] = sum(value(s) for s in range(len(ctx.pips)) if s != w)
        return pts
