"""`dominoboard`: the host tool. One command, a subcommand per job.

Each subcommand lives in its own module exposing ``add_parser(subparsers)``; listing a module
in COMMANDS is all it takes to add one. Modules not written yet are skipped.
"""

import argparse
import importlib
import sys
from pathlib import Path

from .errors import EXIT_DEVICE, EXIT_INPUT, CliError

COMMANDS = (
    "replay",
    "ports",
    "sync",
    "export",
    "stats",
    "plot",
    "live",
    "web",
    "names",
    "emulate",
    "deploy",
    "sim",
)
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "muggins.jsonl"


# -- options several commands share ---------------------------------------------------------


def add_port_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--port",
        metavar="PORT",
        help="serial port of the scoreboard (default: the one Pico attached, else "
        "a running `dominoboard emulate`)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=3.0,
        metavar="S",
        help="seconds to wait for each reply (default 3)",
    )


def add_db_argument(p: argparse.ArgumentParser) -> None:
    from .db import default_path

    p.add_argument("--db", metavar="FILE", help=f"the match database (default {default_path()})")


def open_link(args: argparse.Namespace):
    from .link import DeviceLink
    from .ports import default_port

    return DeviceLink(args.port or default_port(), timeout=args.timeout)


def open_db(args: argparse.Namespace):
    from .db import Database

    return Database(args.db)


# -- run: what `make run` starts ------------------------------------------------------------


def add_run_parser(subparsers: argparse._SubParsersAction, available: set[str]) -> None:
    p = subparsers.add_parser(
        "run",
        help="the live board if a Pico is attached, else the emulator",
        description="Start the main job: `live` when a Pico (USB 2E8A:0005) is attached, "
        "else `emulate`; without those, replay the bundled example match.",
    )
    p.set_defaults(func=lambda args: run_main(args, available))


def run_main(args: argparse.Namespace, available: set[str]) -> int:
    from .ports import scan

    pico = any(p.is_pico for p in scan())
    for command in (("live",) if pico else ()) + ("emulate",):
        if command in available:
            return main([command])
    print(f"(no live board or emulator yet: replaying {EXAMPLE.name})", file=sys.stderr)
    return main(["replay", str(EXAMPLE)])


# -- the parser -----------------------------------------------------------------------------


def build_parser() -> tuple[argparse.ArgumentParser, set[str]]:
    parser = argparse.ArgumentParser(
        prog="dominoboard",
        description="Host tool for the domino scoreboard: sync, export, replay and more.",
        epilog="Exit codes: 0 done, 1 bad input, 2 wrong usage, 3 no scoreboard or the link "
        "failed, 4 the scoreboard refused.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    available = set()
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"{__package__}.{name}":
                continue  # not written yet
            _unavailable(name, e)
            continue
        except ImportError as e:
            _unavailable(name, e)
            continue
        if hasattr(module, "add_parser"):
            try:
                module.add_parser(sub)
            except ImportError as e:
                _unavailable(name, e)
                continue
            available.add(name)
    add_run_parser(sub, available)
    return parser, available


def _unavailable(name: str, error: Exception) -> None:
    """One broken command module must not take the others down; say so and go on."""
    print(f"dominoboard: the {name} command is unavailable ({error})", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser, _ = build_parser()
    args = parser.parse_args(argv)
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
