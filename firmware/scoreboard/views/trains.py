"""Trains (Mexican Train): every train by its owner's label, its open pip and marker, the
player's own train first; the ends' count means nothing there, the hand number shows."""

from scoreboard import words
from scoreboard.views.base import View


class Trains(View):
    counts = False
    wraps = True
    apart = True
    by_chance = 1000  # trains keep their order

    def label(self, match, i):
        """A train by the label the trains row gives it (``train_label``; the public trains
        Mx, or Mx1, Mx2 ... when there are more)."""
        arms = match.hand.layout.arms
        owner = arms[i].owner
        if owner is not None:
            return train_labels(match.players)[owner]
        public = 0
        k = 0
        for j in range(len(arms)):
            if arms[j].owner is None:
                public += 1
                if j <= i:
                    k += 1
        return "Mx" if public == 1 else "Mx%d" % k

    def ends_text(self, match):
        """Every train as its label and open pip, "*" its marker ("Mi5 Mx1:12* Ann3": a label
        ending in a digit is followed by ":")."""
        out = ""
        for i, a in enumerate(match.hand.layout.arms):
            label = self.label(match, i)
            if label[-1:].isdigit():
                label += ":"  # "Mx1:12", not "Mx112"
            out += "%s%s%d%s" % (" " if out else "", label, a.open, "*" if a.marker else "")
        return out

    def game_text(self, match) -> "str | None":
        return None

    def owed_text(self, match) -> str:
        """The double the player in turn must satisfy, e.g. "satisfy 6-6 Ben"."""
        hand = match.hand
        if hand.turn is None:
            return ""
        d = match.game.status(hand).double
        if d is None:
            return ""
        pip = hand.layout.arms[d].open
        return words.SATISFY % (pip, pip, self.end_name(match, d))

    def own_first(self, match, order):
        """The player's own train (or the new train that will be his) first, then the others
        as the game opens them."""
        p = match.hand.turn
        arms = match.hand.layout.arms
        owns = False
        for a in arms:
            if a.owner == p:
                owns = True
        first = []
        rest = []
        for e in order:
            mine = arms[e].owner == p if e < len(arms) else not owns
            (first if mine else rest).append(e)
        return first + rest


TRAINS = Trains()


def train_label(names, p):
    """Seat p's train: the shortest start of his name (spaces left out) that starts no other
    name and is not the public train's "Mx" (his whole name if none is shorter): "Mia" beside
    "Max" is "Mi", "Ana" beside "Anna" "Ana" and "Anna" "Ann"."""
    own = names[p]
    for n in range(1, len(own) + 1):
        start = own[:n]
        if "Mx".startswith(start):
            continue
        for q in range(len(names)):
            if q != p and names[q].startswith(start):
                break
        else:
            return start.replace(" ", "")
    return own.replace(" ", "")


_names = None  # the names the trains' labels were made for
_labels = []


def train_labels(names):
    """Every seat's ``train_label``, made once per table and set of names (a redraw only
    compares the names)."""
    global _names, _labels
    if _names != names:
        _names = list(names)
        _labels = [train_label(names, p) for p in range(len(names))]
    return _labels
