"""Running integer aggregates of an experiment: what a worker sends back for a chunk of games.

A summary needs counts, sums and distributions, never the games themselves, so each chunk is
folded on the worker into a ``Tally`` (counts, and histograms of the integer outcomes: final
scores, tiles laid, draws, passes, hands per match), and the client adds tallies up. Its size
depends on how many distinct values the outcomes take, not on how many games were played, so
the client's memory is the same for 10^4 games and 10^9. Integer sums are exact and adding
them is commutative: the total is the same whatever order chunks arrive in, for any number of
workers.

Games are read from the packed format of ``records`` (one ``array('i')`` a chunk); outcomes in
it are by seat-side, and the tally turns them into entrants with the chunk's ``Seating``.
"""

from __future__ import annotations

from .records import NONE, games


def _bump(hist: dict, value: int, by: int = 1) -> None:
    hist[value] = hist.get(value, 0) + by


class Tally:
    """Everything ``stats.summarize_tally`` reports, as integers.

    ``side_of[j][e]``: the side canonical entrant ``e`` holds in seating ``j``;
    ``side_of_seat[p]``: the side of seat ``p``; ``lowest``: the lowest total wins."""

    def __init__(self, side_of, side_of_seat, lowest: bool, deal_games: int = 0):
        self.side_of = [list(x) for x in side_of]
        self.side_of_seat = list(side_of_seat)
        self.lowest = bool(lowest)
        e = len(self.side_of[0])
        # Duplicate deals (``deal_games``: the games of one deal, one per seating; 0 when each
        # game has a deal of its own): the games of a deal are linked (the same cards favour
        # the same seat), so intervals and tests read the deal as the unit. Per deal a row:
        # each entrant's wins in its games, then each side position's; the rows summed over
        # the deals with their products, for the variances and covariances of ``stats``. A
        # deal's row stays open until all its games are tallied (chunks may split a deal).
        self.deal_games = deal_games
        self.deals = 0
        self.deal_sums = [0] * (2 * e)
        self.deal_cross = [[0] * (2 * e) for _ in range(2 * e)]
        self.open_deals: dict[int, list[int]] = {}  # deal: [games tallied, its row]
        self.units = 0
        self.hands = 0
        self.per_seating = [0] * len(self.side_of)
        self.wins = [0] * e  # by entrant: games it alone won
        self.seat_wins = [0] * e  # by side position (seat-side): games it alone won
        self.ties = 0
        self.undecided = 0
        self.first_won = 0
        self.first_n = 0
        self.hand_lead_won = 0
        self.hand_lead_n = 0
        self.blocked = 0
        self.plays: dict[int, int] = {}
        self.draws: dict[int, int] = {}
        self.passes: dict[int, int] = {}
        self.hands_per_unit: dict[int, int] = {}
        self.scores: list[dict[int, int]] = [{} for _ in range(e)]  # by entrant
        self.ahead = [[0] * e for _ in range(e)]  # [a][b]: games a finished ahead of b
        self.level = [[0] * e for _ in range(e)]  # [a][b]: games they finished level

    def add_chunk(self, chunk, seatings, deals=None) -> None:
        """Fold a packed chunk; ``seatings`` gives each of its games' seating, in order, and
        ``deals`` each one's deal (needed for duplicate deals)."""
        if deals is None:
            deals = [None] * len(seatings)
        for j, d, game in zip(seatings, deals, games(chunk), strict=True):
            self.add(j, *game, deal=d)

    def add(self, j: int, winners, totals, over, hands, deal=None) -> None:
        self.units += 1
        self.per_seating[j] += 1
        side_of = self.side_of[j]
        side_of_seat = self.side_of_seat
        if self.deal_games and deal is not None:
            e = len(side_of)
            row = self.open_deals.get(deal)
            if row is None:
                row = self.open_deals[deal] = [0] * (1 + 2 * e)
            row[0] += 1
            if len(winners) == 1:
                row[1 + side_of.index(winners[0])] += 1
                row[1 + e + winners[0]] += 1
            if row[0] == self.deal_games:
                self._close_deal(self.open_deals.pop(deal))
        if len(winners) == 1:
            w = winners[0]
            self.seat_wins[w] += 1
            self.wins[side_of.index(w)] += 1
        elif winners:
            self.ties += 1
        else:
            self.undecided += 1
        self.hands += len(hands)
        _bump(self.hands_per_unit, len(hands))
        if hands and hands[0][0] != NONE and len(winners) == 1:
            self.first_n += 1
            self.first_won += side_of_seat[hands[0][0]] == winners[0]
        lowest = self.lowest
        for lead, plays, draws, passes, _out, blocked, points in hands:
            _bump(self.plays, plays)
            _bump(self.draws, draws)
            _bump(self.passes, passes)
            self.blocked += blocked
            if lead != NONE:
                best = min(points) if lowest else max(points)
                if points.count(best) == 1:
                    self.hand_lead_n += 1
                    self.hand_lead_won += points[side_of_seat[lead]] == best
        # finishing order: a sole winner is ahead of everyone, then the better total
        rank = []
        for e, s in enumerate(side_of):
            _bump(self.scores[e], totals[s])
            won = 1 if len(winners) == 1 and winners[0] == s else 0
            rank.append((won, -totals[s] if lowest else totals[s]))
        for a, ra in enumerate(rank):
            row_ahead = self.ahead[a]
            row_level = self.level[a]
            for b, rb in enumerate(rank):
                if a != b:
                    if ra > rb:
                        row_ahead[b] += 1
                    elif ra == rb:
                        row_level[b] += 1

    def _close_deal(self, row: list[int]) -> None:
        """Every game of a deal is tallied: its row joins the sums."""
        self.deals += 1
        x = row[1:]
        sums = self.deal_sums
        for a, xa in enumerate(x):
            sums[a] += xa
            if xa:
                cross = self.deal_cross[a]
                for b, xb in enumerate(x):
                    cross[b] += xa * xb

    def metrics(self, j: int, winners, totals, hands) -> list[int]:
        """One game's outcomes compared pairwise between house rules (``Paired``): each
        entrant's win (0/1) and final score, then hands, blocked hands and tiles laid."""
        side_of = self.side_of[j]
        won = winners[0] if len(winners) == 1 else -1
        out = [1 if won == s else 0 for s in side_of]
        out += [totals[s] for s in side_of]
        out += [len(hands), sum(h[5] for h in hands), sum(h[1] for h in hands)]
        return out

    def merge(self, other: Tally) -> None:
        for name in ("units", "hands", "ties", "undecided", "first_won", "first_n",
                     "hand_lead_won", "hand_lead_n", "blocked"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("per_seating", "wins", "seat_wins"):
            mine = getattr(self, name)
            for i, x in enumerate(getattr(other, name)):
                mine[i] += x
        for name in ("plays", "draws", "passes", "hands_per_unit"):
            mine = getattr(self, name)
            for v, c in getattr(other, name).items():
                _bump(mine, v, c)
        for mine, theirs in zip(self.scores, other.scores, strict=True):
            for v, c in theirs.items():
                _bump(mine, v, c)
        for grid in ("ahead", "level", "deal_cross"):
            for mine, theirs in zip(getattr(self, grid), getattr(other, grid), strict=True):
                for i, x in enumerate(theirs):
                    mine[i] += x
        self.deals += other.deals
        for i, x in enumerate(other.deal_sums):
            self.deal_sums[i] += x
        for d, theirs in other.open_deals.items():  # a deal whose games two chunks shared
            row = self.open_deals.get(d)
            if row is None:
                self.open_deals[d] = list(theirs)
                continue
            for i, x in enumerate(theirs):
                row[i] += x
            if row[0] == self.deal_games:
                self._close_deal(self.open_deals.pop(d))


class Paired:
    """The same games under each value of a house rule (or one value): a ``Tally`` per value,
    and per value after the first the sums of the per-game differences from the first (``metrics``)
    and of their squares, for paired intervals."""

    def __init__(self, tallies: list[Tally]):
        self.tallies = tallies
        width = 2 * len(tallies[0].wins) + 3
        self.sums = [[0] * width for _ in tallies[1:]]
        self.squares = [[0] * width for _ in tallies[1:]]

    @property
    def units(self) -> int:
        return self.tallies[0].units

    def add(self, j: int, outcomes: list[tuple], deal=None) -> None:
        """``outcomes[v]``: the game under value ``v`` as (winners, totals, over, hands), of
        seating ``j`` and ``deal``."""
        if len(outcomes) == 1:
            self.tallies[0].add(j, *outcomes[0], deal=deal)
            return
        base = None
        for v, (tally, game) in enumerate(zip(self.tallies, outcomes, strict=True)):
            tally.add(j, *game, deal=deal)
            winners, totals, _over, hands = game
            m = tally.metrics(j, winners, totals, hands)
            if base is None:
                base = m
                continue
            sums = self.sums[v - 1]
            squares = self.squares[v - 1]
            for i, (x, y) in enumerate(zip(m, base, strict=True)):
                d = x - y
                sums[i] += d
                squares[i] += d * d

    def merge(self, other: Paired) -> None:
        for mine, theirs in zip(self.tallies, other.tallies, strict=True):
            mine.merge(theirs)
        for grid in ("sums", "squares"):
            for mine, theirs in zip(getattr(self, grid), getattr(other, grid), strict=True):
                for i, x in enumerate(theirs):
                    mine[i] += x
