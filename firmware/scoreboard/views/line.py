"""A line or a spinner: its ends L R (U D), the ends' count at the top right."""

from scoreboard.views.base import View

_LINE = "LRUD"


class Line(View):
    def label(self, match, i):
        return _LINE[i] if i < 4 else str(i + 1)


LINE = Line()
