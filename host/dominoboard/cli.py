"""`dominoboard`: the host tool. One command, a subcommand per job.

COMMANDS is the whole list: each name, the module that implements it and its one line of help.
A module's ``add_parser(subparsers)`` builds the command's arguments and names its handler
(``set_defaults(func=...)``). Only the command being run is imported, so `dominoboard --help`
and `dominoboard ports` never load matplotlib, the simulator or the database; the modules keep
their heavy imports inside the functions that need them. The options several commands share
are in options.py, which the commands import (never this table).
"""

import argparse
import importlib
import sys
from typing import NamedTuple

from .errors import EXIT_DEVICE, EXIT_INPUT, CliError


class Command(NamedTuple):
    module: str  # dominoboard.<module>: its add_parser builds the arguments and sets func
    help: str  # the line `dominoboard --help` shows (argparse: write % as %%)


COMMANDS = {
    "replay": Command("replay", "fold a match file; print standings and hands as JSON"),
    "ports": Command("ports", "list serial ports, Picos first"),
    "sync": Command("sync", "copy new matches and events from the scoreboard"),
    "export": Command(
        "export", "matches as CSV (a row per player per hand) or JSON (the event logs)"
    ),
    "check": Command("check", "check the match database against the CRCs stored at sync"),
    "stats": Command(
        "stats", "per player: wins, win %%, average place; per game also the hand scores"
    ),
    "plot": Command("plot", "PNG chart of a match's running scores, or of player statistics"),
    "live": Command("live", "follow the scoreboard in real time (terminal, or --web for a TV)"),
    "names": Command("names", "push player names and game presets to the scoreboard"),
    "emulate": Command(
        "emulate", "run the scoreboard firmware on this computer; prints its serial port"
    ),
    "deploy": Command("deploy", "precompile the firmware and copy it to the Pico (mpremote)"),
    "flash": Command("flash", "copy the scoreboard's firmware (UF2) to a Pico's boot drive"),
    "simulate": Command(
        "sim.cli", "bots play a game (or a solitaire) many times: win rates, scores, plots"
    ),
    "run": Command("run", "the live board if a Pico is attached, else the emulator"),
}


def build_parser(argv: list[str]) -> argparse.ArgumentParser:
    """The parser for ``argv``: every command listed, only the one named in ``argv`` built."""
    parser = argparse.ArgumentParser(
        prog="dominoboard",
        description="Host tool for the domino scoreboard: sync, export, replay and more.",
        epilog="Exit codes: 0 done, 1 bad input, 2 wrong usage, 3 no scoreboard or the link "
        "failed, 4 the scoreboard refused.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = argv[0] if argv else None  # the top level has no options but -h
    for name, command in COMMANDS.items():
        if name == chosen:
            module = importlib.import_module(f"{__package__}.{command.module}")
            module.add_parser(sub)
        else:
            sub.add_parser(name, help=command.help)  # listed in --help, never parsed
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv).parse_args(argv)
    try:
        return args.func(args)
    except CliError as e:
        print(f"dominoboard {args.command}: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print(f"dominoboard {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_INPUT
    except OSError as e:  # a file we were told to write, a port that vanished
        print(f"dominoboard {args.command}: {e}", file=sys.stderr)
        return EXIT_DEVICE if "serial" in type(e).__module__ else EXIT_INPUT


if __name__ == "__main__":
    sys.exit(main())
