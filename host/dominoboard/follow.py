"""Following the scoreboard: the engine under `dominoboard live`'s boards and the club night.

The host subscribes to the scoreboard's pushed events and folds each one with the rules core, as
the scoreboard itself does, so the board state is the core's standings, whose turn, the open
ends and their count. It follows the match being played: the newest at the start, then
whichever match a push names (a new one, or an older one resumed at the table); a push that
skips indices (a lost line) is filled in with an ``events`` request, so nothing is folded twice
or missed. Every few seconds of quiet the host subscribes again and compares the followed
match's count (a scoreboard that was reset forgets subscriptions); that never switches match.
A Keeper (live_store.StoreKeeper) does what a board does besides drawing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from domino import DominoError, Match
from domino.events import loads

from .errors import BadReply, CliError, DeviceError, Refused
from .facts import hand_facts
from .names import LANGUAGES
from .sync import bad_line, check_page, device_matches

if TYPE_CHECKING:  # serial: imported when the link is opened (options.open_link)
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
        self.language: str | None = None  # what the box speaks (hello); None: it does not say

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
    state["language"] = f.language  # the page speaks it (web_words); None: the browser's
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
    hello = link.request("hello")
    language = hello.get("language") if hello.get("language") in LANGUAGES else None
    spoke, f.language = f.language, language  # chosen on the box's menu since: no push says
    counts = dict(device_matches(link))  # in the order the matches were created
    if not counts:
        return spoke != language
    followed = f.match_id
    if followed is None:  # before any push: the match on the table, as hello names it
        followed = hello.get("playing")
    match_id = followed if followed in counts else list(counts)[-1]
    count = counts[match_id]
    if match_id == f.match_id and count == len(f.lines):
        return spoke != language
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
