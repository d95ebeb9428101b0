"""003 Team Block ("Das Blockspiel im Team"): Block in two partnerships formed by a draw."""

from .barricade import Barricade
from .errors import DominoError
from .schmidt import BOOL, TOP, Block003


def teams_from_draw(pips):
    """The partnerships from the 4-tile draw: ``pips`` per seat → [[the two highest], [the two
    lowest]], seats in order. A tie between second and third place cannot split the table:
    those two draw again."""
    if not isinstance(pips, list) or len(pips) != 4:
        raise DominoError("the draw: four pip totals, one per seat")
    for p in pips:
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= 48:
            raise DominoError("draw total %r: the pips of 4 tiles, 0..48" % (p,))
    order = sorted(range(4), key=lambda s: -pips[s])
    if pips[order[1]] == pips[order[2]]:
        raise DominoError(
            "seats %d and %d drew %d each: they draw again to split the teams"
            % (min(order[1], order[2]), max(order[1], order[2]), pips[order[1]])
        )
    return [sorted(order[:2]), sorted(order[2:])]


class TeamBlock(Barricade, Block003):
    """003 Team Block: each player draws four tiles; the two with the highest pip totals form one
    team, the two lowest the other (``teams_from_draw``; the setup's ``teams`` hold the result);
    whether partners may talk openly is agreed beforehand. Then Block (003) in partnership:
    five tiles each, a tile drawn at the end of each turn.

    Decided here: the side that goes out scores the other side's pips; when blocked the side
    holding fewer pips between its two players scores the other side's (a tie scores nothing);
    one round per player."""

    key = "teamblock"
    title = "Team Block"
    deal = 5
    players = (4, 4)
    team_draw = True  # no teams in the setup: the 4-tile draw forms them (teams_from_draw)
    options = TOP + (("draw_each_turn", True, BOOL), ("barricade", False, BOOL))

    def check_sides(self, sides):
        if len(sides) != 2 or len(sides[0]) != 2:
            raise DominoError(
                "%s is two teams of two: give teams from the 4-tile draw, e.g. [[0, 2], [1, 3]]"
                % self.title
            )
