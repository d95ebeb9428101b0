"""What goes to the Pico, and nothing else: the device's manifest (as micropython-lib's
manifest.py files list what a package installs).

`dominoboard deploy` precompiles every listed module with mpy-cross, copies them and main.py
(as source: it runs at power-on) and puts the required micropython-lib drivers into lib/.
tests/host/test_manifest.py follows the imports from main.py (the screens the app loads when
shown, the games the registry loads by name) and checks this list is exactly what the device
can import: a module the device starts importing must be added here, and nothing the device
never imports (the simulated board, the simulator) is listed.

`make firmware` gives this file to MicroPython's build as its FROZEN_MANIFEST
(tools/build_firmware.py): run by MicroPython's tools/manifestfile.py, which defines include(),
package() and module(), its last block freezes the same modules, the driver and main.py into
the firmware, beside what the stock RPI_PICO firmware freezes.

Read by the host (runpy), never imported on the device.
"""

MAIN = "main.py"

# micropython-lib packages, precompiled into lib/ (`deploy --mip`: installed by mip instead).
REQUIRE = ("ssd1306",)

# package -> its modules on the Pico (boards: not sim/png, the simulated board's); a package
# inside another is its own entry ("scoreboard/screens").
PACKAGES = {
    "boards": "__init__ encoder keypad oled pico pins stdio",
    "domino": "__init__ corrections ending errors events game layouts legal match names outcome"
    " registry standings status tiles"
    # the games, loaded by name from registry's table
    " barricade bergen block doubletakes fives french highfives hungarian italian mexican"
    " peruvian poker schmidt sebastopol sevens superdominos teamblock texas thatsit tiddle",
    "scoreboard": "__init__ app app_matches buttons display event_ring font_digits font_small"
    " journal lifetimes link numbers pips plays rule_words serial_line store store_admin"
    " store_files text ui",
    # the screens, a package whose name table loads each module when a screen is shown
    "scoreboard/screens": "__init__ common entry extras home match_actions match_menu matches menus"
    " moves pad result table tally tiles",
    # the layouts' views, a package whose name table loads the one a table's layout needs
    "scoreboard/views": "__init__ base hub line pile trains wall",
    # the app's words, a package that loads the chosen language's module only
    "scoreboard/words": "__init__ de en es fr it nl",
}


def modules():
    """Every listed module as a path relative to the firmware folder, e.g. "domino/match.py"."""
    return [p + "/" + m + ".py" for p, names in sorted(PACKAGES.items()) for m in names.split()]


# `make firmware`: MicroPython's manifestfile.py runs this file with its manifest functions.
if "package" in globals():
    # Of the stock firmware's modules (ports/rp2/boards/manifest.py) only rp2.py: the app uses
    # none of asyncio, onewire, ds18x20, dht and neopixel, and the firmware must end below the
    # event ring at 0x90000 (tools/build_firmware.py checks it). Its own _boot.py: ours mounts
    # littlefs after the ring (boards/DOMINOBOARD_PICO/_boot.py).
    module("rp2.py", base_path="$(PORT_DIR)/modules")
    module("_boot.py", base_path="boards/DOMINOBOARD_PICO")
    for _package, _names in sorted(PACKAGES.items()):
        package(_package, files=[m + ".py" for m in _names.split()], opt=3)
    for _driver in REQUIRE:  # the copy deploy puts into lib/, pinned by the Makefile
        module(_driver + ".py", base_path="../build/mpy-lib", opt=3)
    # Frozen as main.py, which MicroPython runs at power-on as it would the file (frozen
    # first: shared/runtime/pyexec.c, pyexec_file_if_exists).
    module(MAIN, opt=3)
