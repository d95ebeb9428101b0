"""A club night on one `dominoboard live --web`: every box followed, one card per table, and
the evening's leaderboard.

``Club`` looks for boxes every few seconds (the Picos ``ports`` lists and every running
emulator, or the ports given with --port) and follows each in a thread of its own (``Box``):
its board is folded as for a single table, its events stored into the one database
(live_store.StoreKeeper), other programs' requests served through the control channel. A box
unplugged keeps its card, marked so, until it comes back (on any port: a card is a scoreboard,
by its device id).

The leaderboard is the evening's: every match the tables played while this board ran (an
event pushed, or brought by a sync after a box's first one: a box unplugged for a while counts
what it played meanwhile; what a box held when it was first seen is history), folded from the
database by the rules core, per game, a row per player: matches, wins, and points (the side's
total at the end, or now). It is ranked the game's way: most wins first, then by average
points, lowest first where the core says the lowest total wins (``Game.lowest_wins``: Mexican
Train's pips), highest first elsewhere.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from typing import Any

from .follow import RETRY, Follower, board_state, follow
from .live_store import StoreKeeper

SCAN = 2.0  # seconds between looks for boxes plugged in


class Box(threading.Thread):
    """One scoreboard's port, followed until it is unplugged (its port gone)."""

    def __init__(self, club: Club, port: str):
        super().__init__(daemon=True, name=f"box {port}")
        self.club = club
        self.port = port
        self.sessions: queue.Queue = queue.Queue()
        self.keeper: StoreKeeper | None = None
        self.online = False
        self.gone = False

    def run(self) -> None:
        try:
            self._run()
        finally:
            self.gone = True
            while not self.sessions.empty():  # asked of a box that went: tell them so
                self.sessions.get_nowait().close()

    def _run(self) -> None:
        import sqlite3

        from .db import Database
        from .errors import CliError, DeviceError, Refused
        from .link import DeviceLink

        f = Follower()
        try:
            db = Database(self.club.db_path)
        except CliError as e:
            self.club.update(self, board_state(f, str(e)))
            self.gone = True
            return
        keeper = self.keeper = StoreKeeper(db, self.sessions)
        keeper.tonight, keeper.known = self.club.tonight, self.club.known
        while not self.club.closing:
            try:
                link = DeviceLink(
                    self.port, timeout=self.club.timeout, ask_after=self.club.ask_after
                )
            except DeviceError as e:
                if not os.path.exists(self.port):
                    break
                self.club.update(self, board_state(f, f"{e}; retrying every {RETRY:g} s"))
                time.sleep(RETRY)
                continue
            try:
                with link:
                    self.online = True

                    def changed(link: DeviceLink = link) -> None:
                        self.club.update(self, board_state(f, keeper.status(link)))

                    follow(link, f, changed, lambda: self.club.closing, keeper)
            except (DeviceError, Refused, CliError, sqlite3.Error) as e:
                self.online = False
                if not os.path.exists(self.port):
                    break
                self.club.update(self, board_state(f, f"link lost ({e}); retrying"))
                time.sleep(RETRY)
            finally:
                self.online = False
        self.gone = True
        self.club.update(self, board_state(f, f"unplugged from {self.port}"), unplugged=True)
        db.close()


