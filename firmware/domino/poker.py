"""Poker, booklet 000: five-tile hands from a 20-piece set, ranked as the booklet lists them."""

from .errors import DominoError
from .outcome import OutcomeGame
from .tiles import name, parse

# "20 pieces are used in this game, double-ace with all blanks removed": double-six without
# the seven blanks and without the 1-1, which leaves the five doubles a Royal needs.
SET = tuple((a, b) for a in range(6, 0, -1) for b in range(a, 0, -1) if (a, b) != (1, 1))
SET_NAMES = tuple(name(t) for t in SET)
HAND = 5
# Lowest first, as the booklet lists them; "high piece" when none of them is held.
RANKS = (
    "high piece",
    "one pair",  # any two doubles
    "flush",  # five of a suit
    "threes",  # any three doubles
    "four straight",  # four of a suit in sequence: 4-6, 4-5, 4-4, 4-3
    "full hand",  # three doubles and two of one suit: 6-6, 3-3, 2-2 and 2-4, 2-1
    "five straight",  # five of a suit in sequence: 3-1, 3-2, 3-3, 3-4, 3-5
    "fours",  # any four doubles
    "six straight",  # five of the sixes in sequence
    "royal",  # five doubles
)
MAX_HANDS = 8


def _other(t, suit):
    return t[1] if t[0] == suit else t[0]


def longest_run(hand, suit):
    """How many tiles of ``suit`` the hand holds, and the longest run of them in sequence."""
    r = sorted(_other(t, suit) for t in hand if suit in t)
    best = run = 1 if r else 0
    for i in range(1, len(r)):
        run = run + 1 if r[i] - r[i - 1] == 1 else 1
        best = max(best, run)
    return len(r), best


def category(hand):
    """The index in RANKS of the best combination the five tiles make."""
    doubles = sum(1 for a, b in hand if a == b)
    held = {}
    for suit in range(1, 7):
        held[suit] = longest_run(hand, suit)
    if doubles == 5:
        return 9
    if held[6][1] == 5:
        return 8
    if doubles == 4:
        return 7
    if any(run == 5 for _n, run in held.values()):
        return 6
    if doubles == 3:
        a, b = [t for t in hand if t[0] != t[1]]
        if a[0] in b or a[1] in b:
            return 5
    if any(run >= 4 for _n, run in held.values()):
        return 4
    if doubles == 3:
        return 3
    if any(n == 5 for n, _run in held.values()):
        return 2
    if doubles == 2:
        return 1
    return 0


def key(hand):
    """What orders two hands: the combination, then the highest piece, then the next (a
    piece ranks by its higher half, then its lower: 6-6, 6-5, ..., 5-5, 5-4, ...)."""
    return (category(hand), sorted(hand, reverse=True))


def read_hand(tiles, who="hand"):
    if not isinstance(tiles, (list, tuple)) or len(tiles) != HAND:
        raise DominoError("%s %r: five tiles" % (who, tiles))
    hand = []
    for x in tiles:
        t = parse(x, 6)
        if t not in SET:
            raise DominoError(
                "%s: %s is not in the poker set (double-six without blanks and 1-1)"
                % (who, name(t))
            )
        if t in hand:
            raise DominoError("%s: %s is named twice" % (who, name(t)))
        hand.append(t)
    return hand


def compare(hands):
    """Which of two to eight hands wins: a list of their indices (more than one when hands tie,
    which only happens to hands holding the very same tiles, as from different deals)."""
    if not isinstance(hands, (list, tuple)) or not 2 <= len(hands) <= MAX_HANDS:
        raise DominoError("compare: give 2 to %d hands of five tiles" % MAX_HANDS)
    keys = [key(read_hand(h, "hand %d" % i)) for i, h in enumerate(hands)]
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


def describe(hand):
    return RANKS[category(read_hand(hand))]


class Poker(OutcomeGame):
    """000 POKER: "played the same as regular poker" with five-tile hands from the 20-piece
    set; the scoreboard settles each showdown and counts showdowns won.

    The device asks who won the showdown, as paper writes it (``winner``)::

        {"k":"end","winner":2}

    or the hands shown, and the scoreboard settles it (an empty list for a player who
    folded)::

        {"k":"end","hands":[["6-6","5-5","4-4","2-3","2-1"],[],["6-1","6-3","6-4","6-5","6-2"]]}

    The winning hand's player scores 1. Decided here: poker is played for chips, which the
    scoreboard does not hold; it counts showdowns won, first to 10 (set a target or a number of
    rounds at setup to play otherwise). Players who fold show nothing; one hand shown wins."""

    key = "poker"
    title = "Poker"
    booklet = "000"
    top = 6
    players = (2, 4)  # 20 pieces: four hands of five at most
    deal = HAND
    target = 10
    options = (("top", None, (6,)),)
    entry = (("winner", "player"),)
    entries = (
        ("winner", entry),
        ("hands", (("hands", "tiles", "player", 0, HAND, SET_NAMES),)),
    )

    def score(self, match, hand, v):
        tally = [0] * len(match.sides)
        if "winner" in v:
            tally[match.side_of[v["winner"]]] = 1
            return tally, v["winner"]
        shown = [p for p, h in enumerate(v["hands"]) if h]
        if not shown:
            raise DominoError("hands: at least one player shows five tiles")
        for p in shown:
            if len(v["hands"][p]) != HAND:
                raise DominoError(
                    "hands[%d]: %d tiles; show five, or none for a fold" % (p, len(v["hands"][p]))
                )
        best = max(shown, key=lambda p: key(v["hands"][p]))
        tally[match.side_of[best]] = 1
        return tally, best
