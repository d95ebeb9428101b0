"""An emulated Raspberry Pi Pico running the real MicroPython rp2 firmware (docs/target.md).

`EmulatedPico` starts `pico.cjs` (rp2040js under Node) on a flash image file, writes a UF2 to
it as the Pico's boot loader would (the scoreboard's own firmware, `frozen_firmware()`, or stock
MicroPython for `dominoboard deploy`), and gives it what a table gives a real Pico: a USB cable
(a pseudo-terminal that mpremote, pyserial and `dominoboard` open as a serial port), five
buttons, an SSD1306 on I2C0 (decoded by `boards.sim.Panel`, the simulated board's panel model)
and a power switch (`cut`, then `boot` again on the same image).

The pseudo-terminal belongs to this object, not to the Node process, so it outlives power cuts
and resets: the host finds the board on the same path afterwards, as with a Pico on one cable.

Times are the emulated chip's, in nanoseconds since the first power-on (`t`): a key's latency is
the core's own time, whatever the wall clock did.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import queue
import select
import shutil
import socket
import struct
import subprocess
import threading
import tty
from pathlib import Path

from .. import emulators
from ..sources import CHECKOUT, build_dir, firmware_module

HERE = Path(__file__).parent

# The files a Pico needs, in the folder DOMINOBOARD_RP2_DIR names (see firmware_dir for the
# default). Anyone can fetch the same two files; HOW_TO_GET says where.
UF2 = "micropython-v1.28.0-rpi-pico.uf2"
BOOTROM = "rp2040-bootrom-b1.bin"
SHA256 = {
    UF2: "c5bcd8fd90ed573d739f8209b8f883eb7719b8563217e20ea72b4b61590098f6",
    BOOTROM: "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae",
}
HOW_TO_GET = (
    "put the two files in a folder and set DOMINOBOARD_RP2_DIR to it: "
    f"{UF2} (MicroPython v1.28.0 for RPI_PICO, micropython.org/download/RPI_PICO) and "
    f"{BOOTROM} (the RP2040 B1 boot ROM, built from raspberrypi/pico-bootrom)"
)


# The knob's contacts (A, B) after each quarter of a detent from rest, both open (1, pulled up).
# Clockwise A closes first, then B; A opens first, then B: A leads by a quarter, the states
# 3 -> 1 -> 0 -> 2 -> 3 that boards.encoder counts as clockwise. Anticlockwise B leads.
CLOCKWISE = ((0, 1), (0, 0), (1, 0), (1, 1))
ANTICLOCKWISE = ((1, 0), (0, 0), (0, 1), (1, 1))


def knob_changes(
    detents: int, ms_per_detent: float = 40, a: int | None = None, b: int | None = None
) -> list[tuple[float, int, int]]:
    """The knob turned ``detents`` detents (negative: anticlockwise) from rest, as the changes
    of its quadrature pins: (ms from now, GPIO, level), in time order, one contact changing
    at a time, a quarter of ``ms_per_detent`` apart. Pins: pins.ENCODER_A and _B by default."""
    if a is None or b is None:
        pins = firmware_module("boards.pins")
        a, b = pins.ENCODER_A, pins.ENCODER_B
    quarter = ms_per_detent / 4
    steps = CLOCKWISE if detents > 0 else ANTICLOCKWISE
    level = {a: 1, b: 1}
    out = []
    t = 0.0
    for _ in range(abs(detents)):
        for levels in steps:
            t += quarter
            for gpio, want in zip((a, b), levels, strict=True):
                if level[gpio] != want:
                    level[gpio] = want
                    out.append((t, gpio, want))
    return out


class TargetMissing(Exception):
    """The firmware, the boot ROM, Node or rp2040js is not on this machine; says how to get it."""


FROZEN_UF2 = "dominoboard-pico.uf2"

# A UF2 is 512-byte blocks, each with these magic numbers and up to 256 bytes of payload for
# one flash address; the family says the chip (the UF2 format's own table).
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
UF2_FAMILY_FLAG = 0x2000
FAMILIES = {0xE48BFF56: "RP2040", 0xE48BFF57: "absolute", 0xE48BFF59: "RP2350 (ARM)",
            0xE48BFF5A: "RP2350 (RISC-V)", 0xE48BFF5B: "RP2350 (ARM, non-secure)"}
RP2040 = 0xE48BFF56  # the family of a UF2 for the Pico (FAMILIES)
# The Pico's flash as the boot ROM maps it, and rp2 MicroPython's littlefs, where the matches
# live: the flash from here on (MICROPY_HW_FLASH_STORAGE_BYTES of RPI_PICO: 1408 KB of 2 MB).
FLASH = 0x10000000
FILESYSTEM = FLASH + 0xA0000
# The scoreboard's event ring, the 64 KB before littlefs (docs/storage.md, "The event ring"):
# a UF2 must end before it, or dropping it loses the events not yet folded into littlefs.
EVENTS = FLASH + 0x90000
# The frozen scoreboard's module names, in the firmware's table of frozen files.
FROZEN_MARK = b"scoreboard/app.py"

GET_STOCK = (
    "an official MicroPython UF2 for the Raspberry Pi Pico (RPI_PICO, v1.28.0: "
    "micropython.org/download/RPI_PICO) named with --uf2 PATH (the scoreboard is then deployed "
    "onto it)"
)


def user_rp2_dir() -> Path:
    """Where the user keeps the emulated Pico's files: ``rp2`` in the user data directory."""
    import platformdirs

    return platformdirs.user_data_path("dominoboard") / "rp2"