class Club:
    """Every box, their cards and the leaderboard, published to ``show`` on each change."""

    def __init__(
        self,
        db_path: str | None,
        show: Any,
        ports: list[str] | None = None,
        timeout: float = 3.0,
        ask_after: float | None = None,
    ):
        self.db_path = db_path
        self.show = show
        self.fixed = ports  # --port given: only these
        self.timeout = timeout
        self.ask_after = ask_after
        self.closing = False
        self.boxes: dict[str, Box] = {}
        self.cards: dict[str, dict[str, Any]] = {}  # by device id (or port, before hello)
        self.order: list[str] = []  # tables numbered in the order they were first seen
        self.tonight: set[tuple[str, str]] = set()  # (device, match) played while we run
        self.known: set[str] = set()  # scoreboards synced once since we started
        self._lock = threading.Lock()
        self.version = 0
        self._shown = -1
        self._folds: dict = {}  # leaderboard.fold's, by (device, match)

    # -- the boxes ----------------------------------------------------------------------

    def ports(self) -> list[str]:
        if self.fixed:
            return list(self.fixed)
        from . import emulators
        from .ports import scan

        return [p.device for p in scan() if p.is_pico] + [p for _, p in emulators.running()]

    def look(self) -> None:
        """Start a Box for every port with a scoreboard not followed yet."""
        from .control import same_port

        for port in self.ports():
            box = next((b for p, b in self.boxes.items() if same_port(p, port)), None)
            if box is not None and not box.gone:
                continue
            box = Box(self, port)
            self.boxes[port] = box
            box.start()

    def owner(self, port: str) -> queue.Queue | None:
        """control.ControlServer asks: whose requests queue serves ``port`` (None: not ours)."""
        from .control import same_port

        for p, box in list(self.boxes.items()):
            if same_port(p, port) and box.online:
                return box.sessions
        return None

    # -- the cards ----------------------------------------------------------------------

    def update(self, box: Box, state: dict[str, Any], unplugged: bool = False) -> None:
        device = box.keeper.store.device if box.keeper else None
        key = device or box.port
        with self._lock:
            if device and box.port in self.cards and box.port != device:
                self.cards.pop(box.port)  # known by its id now: its own card, or the one
                if device in self.order:  # it had before it was unplugged
                    self.order.remove(box.port)
                else:
                    self.order = [device if k == box.port else k for k in self.order]
            if key not in self.order:
                self.order.append(key)
            state = dict(state, device=device, port=box.port, online=not unplugged)
            self.cards[key] = state
            self.version += 1

    def publish(self, db: Any) -> None:
        """Publish the board if anything changed since the last time."""
        if self.version == self._shown:
            return
        with self._lock:
            self._shown = self.version
            tables = []
            for n, key in enumerate(self.order, start=1):
                card = dict(self.cards[key], table=n)
                tables.append(card)
            tonight = set(self.tonight)
        board = {"tables": tables, "leaderboard": leaderboard(db, tonight, self._folds)}
        online = sum(1 for t in tables if t["online"])
        board["status"] = f"{online} of {len(tables)} table(s) connected"
        self.show(board)

    def close(self) -> None:
        self.closing = True
        for box in self.boxes.values():
            box.join(timeout=5)


Folded = tuple[str, str, bool, bool, list, list, list]  # key, title, lowest, over, ...


def fold(db: Any, device: str, match_id: str, cache: dict | None = None) -> Folded | None:
    """What the leaderboard needs of one match: (game key, title, lowest wins, over, sides,
    totals or None while secret, winners), folded by the core; None if it cannot be. Kept in
    ``cache`` by the count stored, so a match is folded again only when it grew."""
    from domino import Match

    row = db.conn.execute(
        "SELECT count FROM matches WHERE device = ? AND match = ?", (device, match_id)
    ).fetchone()
    if row is None:
        return None
    key = (device, match_id)
    if cache is not None and key in cache and cache[key][0] == row[0]:
        return cache[key][1]
    stored = next(db.matches(device=device, match=match_id), None)
    folded: Folded | None = None
    if stored is not None:
        try:
            m = Match.replay(stored.setup, stored.events)
            s = m.standings()
            hidden = m.game.hidden_standings(m) and not s["over"]
            folded = (
                m.game.key, m.game.title, m.game.lowest_wins, s["over"],
                [list(side) for side in s["sides"]], [] if hidden else list(s["totals"]),
                [list(w) for w in s["winners"]],
            )
        except Exception:  # noqa: BLE001 - a match the core cannot fold is left out
            folded = None
    if cache is not None:
        cache[key] = (row[0], folded)
    return folded


def leaderboard(
    db: Any, matches: set[tuple[str, str]], cache: dict | None = None
) -> list[dict[str, Any]]:
    """The evening's ranking per game (see the module's words), folded from ``db``."""
    games: dict[str, dict[str, Any]] = {}
    for device, match_id in sorted(matches):
        folded = fold(db, device, match_id, cache)
        if folded is None:
            continue
        key, title, lowest, over, sides, totals, winners = folded
        hidden = not totals
        game = games.setdefault(
            key, {"game": title, "key": key, "lowest_wins": lowest, "players": {}}
        )
        won = winners if over else []
        for i, side in enumerate(sides):
            for player in side:
                row = game["players"].setdefault(
                    player, {"player": player, "matches": 0, "wins": 0, "points": 0, "scored": 0}
                )
                row["matches"] += 1
                row["wins"] += 1 if side in won else 0
                if not hidden:
                    row["points"] += totals[i]
                    row["scored"] += 1
    out = []
    for key in sorted(games, key=lambda k: games[k]["game"]):
        game = games[key]
        rows = list(game.pop("players").values())
        for row in rows:
            row["avg"] = round(row["points"] / row["scored"], 1) if row["scored"] else None
        sign = 1 if game["lowest_wins"] else -1

        def rank(row: dict[str, Any], sign: int = sign) -> tuple:
            avg = row["avg"]
            return (-row["wins"], avg is None, 0 if avg is None else sign * avg, row["player"])

        game["rows"] = sorted(rows, key=rank)
        out.append(game)
    return out
