"""A wall (French): the level the next tile takes at each end."""

from scoreboard import words
from scoreboard.views.base import View


class Wall(View):
    def game_text(self, match) -> "str | None":
        """Each end's pip and whether the next tile there goes up or down a level."""
        text = View.game_text(self, match)
        if text is not None:
            return text
        lay = match.hand.layout
        return " ".join(
            "%s%d %s"
            % ("LR"[e], lay.arms[e].open, words.UP if lay.stack(e) == "above" else words.DOWN)
            for e in lay.open_arms()
        )

    def end_action(self, match, e, n):
        lay = match.hand.layout
        return "%s %d %s (%d)" % ("LR"[e], lay.arms[e].open, words.say(lay.stack(e)), n)


WALL = Wall()
