"""Long matches on the Pico itself (the scoreboard's firmware in the emulated RP2040): the long
matches of harness/long_matches.py, put on the flash by the store's own code and copied on
as a deploy copies files, are resumed at power-on, undone, redone and their History opened and
scrolled, with no error on the screen, and the table after a power cut is the table before.
Before, the History made all its rows at once and every finished hand kept lists, dicts and
objects on the heap (bench/results/target.txt, "long matches", has the heap figures)."""

import shutil

import pytest
from test_target import unix_port_screens

from dominoboard.rp2 import EmulatedPico
from harness import long_matches
from harness.target import SPEED

# Each test boots a Pico of its own, for a minute or more: dealt first, on its own
# (tests/conftest.py).
pytestmark = pytest.mark.long



@pytest.mark.parametrize("name", list(long_matches.MATCHES))
def test_a_long_match_from_the_store_resumes_undoes_and_shows_its_history(frozen, tmp_path, name):
    """Each step's screen is the unix port's (the same app on the simulated board, no heap
    cap, the same files in its flash folder), pixel for pixel: an error, a MemoryError
    included, would show in a message box on one and not the other."""
    store = tmp_path / "store"
    store.mkdir()
    files = long_matches.stored(name, store)
    unix_flash = tmp_path / "unix-flash"
    unix_flash.mkdir()
    for f in files:
        shutil.copy(f, unix_flash / f.name)
    commands = [c for _step, keys in long_matches.STEPS for c in keys]
    reference = unix_port_screens(tmp_path, commands)
    ends = []  # the reference's screen at the end of each step
    at = 0
    for _step, keys in long_matches.STEPS:
        at += len(keys)
        ends.append(reference[at])
    with EmulatedPico(tmp_path / "flash.img", speed=SPEED, uf2=frozen) as pico:
        long_matches.copy_onto(pico, files)
        resumed = long_matches.power_on(pico)
        assert resumed == reference[0], f"resumed:\n{resumed}\nunix port:\n{reference[0]}"
        screens = long_matches.steps(pico)
        for (step, text), expected in zip(screens, ends, strict=True):
            assert text == expected, f"after {step}:\n{text}\nunix port:\n{expected}"
        pico.wait_ms(long_matches.MESSAGE_MS)  # "Redone: ..." leaves the screen
        table = pico.text()
        pico.cut()
        assert long_matches.power_on(pico) == table  # the table is a fold of what flash holds
