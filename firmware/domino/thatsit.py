"""That's It!, booklet 000: draw and discard until your hand forms melds; only the winner
scores, from the melds he shows."""

from .errors import DominoError
from .outcome import OutcomeGame
from .tiles import name

BOOL = (True, False)
DOUBLES = "doubles"


def meld_suit(meld):
    """The number every tile of the meld shares, or "doubles" for a meld of doubles."""
    if all(a == b for a, b in meld):
        return DOUBLES
    common = [x for x in meld[0] if all(x in t for t in meld)]
    if not common:
        raise DominoError(
            "meld %s: three or four tiles of one number, or three or four doubles"
            % " ".join(name(t) for t in meld)
        )
    return common[0]


def ranks(meld, suit):
    """The numbers that order the meld: the other half of each tile (a double's own number)."""
    if suit == DOUBLES:
        return sorted(a for a, _ in meld)
    return sorted(b if a == suit else a for a, b in meld)


def meld_points(meld):
    """1 for the meld, plus 1 for each domino in sequence with the one before it
    (2-9, 2-13, 2-14 = 2; 5-4, 5-5, 5-12, 5-13 = 3), or, when the whole meld is in sequence,
    2 per domino instead (2-12, 2-13, 2-14 = 1 + 6; 10-0, 10-1, 10-2, 10-3 = 1 + 8)."""
    r = ranks(meld, meld_suit(meld))
    steps = sum(1 for i in range(1, len(r)) if r[i] - r[i - 1] == 1)
    if steps == len(r) - 1:
        return 1 + 2 * len(r)
    return 1 + steps


def meld_scores(size):
    """What a meld of ``size`` tiles can score: 1, plus 1 for each of up to size - 2 tiles in
    sequence with the one before, or 1 + 2 per tile when the whole meld runs in sequence."""
    return tuple(range(1, size)) + (1 + 2 * size,)


def winning_scores(sizes):
    """Every score a winning hand of melds of these sizes can make, doubled where the melds
    share a suit (7 tiles: 4 + 3; 10 tiles: 4 + 3 + 3)."""
    sums = [0]
    for size in sizes:
        sums = [a + b for a in sums for b in meld_scores(size)]
    out = []
    for x in sums + [2 * x for x in sums]:
        if x not in out:
            out.append(x)
    out.sort()
    return out


def hand_points(melds):
    """The melds' points, doubled when every meld is of one suit."""
    pts = sum(meld_points(m) for m in melds)
    suits = [meld_suit(m) for m in melds]
    if all(s == suits[0] for s in suits):
        pts *= 2
    return pts


class ThatsIt(OutcomeGame):
    """000 THAT'S IT!: 2 or more players, seven tiles each (double-fifteen set), forming a
    winning hand of two melds: three or four tiles of one number, or three or four doubles,
    each tile in one meld. Each meld scores 1 (a winning hand without bonuses scores 2);
    consecutive tiles in a meld add 1 each, a meld all in sequence adds 2 per tile instead;
    both melds in one suit double the score. Only the winner scores; play to 25. With
    ``ten`` the hands are 10 tiles in three melds (one of 4 and two of 3).

    The device asks what paper writes, the winner and his points (``scored``)::

        {"k":"end","winner":1,"points":10}

    checked against the scores a winning hand can make; or the winner and his melds, scored
    here (``melds``)::

        {"k":"end","winner":1,"melds":[["2-12","2-13","2-14"],["4-4","5-5","6-6","9-9"]]}

    Decided here: a meld's order is the other half of each tile (a double of the meld's own
    number ranks as that number: 5-4, 5-5 are in sequence); melds of doubles are one suit, so
    two melds of doubles double the score; with ``ten`` all three melds must share the suit."""

    key = "thatsit"
    title = "That's It!"
    booklet = "000"
    top = 15
    players = (2, 10)
    deal = 7
    target = 25
    options = (("top", None, (15,)), ("ten", False, BOOL))
    entry = (("winner", "player"), ("points", "number", "one", 2, 32))

    def __init__(self, opts=None, players=2):
        OutcomeGame.__init__(self, opts, players)
        self.sizes = (4, 3, 3) if self.opts["ten"] else (4, 3)
        self.scores = winning_scores(self.sizes)
        # a hand's points on paper (one number), or its melds, which take 16+ presses
        points = ("points", "number", "one", self.scores[0], self.scores[-1])
        self.set_entries(
            ("scored", (("winner", "player"), points)),
            ("melds", (("winner", "player"), ("melds", "groups", len(self.sizes), 3, 4))),
        )

    def deal_size(self, players):
        return 10 if self.opts.get("ten") else 7

    def score(self, match, hand, v):
        tally = [0] * len(match.sides)
        if "points" in v:
            if v["points"] not in self.scores:
                raise DominoError(
                    "points %d: a winning hand scores %s"
                    % (v["points"], ", ".join(str(x) for x in self.scores))
                )
            tally[match.side_of[v["winner"]]] = v["points"]
            return tally, v["winner"]
        melds = v["melds"]
        size = sum(len(m) for m in melds)
        if size != self.deal_size(self.n):
            raise DominoError(
                "melds: %d tiles; a winning hand is all %d tiles (%s)"
                % (size, self.deal_size(self.n), "4 + 3 + 3" if self.opts["ten"] else "4 + 3")
            )
        tally[match.side_of[v["winner"]]] = hand_points(melds)
        return tally, v["winner"]
