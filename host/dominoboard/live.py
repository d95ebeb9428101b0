"""`dominoboard live`: follow the scoreboard in real time, in the terminal or (--web) on a TV.

The boards draw what the follow engine (follow.py) folds from the scoreboard's pushed events;
`live` also stores every event into the match database (live_store.py) and serves the other
commands' requests meanwhile (control.py); with --web and no --port it follows every box
plugged in (club.py).

    dominoboard live [--port PORT]                 # ANSI board in this terminal
    dominoboard live --web [--http-port 8765]      # http://127.0.0.1:8765/ for a TV
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any, TextIO

from .follow import run_board

if TYPE_CHECKING:  # serial: imported when the link is opened (options.open_link)
    from .link import DeviceLink

PHASES = {"tally": "hand over: enter the tally", "lead": "new hand: the tiles decide who leads"}


# -- the terminal board ---------------------------------------------------------------------

BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
HOME_CLEAR, HIDE_CURSOR, SHOW_CURSOR = "\x1b[H\x1b[2J", "\x1b[?25l", "\x1b[?25h"


def render(state: dict[str, Any], ansi: bool = True) -> str:
    """The terminal board for one state: a pure function, so it is tested without a device."""

    def bold(text: str) -> str:
        return f"{BOLD}{text}{RESET}" if ansi else text

    def dim(text: str) -> str:
        return f"{DIM}{text}{RESET}" if ansi else text

    out = []
    if state.get("game") is None:
        if state.get("match") is None:
            out.append(bold("dominoboard live") + "  waiting for a match on the scoreboard")
        else:
            out.append(bold("dominoboard live") + f"  match {state['match']}: no readable setup")
    else:
        where = f"hand {state['hand']}" if state.get("hand") else f"{state['hands']} hand(s)"
        out.append(bold(f"{state['game']}") + f"  ·  match {state['match']}  ·  {where}")
        out.append("─" * 40)
        names = [" + ".join(side) for side in state["sides"]]
        width = max(len(n) for n in names)
        totals = state["totals"]
        for i, name in enumerate(names):
            mark = "▶" if state.get("turn_side") == i else " "
            score = "••" if totals is None else str(totals[i])
            out.append(f"{mark} {name.ljust(width)}  {bold(score.rjust(5))}")
        out.append("─" * 40)
        if totals is None:
            out.append("scores are secret until they are announced before the last round")
        if state["over"]:
            won = ", ".join(" + ".join(w) for w in state["winners"])
            out.append(bold(f"won by {won}"))
        else:
            facts = list(state["facts"])
            if state.get("phase"):
                facts.insert(0, ["turn", state["turn"] or PHASES[state["phase"]]])
            if facts:
                out.append("   ".join(f"{label}: {value}" for label, value in facts))
        limits = ["lowest total wins"] if state["lowest_wins"] else []
        if state.get("target") is not None:
            limits.append(f"target {state['target']}")
        if state.get("rounds") is not None:
            limits.append(f"{state['rounds']} rounds")
        out.append(dim("  ·  ".join(limits + [f"{state['events']} events"])))
    if state.get("error"):
        out.append(bold("! ") + state["error"])
    if state.get("status"):
        out.append(dim(state["status"]))
    return "\n".join(out) + "\n"


def one_line(state: dict[str, Any]) -> str:
    """A log line per change, for --web (the terminal shows where to look instead)."""
    if state.get("game") is None:
        return state.get("status") or "waiting for a match"
    totals = state["totals"]
    sides = [" + ".join(s) for s in state["sides"]]
    scores = ", ".join(f"{n} {'?' if totals is None else totals[i]}" for i, n in enumerate(sides))
    return f"{state['match']} {state['game']}: {scores}" + (" (over)" if state["over"] else "")


class Terminal:
    """Redraws the whole board in place on a terminal; prints each board on anything else."""

    def __init__(self, out: TextIO):
        self.out = out
        self.ansi = out.isatty()
        if self.ansi:
            out.write(HIDE_CURSOR)

    def show(self, state: dict[str, Any]) -> None:
        text = render(state, self.ansi)
        self.out.write(HOME_CLEAR + text if self.ansi else text + "\n")
        self.out.flush()

    def close(self) -> None:
        if self.ansi:
            self.out.write(SHOW_CURSOR)
            self.out.flush()


# -- the command ----------------------------------------------------------------------------


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_db_argument, add_port_argument

    p = subparsers.add_parser(
        "live",
        description="Follow the scoreboard's newest match as it is played: standings, whose "
        "turn, open ends and their count, folded by the rules core from the events the "
        "scoreboard pushes, and stored into the match database as `sync` would (it syncs on "
        "connecting); `sync`, `names` and `export --from-device` run meanwhile go through it. "
        "Ctrl-C stops.",
    )
    add_port_argument(p)
    add_db_argument(p)
    p.add_argument(
        "--web",
        action="store_true",
        help="serve a big-digit web page instead; without --port it follows every box "
        "`dominoboard ports` finds (a club night: a card per table and the evening's "
        "leaderboard)",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="--web: address to listen on (127.0.0.1: this computer only; 0.0.0.0 for a TV "
        "on the network; the page is read-only)",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="--web: also answer pages that name this host NAME (the board answers its "
        "addresses and this machine's names; any other name is refused, so another site "
        "cannot read the board through DNS rebinding)",
    )
    p.add_argument(
        "--http-port",
        type=int,
        default=8765,
        metavar="N",
        help="--web: port to listen on (8765; 0 picks a free one)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .control import ControlServer, same_port
    from .db import Database
    from .live_store import StoreKeeper
    from .ports import default_port

    if args.web:
        return run_web(args)
    port = args.port or default_port()
    keeper = StoreKeeper(Database(args.db))
    terminal = Terminal(sys.stdout)
    server = None
    try:  # the socket is removed on Ctrl-C from the moment it exists
        server = ControlServer(lambda p: keeper.sessions if same_port(p, port) else None)
        run_board(lambda: _open(port, args.timeout, args.ask_after), terminal.show, keeper=keeper)
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.close()
        terminal.close()
        keeper.store.db.close()
    print("dominoboard live: stopped")
    return 0


def _open(port: str, timeout: float, ask_after: float | None) -> DeviceLink:
    from .link import DeviceLink

    return DeviceLink(port, timeout=timeout, ask_after=ask_after)


def run_web(args: argparse.Namespace) -> int:
    from .club import SCAN, Club
    from .control import ControlServer
    from .db import Database
    from .web import WebBoard

    db = Database(args.db)  # a database it cannot use is said before anything starts
    web = WebBoard(args.host, args.http_port, args.allow_host)
    read_only = "the page is read-only"
    print(
        f"serving the live board on {web.url} (listening on {web.listening}; {read_only}; "
        "Ctrl-C stops)",
        flush=True,
    )
    if web.listening.startswith(("127.", "[::1]")):
        print(
            "only this computer can open it; for a TV on the network start with --host 0.0.0.0",
            flush=True,
        )
    said: dict[str, str] = {}

    def show(board: dict[str, Any]) -> None:
        web.publish(board)
        for table in board["tables"]:
            line = f"table {table['table']}: {one_line(table)}"
            if said.get(table["table"]) != line:  # a log line when a table changes
                print(line, flush=True)
                said[table["table"]] = line

    club = Club(args.db, show, [args.port] if args.port else None, args.timeout, args.ask_after)
    server = None
    try:  # the socket is removed on Ctrl-C from the moment it exists
        server = ControlServer(club.owner)
        looked = 0.0
        while True:
            if time.monotonic() - looked >= SCAN:
                club.look()
                looked = time.monotonic()
            club.publish(db)
            time.sleep(0.25)
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.close()
        club.closing = True
        web.close()
        db.close()
    print("dominoboard live: stopped", flush=True)
    return 0
