"""A hub (Sebastopol, Cyprus, Super Dominos): the centre and its branches, unstarted ones one
action "New branch"; the branches the likelier first."""

from domino.tiles import name
from scoreboard import words
from scoreboard.views.base import View


class Hub(View):
    by_chance = 0  # the branches, the likelier nearer

    def game_text(self, match) -> "str | None":
        """The centre and the started branches' pips, and how many may start: "6-6:3 5 +2new"."""
        lay = match.hand.layout
        arms = lay.open_arms()
        started = [str(lay.arms[e].open) for e in range(len(lay.arms)) if lay.arms[e].length]
        new = len([e for e in arms if not lay.arms[e].length])
        return "%s:%s%s" % (
            name(lay.first),
            " ".join(started),
            words.NEW_BRANCHES % new if new else "",
        )

    def end_action(self, match, e, n):
        arm = match.hand.layout.arms[e]
        if not arm.length:
            return words.NEW_BRANCH % n
        return words.BRANCH % (e + 1, arm.open, n)


HUB = Hub()
