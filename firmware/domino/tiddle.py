"""000 Tiddle-a-Wink: Block for larger groups; a double earns another tile."""

from .block import Block
from .errors import DominoError
from .layouts import Arm, Layout
from .schmidt import BOOL
from .tiles import SET_SIZES, is_double, name


class OneSided(Layout):
    """Tiles go on one side of the starting double only: one end, ``e`` 0."""

    kind = "onesided"

    def start(self, t):
        self.first = t
        self.played.append(t)
        self.arms = [Arm(t[0], is_double(t))]


class TiddleAWink(Block):
    """000 TIDDLE-A-WINK: block dominoes for larger groups, often with the 55- or 91-tile set;
    the tiles are shared out equally, any left over stay face down; play as in the Block game,
    except that the player with the highest double always starts, a player who plays a double
    may add another tile if he is able, and a player who has played all his tiles calls
    "Tiddle-a-Wink". Scoring as in Block (000): all others' pips for the one out, the
    differences as in Muggins when blocked, 100 is game.

    Decided here: the default set is double-nine ("often played with sets of 55 or 91"); a
    player who cannot (or will not: "may add") add after his double passes, and the turn
    moves on; that pass does not count towards blocking the hand, since he could lay; if
    nobody holds a double the table may let any tile lead (``double_lead=false``)."""

    key = "tiddle"
    title = "Tiddle-a-Wink"
    top = 9
    players = (2, 10)
    options = (
        ("top", None, (6, 9, 12)),
        ("spinner", False, BOOL),  # Draw's suggestion for the bigger sets
        ("double_lead", True, BOOL),
    )

    def deal_size(self, players):
        return SET_SIZES[self.top] // players  # "shared out equally"

    def check_lead(self, hand, player, t):
        if self.opts["double_lead"] and not is_double(t):
            raise DominoError("%s: the highest double always starts %s", name(t), self.title)

    def next_turn(self, hand, player, t):
        return player if is_double(t) else (player + 1) % self.n

    def after_pass(self, hand, player):
        self.ends_own_turn(hand, player)  # "may add another domino": he may also not
        return (player + 1) % self.n


class TiddleAWinkPool(TiddleAWink):
    """000 TIDDLE-A-WINK, the other version: six to nine players, three tiles each from the
    28-tile set; tiles are added to one side of the starting double only; "bets are made as in
    domino pool".

    Decided here: the bets are the table's business; the scoreboard counts pots: the player
    out (or, blocked, the one lowest hand) wins the hand and scores 1; a tie for the lowest
    scores nothing; one hand per player."""

    key = "tiddle-pool"
    title = "Tiddle-a-Wink (pool)"
    top = 6
    players = (6, 9)
    target = None
    options = (("top", None, (6,)), ("double_lead", True, BOOL))

    def __init__(self, opts=None, players=6):
        TiddleAWink.__init__(self, opts, players)
        self.rounds = players

    def deal_size(self, players):
        return 3

    def layout(self, number):
        return OneSided()

    def tally_fields(self, hand, blocked):
        """The player out wins the pot whatever the others hold: nothing is asked."""
        return ("p",) if blocked else ()

    def result_entry(self, hand, blocked) -> bool:
        return False  # the pot is 1, whoever wins it: nothing to enter but the end

    def hand_points(self, ctx):
        pts = [0] * len(ctx.pips)
        if ctx.out is not None:
            pts[ctx.out] = 1
            return pts
        low = min(ctx.pips)
        best = [s for s, p in enumerate(ctx.pips) if p == low]
        if len(best) == 1:
            pts[best[0]] = 1
        return pts
