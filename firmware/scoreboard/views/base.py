"""How each kind of layout reads on the screen: one small view per ``Layout.kind``, looked up
once (``of``), so no screen asks which layout it has.

- a line or a spinner: its ends L R (U D), the ends' count at the top right;
- trains (Mexican Train): every train by its owner's label, its open pip and marker, the
  player's own train first; the ends' count means nothing there, the hand number shows;
- a hub (Sebastopol, Cyprus, Super Dominos): the centre and its branches, unstarted ones one
  action "New branch"; the branches the likelier first;
- a pile (Italian): the running total and the next total that scores;
- a wall (French): the level the next tile takes at each end;
- any other (Tiddle's one-sided line): its ends by number.

A game's own extras (what an end calls for in a sums game) come from what the game declares
(``Game.base``, ``Game.calls``, ``Game.status``). Pure reading of the match.
"""

from domino.tiles import name

_LINE = "LRUD"


def of(layout):
    """The view of ``layout``: one lookup by its kind (any other kind, e.g. Tiddle's one-sided
    line, reads as numbered ends)."""
    return VIEWS.get(layout.kind, NUMBERED)


def end_open(match, i):
    """The pip a tile on end i must match (a new train matches the station)."""
    lay = match.hand.layout
    return lay.arms[i].open if i < len(lay.arms) else lay.first[0]


def end_label(match, i):
    """A short name for arm i: L/R (and U/D on a line or spinner), a branch number, a train's
    label (``Trains.label``), "new" for an end not yet on the table. The action bar, the tile
    lists and the ends' row name an end alike."""
    lay = match.hand.layout
    if i >= len(lay.arms):
        return "new"
    return of(lay).label(match, i)


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

    def ends_text(self, match):
        """ "L5 R3 U6": each open end and its pip; more than four ends, only their pips."""
        lay = match.hand.layout
        arms = lay.open_arms()
        if len(arms) <= 4:
            return " ".join("%s%d" % (end_label(match, e), lay.arms[e].open) for e in arms)
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
        return "Play %s %d  (%d)" % (end_label(match, e), end_open(match, e), n)

    def quick_action(self, match, t, e, pts):
        """The action bar's label for tile ``t`` on end ``e`` (``pts``: what it scores)."""
        return "%d-%d on %s%s" % (t[0], t[1], end_label(match, e), " +%d" % pts if pts else "")

    def scored(self, match, who, pts, result, lead):
        """What a play that scored ``pts`` announces ("Ana +10 fives")."""
        return "%s +%d %s" % (who, pts, match.game.announcement(pts, lead))


class Line(View):
    def label(self, match, i):
        return _LINE[i] if i < 4 else str(i + 1)


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
        d = match.game.status(hand).get("double")
        if d is None:
            return ""
        pip = hand.layout.arms[d].open
        return "satisfy %d-%d %s" % (pip, pip, end_label(match, d))

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


class Hub(View):
    by_chance = 0  # the branches, the likelier nearer

    def game_text(self, match) -> "str | None":
        """The centre and the started branches' pips, and how many may start: "6-6:3 5 +2new"."""
        lay = match.hand.layout
        arms = lay.open_arms()
        started = [str(lay.arms[e].open) for e in range(len(lay.arms)) if lay.arms[e].length]
        new = len([e for e in arms if not lay.arms[e].length])
        return "%s:%s%s" % (name(lay.first), " ".join(started), " +%dnew" % new if new else "")

    def end_action(self, match, e, n):
        arm = match.hand.layout.arms[e]
        if not arm.length:
            return "New branch (%d)" % n
        return "Branch %d: %d (%d)" % (e + 1, arm.open, n)


class Pile(View):
    def game_text(self, match) -> "str | None":
        """The running total and the next that scores (the game's ``status``)."""
        st = match.game.status(match.hand)
        nxt = st.get("next")
        return "Total %d%s" % (st.get("total", 0), " next %d" % nxt if nxt is not None else "")

    def end_action(self, match, e, n):
        return "Lay a tile (%d)" % n

    def quick_action(self, match, t, e, pts):
        pts = match.preview(match.hand.turn, t, e)
        return "Lay %s%s" % (name(t), " +%d" % pts if pts else "")

    def scored(self, match, who, pts, result, lead):
        """The total hit: "Ana 30! +1"."""
        return "%s %d! +%d" % (who, result.get("count", 0), pts)


class Wall(View):
    def game_text(self, match) -> "str | None":
        """Each end's pip and whether the next tile there goes up or down a level."""
        text = View.game_text(self, match)
        if text is not None:
            return text
        lay = match.hand.layout
        return " ".join(
            "%s%d %s" % ("LR"[e], lay.arms[e].open, "up" if lay.stack(e) == "above" else "dn")
            for e in lay.open_arms()
        )

    def end_action(self, match, e, n):
        lay = match.hand.layout
        return "%s %d %s (%d)" % ("LR"[e], lay.arms[e].open, lay.stack(e), n)


LINE = Line()
NUMBERED = View()
VIEWS = {"line": LINE, "spinner": LINE, "trains": Trains(), "hub": Hub(), "pile": Pile(),
         "wall": Wall()}  # fmt: skip


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
