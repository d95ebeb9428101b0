"""Where the host finds what it runs on MicroPython, and where it builds.

Installed from a wheel: the firmware tree (`domino`, `scoreboard`, `boards`, `main.py`,
`sim_main.py`, the device manifest), micropython-lib's ssd1306 driver (`firmware/lib`, where
the Pico keeps it too) and the example matches are package data beside this module, and build
outputs (deploy's precompiled tree, the emulated Pico's rp2040js) go to the user's cache
directory. In a checkout (the editable install of `make deps`) they are the repository's own
`firmware/`, `examples/` and `build/`: the host runs the very files being edited.

The host's CPython code imports only `domino` and `dominoboard`; the rest of the firmware is
data to it, but for `firmware_module` (the emulated Pico decodes the panel with the simulated
board's model).
"""

import importlib
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
SHIPPED = HERE / "firmware"  # the wheel's package data; absent in a checkout
CHECKOUT = None if SHIPPED.is_dir() else HERE.parents[1]

if CHECKOUT is None:
    FIRMWARE = SHIPPED
    EXAMPLES = HERE / "examples"
    MPY_LIB = SHIPPED / "lib"
else:
    FIRMWARE = CHECKOUT / "firmware"
    EXAMPLES = CHECKOUT / "examples"
    MPY_LIB = CHECKOUT / "build" / "mpy-lib"  # fetched by `make deps`


def build_dir() -> Path:
    """Where builds go: the checkout's build/, else the user's cache directory."""
    if CHECKOUT is not None:
        return CHECKOUT / "build"
    import platformdirs

    return platformdirs.user_cache_path("dominoboard")


def firmware_module(name: str) -> ModuleType:
    """A firmware module (e.g. "boards.sim") imported on CPython from the firmware tree, which
    goes on sys.path after the host's own packages."""
    if str(FIRMWARE) not in sys.path:
        sys.path.append(str(FIRMWARE))
    return importlib.import_module(name)
