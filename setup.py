"""Packaging: what the wheel holds and what the editable install maps (pyproject.toml has the
rest).

The wheel installs two packages, the rules core `domino` (firmware/domino) and the host
`dominoboard` (host/dominoboard), and carries the rest as data under `dominoboard/`: the
firmware tree the host deploys and emulates (`firmware/`: domino, scoreboard, boards, main.py,
sim_main.py, manifest.py, and micropython-lib's ssd1306 driver in `firmware/lib`), and the
example matches (`examples/`). No top-level `scoreboard` or `boards` lands in site-packages.

The editable install (`pip install -e '.[dev]'`, `make deps`) maps `scoreboard` and `boards`
to firmware/ as well, so tests, benches and tools import the very files the firmware deploys;
the host finds the firmware in the checkout (dominoboard.sources).
"""

import shutil
import sys
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
DRIVER = ROOT / "build" / "mpy-lib" / "ssd1306.py"  # pinned in the Makefile, `make deps`
EDITABLE = "editable_wheel" in sys.argv  # how setuptools' PEP 660 backend invokes setup.py

PACKAGE_DIR = {"domino": "firmware/domino", "dominoboard": "host/dominoboard"}
PACKAGES = ["domino"] + find_packages("host", include=["dominoboard", "dominoboard.*"])
if EDITABLE:
    PACKAGE_DIR |= {"scoreboard": "firmware/scoreboard", "boards": "firmware/boards"}
    PACKAGES += ["scoreboard", "boards"]


class BuildWithFirmware(build_py):
    """build_py, then the firmware tree, the driver and the examples as dominoboard's data."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        if not DRIVER.exists():
            raise SystemExit(f"no {DRIVER}: run `make deps` first (it fetches the pinned driver)")
        data = Path(self.build_lib) / "dominoboard"
        firmware = ROOT / "firmware"
        for src in sorted(firmware.rglob("*.py")):  # packages in packages too (screens)
            self.copy(src, data / "firmware" / src.relative_to(firmware))
        self.copy(DRIVER, data / "firmware" / "lib" / DRIVER.name)
        for src in sorted((ROOT / "examples").glob("*.jsonl")):
            self.copy(src, data / "examples" / src.name)

    def copy(self, src: Path, dest: Path) -> None:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)


setup(
    package_dir=PACKAGE_DIR,
    packages=PACKAGES,
    package_data={"dominoboard.rp2": ["package.json", "package-lock.json", "pico.cjs"]},
    cmdclass={"build_py": BuildWithFirmware},
    # setuptools' own work folder, apart from the checkout's build/ outputs
    options={"build": {"build_base": "build/setuptools"}},
)
