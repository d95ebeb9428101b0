"""What every layout's view does, and the view of a layout whose ends are numbered (Tiddle's
one-sided line): the other kinds change only what differs (scoreboard.views)."""

from scoreboard import words


def end_open(match, i):
    """The pip a tile on end i must match; on an end not yet on the table (a new train), what
    the layout says it opens with (``Layout.arm_index``: the station's pip)."""
    lay = match.hand.layout
    return lay.arms[i].open if i < len(lay.arms) else lay.arm_index(i).open


class View:
    """A layout whose ends are numbered; the base of the others."""

    counts = True  # the ends' count (Layout.count) at the top right, the hand beside the ends
    wraps = False  # the ends' row wraps onto more rows when it is too long
    apart = False  # every end is its own (trains): ends alike do not give the same result
    # the table orders the ends by their plays' chances when there are more than this many
    # (else they keep their places: L R U D)
    by_chance = 4

    def label(self, match, i):
        return str(i + 1)

    def end_name(self, match, i):
        """A short name for arm i: its ``label``, or "new" for an end not yet on the table."""
        return words.NEW if i >= len(match.hand.layout.arms) else self.label(match, i)

    def ends_text(self, match):
        """ "L5 R3 U6": each open end and its pip; more than four ends, only their pips."""
        lay = match.hand.layout
        arms = lay.open_arms()
        if len(arms) <= 4:
            return " ".join("%s%d" % (self.end_name(match, e), lay.arms[e].open) for e in arms)
        return "".join(str(lay.arms[e].open) for e in arms)

    def game_text(self, match) -> "str | None":
        """The ends' row as the game needs it read, or None for ``ends_text``: in a sums game
        what each end calls for ("L6>1", "J": only a joker; ``Game.calls``)."""
        g = match.game
        if g.base is None:
            return None
        lay = match.hand.layout
        out = []
        for e in lay.open_arms():
            pip = lay.arms[e].open
            calls = g.calls(pip)
            out.append("%s%d>%s" % ("LR"[e], pip, "J" if calls is None else calls))
        return " ".join(out)

    def owed_text(self, match) -> str:
        return ""

    def own_first(self, match, order):
        """The ends in the order the table lists them."""
        return order

    def end_action(self, match, e, n):
        """The action bar's label for end ``e`` and its ``n`` tiles."""
        return words.PLAY_END % (self.end_name(match, e), end_open(match, e), n)

    def quick_action(self, match, t, e, pts):
        """The action bar's label for tile ``t`` on end ``e`` (``pts``: what it scores)."""
        return words.ON % (t[0], t[1], self.end_name(match, e), " +%d" % pts if pts else "")

    def scored(self, match, who, pts, result, lead):
        """What a play that scored ``pts`` announces ("Ana +10 fives")."""
        return "%s +%d %s" % (who, pts, words.say(match.game.announcement(pts, lead)))
