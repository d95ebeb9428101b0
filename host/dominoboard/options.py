"""The options several commands share and the openers that go with them: the scoreboard's
--port (with the --timeout and --ask-after of its link) and the match database's --db.

Commands import this module, never the command table (cli.py), which imports them: the table
above, the commands in the middle, these and the link and database below.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # serial and sqlite3: imported when a command opens them
    from .db import Database
    from .link import DeviceLink


def add_port_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--port",
        metavar="PORT",
        help="serial port of the scoreboard (default: the one Pico attached, else "
        "the one `dominoboard emulate` running)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=3.0,
        metavar="S",
        help="seconds the scoreboard may stay silent before a reply is given up on; a "
        "reply still arriving is waited for (default 3)",
    )
    p.add_argument(
        "--ask-after",
        type=seconds,
        metavar="S",
        help="seconds of silence before a request whose reply the scoreboard may have "
        "dropped is asked again (default a third of --timeout)",
    )


def seconds(text: str) -> float:
    """A positive, finite number of seconds (an --ask-after)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: a number of seconds above 0, like 1 or 0.5")
    return value


def add_db_argument(p: argparse.ArgumentParser) -> None:
    from .db import default_path

    p.add_argument("--db", metavar="FILE", help=f"the match database (default {default_path()})")


def open_link(args: argparse.Namespace, through_live: bool = True) -> DeviceLink:
    """The link to the --port scoreboard: through the running `dominoboard live` that
    follows it (control.py's ProxyLink), else the port itself."""
    from .link import DeviceLink
    from .ports import default_port

    port = args.port or default_port()
    if through_live:
        from .control import connect

        proxy = connect(port, timeout=args.timeout)
        if proxy is not None:
            return proxy
    return DeviceLink(port, timeout=args.timeout, ask_after=args.ask_after)


def open_db(args: argparse.Namespace, create: bool = False) -> Database:
    """The --db database; only a command that stores matches (sync) may create it."""
    from .db import Database

    return Database(args.db, create=create)
