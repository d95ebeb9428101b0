"""`dominoboard names`: push the player names (and game presets) the scoreboard offers, and
the language it speaks."""

import argparse
import json
import unicodedata
from pathlib import Path

from domino import DominoError
from domino.names import check_name

from .errors import CliError

# The languages the scoreboard speaks (scoreboard.words.CODES on the device; the host does not
# import the device's package, tests/host/test_names_language.py checks the two agree).
LANGUAGES = ("en", "es", "de", "fr", "nl", "it")
INPUT_CHOICES = ("buttons", "knob", "keypad", "knob+keypad")  # names --inputs: the link's inputs op


def checked_names(names: list[str]) -> list[str]:
    """The names NFC-normalised (``e`` + U+0301 becomes ``é``) and checked with the rules
    core's one definition of a name, before anything is sent."""
    out = []
    for name in names:
        name = unicodedata.normalize("NFC", name)
        try:
            out.append(check_name(name))
        except DominoError as e:
            raise CliError(f"{e}; nothing was sent") from None
    return out


def checked_presets(presets: list) -> list:
    for p in presets:
        if isinstance(p, dict) and isinstance(p.get("name"), str):
            p["name"] = unicodedata.normalize("NFC", p["name"])
            try:
                check_name(p["name"], "preset name")
            except DominoError as e:
                raise CliError(f"{e}; nothing was sent") from None
    return presets


def read_presets(path: str) -> list:
    try:
        presets = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror}") from e
    except ValueError as e:
        raise CliError(f"{path}: not JSON ({e})") from e
    if not isinstance(presets, list):
        raise CliError(
            f'{path}: a JSON list of presets like [{{"name": "Fives 150", '
            f'"game": "allfives", "target": 150, "players": 3}}]'
        )
    return presets


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_port_argument

    p = subparsers.add_parser(
        "names",
        description="Replace the player names the scoreboard offers (up to 20, 1-16 characters "
        "each) and, with --presets, its game presets (a JSON list of objects with name, game "
        "and optionally opts, target, rounds, players, way: tracked or pad); with "
        "--language, the language its screens speak; with --inputs, what is fitted beside its "
        "five buttons (one firmware for every board, as its Settings > Inputs choose).",
    )
    p.add_argument("names", nargs="*", metavar="NAME", help="player names, in menu order")
    p.add_argument("--presets", metavar="FILE", help="JSON file with the presets")
    p.add_argument(
        "--language",
        choices=LANGUAGES,
        help="the scoreboard's language: English, Español, Deutsch, Français, Nederlands, Italiano",
    )
    p.add_argument(
        "--inputs",
        choices=INPUT_CHOICES,
        help="what the scoreboard reads beside its five buttons: buttons (nothing more), knob "
        "(the rotary encoder), keypad (the matrix keypad), knob+keypad",
    )
    add_port_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .options import open_link

    if not args.names and not args.presets and not args.language and not args.inputs:
        raise CliError(
            "give player names, --presets FILE, --language CODE, --inputs WHAT, or any of them"
        )
    names = checked_names(args.names)
    presets = checked_presets(read_presets(args.presets)) if args.presets else None
    with open_link(args) as link:
        if names:
            n = link.request("names", names=names)["names"]
            print(f"{n} name(s) stored on the scoreboard")
        if presets is not None:
            n = link.request("presets", presets=presets)["presets"]
            print(f"{n} preset(s) stored on the scoreboard")
        if args.language:
            said = link.request("language", language=args.language)["language"]
            print(f"the scoreboard speaks {said}")
        if args.inputs:
            fitted = [] if args.inputs == "buttons" else args.inputs.split("+")
            got = link.request("inputs", inputs=fitted)["inputs"]
            print("the scoreboard reads its five buttons" + "".join(f" and the {g}" for g in got))
    return 0
