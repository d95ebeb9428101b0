"""Four-Hand Texas (42), booklet 000: a bidding and trick-taking game scored from each hand's
bid, tricks and captured count tiles."""

from .errors import DominoError
from .outcome import OutcomeGame, check_opposite, end_event
from .tiles import name

BOOL = (True, False)
# "Ten points each are given on the five-five and six-four; five points are given on the
# five-naught, three-two and four-one; each trick counts as a point."
COUNT = {(5, 5): 10, (6, 4): 10, (5, 0): 5, (3, 2): 5, (4, 1): 5}
COUNT_TILES = ("5-5", "6-4", "5-0", "3-2", "4-1")
TRICKS = 7
HAND = 42  # 7 tricks + 35 in count: "a total of forty-two possible points for each hand"
LIMIT = 42  # "a limit bid, namely 42"; then each later bidder doubles: 84, 168, 250
BIDS = tuple(range(30, LIMIT + 1)) + (84, 168, 250)
MARKS = {84: 2, 168: 3, 250: 4}  # house rule "marks": 30..42 win one mark
TRUMPS = ("blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles", "no-trump")
BID = (("bidder", "player"), ("bid", "choice", BIDS), ("trump", "choice", TRUMPS))
TRICKS_ENTRY = BID + (
    ("tricks", "number", "side", 0, TRICKS),
    ("counts", "tiles", "side", 0, 5, COUNT_TILES),
)
POINTS_ENTRY = BID + (("made", "number", "side", 0, HAND),)
# What a set side's opponents can score: their own points plus the bid, by the bid's range.
SET_SCORES = ((43, HAND + LIMIT), (84 + 1, 84 + HAND), (168 + 1, 168 + HAND), (251, 250 + HAND))
# The hand as paper writes it: who bid, and what each side scores (the last side is offered
# what the first leaves of the hand's 42).
SCORED_ENTRY = (("bidder", "player"), ("points", "number", "side", 0, 250 + HAND, HAND, 0))
MARKS_ENTRY = (("bidder", "player"), ("points", "number", "side", 0, 4))


