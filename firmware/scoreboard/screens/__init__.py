"""The device's screens: one family, a module per part of a match (docs/ui.md).

The app reaches every screen through this package by name (``screens.Table()``,
``App.open("MatchMenu")``): ``LAZY`` says which module defines it, and the module is imported
when the name is first asked for, as MicroPython's asyncio package loads its parts. Nothing is
cached here, so ``lifetimes.unload`` can drop a module's code from the heap and the next use
loads it again.

The modules import each other only downwards (common, views of the layouts, moves and tiles
below the table; result below the tally and the entry; all of them below home); a screen that
opens one above it (the match menu from the table, History from the winner) asks the app:
``app.open(name, *args)``. (A module of the package is imported by its dotted name,
``import scoreboard.screens.tiles``: on MicroPython ``from scoreboard.screens import tiles``
asks ``__getattr__`` first, which knows screens, not modules.)
"""

# the names the app and the screens ask the package for (the rest import their module)
LAZY = {
    "home_screen": "home",  # the screen the match's state calls for
    "StartMenu": "menus",
    "GameMenu": "menus",
    "Settings": "menus",
    "Matches": "matches",
    "MatchMenu": "match_menu",
    "History": "match_menu",
    "Points": "match_menu",
    "EndHand": "match_menu",
    "HandResult": "match_menu",
    "Table": "table",
    "Tally": "tally",
}


def __getattr__(name):
    module = LAZY.get(name)
    if module is None:
        raise AttributeError(name)
    return getattr(__import__("scoreboard.screens." + module, None, None, (name,)), name)
