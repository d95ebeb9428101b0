"""Games scored from each hand's outcome (bids, tricks, captured tiles, melds), not a layout.

The table plays the hand with real tiles; the scoreboard is told only what the score needs, in
one ``end`` event whose fields the game's ``entry`` describes (see ``Game.entry``). ``read_entry``
checks an event against that description, so the device, the host and the tests share one check.
"""

from .errors import DominoError
from .game import Game
from .tiles import name, parse

PER = ("one", "side", "player")


def end_event(match, rec):
    """The ``end`` (or ``fix``) event a finished hand was scored from."""
    e = rec.end
    return match.log[e] if isinstance(e, int) else e


def _whole(key, v, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise DominoError("%s %r: a whole number %d..%d" % (key, v, lo, hi))
    return v


def _per(match, key, per, v, read, *args):
    """One value (per "one"), or a list with one value per side or per player, each read by
    ``read(key, value, *args)``."""
    if per == "one":
        return read(key, v, *args)
    who = match.sides if per == "side" else match.players
    if not isinstance(v, list) or len(v) != len(who):
        raise DominoError("%s %r: a list with one entry per %s (%d)" % (key, v, per, len(who)))
    return [read("%s[%d]" % (key, i), x, *args) for i, x in enumerate(v)]


def _tiles(key, v, game, lo, hi, pool, named):
    if not isinstance(v, list) or not lo <= len(v) <= hi:
        raise DominoError("%s %r: a list of %d to %d tiles" % (key, v, lo, hi))
    out = []
    for x in v:
        t = parse(x, game.top)
        if pool is not None and name(t) not in pool:
            raise DominoError(
                "%s: %s is not allowed here; allowed are %s" % (key, name(t), ", ".join(pool))
            )
        if t in named:
            raise DominoError("%s: %s is named twice" % (key, name(t)))
        named.append(t)
        out.append(t)
    return out


def entry_of(game, ev):
    """The declared way (name, fields) an event enters the hand (``OutcomeGame.entries``): the
    one with most of its fields in the event (all of them first: High Fives' points and
    pieces before its points alone), the default on a tie, so a missing field is named
    against the way the scorer meant."""
    best, have = game.entries[0], (-1, 0)
    for way in game.entries:
        n = sum(1 for f in way[1] if f[0] in ev)
        rank = (n == len(way[1]), n)
        if rank > have:
            best, have = way, rank
    return best


def read_entry(game, match, ev, fields=None):
    """The values of ``ev``'s fields as ``fields`` (by default ``game.entry``) describe them,
    checked, tiles parsed to (high, low) tuples. Raises DominoError naming the field, the value
    and what is allowed."""
    fields = fields or game.entry
    values = {}
    for field in fields:
        key, kind = field[0], field[1]
        if key not in ev:
            raise DominoError(
                "%s: missing; %s needs %s" % (key, game.title, ", ".join(f[0] for f in fields))
            )
        v = ev[key]
        if kind == "player":
            values[key] = _whole(key, v, 0, len(match.players) - 1)
        elif kind == "choice":
            if isinstance(v, bool) or v not in field[2]:
                raise DominoError(
                    "%s %r: allowed are %s" % (key, v, ", ".join(str(c) for c in field[2]))
                )
            values[key] = v
        elif kind == "number":
            values[key] = _per(match, key, field[2], v, _whole, field[3], field[4])
        elif kind == "tiles":
            named = []  # no tile twice in one field, even across sides
            values[key] = _per(
                match, key, field[2], v, _tiles, game, field[3], field[4], field[5], named
            )
        elif kind == "groups":
            count, lo, hi = field[2], field[3], field[4]
            if not isinstance(v, list) or len(v) != count:
                raise DominoError("%s %r: %d groups of %d to %d tiles" % (key, v, count, lo, hi))
            named = []
            values[key] = [
                _tiles("%s[%d]" % (key, i), g, game, lo, hi, None, named) for i, g in enumerate(v)
            ]
        else:
            raise DominoError("%s: unknown entry kind %r" % (key, kind))
    return values


def check_opposite(game, sides):
    """Partners sit opposite (000: Texas "Opposite players are partners", Double Takes
    "Partners sit facing each other"): with the seats in playing order, seat p's partner is
    p + 2 of four. Raise DominoError for a side of two that does not."""
    for side in sides:
        if len(side) > 1 and (game.n != 4 or len(side) != 2 or abs(side[0] - side[1]) != 2):
            raise DominoError(
                "teams %r: %s partners are two of four players sitting opposite, seats in "
                "playing order: [[0, 2], [1, 3]]" % (sides, game.title)
            )


class OutcomeGame(Game):
    """A game the table plays with its own tiles; each hand is entered as one ``end`` event with
    the fields of one of its ``entries``. ``score(match, hand, values)`` turns them into points
    per side."""

    draws = "none"
    target = None
    # The ways a hand may be entered, (name, fields) each, fields as ``Game.entry`` describes
    # them: what paper writes (the result itself: "scored", "winner") beside what the box scores
    # from (tricks and count tiles, melds, hands shown). The first is what the device opens,
    # the way with the fewest presses for the game (bench/results/hands.txt measures every way);
    # ``entry`` is its fields. ``set_entries`` keeps the two together.
    entries = ()

    def set_entries(self, *ways):
        self.entries = ways
        self.entry = ways[0][1]

    def _no_layout(self):
        ways = self.entries or (("", self.entry or ()),)
        return DominoError(
            "%s is scored from each hand's outcome: enter it with an end event giving %s"
            % (self.title, " or ".join(", ".join(f[0] for f in w[1]) for w in ways))
        )

    def check_lead(self, hand, player, t):
        raise self._no_layout()

    def check_draw(self, hand, player, n):
        raise self._no_layout()

    def check_pass(self, hand, player):
        raise self._no_layout()

    def read_end(self, match, hand, ev, out=None):
        fields = entry_of(self, ev)[1]
        return self.score(match, hand, read_entry(self, match, ev, fields))

    def score(self, match, hand, v):
        """(points per side, the player who went out or won the hand, or None)."""
        raise NotImplementedError

    def hand_points(self, ctx):
        raise self._no_layout()
