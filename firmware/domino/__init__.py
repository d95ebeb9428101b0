"""The rules core: pure Python, no I/O, the same on CPython and MicroPython."""

from .errors import DominoError
from .match import Match

__version__ = "0.1.0"
__all__ = ["DominoError", "Match", "__version__"]
