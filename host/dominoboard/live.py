"""`dominoboard live`: follow the scoreboard in real time, in the terminal or (--web) on a TV.

The host subscribes to the scoreboard's pushed events and folds each one with the rules core, as
the scoreboard itself does, so the board shown here is the core's standings, whose turn, the
open ends and their count. It follows the match being played: the newest at the start, then
whichever match a push names (a new one, or an older one resumed at the table); a push that
skips indices (a lost line) is filled in with an ``events`` request, so nothing is folded twice
or missed. Every few seconds of quiet the host subscribes again and compares the followed
match's count (a scoreboard that was reset forgets subscriptions); that never switches match.

    dominoboard live [--port PORT]                 # ANSI board in this terminal
    dominoboard live --web [--http-port 8765]      # http://127.0.0.1:8765/ for a TV
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from domino import DominoError, Match
from domino.events import loads

from .errors import BadReply, CliError, DeviceError, Refused
from .facts import hand_facts
from .sync import bad_line, check_page, device_matches

if TYPE_CHECKING:  # serial: imported when the link is opened (cli.open_link)
    from .link import DeviceLink

RETRY = 2.0  # seconds between attempts to reopen a lost port
CHECK = 5.0  # seconds of quiet before re-subscribing and comparing counts


class Follower:
    """One match's event lines by index, folded by the core as they arrive."""

    def __init__(self) -> None:
        self.match_id: str | None = None
        self.lines: list[str] = []
        self.match: Match | None = None
        self.error: str | None = None  # an event the core refused (a firmware/host mismatch)

    def reset(self, match_id: str) -> None:
        self.match_id = match_id
        self.lines = []
        self.match = None
        self.error = None

    def feed(self, match_id: str, index: int, line: str) -> str:
        """Take event ``index`` of ``match_id``. Returns "applied"; "old" for one already held;
        "gap" when earlier events are missing (fetch them from ``len(lines)``)."""
        if match_id != self.match_id:
            if index != 0:
                return "gap"
            self.reset(match_id)  # a new match was started at the table
        if index < len(self.lines):
            return "old"
        if index > len(self.lines):
            return "gap"
        self.lines.append(line)
        why = bad_line(line)
        if why:  # damaged on the scoreboard's flash: say so, follow no further
            self.error = f"match {match_id} event {index}: {why}"
            self.match = None
            return "applied"
        try:
            if index == 0:
                self.match = Match(loads(line))
            elif self.match is not None:
                self.match.apply(loads(line))
        except (DominoError, ValueError, TypeError) as e:
            self.error = f"event {index} of {match_id} refused by the rules core: {e}"
        return "applied"


def board_state(f: Follower, status: str = "") -> dict[str, Any]:
    """What both boards draw, as plain JSON-able data (the web page gets exactly this)."""
    state: dict[str, Any] = {"match": f.match_id, "status": status, "error": f.error}
    m = f.match
    if m is None:
        return state
    s = m.standings()
    hidden = m.game.hidden_standings(m)
    state.update(
        game=m.game.title,
        key=m.game.key,
        lowest_wins=m.game.lowest_wins,
        sides=s["sides"],
        totals=None if hidden else s["totals"],
        hands=len(s["hands"]),
        target=m.target,
        rounds=m.rounds,
        over=s["over"],
        winners=s["winners"],
        events=len(f.lines) - 1,
    )
    current = s.get("current")
    if current and m.hand is not None:
        state["hand"] = current["hand"]
    if current and m.hand is not None and m.game.entry is None:  # outcome games: no turns
        turn = current["turn"]
        if m.hand.is_over():
            phase = "tally"  # out or blocked: the table enters what each player holds
        elif turn is None:
            phase = "lead"  # nothing laid yet; the tiles decide who leads (highest double)
        else:
            phase = "play"
        state.update(
            phase=phase,
            turn=turn,
            turn_side=None if turn is None else m.side_of[m.players.index(turn)],
        )
    state["facts"] = [list(fact) for fact in hand_facts(m)]
    return state


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


# -- following the scoreboard ---------------------------------------------------------------


def fetch(link: DeviceLink, f: Follower, match_id: str) -> None:
    """Fill in events of ``match_id`` from the scoreboard's store, from what we hold."""
    if match_id != f.match_id:
        f.reset(match_id)
    while True:
        start = len(f.lines)
        page = link.request("events", match=match_id, **{"from": start})
        check_page(page, match_id, start)  # the page asked for, and one that moves on
        for i, line in enumerate(page["lines"], start=start):
            f.feed(match_id, i, line)
        if not page["more"] or len(f.lines) == start:
            return


def catch_up(link: DeviceLink, f: Follower) -> bool:
    """Subscribe, then read what the followed match holds; True if anything changed.

    The followed match is the one the last push named (the one on the table, which after a
    resumed match is not the newest); before any push, the one hello says is on the table;
    the newest when none is, or when the followed one was deleted. Subscribing first means an
    event appended meanwhile arrives either way and is dropped as "old"."""
    link.request("subscribe", on=True)
    counts = dict(device_matches(link))  # in the order the matches were created
    if not counts:
        return False
    followed = f.match_id
    if followed is None:  # before any push: the match on the table, as hello names it
        followed = link.request("hello").get("playing")
    match_id = followed if followed in counts else list(counts)[-1]
    count = counts[match_id]
    if match_id == f.match_id and count == len(f.lines):
        return False
    if match_id == f.match_id and count < len(f.lines):
        f.reset(match_id)  # the scoreboard was wiped and the id reused: start over
    fetch(link, f, match_id)
    return True


