"""003 Italian Dominoes ("Italienisches Domino", "dominos-comptables"): no matching, a running
total of every pip laid; hitting 30, 50, 70, 100 exactly scores."""

from .errors import DominoError
from .game import Game
from .layouts import Arm, Layout
from .status import Status
from .tiles import is_double

# Exact running totals and what hitting them scores; 120 and 150 only with double-nine.
TOTALS = {30: 1, 50: 2, 70: 3, 100: 4}
TOTALS_NINE = {120: 5, 150: 6}


class Pile(Layout):
    """Where tiles go when they need not match: one end (``e`` 0), and the total of all pips
    laid is the count the players call out."""

    kind = "pile"

    def __init__(self):
        Layout.__init__(self)
        self.total = 0

    def start(self, t):
        self.first = t
        self.played.append(t)
        self.arms = [Arm(t[0], is_double(t))]
        self.total = t[0] + t[1]

    def extend(self, t, arm, open_pip):
        Layout.extend(self, t, arm, open_pip)
        self.total += t[0] + t[1]

    def count(self):
        return self.total


class Italian(Game):
    """003 Italian Dominoes: seven tiles each for three players, six for four; the highest
    double (else the highest tile) begins; tiles need not match: each player calls out the
    total of all tiles laid so far (first tile 5-7 = "12", then 2-6 = 8 makes "20"); whoever
    makes the total exactly 30, 50, 70 or 100 scores 1, 2, 3 or 4 (with double-nine also 120
    and 150: 5 and 6); an overshot total scores nothing and play goes on; the game ends after a
    number of rounds agreed beforehand, or when a player reaches 51 (double-six) or 81
    (double-nine) points.

    The English text's "2-8 = 8" is a misprint: the French gives 2/6 = 8, as 12 + 8 = 20 needs.
    Decided here: the tiles' example (5-7) needs the double-nine set, so ``top=9`` is allowed;
    a hand ends when the first player has laid all his tiles, and its end scores nothing (only
    exact totals score: the booklet gives no hand-end points); every tile fits, so nobody
    passes; reaching the target ends the match at once; set ``rounds`` in the setup for a
    number of rounds."""

    key = "italian"
    scores_in_play = True
    title = "Italian"
    way = "tracked"  # the milestones come from the running total
    booklet = "003"
    deal = {3: 7, 4: 6}
    players = (3, 4)
    draws = "none"
    stop_at_target = True
    options = (("top", None, (6, 9)),)
    scores_hand_end = False  # only exact totals score (``tally_fields`` asks nothing)
    passes = False  # every tile can be laid (``check_pass`` refuses)

    def default_target(self):
        return 81 if self.top == 9 else 51

    def layout(self, number):
        return Pile()

    def joins(self, hand, t, arm):
        return t[0]  # "not concerned with appropriate tile placement"

    def status(self, hand):
        """The running total and the next total above it that scores (None past the last):
        ``Status(total=37, next=50)``; nothing before the lead."""
        lay = hand.layout
        if lay.is_empty():
            return Status()
        total = lay.count()
        nxt = None
        for totals in (TOTALS, TOTALS_NINE) if self.top == 9 else (TOTALS,):
            for t in totals:
                if total < t and (nxt is None or t < nxt):
                    nxt = t
        return Status(total=total, next=nxt)

    def check_pass(self, hand, player):
        raise DominoError("in %s every tile can be laid: play one, there is no passing", self.title)

    def play_points(self, hand, player, t, arm_index):
        """A total hit exactly by this play: "genau zu erreichen", "permettant d'atteindre
        précisément", "raggiungere in modo esatto". A play that leaves the total as it was
        (0-0 on a total already at 30) attains nothing: the player before attained it."""
        if t[0] + t[1] == 0:
            return 0
        total = hand.layout.count()
        if total in TOTALS:
            return TOTALS[total]
        if self.top == 9 and total in TOTALS_NINE:
            return TOTALS_NINE[total]
        return 0

    def read_end(self, match, hand, ev, out=None):
        if ev.get("left") is not None:
            return match.standard_end(hand, ev, out)
        if out is None:
            out = ev.get("out")
        if hand.out is not None:
            out = hand.out
        elif out is not None and (
            not isinstance(out, int) or isinstance(out, bool) or not 0 <= out < self.n
        ):
            raise DominoError("out=%r: a seat number 0..%d" % (out, self.n - 1))
        return [0] * len(match.sides), out

    def hand_points(self, ctx):
        return [0] * len(ctx.pips)

    def tally_fields(self, hand, blocked):
        """Nothing: a hand's end scores nothing (an ``end`` needs no ``left``)."""
        return ()
