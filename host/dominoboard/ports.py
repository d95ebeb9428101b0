"""`dominoboard ports`: serial ports, Raspberry Pi Picos first, and which port commands use."""

import argparse

from serial.tools import list_ports

from . import emulators
from .errors import DeviceError

PICO_VID = 0x2E8A  # Raspberry Pi
PICO_PID = 0x0005  # MicroPython on RP2040/RP2350 (USB CDC)


class Port:
    def __init__(
        self,
        device: str,
        description: str,
        vid: int | None,
        pid: int | None,
        serial_number: str | None = None,
    ):
        self.device = device
        self.description = description
        self.vid = vid
        self.pid = pid
        self.serial_number = serial_number

    @property
    def is_pico(self) -> bool:
        return self.vid == PICO_VID and self.pid == PICO_PID

    def usb_id(self) -> str:
        return (
            f"{self.vid:04X}:{self.pid:04X}"
            if self.vid is not None and self.pid is not None
            else ""
        )


def ordered(ports: list[Port]) -> list[Port]:
    """Picos first, then the rest; by device name within each group."""
    return sorted(ports, key=lambda p: (not p.is_pico, p.device))


def scan() -> list[Port]:
    return ordered(
        [
            Port(p.device, p.description or "", p.vid, p.pid, p.serial_number)
            for p in list_ports.comports()
        ]
    )


def default_port() -> str:
    """The port commands use without --port: the one Pico attached, else a running emulator."""
    picos = [p for p in scan() if p.is_pico]
    if len(picos) == 1:
        return picos[0].device
    if len(picos) > 1:
        names = ", ".join(p.device for p in picos)
        raise DeviceError(f"{len(picos)} Picos attached ({names}): choose one with --port")
    emulated = emulators.running()
    if len(emulated) == 1:
        return emulated[0][1]
    if len(emulated) > 1:
        names = ", ".join(f"{port} (pid {pid})" for pid, port in emulated)
        raise DeviceError(f"{len(emulated)} emulators running ({names}): choose one with --port")
    raise DeviceError(
        "no scoreboard found: plug in the Pico (USB 2E8A:0005), or start `dominoboard emulate` "
        "and pass the port it prints with --port"
    )


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "ports",
        description="List serial ports; Raspberry Pi Picos "
        "(USB 2E8A:0005) first, then every running emulator.",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    found = scan()
    for p in found:
        tag = "pico" if p.is_pico else "    "
        print(f"{tag}  {p.device:<20} {p.usb_id():<9}  {p.description}")
    emulated = emulators.running()
    for pid, port in emulated:
        print(f"emu   {port:<20} {'':<9}  dominoboard emulate (pid {pid})")
    if not found and not emulated:
        print("no serial ports found (plug in the Pico, or run `dominoboard emulate`)")
    return 0
