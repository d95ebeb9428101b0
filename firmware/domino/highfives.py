"""High Fives (El Cinquillo), booklet 000: capture pairs from a pool; doubles and tiles whose
total is a multiple of five score."""

from .errors import DominoError
from .outcome import OutcomeGame
from .tiles import SET_SIZES, full_set

BONUS = 5  # "The player taking the most pieces wins a bonus of 5 points."


def tile_points(t):
    """A double counts 1; a tile whose total is a multiple of 5 counts once for every 5 in it
    (2-3 is 1, 7-8 is 3, 13-12 is 5, 15-15 is 6 + 1 = 7)."""
    a, b = t
    pts = 1 if a == b else 0
    if (a + b) % 5 == 0:
        pts += (a + b) // 5
    return pts


_VALUES = {}  # top: the set's tile values, best first (computed once)


def best(top, k):
    """The most points ``k`` pieces of the set can hold: its k best tiles."""
    if top not in _VALUES:
        _VALUES[top] = sorted((tile_points(t) for t in full_set(top)), reverse=True)
    return sum(_VALUES[top][:k])


class HighFives(OutcomeGame):
    """000 HIGH FIVES / EL CINQUILLO: 2 to 8 players, double-fifteen set. Five tiles each (four
    each with five or more players) and five more face up form the pool; a tile played that
    matches a pool tile takes the pair; after each round everyone takes five more (four with 5,
    6 or 8 players; three on each of the last two rounds with 7). The tiles left after the last
    draw go to the pool (one with 2 to 6 players, two with 7, three with 8). The scoring tiles
    total 100 exactly; the player taking the most pieces adds 5.

    A whole deal, played through, is one hand of the match (one hand by default), entered as::

        {"k":"end","points":[41,30,19],"pieces":[24,30,18]}

    The device asks what paper writes first, each side's points with the bonus
    (``scored``): ``{"k":"end","points":[46,30,19]}``, their sum held to the scoring tiles'
    100 and the bonuses.

    Checked: pieces come in pairs, no more pieces than the set holds, and no one holds more
    points than his count of pieces can (the scoring tiles total 100).

    Decided here (the booklet is silent): when players tie for the most pieces nobody takes
    the bonus (house rule ``tie_bonus="each"``: every tied player takes it). The booklet's deal
    sizes make the boneyard come out right only for two players; the table deals what is left."""

    key = "highfives"
    title = "High Fives"
    booklet = "000"
    top = 15
    players = (2, 8)
    deal = {2: 5, 3: 5, 4: 5, 5: 4, 6: 4, 7: 4, 8: 4}
    pool = 5
    left = {7: 2, 8: 3}  # tiles left for the pool after the last draw; one otherwise
    rounds = 1
    options = (("top", None, (15,)), ("tie_bonus", "none", ("none", "each")))
    # each side starts at its share of the scoring tiles' 100, the last at what the others leave
    entry = (("points", "number", "side", 0, 100 + BONUS, 100),)
    entries = (
        ("scored", entry),
        ("pieces", (
            ("points", "number", "side", 0, 100),
            ("pieces", "number", "side", 0, SET_SIZES[15]),
        )),
    )  # fmt: skip

    def score(self, match, hand, v):
        if "pieces" not in v:
            return self.scored(match, v["points"])
        points, pieces = v["points"], v["pieces"]
        for s, k in enumerate(pieces):
            if k % 2:
                raise DominoError(
                    "pieces[%d] %d: pieces are taken in pairs, so an even number" % (s, k)
                )
            if points[s] > best(self.top, k):
                raise DominoError(
                    "points[%d] %d: %d pieces hold at most %d points"
                    % (s, points[s], k, best(self.top, k))
                )
        if sum(pieces) > SET_SIZES[self.top]:
            raise DominoError(
                "pieces %r: %d taken, but the set has %d"
                % (pieces, sum(pieces), SET_SIZES[self.top])
            )
        if sum(points) > best(self.top, sum(pieces)):
            raise DominoError(
                "points %r: %d in all; the scoring tiles total %d and %d pieces hold at most %d"
                % (
                    points,
                    sum(points),
                    best(self.top, SET_SIZES[self.top]),
                    sum(pieces),
                    best(self.top, sum(pieces)),
                )
            )
        tally = list(points)
        most = max(pieces)
        leaders = [s for s, k in enumerate(pieces) if k == most]
        if most and (len(leaders) == 1 or self.opts["tie_bonus"] == "each"):
            for s in leaders:
                tally[s] += BONUS
        return tally, None

    def scored(self, match, points):
        """Each side's points as paper writes them, bonus included: the scoring tiles total
        100, and the bonus goes to one side (each of the tied ones with ``tie_bonus="each"``)."""
        sides = len(match.sides) if self.opts["tie_bonus"] == "each" else 1
        most = best(self.top, SET_SIZES[self.top]) + BONUS * sides
        if sum(points) > most:
            raise DominoError(
                "points %r: %d in all; the scoring tiles total %d, and the bonus %d%s: %d at most"
                % (points, sum(points), most - BONUS * sides, BONUS,
                   " to each tied side" if sides > 1 else "", most)
            )  # fmt: skip
        return list(points), None