class Keeper:
    """What a board does besides drawing (live_store.StoreKeeper stores and serves): called
    with the link open. The defaults do nothing, so the board alone needs no database."""

    def connected(self, link: DeviceLink) -> None:
        """The link was (re)opened and subscribed."""

    def pushed(self, link: DeviceLink, match: str, index: int, line: str) -> None:
        """A pushed event, before the board folds it."""

    def between(self, link: DeviceLink) -> bool:
        """Between two pushes (other programs' requests are run here); True when what the
        scoreboard holds may have changed under the board (it then reads it again)."""
        return False

    def waiting(self) -> bool:
        """A client waits for its turn (the board then looks for pushes only briefly)."""
        return False

    def quiet(self, link: DeviceLink) -> None:
        """CHECK seconds without a push."""

    def status(self, link: DeviceLink) -> str:
        return f"following {link.port}"


def follow(
    link: DeviceLink,
    f: Follower,
    changed: Callable[[], None],
    stop: Callable[[], bool] = lambda: False,
    keeper: Keeper | None = None,
) -> None:
    """Fold pushed events until ``stop()``; call ``changed()`` after each change."""
    link.set_clock()  # a match started while we watch carries the table's date
    try:
        _follow(link, f, changed, stop, keeper or Keeper())
    finally:
        try:  # stop the pushes: nobody reads them once we are gone
            link.request("subscribe", on=False)
        except CliError:
            pass  # the link is gone already


def _follow(
    link: DeviceLink,
    f: Follower,
    changed: Callable[[], None],
    stop: Callable[[], bool],
    keeper: Keeper,
) -> None:
    catch_up(link, f)  # subscribed first: what is appended meanwhile is pushed
    keeper.connected(link)
    changed()
    quiet_since = time.monotonic()
    while not stop():
        if keeper.between(link):
            catch_up(link, f)
            changed()
        push = link.next_push(0.02 if keeper.waiting() else 0.25)
        if push is None:
            if time.monotonic() - quiet_since > CHECK:
                keeper.quiet(link)
                if catch_up(link, f):
                    changed()
                quiet_since = time.monotonic()
            continue
        quiet_since = time.monotonic()
        match_id, index, line = push.get("match"), push.get("i"), push.get("line")
        if push.get("push") != "event" or not isinstance(match_id, str):
            continue
        if not isinstance(index, int) or not isinstance(line, str):
            continue
        keeper.pushed(link, match_id, index, line)
        result = f.feed(match_id, index, line)
        if result == "gap":
            fetch(link, f, match_id)
        if result != "old":
            changed()


def run_board(
    open_link: Callable[[], DeviceLink],
    show: Callable[[dict[str, Any]], None],
    stop: Callable[[], bool] = lambda: False,
    keeper: Keeper | None = None,
) -> None:
    """Follow the scoreboard, reopening the port when it is lost (unplugged, reset); the
    first failure to open it is the caller's error to report."""
    f = Follower()
    keeper = keeper or Keeper()
    connected_once = False
    while not stop():
        try:
            link = open_link()
        except BadReply:
            raise  # a scoreboard whose replies we cannot use: asking again will not help
        except DeviceError as e:
            if not connected_once:
                raise
            show(board_state(f, f"link lost ({e}); retrying every {RETRY:g} s"))
            time.sleep(RETRY)
            continue
        connected_once = True
        try:
            with link:

                def changed(link: DeviceLink = link) -> None:
                    show(board_state(f, keeper.status(link)))

                follow(link, f, changed, stop, keeper)
        except BadReply:
            raise
        except DeviceError as e:
            show(board_state(f, f"link lost ({e}); retrying every {RETRY:g} s"))
            time.sleep(RETRY)
        except Refused as e:  # e.g. the match was deleted between list and events: start over
            show(board_state(f, f"{e}; reading the scoreboard again"))
            time.sleep(RETRY)


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
    from .cli import add_db_argument, add_port_argument

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
    server = ControlServer(lambda p: keeper.sessions if same_port(p, port) else None)
    terminal = Terminal(sys.stdout)
    try:
        run_board(lambda: _open(port, args.timeout), terminal.show, keeper=keeper)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        terminal.close()
        keeper.store.db.close()
    print("dominoboard live: stopped")
    return 0


def _open(port: str, timeout: float) -> DeviceLink:
    from .link import DeviceLink

    return DeviceLink(port, timeout=timeout)


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

    club = Club(args.db, show, [args.port] if args.port else None, args.timeout)
    server = ControlServer(club.owner)
    try:
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
        server.close()
        club.closing = True
        web.close()
        db.close()
    print("dominoboard live: stopped", flush=True)
    return 0
