"""A one-line progress bar with a rate and an ETA, written to stderr (no dependency)."""

from __future__ import annotations

import sys
import time


class Bar:
    def __init__(self, total: int, label: str = "", stream=None, every: float = 0.2):
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.every = every
        self.done = 0
        self.start = time.monotonic()
        self.shown = 0.0

    def __call__(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.shown >= self.every or self.done >= self.total:
            self.shown = now
            self.stream.write("\r" + self.line(now))
            self.stream.flush()

    def line(self, now: float) -> str:
        elapsed = now - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        frac = self.done / self.total if self.total else 1.0
        width = 30
        fill = int(frac * width)
        left = (self.total - self.done) / rate if rate else 0.0
        return (f"{self.label} [{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} "
                f"{rate:,.0f}/s ETA {clock(left)} ")

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def clock(seconds: float) -> str:
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"
