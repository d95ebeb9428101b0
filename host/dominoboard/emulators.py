"""Running emulators on this computer: how commands find them, and whose flash is whose.

- Each `dominoboard emulate` writes its own marker, ``<runtime dir>/emulators/<pid>.port``
  holding its serial port, and removes it on exit: a second emulator neither overwrites nor
  deletes the first one's, so discovery lists every emulator running.
- A marker counts while its process lives and its port exists; one left by a killed emulator
  is removed when it is next read.
- One flash directory serves one emulator: the emulator holds an exclusive lock on the file
  ``<flash dir>.lock`` beside it (released by the system when the process ends, however it
  ends), so two emulators never write one match store.
- Without --storage the flash is in the user's data directory, not a temp folder shared by
  every user of the computer.
"""

import fcntl
import os
import warnings
from pathlib import Path
from typing import IO

import platformdirs

from .errors import CliError


def _runtime_dir() -> Path:
    with warnings.catch_warnings():  # no XDG_RUNTIME_DIR (a container, CI): the fallback is fine
        warnings.simplefilter("ignore")
        return platformdirs.user_runtime_path("dominoboard")


def markers_dir() -> Path:
    return _runtime_dir() / "emulators"


def default_flash() -> Path:
    return platformdirs.user_data_path("dominoboard") / "emulator-flash"


def mark(port: str) -> Path:
    """Announce this process's emulator on ``port``; returns the marker to remove on exit."""
    marker = markers_dir() / f"{os.getpid()}.port"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(port + "\n")
    return marker


def running() -> list[tuple[int, str]]:
    """(pid, serial port) of every emulator running, oldest first."""
    found = []
    for marker in markers_dir().glob("*.port"):
        try:
            pid, port, since = int(marker.stem), marker.read_text().strip(), marker.stat().st_mtime
        except (OSError, ValueError):
            continue
        if _alive(pid) and port and os.path.exists(port):
            found.append((since, pid, port))
        else:
            marker.unlink(missing_ok=True)  # its emulator was killed
    return [(pid, port) for _, pid, port in sorted(found)]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    return True


class FlashLock:
    """Held while an emulator uses ``flash``; a second one on the same folder is refused."""

    def __init__(self, flash: str | Path):
        flash = Path(flash).resolve()
        self.path = flash.with_name(flash.name + ".lock")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.file: IO[str] | None = open(self.path, "a+")  # kept open: the lock lives with it
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.file.seek(0)
            holder = self.file.read().strip() or "?"
            self.release()
            raise CliError(
                f"{flash} is the flash of another running emulator (pid {holder}); "
                "give this one its own with --storage DIR"
            ) from None
        self.file.seek(0)
        self.file.truncate()
        self.file.write(f"{os.getpid()}\n")
        self.file.flush()

    def release(self) -> None:
        if self.file is not None:
            self.file.close()  # closing drops the lock
            self.file = None
