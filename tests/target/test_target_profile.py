"""PC sampling on the emulated Pico (bench/profile_keys.py): samples are taken only while asked,
and fall in the firmware's own functions."""

import bisect

import pytest

from dominoboard.rp2 import EmulatedPico
from harness.target import SPEED, functions, probes

# Each test boots a Pico of its own, for a minute or more: dealt first, on its own
# (tests/conftest.py).
pytestmark = pytest.mark.long


def test_pc_samples_fall_in_the_firmware_and_stop_when_asked(frozen, tmp_path):
    elf = frozen.with_suffix(".elf")
    addresses, names = functions(elf)
    with EmulatedPico(tmp_path / "f.img", speed=SPEED, uf2=frozen, probes=probes(elf)) as pico:
        pico.boot()
        pico.wait_drawn()
        pico.sample(4)
        pico.do("press DOWN")
        pico.settle(quiet_ms=150)
        pico.sample(0)
        taken = pico.samples()
        hit = {names[bisect.bisect_right(addresses, pc & ~1) - 1] for pc in taken}
        assert sum(taken.values()) > 1000  # a key moves the start menu's cursor and redraws
        assert "mp_execute_bytecode" in hit  # the app's Python code ran in the VM
        pico.do("press UP")
        pico.settle(quiet_ms=150)
        assert pico.samples() == {}  # off: nothing more was taken


def test_pc_sampling_needs_the_probes(frozen, tmp_path):
    with EmulatedPico(tmp_path / "f.img", speed=SPEED, uf2=frozen) as pico:
        with pytest.raises(ValueError, match="needs the firmware's probes"):
            pico.sample(4)