def how_to_get_bootrom() -> str:
    return (
        f"the emulated Pico needs the RP2040 B1 boot ROM ({BOOTROM}: 16,384 bytes, sha256 "
        f"{SHA256[BOOTROM]}), which dominoboard cannot ship: build it from "
        "github.com/raspberrypi/pico-bootrom (BSD-3-Clause; the B1 ROM, commit 00a4a19), then "
        f"pass --bootrom PATH, set DOMINOBOARD_BOOTROM to its path, or copy it to "
        f"{user_rp2_dir() / BOOTROM}"
    )


def _checked(path: Path, whence: str, name: str, how: str) -> Path:
    """``path`` if it is the expected file (by sha256), else TargetMissing saying why."""
    if not path.is_file():
        raise TargetMissing(f"no {path} ({whence}): {how}")
    got = hashlib.sha256(path.read_bytes()).hexdigest()
    if got != SHA256[name]:
        raise TargetMissing(
            f"{path} ({whence}) is not the expected file (sha256 {got}, want {SHA256[name]}): "
            f"{how}"
        )
    return path


def _lookup(name: str, named: list[tuple[str | None, str]], how: str) -> Path:
    """The first of ``named`` (a path the user gave, and by what) that is set must be the
    file; else the first of the default places that has it: the user data directory, then
    ``shared/rp2`` beside a checkout. TargetMissing names every place looked in."""
    for given, whence in named:
        if given:
            return _checked(Path(given), f"named by {whence}", name, how)
    defaults = [(user_rp2_dir() / name, "your user data directory")]
    if CHECKOUT is not None:
        shared = CHECKOUT.parent / "shared" / "rp2" / name
        defaults.append((shared, "shared/rp2 beside the checkout"))
    for path, whence in defaults:
        if path.exists():
            return _checked(path, whence, name, how)
    looked = ", ".join(str(path) for path, _ in defaults)
    unset = ", ".join(whence.split(" ", 1)[0] for _, whence in named)
    raise TargetMissing(f"no {name} (looked in {looked}; {unset} not given): {how}")


def find_bootrom(path: str | os.PathLike | None = None) -> Path:
    """The RP2040 B1 boot ROM: ``path`` (--bootrom), else the file DOMINOBOARD_BOOTROM names,
    else the one in the folder DOMINOBOARD_RP2_DIR names, else the user data directory's
    (``rp2/``), else, in a checkout, ``shared/rp2`` beside it. Checked by its sha256."""
    rp2_dir = os.environ.get("DOMINOBOARD_RP2_DIR")
    named = [
        (os.fspath(path) if path else None, "--bootrom"),
        (os.environ.get("DOMINOBOARD_BOOTROM"), "DOMINOBOARD_BOOTROM"),
        (str(Path(rp2_dir) / BOOTROM) if rp2_dir else None, "DOMINOBOARD_RP2_DIR"),
    ]
    return _lookup(BOOTROM, named, how_to_get_bootrom())


