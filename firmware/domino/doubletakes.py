"""Double Takes, booklet 000: tricks with the double-fifteen set, where doubles have a power."""

from .errors import DominoError
from .outcome import OutcomeGame, check_opposite, end_event

BOOL = (True, False)
DOUBLES = 16  # 0-0 .. 15-15, one point each
ROUNDS = {2: 4, 3: 3, 4: 2}  # rounds in one game by player count
REVOKE = 5  # "a 5-point penalty for not following suit when able"
CORRECTED = 1  # "reduced to 1 point if corrected before next trick begins"


class DoubleTakes(OutcomeGame):
    """000 DOUBLE TAKES: 16 suits, 0s to 15s. Four players take 17 tiles for each of 2 rounds;
    two players play 4 rounds of 17; three players 3 rounds of 15, the one tile left after the
    last draw going to the winner of the very last trick. A point for each trick and for each
    double won: 50 points in all with four players (34 tricks + 16 doubles), 84 with two, 61
    with three. Partners sit facing each other (teams in the setup). If players agree
    (``revoke``), not following suit when able costs 5 points, 1 if corrected before the next
    trick begins, none on the next-to-last trick.

    Each round is one hand of the match, entered as::

        {"k":"end","tricks":[5,4,4,4],"doubles":[3,2,1,2]}

    with ``revoke`` also ``"revokes":[0,1,0,0],"corrected":[0,0,0,0]`` (penalties counted
    per side; the table leaves out a revoke on the next-to-last trick). Without ``revoke`` the
    device asks what paper writes first, each side's points for the round (``scored``)::

        {"k":"end","points":[8,6,5,6]}

    each at least nothing and the round's points at least its tricks: the doubles won are
    what they add up to beyond the tricks, held to the game's 16 as entered doubles are.

    Decided here: a penalty is taken off the revoking side's score (the booklet: "take a
    5-point penalty"); the doubles of a game's rounds add up to 16 exactly, so the game's
    last round must bring the count to 16."""

    key = "doubletakes"
    title = "Double Takes"
    booklet = "000"
    top = 15
    players = (2, 4)
    deal = {2: 17, 3: 15, 4: 17}
    options = (("top", None, (15,)), ("revoke", False, BOOL))
    entry = ()  # an outcome game: each instance declares its ways (``entries``)

    def __init__(self, opts=None, players=4):
        OutcomeGame.__init__(self, opts, players)
        self.rounds = ROUNDS[self.n]
        self.tricks = self.deal_size(self.n)  # one trick per tile in each hand
        detail = (
            ("tricks", "number", "side", 0, self.tricks, self.tricks),
            ("doubles", "number", "side", 0, DOUBLES),
        )
        if self.opts["revoke"]:  # penalties: the points alone cannot tell the doubles won
            detail += (
                ("revokes", "number", "side", 0, self.tricks),
                ("corrected", "number", "side", 0, self.tricks),
            )
            self.set_entries(("tricks", detail))
            return
        # a round's points: its tricks and about half the game's doubles, shared
        usual = self.tricks + DOUBLES // self.rounds
        self.set_entries(
            ("scored", (("points", "number", "side", 0, self.tricks + DOUBLES, usual),)),
            ("tricks", detail),
        )

    def check_sides(self, sides):
        """Partnership Double Takes is for four players, partners facing each other."""
        check_opposite(self, sides)

    def total(self):
        """Points in one whole game: a point per trick and per double."""
        return self.rounds * self.tricks + DOUBLES

    def won(self, ev):
        """The doubles a round's entry says were won: given, or its points beyond the tricks."""
        if "doubles" in ev:
            return sum(ev["doubles"])
        return sum(ev["points"]) - self.tricks

    def score(self, match, hand, v):
        if "points" in v:
            won = self.won(v)
            if won < 0:
                raise DominoError(
                    "points %r: %d in all; a round's %d tricks score %d at least"
                    % (v["points"], sum(v["points"]), self.tricks, self.tricks)
                )
            self.check_doubles(match, hand.number, won)
            return list(v["points"]), None
        tricks, doubles = v["tricks"], v["doubles"]
        if sum(tricks) != self.tricks:
            raise DominoError(
                "tricks %r: %d in all; a round has %d tricks" % (tricks, sum(tricks), self.tricks)
            )
        last = hand.number % self.rounds == self.rounds - 1
        extra = 1 if last and self.n == 3 else 0  # the odd tile goes to the last trick's winner
        for s, d in enumerate(doubles):
            room = self.n * tricks[s] + (extra if tricks[s] else 0)
            if d > room:
                raise DominoError(
                    "doubles[%d] %d: side %d's %d trick(s) hold only %d tiles"
                    % (s, d, s, tricks[s], room)
                )
        self.check_doubles(match, hand.number, sum(doubles))
        pts = [tricks[s] + doubles[s] for s in range(len(tricks))]
        if self.opts["revoke"]:
            for s in range(len(pts)):
                pts[s] -= REVOKE * v["revokes"][s] + CORRECTED * v["corrected"][s]
        return pts, None

    def check_doubles(self, match, number, won):
        """The 16 doubles are won once in each game of ``rounds`` rounds: the rounds' doubles
        never pass 16, and the game's last round brings them to 16."""
        first = number - number % self.rounds
        before = 0
        recorded = [number]
        for rec in match.records:
            if first <= rec.number < first + self.rounds and rec.number != number:
                before += self.won(end_event(match, rec))
                recorded.append(rec.number)
        if before + won > DOUBLES:
            raise DominoError(
                "doubles: %d won this round and %d before in this game; the set has %d"
                % (won, before, DOUBLES)
            )
        if first + self.rounds - 1 in recorded and before + won != DOUBLES:
            raise DominoError(
                "doubles: every double is won by the game's last round; %d won this round and %d "
                "before make %d, not %d" % (won, before, before + won, DOUBLES)
            )
