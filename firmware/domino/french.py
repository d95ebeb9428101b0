"""003 French Dominoes ("Französisches Domino"): a wall of two levels."""

from .barricade import Barricade
from .layouts import Line
from .schmidt import BOOL, Schmidt
from .status import Status


class Wall(Line):
    """The two-level layout. Each tile is laid with one half above (or below) the same value
    on the other level, its other half reaching out past the wall, so the wall grows at two
    ends, its levels alternating: the first tile lies on the lower level, a tile laid against
    it goes above, the next one on that end below, and so on. What a scoreboard needs is what
    ``Line`` keeps, the two open values, plus which level the next tile on each end takes:
    ``stack(arm)``."""

    kind = "wall"

    def stack(self, arm):
        """Where the next tile on end ``arm`` goes: "above" or "below"."""
        return "below" if self.arms[arm].length % 2 else "above"

    def alike(self, i, j):
        """As on a line, when the next tile on each end takes the same level."""
        return Line.alike(self, i, j) and self.stack(i) == self.stack(j)

    def describe(self):
        d = Line.describe(self)
        d["stack"] = [self.stack(i) for i in range(len(self.arms))]
        return d


class French(Barricade, Schmidt):
    """003 French Dominoes: two players, eight tiles each, the rest form the boneyard; the
    elder player begins with any tile; his opponent lays a tile with the matching half above
    (or, later, below) the same half already laid, building a wall of two levels whose stacked
    halves always show the same value; a player who cannot lay a tile either passes or draws two
    tiles, as he chooses; the first without tiles ends the hand and wins.

    Decided here: the elder sits at seat 0 and leads every hand (``elder_leads``); after drawing
    two tiles a player may lay one if it fits, else he passes; the general rules give the
    winner the opponent's pips, a blocked hand (both pass in a row with nothing left to draw:
    ``Game.drawable``) goes to the lower hand, and the last two tiles stay in the boneyard
    (``keep_two``)."""

    key = "french"
    title = "French"
    deal = 8
    players = (2, 2)
    draws = "two"
    options = (
        ("top", None, (6,)),
        ("elder_leads", True, BOOL),
        ("keep_two", True, BOOL),  # the general rules: the last two tiles are not drawn
        ("barricade", False, BOOL),
    )

    def __init__(self, opts=None, players=2):
        Schmidt.__init__(self, opts, players)
        self.reserve = 2 if self.opts["keep_two"] else 0

    def layout(self, number):
        return Wall()

    def leader(self, match, number):
        return 0 if self.opts["elder_leads"] else None

    def status(self, hand):
        """For the device: on which level the next tile goes at each end."""
        lay = hand.layout
        return Status(stack=[lay.stack(i) for i in range(len(lay.arms))])

    def check_pass(self, hand, player):
        """Passing is always allowed: the player's choice instead of drawing two. 003's general
        rules end a hand when nobody can lay *and* nothing can be drawn: "und kein Stein mehr
        nachgezogen werden kann", "et qu'il n'y a plus de domino dans la pioche" (the Dutch
        and Italian too; only the English says "or"), so passes block the hand only once the
        boneyard is down to the tiles that stay (``Game.drawable``, as in every game)."""
