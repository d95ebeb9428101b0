"""How each kind of layout reads on the screen: one small view per ``Layout.kind``, looked up
by ``of``, so no screen asks which layout it has.

- a line or a spinner: its ends L R (U D), the ends' count at the top right (``line``);
- trains (Mexican Train): every train by its owner's label, its open pip and marker, the
  player's own train first; the ends' count means nothing there, the hand number shows;
- a hub (Sebastopol, Cyprus, Super Dominos): the centre and its branches, unstarted ones one
  action "New branch"; the branches the likelier first;
- a pile (Italian): the running total and the next total that scores;
- a wall (French): the level the next tile takes at each end;
- any other (Tiddle's one-sided line): its ends by number (``base.View``).

Each view's module is imported when a table of its kind is first shown, as the screens are
(scoreboard.screens), so a table holds only its own view in the heap. A game's own extras
(what an end calls for in a sums game) come from what the game declares (``Game.base``,
``Game.calls``, ``Game.status``). Pure reading of the match.
"""

from scoreboard.views.base import View

# the views by name, each in the module that defines it (loaded on first use)
LAZY = {"LINE": "line", "TRAINS": "trains", "HUB": "hub", "PILE": "pile", "WALL": "wall"}
# the view of each layout kind (any other: NUMBERED)
KINDS = {"line": "LINE", "spinner": "LINE", "trains": "TRAINS", "hub": "HUB", "pile": "PILE",
         "wall": "WALL"}  # fmt: skip
NUMBERED = View()

_shown = None  # (kind, view): the last asked for; a table's draw asks many times


def __getattr__(name):
    module = LAZY.get(name)
    if module is None:
        raise AttributeError(name)
    return getattr(__import__("scoreboard.views." + module, None, None, (name,)), name)


def of(layout):
    """The view of ``layout``: one lookup by its kind."""
    global _shown
    kind = layout.kind
    if _shown is None or _shown[0] != kind:
        name = KINDS.get(kind)
        _shown = (kind, NUMBERED if name is None else __getattr__(name))
    return _shown[1]


def end_label(match, i):
    """A short name for arm i: L/R (and U/D on a line or spinner), a branch number, a train's
    label (``Trains.label``), "new" for an end not yet on the table. The action bar, the tile
    lists and the ends' row name an end alike."""
    return of(match.hand.layout).end_name(match, i)