def stock_firmware() -> Path:
    """Stock MicroPython v1.28.0 for the Pico (what `deploy` puts the scoreboard on): in the
    folder DOMINOBOARD_RP2_DIR names, else the user data directory's ``rp2/``, else, in a
    checkout, ``shared/rp2`` beside it. Checked by its sha256."""
    rp2_dir = os.environ.get("DOMINOBOARD_RP2_DIR")
    named = [(str(Path(rp2_dir) / UF2) if rp2_dir else None, "DOMINOBOARD_RP2_DIR")]
    how = (
        f"download {UF2} from micropython.org/download/RPI_PICO and copy it to "
        f"{user_rp2_dir() / UF2}, or name a UF2 with --uf2 PATH"
    )
    return _lookup(UF2, named, how)


def uf2_holds_scoreboard(path: Path) -> bool:
    """Whether a UF2 is the scoreboard's own firmware (the app frozen in, `make firmware`)
    rather than stock MicroPython. TargetMissing if it is no UF2 for an RP2040, saying what
    it is and what is wanted."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise TargetMissing(
            f"--uf2 {path}: no such file; give the scoreboard's firmware (`make firmware`: "
            f"build/firmware/{FROZEN_UF2}) or {GET_STOCK}"
        ) from None
    except OSError as e:
        raise TargetMissing(f"--uf2 {path}: cannot read it ({e.strerror})") from None
    want = "a UF2 file for the Raspberry Pi Pico (RP2040)"
    if not data or len(data) % 512:
        raise TargetMissing(
            f"--uf2 {path}: not a UF2 file ({len(data)} bytes, not whole 512-byte blocks); "
            f"want {want}"
        )
    payload = bytearray()
    for at in range(0, len(data), 512):
        block = data[at : at + 512]
        magic = (*struct.unpack_from("<II", block, 0), *struct.unpack_from("<I", block, 508))
        if magic != UF2_MAGIC:
            raise TargetMissing(
                f"--uf2 {path}: not a UF2 file (block {at // 512} has no UF2 magic numbers); "
                f"want {want}"
            )
        flags, _address, size, _no, _count, family = struct.unpack_from("<6I", block, 8)
        if flags & UF2_FAMILY_FLAG and family not in (0xE48BFF56, 0xE48BFF57):
            chip = FAMILIES.get(family, f"family 0x{family:08x}")
            raise TargetMissing(
                f"--uf2 {path}: a UF2 for {chip}, not for the RP2040 the emulated Pico has; "
                f"want {want} (a Pico or Pico W build, not a Pico 2's)"
            )
        payload += block[32 : 32 + min(size, 476)]
    return FROZEN_MARK in payload


def frozen_firmware() -> Path:
    """The scoreboard's own firmware, the app frozen into MicroPython (`make firmware`): the
    file DOMINOBOARD_UF2 names, else build/firmware/dominoboard-pico.uf2."""
    env = os.environ.get("DOMINOBOARD_UF2")
    path = Path(env) if env else build_dir() / "firmware" / FROZEN_UF2
    if not path.exists():
        how = (
            "`make firmware` builds it (from MicroPython's sources in shared/rp2 beside the "
            "checkout, or MICROPY_DIR: docs/development.md)"
            if CHECKOUT is not None
            else "a checkout's `make firmware` builds it"
        )
        raise TargetMissing(f"no {path}: {how}")
    return path


def firmware_dir() -> Path:
    """The folder with the UF2 and the boot ROM, checked against their sha256: the one
    DOMINOBOARD_RP2_DIR names; else, in a repository checkout, ``shared/rp2`` in the folder
    that holds the checkout (where our CI and the developers' machines keep the two files, so
    the target tests find them unasked); else, installed, ``rp2`` in the user data directory.
    A message about a missing or wrong file says which of these was used."""
    env = os.environ.get("DOMINOBOARD_RP2_DIR")
    if env:
        folder = Path(env)
        whence = "the folder DOMINOBOARD_RP2_DIR names"
    elif CHECKOUT is not None:
        folder = CHECKOUT.parent / "shared" / "rp2"
        whence = "the default in a checkout, shared/rp2 beside it; DOMINOBOARD_RP2_DIR is unset"
    else:
        import platformdirs

        folder = platformdirs.user_data_path("dominoboard") / "rp2"
        whence = "the default, in the user data directory; DOMINOBOARD_RP2_DIR is unset"
    for name, digest in SHA256.items():
        path = folder / name
        if not path.exists():
            raise TargetMissing(f"no {path} ({whence}): {HOW_TO_GET}")
        got = hashlib.sha256(path.read_bytes()).hexdigest()
        if got != digest:
            raise TargetMissing(
                f"{path} ({whence}) is not the expected file (sha256 {got}, want {digest}): "
                f"{HOW_TO_GET}"
            )
    return folder


def rp2040js_dir() -> Path:
    """rp2040js as pinned by package-lock.json, installed with `npm ci` on first use."""
    env = os.environ.get("DOMINOBOARD_RP2040JS")
    if env:
        return Path(env)
    prefix = build_dir() / "rp2emu"
    module = prefix / "node_modules" / "rp2040js"
    lock = HERE / "package-lock.json"
    stamp = prefix / "package-lock.json"
    if module.exists() and stamp.exists() and stamp.read_bytes() == lock.read_bytes():
        return module
    npm = shutil.which("npm")
    if not shutil.which("node") or not npm:
        raise TargetMissing("the emulated Pico needs Node.js 18+ and npm (Debian: nodejs npm)")
    prefix.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE / "package.json", prefix / "package.json")
    shutil.copy(lock, stamp)
    result = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=prefix,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        raise TargetMissing(f"npm ci for rp2040js failed:\n{result.stderr.strip()}")
    return module


def chip_uid(flash: Path) -> str:
    """The flash chip's unique id (machine.unique_id(), the device's id and a seed of the
    firmware's random numbers), kept beside its image in ``<image>.uid``: drawn at random
    for a new image, as every chip has its own, so no two boards share it, nor an image
    made again at the same path; the same at every boot of that image. An image from before
    keeps the id its path gave it (its device id in the host's database)."""
    kept = flash.with_name(flash.name + ".uid")
    try:
        uid = kept.read_text().strip()
        if len(uid) == 16 and all(c in "0123456789abcdef" for c in uid):
            return uid
    except OSError:
        pass
    if flash.exists():
        uid = hashlib.sha256(str(flash.resolve()).encode()).hexdigest()[:16]
    else:
        uid = os.urandom(8).hex()
    try:
        kept.write_text(uid + "\n")
    except OSError:
        pass  # a folder we may not write: this board's id for this run
    return uid


class Reply:
    """A control command's answer, filled in by the reader thread."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.msg: dict = {}


class EmulatedPico:
    """One emulated Pico on one flash image (its chip's unique id: chip_uid; ``uid`` fixes
    one). `speed`: how much faster than the wall clock
    emulated time may run while the core sleeps (1 = real time; tests use more). `uf2`: the
    firmware `boot` writes (default: stock MicroPython, for `dominoboard deploy`,
    `stock_firmware`). `bootrom`: the boot ROM (default: `find_bootrom`'s). `probes`:
    the firmware's addresses for the heap probes (bench/target_bench.py): each collection's
    live heap and largest free block go to `collections`, replies count allocations.
    `flash_times`: the W25Q16's busy times charged for each erase and program, "typical" (45 ms
    a sector erase, 0.4 ms a page program) or the datasheet's "max" (400 ms, 3 ms)."""

    def __init__(
        self,
        flash: Path,
        uid: str | None = None,
        speed: float = 1.0,
        uf2: Path | None = None,
        probes: dict | None = None,
        bootrom: Path | None = None,
        flash_times: str = "typical",
    ):
        if flash_times not in ("typical", "max"):
            raise ValueError(f"flash_times {flash_times!r}: say typical or max")
        self.flash_times = flash_times
        self.flash = Path(flash)
        self.uf2 = uf2
        self.bootrom = bootrom
        self.probes = probes
        self.collections: list[dict] = []  # {"t", "live", "largest_free", "total", "pystack"}
        self.uid = uid or chip_uid(self.flash)
        self.speed = speed
        self.panel = firmware_module("boards.sim").Panel()
        self.lock = threading.Lock()
        self.i2c: list[tuple[int, int]] = []  # (emulated ns, bytes) per display transaction
        self.flash_ops: list[dict] = []
        self.events: queue.Queue[dict] = queue.Queue()  # boot, usb, reset, cut, break
        self.boots = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._replies: dict[int, Reply] = {}
        self._next_id = 0
        self._t = 0
        master, slave = os.openpty()
        tty.setraw(slave)
        self._master, self._slave = master, slave  # the slave stays open: no EIO, ever
        self.port = os.ttyname(slave)
        self._link: socket.socket | None = None
        self._closed = False
        threading.Thread(target=self._relay, daemon=True).start()

    # --- power ---------------------------------------------------------------------------------

    def boot(self, firmware: bool = True, held: tuple[str, ...] = ()) -> None:
        """Power on: start the chip on the flash image (writing the UF2 first if `firmware`,
        as dropping it on the Pico's boot drive does: the filesystem beyond it stays), with
        the buttons named in ``held`` down (until `up`)."""
        bootrom = find_bootrom(self.bootrom)
        uf2 = (self.uf2 or stock_firmware()) if firmware else None
        pins = firmware_module("boards.pins")
        chip, usb = socket.socketpair()
        for s in (chip, usb):  # small buffers: a host that stops reading is felt at once
            s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        config = {
            "rp2040js": str(rp2040js_dir()),
            "bootrom": str(bootrom),
            "uf2": None if uf2 is None else str(uf2),
            "flash": str(self.flash),
            "uid": self.uid,
            "speed": self.speed,
            # the knob's push switch too: held high (open) like the buttons, fitted or not
            "buttons": dict(pins.BUTTONS, **{pins.ENCODER_SWITCH: pins.ENCODER_SW}),
            "encoder": [pins.ENCODER_A, pins.ENCODER_B],  # held high: the knob at rest
            # the matrix keypad's wires: its columns read a key on a row driven low
            "keypad": {
                "rows": list(pins.KEYPAD_ROWS),
                "cols": list(pins.KEYPAD_COLS),
                "keys": "".join(pins.KEYPAD_KEYS),
            },
            "held": list(held),
            "i2c_addr": pins.OLED_ADDR,
            "serial_fd": chip.fileno(),
            "probes": self.probes,
            "flash_times": self.flash_times,
        }
        self.proc = subprocess.Popen(
            ["node", str(HERE / "pico.cjs"), json.dumps(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            pass_fds=[chip.fileno()],
        )
        chip.close()
        self._link = usb
        self.panel.power_cycle()
        threading.Thread(target=self._read_control, args=(self.proc,), daemon=True).start()
        self.wait_event("boot")

    def cut(self, after_ms: float = 0, press: str | None = None) -> dict:
        """Power cut `after_ms` of emulated time from now, or from the moment `press` (a
        button, pressed for 80 ms) goes down; returns {"t", "mid_write"}: whether it fell
        inside a flash erase or program (which is then left half done)."""
        proc = self.proc
        assert proc is not None
        if press:
            msg = {"op": "press", "button": press, "hold_ms": 80, "gap_ms": 120}
            self._send(dict(msg, cut_ms=after_ms), reply=False)
        else:
            self._send({"op": "cut", "ms": after_ms}, reply=False)
        proc.wait(timeout=60)
        self._drop_link()
        return self.wait_event("cut")

    def cut_inside(self, op: int, part: float = 0.5) -> None:
        """Arm a power cut inside the ``op``-th flash erase or program from now (0: the
        next), after ``part`` of its bytes; the chip runs on until then."""
        self._send({"op": "cut_op", "n": op, "part": part})

    def wait_cut(self, timeout: float = 300) -> dict:
        """Wait for the cut `cut_inside` armed; returns it as `cut` does."""
        proc = self.proc
        assert proc is not None
        proc.wait(timeout=timeout)
        self._drop_link()
        return self.wait_event("cut")

    def press_cut_inside(
        self, button: str, op: int, part: float = 0.5, gap_ms: float = 400
    ) -> dict | None:
        """Press ``button`` with the power cut inside the ``op``-th flash erase or program
        from key-down (0: the first), after ``part`` of its bytes, as the chip works through
        them. Returns the cut event, or None when the press and ``gap_ms`` of idle time after
        it made no more than ``op`` operations (the Pico runs on, nothing cut)."""
        proc = self.proc
        assert proc is not None
        msg = {"op": "press", "button": button, "hold_ms": 80, "gap_ms": gap_ms}
        self._send(dict(msg, cut_op=op, cut_part=part), reply=False)
        waiter = self._replies[self._next_id]
        while not waiter.done.wait(0.05):
            if proc.poll() is not None:
                self._drop_link()
                return self.wait_event("cut")
        return None

    def close(self) -> None:
        proc = self.proc
        if proc and proc.poll() is None:
            proc.kill()
            proc.wait()
        self._drop_link()
        self._closed = True
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> EmulatedPico:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- buttons and time ---------------------------------------------------------------------

    def press(
        self, button: str, hold_ms: float = 80, gap_ms: float = 120, wait: bool = True
    ) -> dict:
        """Press and release in emulated time; returns {"down": ns, ...} after the gap
        (at once, with nothing, if not `wait`)."""
        msg = {"op": "press", "button": button, "hold_ms": hold_ms, "gap_ms": gap_ms}
        return self._send(msg, reply=wait)

    def down(self, button: str) -> dict:
        """Press a button and keep it down (until `up`), from now in emulated time."""
        return self._send({"op": "down", "button": button})

    def up(self, button: str) -> dict:
        return self._send({"op": "up", "button": button})

    def turn(self, detents: int, ms_per_detent: float = 40, gap_ms: float = 120) -> dict:
        """Turn the rotary encoder's knob (negative: anticlockwise) on its quadrature pins,
        in emulated time; replies gap_ms after it comes to rest. The firmware reads the pins
        only if it was deployed with pins.ENCODER_FITTED (`deploy --encoder`)."""
        changes = knob_changes(detents, ms_per_detent)
        end = changes[-1][0] if changes else 0
        msg = {"op": "pins", "changes": [list(c) for c in changes], "after_ms": end + gap_ms}
        return self._send(msg)

    def wait_ms(self, ms: float) -> dict:
        return self._send({"op": "wait", "ms": ms})

    def sample(self, every: int) -> None:
        """Sample the program counter every ``every`` instructions from now (0: stop); needs
        ``probes``. The samples build up until ``samples`` takes them."""
        if not self.probes:
            raise ValueError("PC sampling needs the firmware's probes (EmulatedPico(probes=...))")
        self._send({"op": "sample", "every": every})

    def samples(self) -> dict[int, int]:
        """The PC samples taken since the last call: {address: samples}."""
        return {pc: n for pc, n in self._send({"op": "samples"})["samples"]}

    def now(self) -> int:
        return self._send({"op": "time"})["t"]

    def settle(self, quiet_ms: float = 300, step_ms: float = 50, limit_ms: float = 30_000) -> int:
        """Wait until the app is idle: the display quiet for quiet_ms of emulated time and the
        core mostly asleep (a screen may load code for a while before it draws). Returns the
        time of the display's last byte (0 if it never drew)."""
        waited = 0.0
        busy = self.wait_ms(0)["busy"]
        while waited < limit_ms:
            reply = self.wait_ms(step_ms)
            waited += step_ms
            idle = reply["busy"] - busy < step_ms * 1e6 / 2
            busy = reply["busy"]
            last = self.last_display_ns()
            if idle and reply["t"] - last >= quiet_ms * 1e6:
                return last
        raise TimeoutError(f"the scoreboard stayed busy for {limit_ms} ms")

    def wait_drawn(self, quiet_ms: float = 300, limit_ms: float = 30_000) -> int:
        """After power-on: wait for the first picture, then for the display to settle."""
        waited = 0.0
        while not self.i2c:
            if waited > limit_ms:
                raise TimeoutError(f"nothing on the display after {limit_ms} ms")
            self.wait_ms(100)
            waited += 100
        return self.settle(quiet_ms)

    def do(self, command: str) -> dict:
        """One emulator-style command ("press OK", "hold OK 900", "down UP", "up UP",
        "turn -1", "tick 50"), as `dominoboard emulate` (its KeyInput) and the unix-port
        tests spell them (firmware/sim_main.py)."""
        words = command.split()
        if words[0] == "press":
            return self.press(words[1])
        if words[0] == "hold":
            return self.press(words[1], hold_ms=float(words[2]) if len(words) > 2 else 900)
        if words[0] == "down":
            return self.down(words[1])
        if words[0] == "up":
            return self.up(words[1])
        if words[0] == "turn":
            detents = int(words[1]) if len(words) > 1 else 1
            return self.turn(detents, float(words[2]) if len(words) > 2 else 40)
        if words[0] == "tick":
            return self.wait_ms(float(words[1]) if len(words) > 1 else 5)
        raise ValueError(
            f"unknown command {command!r}: press B, hold B [ms], down B, up B, turn N [ms], "
            "tick [ms]"
        )

    def last_display_ns(self) -> int:
        with self.lock:
            return self.i2c[-1][0] if self.i2c else 0

    def display_bytes_between(self, t0: int, t1: int) -> int:
        with self.lock:
            return sum(n for t, n in self.i2c if t0 <= t <= t1)

    def text(self) -> str:
        with self.lock:
            return self.panel.text()

    def png(self, scale: int = 4) -> bytes:
        with self.lock:
            return self.panel.png(scale)

    def wait_event(self, kind: str, timeout: float = 60) -> dict:
        while True:
            msg = self.events.get(timeout=timeout)
            if msg["ev"] == kind:
                return msg

    # --- plumbing -----------------------------------------------------------------------------

    def _send(self, msg: dict, reply: bool = True, timeout: float = 120) -> dict:
        proc = self.proc
        if proc is None or proc.stdin is None or proc.poll() is not None:
            raise RuntimeError("the emulated Pico is not running (boot it first)")
        self._next_id += 1
        msg["id"] = self._next_id
        waiter = Reply()
        self._replies[self._next_id] = waiter
        proc.stdin.write(json.dumps(msg).encode() + b"\n")
        proc.stdin.flush()
        if not reply:
            return {}
        if not waiter.done.wait(timeout):
            raise TimeoutError(f"no reply from the emulated Pico to {msg}")
        if "error" in waiter.msg:
            raise ValueError(waiter.msg["error"])
        return waiter.msg

    def _read_control(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            msg = json.loads(line)
            kind = msg["ev"]
            if kind == "i2c":
                data = bytes.fromhex(msg["data"])
                with self.lock:
                    self.panel.receive(data)
                    self.i2c.append((msg["t"], len(data)))
            elif kind == "flash":
                self.flash_ops.append(msg)
            elif kind == "gc":
                self.collections.append(msg)
            elif kind == "reply":
                waiter = self._replies.pop(msg["id"], None)
                if waiter:
                    waiter.msg = msg
                    waiter.done.set()
            else:
                if kind == "boot":
                    self.boots += 1
                elif kind == "reset":
                    with self.lock:
                        self.panel.power_cycle()
                self.events.put(msg)

    def _drop_link(self) -> None:
        link, self._link = self._link, None
        if link:
            link.close()

    def _relay(self) -> None:
        """USB cable: pty master <-> the chip's socket. Bytes for a host that is not reading
        wait here (then in the socket, then in the chip), never dropped by the cable."""
        to_host = b""
        while not self._closed:
            link = self._link
            readers: list[int | socket.socket] = [self._master]
            writers: list[int] = []
            if link is not None and not to_host:
                readers.append(link)
            if to_host:
                writers.append(self._master)
            try:
                r, w, _ = select.select(readers, writers, [], 0.05)
            except (OSError, ValueError):
                if self._closed:
                    return
                continue  # a power cut closed the link under select(): on with the next one
            if self._master in r:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    return
                chip = self._link  # the link now: a boot may have come during select()
                if chip is not None and data:
                    try:
                        chip.sendall(data)
                    except OSError:
                        pass  # the chip is off: bytes into an unpowered Pico are lost
            if link is not None and link in r:
                try:
                    data = link.recv(4096)
                except OSError:
                    data = b""
                if not data and self._link is link:  # the chip lost power
                    self._link = None
                to_host += data
            if self._master in w and to_host:
                os.set_blocking(self._master, False)
                try:
                    sent = os.write(self._master, to_host)
                except BlockingIOError:
                    sent = 0
                to_host = to_host[sent:]


class TargetSession:
    """`dominoboard emulate --target rp2`: the emulated Pico behind the interface the terminal
    front end drives (send a command, collect frames). Each start drops the scoreboard's
    firmware onto the flash image, as a maker does with a Pico: a new image boots from blank,
    an old one keeps its matches. The firmware is ``uf2`` (--uf2) or else `frozen_firmware`
    (`make firmware`). A UF2 without the scoreboard frozen in (stock MicroPython, as
    micropython.org offers it) gets the scoreboard deployed onto it, and so does ``knob``: the
    board has the rotary encoder, which the frozen firmware leaves out (pins.ENCODER_FITTED),
    so stock MicroPython then, with the scoreboard deployed onto it with the encoder (again
    when the image was deployed without it); so too when there is no frozen firmware.
    ``bootrom``: the RP2040 boot ROM (--bootrom; else `find_bootrom` looks for it).

    ``storage`` is locked as the unix-port emulator locks its flash (`emulators.FlashLock` on
    ``<storage>.lock``), before anything starts: a second emulator of either target on the
    same folder is refused with a message naming the one running."""

    def __init__(
        self,
        storage: str,
        speed: float = 1.0,
        knob: bool = False,
        keypad: bool = False,
        uf2: Path | None = None,
        bootrom: Path | None = None,
    ):
        self.flash_lock = emulators.FlashLock(storage)  # may refuse: nothing started yet
        try:
            self._start(Path(storage), speed, knob, keypad, uf2, bootrom)
        except BaseException:
            self.stop()
            raise

    def _start(
        self,
        folder: Path,
        speed: float,
        knob: bool,
        keypad: bool = False,
        uf2: Path | None = None,
        bootrom: Path | None = None,
    ) -> None:
        image = folder / "pico-flash.img"
        marker = folder / "pico-flash.knob"  # there: deployed with pins.ENCODER_FITTED
        pad = folder / "pico-flash.keypad"  # there: deployed with pins.KEYPAD_FITTED
        fresh = not image.exists()
        frozen = stock = None
        if uf2 is not None:
            if not uf2_holds_scoreboard(uf2):
                stock = uf2
            elif knob or keypad:
                raise TargetMissing(
                    f"--uf2 {uf2} is the scoreboard's own firmware, built without the knob "
                    f"and the keypad: with --knob or --keypad give {GET_STOCK}"
                )
            else:
                frozen = uf2
        elif not knob and not keypad:  # the UF2 is built with neither
            try:
                frozen = frozen_firmware()
            except TargetMissing as e:
                missing = str(e)
                try:
                    stock = stock_firmware() if fresh or marker.exists() or pad.exists() else None
                except TargetMissing as no_stock:
                    raise TargetMissing(
                        f"no firmware to boot: {missing}; or give {GET_STOCK}. ({no_stock})"
                    ) from None
                print(f"{missing}; deploying onto stock MicroPython instead", flush=True)
        find_bootrom(bootrom)  # before the flash image is made: a missing ROM changes nothing
        folder.mkdir(parents=True, exist_ok=True)
        self.pico = EmulatedPico(image, speed=speed, uf2=frozen or stock, bootrom=bootrom)
        self.port = self.pico.port
        if frozen is not None:
            self.pico.boot()  # the firmware is the scoreboard; the matches stay on flash
            marker.unlink(missing_ok=True)
            pad.unlink(missing_ok=True)
        else:
            deploying = fresh or knob != marker.exists() or keypad != pad.exists()
            self.pico.boot(firmware=deploying)
            if deploying:
                from .. import deploy

                self.pico.wait_event("usb")
                what = "new flash image" if fresh else "the knob or keypad changed"
                print(f"{what}: deploying the scoreboard onto it", flush=True)
                args = argparse.Namespace(
                    port=self.port, dry_run=False, mip=False, encoder=knob, keypad=keypad
                )
                deploy.run(args)
                self.pico.wait_event("reset")
                for fitted, path in ((knob, marker), (keypad, pad)):
                    if fitted:
                        path.touch()
                    else:
                        path.unlink(missing_ok=True)
        self._commands: queue.Queue[str] = queue.Queue()
        self._seen = -1
        threading.Thread(target=self._work, daemon=True).start()

    @property
    def proc(self) -> subprocess.Popen[bytes]:
        assert self.pico.proc is not None
        return self.pico.proc

    def send(self, command: str) -> None:
        """Queue a command ("press OK", "hold OK 900", "down UP", "turn 1", "frame"); they
        run in order."""
        self._commands.put(command)

    def frames(self) -> list[str]:
        """The panel, once each time it changed (a "frame" command asks for one anyway)."""
        with self.pico.lock:
            count = len(self.pico.i2c)
        if count == self._seen:
            return []
        self._seen = count
        return ["frame\n" + self.pico.text().rstrip("\n")]

    def stop(self) -> None:
        pico = getattr(self, "pico", None)
        if pico is not None:
            pico.close()
        self.flash_lock.release()

    def _work(self) -> None:
        while True:
            command = self._commands.get()
            if command == "frame":
                self._seen = -1
                continue
            try:
                self.pico.do(command)
            except (RuntimeError, TimeoutError, ValueError):
                return  # the chip stopped: the front end sees proc end
