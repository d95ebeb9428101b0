"""Game records packed as machine ints: what a worker sends back for a chunk of games.

A list of dicts per hand costs more to pickle, send and unpickle than the games cost to play
(and the unpickling falls on the merging process, which shares the CPUs with the workers). So
a chunk travels as one ``array('i')``, a flat run of ints per game:

    sides, hands, over, winners, w_1..w_winners, total_1..total_sides,
    then per hand: lead, plays, draws, passes, out, blocked, points_1..points_sides

(a seat that is None — no lead, nobody out — is -1). ``Records`` holds the chunks in index
order and gives each game back as the dict ``table.play_unit`` returns, built when asked.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import overload

NONE = -1  # a seat that is None


def new_chunk() -> array:
    return array("i")


def pack_game(out: array, totals, winners, over: bool, hands) -> None:
    """Append one game to ``out``; ``hands`` are (lead, plays, draws, passes, out, blocked,
    points) tuples."""
    row = [len(totals), len(hands), 1 if over else 0, len(winners)]
    row += winners
    row += totals
    for lead, plays, draws, passes, gone, blocked, points in hands:
        row += (NONE if lead is None else lead, plays, draws, passes,
                NONE if gone is None else gone, 1 if blocked else 0)
        row += points
    out.extend(row)  # one call into the array: the game is built as a list first


def pack_record(out: array, rec: dict) -> None:
    """Append a ``table.play_unit`` record."""
    pack_game(out, rec["totals"], rec["winners"], rec["over"],
              [(h["lead"], h["plays"], h["draws"], h["passes"], h["out"], h["blocked"],
                h["points"]) for h in rec["hands"]])


def games(chunk) -> Iterator[tuple]:
    """The games of a packed chunk as (winners, totals, over, hands) with hands as (lead,
    plays, draws, passes, out, blocked, points) tuples; a seat that is None is -1."""
    at = 0
    end = len(chunk)
    while at < end:
        sides, n, over, nw = chunk[at:at + 4]
        at += 4
        winners = chunk[at:at + nw].tolist()
        at += nw
        totals = chunk[at:at + sides].tolist()
        at += sides
        hands = []
        for _ in range(n):
            row = chunk[at:at + 6].tolist()
            at += 6
            row.append(chunk[at:at + sides].tolist())
            at += sides
            hands.append(row)
        yield winners, totals, over == 1, hands


def spans(chunk) -> Iterator[tuple[int, int]]:
    """Where each game of a packed chunk starts and ends in it: (start, end) offsets."""
    at = 0
    end = len(chunk)
    while at < end:
        sides, n, _over, nw = chunk[at:at + 4]
        stop = at + 4 + nw + sides + n * (6 + sides)
        yield at, stop
        at = stop


def unpack(chunk: array, start: int) -> list[dict]:
    """The games of a chunk as records, the first numbered ``start``."""
    return [
        {"i": i, "totals": totals, "winners": winners, "over": over,
         "hands": [{"lead": None if lead == NONE else lead, "plays": plays, "draws": draws,
                    "passes": passes, "out": None if gone == NONE else gone,
                    "blocked": blocked == 1, "points": points}
                   for lead, plays, draws, passes, gone, blocked, points in hands]}
        for i, (winners, totals, over, hands) in enumerate(games(chunk), start)
    ]


class Records(Sequence[dict]):
    """An experiment's games in index order, kept packed; each read as a record dict."""

    def __init__(self):
        self.chunks: list[tuple[int, int, array]] = []  # (first index, games, packed)
        self.n = 0

    def add(self, games: int, chunk: array) -> None:
        self.chunks.append((self.n, games, chunk))
        self.n += games

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[dict]:
        for start, _, chunk in self.chunks:
            yield from unpack(chunk, start)

    @overload
    def __getitem__(self, k: int) -> dict: ...

    @overload
    def __getitem__(self, k: slice) -> list[dict]: ...

    def __getitem__(self, k: int | slice) -> dict | list[dict]:
        if isinstance(k, slice):
            return list(self)[k]
        if k < 0:
            k += self.n
        if not 0 <= k < self.n:
            raise IndexError(f"game {k}: this experiment has {self.n}")
        for start, games, chunk in self.chunks:
            if k < start + games:
                return unpack(chunk, start)[k - start]
        raise IndexError(k)

    def __eq__(self, other) -> bool:
        if isinstance(other, Records):
            return self.n == other.n and all(
                a.tobytes() == b.tobytes() for a, b in zip(self._packed(), other._packed(),
                                                          strict=True))
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # pyright: ignore[reportAssignmentType]

    def _packed(self) -> list[array]:
        """All games as one array (chunk borders do not matter to equality)."""
        whole = array("i")
        for _, _, chunk in self.chunks:
            whole.extend(chunk)
        return [whole]


class CsvSink:
    """``--records FILE``: every hand of every game streamed to CSV as it comes back, in game
    order, and dropped (nothing is held). One row per hand; the game's columns repeat on each
    of its rows: game, deal (games of one deal were dealt alike), variant (the house-rule value
    of a ``--compare``), the bots by seat, the hand, lead, out, blocked, tiles laid, draws,
    passes, the hand's points by side, then the game's winner side, whether the match ended,
    and the totals by side."""

    def __init__(self, path, variants: list, sides: int):
        import csv

        self.f = open(path, "w", newline="")  # noqa: SIM115 (closed by close())
        self.w = csv.writer(self.f)
        self.variants = variants  # per variant: its seatings' Setups (bots by seat)
        self.w.writerow(["game", "deal", "variant", "bots", "hand", "lead", "out", "blocked",
                         "plays", "draws", "passes"] + [f"points{s}" for s in range(sides)]
                        + ["winner", "over"] + [f"total{s}" for s in range(sides)])
        self.rows = 0

    def __call__(self, packed, where) -> None:
        rows = []  # the chunk's rows, written in one call; read off the ints (as ``games``)
        bots = [[" ".join(x.strategies) for x in setups] for _, setups in self.variants]
        labels = [label for label, _ in self.variants]
        ints = packed.tolist()
        at = 0
        for i, d, j, v in where:
            sides, n, over, nw = ints[at:at + 4]
            at += 4
            head = [i, d, labels[v], bots[v][j]]
            tail = [ints[at] if nw == 1 else "", over, *ints[at + nw:at + nw + sides]]
            at += nw + sides
            for k in range(n):
                lead, plays, draws, passes, gone, blocked = ints[at:at + 6]
                at += 6
                rows.append([*head, k, "" if lead == NONE else lead,
                             "" if gone == NONE else gone, blocked, plays, draws, passes,
                             *ints[at:at + sides], *tail])
                at += sides
        self.w.writerows(rows)
        self.rows += len(rows)

    def close(self) -> None:
        self.f.close()
