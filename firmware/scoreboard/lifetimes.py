"""Which device modules stay in the heap and which leave it: the one declaration.

The Pico has about 180 KB of heap. On the frozen firmware a module's code is in flash, yet its
globals, classes and functions are made in the heap when it is imported, so the screens of a
match load on demand and leave when nothing shown needs them (docs/ui.md, "Heap"). ``App``
(``drop``), bench/app_bench.py and tests/firmware/mpy/app_heap.py read this table;
tests/test_repository.py checks that every module firmware/manifest.py lists is accounted for
here (the games: by ``domino.registry.MODULES``, each loaded by name and dropped with
``App.unload_games``).

Always loaded, imported at power-on and never dropped: ALWAYS (dependencies first).
Loaded on demand: ON_DEMAND, each with the moments it is dropped (bits: a module leaves when
``App.home`` finds any of them true; KEPT: once loaded it stays; BY_CALLER: the code that
imports it drops it as soon as its call or its list is done).
"""

# the moments App.home() drops modules (several can hold at once)
SETUP = 1  # no match on the table: the start menu (also after an error, before refolding)
MATCH = 2  # a match on the table, whatever it shows
PLAYING = 4  # a match that is not over: the setup and match menus are closed
OWN = 8  # a game with its own screens (scoreboard.screens.OWN), not scoreboard.screens_games
OWN_TALLY = 16  # ... whose hand or match is over: the tally or the winner, no table
OWN_TABLE = 32  # ... whose hand is being played: no hand's end
NO_PAD = 64  # not a score pad during a hand (the match or hand is over, or it has a table)
PAD = 128  # a score pad during a hand: no table
KEPT = 0  # never dropped once loaded
BY_CALLER = 256  # dropped by the code that loads it, right after its call (never by home)

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
    "scoreboard.buttons",
    "scoreboard.display",
    "scoreboard.serial_line",
    "scoreboard.journal",
    "scoreboard.store_files",
    "scoreboard.store",
    "scoreboard.font_small",
    "scoreboard.text",
    "scoreboard.ui",
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
    ("domino.legal", KEPT),
    ("domino.schmidt", KEPT),  # booklet 003's rules: its games build on it (not dropped with them)
    ("domino.outcome", KEPT),
    ("domino.standings", KEPT),
    ("domino.corrections", MATCH),  # a correction's refold
    ("domino.ending", MATCH),  # what a tally entered, read when it was sent
    ("boards.encoder", KEPT),  # the board's, when fitted
    ("boards.keypad", KEPT),
    ("scoreboard.screens", SETUP),
    ("scoreboard.font_digits", KEPT),
    ("scoreboard.numbers", OWN_TABLE),
    ("scoreboard.plays", SETUP | OWN_TALLY | PAD),
    ("scoreboard.pips", SETUP | OWN_TALLY | PAD),
    ("scoreboard.table", SETUP | OWN_TALLY | PAD),
    ("scoreboard.picks", SETUP | OWN | BY_CALLER),  # the table drops it when its list closes
    ("scoreboard.hand_end", SETUP | OWN_TABLE),
    ("scoreboard.pad", SETUP | NO_PAD),
    ("scoreboard.rule_words", PLAYING),  # the rules form's words
    ("scoreboard.menus", PLAYING),
    ("scoreboard.match_actions", PLAYING),
    ("scoreboard.matches_list", PLAYING),  # the Matches list, from the start or match menu
    ("scoreboard.match_menu", SETUP | PLAYING),
    ("scoreboard.store_admin", BY_CALLER),  # MatchStore's list, delete, settings, boots
    ("scoreboard.app_matches", BY_CALLER),  # App's resume, open_match, park, new_match
    ("scoreboard.entry", SETUP | OWN),
    ("scoreboard.screens_games", SETUP | OWN),
    ("scoreboard.link", KEPT),  # comes with the host's first line
)
