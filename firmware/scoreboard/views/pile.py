"""A pile (Italian): the running total and the next total that scores."""

from domino.tiles import name
from scoreboard import words
from scoreboard.views.base import View


class Pile(View):
    def game_text(self, match) -> "str | None":
        """The running total and the next that scores (the game's ``status``)."""
        st = match.game.status(match.hand)
        nxt = st.next
        return words.TOTAL_NEXT % (
            st.total or 0,
            words.NEXT_TOTAL % nxt if nxt is not None else "",
        )

    def end_action(self, match, e, n):
        return words.LAY % n

    def quick_action(self, match, t, e, pts):
        pts = match.preview(match.hand.turn, t, e)
        return words.LAY_ON % (name(t), " +%d" % pts if pts else "")

    def scored(self, match, who, pts, result, lead):
        """The total hit: "Ana 30! +1"."""
        return "%s %d! +%d" % (who, result.get("count", 0), pts)


PILE = Pile()
