"""003 Peruvian Dominoes: Block with a penalty count; the lowest total after seven rounds wins,
and the standings stay secret until just before the last round."""

from .errors import DominoError
from .schmidt import BOOL, TOP, Block003


class Peruvian(Block003):
    """003 Peruvian: four players, five tiles each, Block rules (a tile drawn at the end of each
    turn); when the hand ends because nobody can play, each player writes down the pips he
    still holds; if the player who laid the last tile does not have the lowest, his pips count
    four times; seven rounds; the points are kept secret by one player, who announces them
    before the last round; the fewest points after the seventh round win.

    Sources disagree: the Dutch text quadruples "the player who could no longer lay the last
    tile" and has every player keep his own points secretly; ``quadruple="next"`` reads it as
    the player after the one who laid the last tile. ``secret=false`` shows the standings all
    along.
    Decided here: a hand ended by a player laying his last tile is scored the same way (he holds
    0, the lowest); a player tied for the lowest "has the lowest". The device asks
    ``hidden_standings(match)``. Where the record did not follow the hand tile by tile (plays
    not entered, a score pad, a switch to one midway, an end the table declares) the ``end``
    event names who laid the last tile, ``{"k":"end","left":[...],"last":2}``, and the device
    asks it (``asks_last``); the record's last play seen is not taken for it."""

    key = "peruvian"
    title = "Peruvian"
    deal = 5
    players = (4, 4)
    rounds = 7
    lowest_wins = True
    options = TOP + (
        ("draw_each_turn", True, BOOL),
        ("quadruple", "last", ("last", "next")),
        ("secret", True, BOOL),
    )

    def check_sides(self, sides):
        if len(sides) != self.n:
            raise DominoError("%s is played every player for himself, not in teams" % self.title)

    def hidden_standings(self, match):
        """Secret until announced "before the last round": hidden while a round before the
        last is played."""
        if not self.opts["secret"] or match.over or match.rounds is None:
            return False
        return len(match.records) < match.rounds - 1

    def asks_last(self, hand, out, declared=False):
        """A block the record did not follow tile by tile (no play entered, a score pad, a
        switch to one, an end the table declares): only the table knows who laid the last
        tile."""
        from .ending import followed  # loaded at a hand's end

        return out is None and not followed(hand, declared)

    def read_end(self, match, hand, ev, out=None):
        from .ending import followed

        last = ev.get("last")
        known = followed(hand, ev.get("declared"))
        if last is not None:
            if not isinstance(last, int) or isinstance(last, bool) or not 0 <= last < self.n:
                raise DominoError(
                    "last=%r: the seat that laid the last tile, 0..%d" % (last, self.n - 1)
                )
            if known and hand.last != last:
                raise DominoError("last=%d: seat %d laid the last tile" % (last, hand.last))
        ctx, out = match.end_context(hand, ev, out)
        if out is not None:
            if last is not None and last != out:
                raise DominoError("last=%d: seat %d went out, laying the last tile" % (last, out))
            ctx.last = out
        elif not known:
            ctx.last = last  # the table's word: the record saw only some of the plays
        if ctx.last is None:
            raise DominoError(
                "%s: say who laid the last tile (last), whose pips may count four times"
                % self.title
            )
        return self.hand_points(ctx), out

    def result_entry(self, hand, blocked) -> bool:
        return False  # every seat writes his own pips

    def hand_points(self, ctx):
        pts = list(ctx.pips)
        who = ctx.last
        if self.opts["quadruple"] == "next":
            who = (who + 1) % self.n
        if pts[who] > min(pts):
            pts[who] *= 4
        return pts
