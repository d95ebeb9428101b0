"""What goes to the Pico, and nothing else: the device's manifest (as micropython-lib's
manifest.py files list what a package installs).

`dominoboard deploy` precompiles every listed module with mpy-cross, copies them and main.py
(as source: it runs at power-on) and puts the required micropython-lib drivers into lib/.
tests/host/test_manifest.py follows the imports from main.py (the screens the app loads when
shown, the games the registry loads by name) and checks this list is exactly what the device
can import: a module the device starts importing must be added here, and nothing the device
never imports (the simulated board, the simulator) is listed.

Read by the host (runpy), never imported on the device.
"""

MAIN = "main.py"

# micropython-lib packages, precompiled into lib/ (`deploy --mip`: installed by mip instead).
REQUIRE = ("ssd1306",)

# package -> its modules on the Pico (boards: not sim/png, the simulated board's).
PACKAGES = {
    "boards": "__init__ oled pico stdio",
    "domino": "__init__ corrections ending errors events game layouts legal match names outcome"
    " registry standings tiles"
    # the games, loaded by name from registry's table
    " barricade bergen block doubletakes fives french highfives hungarian italian mexican"
    " peruvian poker schmidt sebastopol sevens superdominos teamblock texas thatsit tiddle",
    "scoreboard": "__init__ app app_matches buttons display encoder entry font_digits font_small"
    " hand_end journal link match_menu menus pad picks pins plays rule_words screens screens_games"
    " serial_line store store_admin table text ui",
}


def modules():
    """Every listed module as a path relative to the firmware folder, e.g. "domino/match.py"."""
    return [p + "/" + m + ".py" for p, names in sorted(PACKAGES.items()) for m in names.split()]
