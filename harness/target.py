"""What the benches and the tests on the emulated Pico share (docs/target.md): how fast its
time may run, and the firmware's symbols read from its ELF (the heap probes' addresses, the
code symbols a program-counter sample falls in)."""

import subprocess
from pathlib import Path

SPEED = 8.0  # emulated time may run 8x the wall clock while the core sleeps


def probes(elf: Path) -> dict:
    """The firmware's addresses the emulator's heap probes need, from the ELF's symbols."""
    out = subprocess.run(["arm-none-eabi-nm", "-S", str(elf)], capture_output=True, text=True)
    symbols = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            symbols[parts[-1]] = (int(parts[0], 16), int(parts[1], 16) if len(parts) == 4 else 0)
    pystack = next((v for k, v in symbols.items() if k.startswith("pystack")), None)
    return {
        "gc_alloc": symbols["gc_alloc"][0],
        "gc_collect": symbols["gc_collect"][0],
        "state": symbols["mp_state_ctx"][0],
        "heap_start": symbols["__GcHeapStart"][0],
        "pystack": list(pystack) if pystack else None,
    }


def functions(elf: Path) -> tuple[list[int], list[str]]:
    """The ELF's code symbols, sorted by address: (addresses, names)."""
    out = subprocess.run(
        ["arm-none-eabi-nm", "-n", str(elf)], capture_output=True, text=True, check=True
    ).stdout
    addresses: list[int] = []
    names: list[str] = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tT":
            addresses.append(int(parts[0], 16))
            names.append(parts[2])
    return addresses, names