class Texas(OutcomeGame):
    """000 FOUR-HAND TEXAS: partners sit opposite, seven tiles each from the double-six set;
    5-5 and 6-4 count 10, 5-0, 3-2 and 4-1 count 5, each trick 1: 42 points a hand. Bids start
    at 30; 42 is the limit, after which each bidder must double (84, 168, 250) or pass; trumps
    are a suit, doubles, or no-trump. Each side scores the points it took, unless the bidder is
    set: then the bidder's side scores nothing and the other side its own points plus the bid.
    A limit bid that is made scores the bid. 250 is game; when both sides go out on one hand,
    the bidder's side wins.

    The ``end`` event (the ``entry`` below)::

        {"k":"end","bidder":0,"bid":31,"trump":"fives","tricks":[4,3],
         "counts":[["5-5","6-4"],["5-0","3-2","4-1"]]}

    or each side's points taken: ``{..., "made":[31,11]}``; or what paper writes, who bid and
    what each side scores this hand (the device's first way): ``{"k":"end","bidder":0,
    "points":[0,49]}``, checked against what a hand can score (a made bid: the bidder's side
    30..42 and the other the rest of 42, or the limit bid alone; a set: 0, and the others
    their points plus the bid). Every form is read whatever the option; ``points_entry``
    offers "made" before tricks and count.

    Decided here: a bid is made when the bidder's side takes at least the bid, or all 42
    points for a bid above 42 (a doubled bid cannot be made any other way). House rule
    ``marks``: a made bid wins its marks (1 up to 42, 2 for 84, 3 for 168, 4 for 250), a set
    gives them to the other side; 7 marks is game."""

    key = "texas"
    title = "Four-Hand Texas"
    booklet = "000"
    players = (4, 4)
    partners = ((0, 2), (1, 3))  # "Opposite players are partners"
    deal = 7
    target = 250
    options = (
        ("top", None, (6,)),
        ("marks", False, BOOL),
        ("points_entry", False, BOOL),  # enter each side's points instead of tricks and count
    )
    entry = SCORED_ENTRY

    def __init__(self, opts=None, players=4):
        OutcomeGame.__init__(self, opts, players)
        detail = [("tricks", TRICKS_ENTRY), ("made", POINTS_ENTRY)]
        if self.opts["points_entry"]:
            detail.reverse()
        scored = ("scored", MARKS_ENTRY if self.opts["marks"] else SCORED_ENTRY)
        self.set_entries(scored, detail[0], detail[1])

    def default_target(self):
        return 7 if self.opts["marks"] else self.target

    def check_sides(self, sides):
        if len(sides) != 2 or len(sides[0]) != 2:
            raise DominoError("Four-Hand Texas is played by two partnerships of two")
        check_opposite(self, sides)

    @staticmethod
    def taken(v):
        """Points per side: tricks plus the count tiles captured, checked to make 42."""
        if "made" in v:
            made = v["made"]
            if sum(made) != HAND:
                raise DominoError(
                    "made %r: the sides' points add up to %d; every hand has %d"
                    % (made, sum(made), HAND)
                )
            return list(made)
        tricks, counts = v["tricks"], v["counts"]
        if sum(tricks) != TRICKS:
            raise DominoError(
                "tricks %r: %d in all; a hand has %d tricks" % (tricks, sum(tricks), TRICKS)
            )
        if sum(len(c) for c in counts) != len(COUNT):
            held = [name(t) for c in counts for t in c]
            missing = [n for n in COUNT_TILES if n not in held]
            raise DominoError(
                "counts: every count tile is captured once; nobody took %s" % ", ".join(missing)
            )
        for s in range(len(tricks)):
            if len(counts[s]) > 4 * tricks[s]:
                raise DominoError(
                    "counts[%d]: %d count tiles in %d trick(s); a trick holds 4 tiles"
                    % (s, len(counts[s]), tricks[s])
                )
        return [tricks[s] + sum(COUNT[t] for t in counts[s]) for s in range(len(tricks))]

    def scored(self, match, v):
        """The hand's points as paper writes them, checked against what a hand can score."""
        pts = v["points"]
        b = match.side_of[v["bidder"]]
        o = 1 - b
        if self.opts["marks"]:
            ok = min(pts) == 0 and max(pts) > 0
            allowed = "one side 1..4 marks (2 for 84, 3 for 168, 4 for 250), the other 0"
        else:
            made = pts[b] + pts[o] == HAND and pts[b] >= 30 or pts[o] == 0 and pts[b] in MARKS
            set_ = pts[b] == 0 and any(lo <= pts[o] <= hi for lo, hi in SET_SCORES)
            ok = made or set_
            allowed = (
                "the bidder's side 30..42 and the other the rest of 42, or the bid 84, 168 or "
                "250 alone; set, 0 and the other side its points plus the bid (%s)"
                % ", ".join("%d..%d" % r for r in SET_SCORES)
            )
        if not ok:
            raise DominoError(
                "points %r: %s bid; a hand scores %s" % (pts, match.players[v["bidder"]], allowed)
            )
        return list(pts), None

    def score(self, match, hand, v):
        if "points" in v:
            return self.scored(match, v)
        pts = self.taken(v)
        bid = v["bid"]
        b = match.side_of[v["bidder"]]
        made = pts[b] >= min(bid, LIMIT)
        tally = [0, 0]
        if self.opts["marks"]:
            tally[b if made else 1 - b] = MARKS.get(bid, 1)
        elif not made:
            tally[1 - b] = pts[1 - b] + bid
        elif bid > LIMIT:
            tally[b] = bid
        else:
            tally = pts
        return tally, None

    def winners(self, match):
        over = [s for s in (0, 1) if match.totals[s] >= match.target]
        if len(over) == 2 and match.records:
            ev = end_event(match, match.records[-1])
            return [match.side_of[ev["bidder"]]]  # "the bidder is always the winner"
        return OutcomeGame.winners(self, match)
