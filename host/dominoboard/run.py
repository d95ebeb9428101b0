"""`dominoboard run`, what `make run` starts: the live board when a Pico is attached, else the
emulator."""

import argparse


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "run",
        description="Start the main job: `live` when a Pico (USB 2E8A:0005) is attached, "
        "else `emulate`.",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .cli import main
    from .ports import scan

    pico = any(p.is_pico for p in scan())
    return main(["live" if pico else "emulate"])
