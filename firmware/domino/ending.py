"""Reading what each player still holds at a hand's end (an ``end`` or ``fix`` event's
``left``): pips, a list of tiles, or the form ``{"p": pips, "n": tiles, "d": 1 or 0, "w": pips
without doubles, "z": 1 or 0}`` whose keys a game asks for in ``Game.tally_fields``.

Loaded when a hand ends (Match._left); the device drops it while a hand is played."""

from .errors import DominoError, Said
from .tiles import SET_SIZES, full_set, hand_pips, is_double, name, parse, set_pips


class Left:
    """What one player (or side) still holds at a hand's end; None where the table did not say.
    Made here from an end's entries; ``Match``'s HandEnd gathers them per side."""

    __slots__ = ("pips", "count", "double", "tiles", "plain", "blank")

    def __init__(self, pips, count=None, double=None, tiles=None, plain=None, blank=None):
        self.pips = pips
        self.count = count  # tiles left
        self.double = double  # holds a double
        self.tiles = tiles
        self.plain = plain  # pips without the doubles (Bergen)
        self.blank = blank  # holds 0-0 (the double-blank penalty)


# --- what a hand's end may claim --------------------------------------------------------------
#
# What the record knows: a hand played out on the record (a seat laid its last tile, or everyone
# passed) knows every count. A hand the table ends (*End the hand*) is read two ways:
# - followed tile by tile (a tile laid on the record): the table entered the plays and draws as
#   they happened, all but the last tile of a seat who went out; the counts stand, and only a
#   seat holding one tile can have gone out;
# - not followed (nothing laid on the record: points-only tables; a hand kept on a score pad,
#   ``way``; an end the table declares, ``declared``): anyone may have gone out, and each other
#   seat holds at least one tile and at most what the record leaves it and it could draw.


def followed(hand, declared=False):
    """Whether the record followed ``hand`` tile by tile (``declared``: the table declares its
    end whatever the record says)."""
    return hand.played > 0 and hand.tracked and not declared


def keep(m, hand, way):
    """The ``way`` event: the table keeps hands on a score pad ("pad") or tile by tile
    ("tracked") from now on; a hand once kept on the pad is no longer followed."""
    if way not in ("tracked", "pad"):
        raise DominoError("way %r: tracked or pad" % (way,))
    m.way = way
    if way == "pad":
        hand.tracked = False
    return {}


def outs(m, hand, declared=False):
    """The seats that can have gone out of ``hand``."""
    if hand.out is not None:
        return [hand.out]
    if hand.played_out():
        return []  # blocked on the record
    n = len(m.players)
    if not followed(hand, declared):
        return list(range(n))
    return [p for p in range(n) if hand.counts[p] == 1]


def may_block(m, hand, declared=False):
    """Whether ``hand`` may end blocked (nobody out)."""
    if hand.out is not None:
        return False
    if hand.played_out() or not followed(hand, declared):
        return True
    return m.game.drawable(hand) == 0


def holdings(m, hand, out, declared=False):
    """(least, most) tiles each seat can hold when ``hand`` ends with ``out`` out (None:
    blocked)."""
    spare = m.game.drawable(hand)  # 0 in a game without drawing: a seat holds what it was dealt
    exact = hand.played_out() or followed(hand, declared)
    res = []
    for p in range(len(m.players)):
        c = hand.counts[p]
        if p == out or c == 0:
            res.append((0, 0))
        elif exact:
            res.append((c, c))
        else:
            res.append((1, c + spare))
    return res


def unseen_pips(m, hand):
    """The pips of each tile off the table, lightest first."""
    return sorted(t[0] + t[1] for t in full_set(m.game.top) if t not in hand.seen)


def bounds(m, hand, out, declared=False, w=None):
    """Per seat (least tiles, most tiles, least pips, most pips) at the end of ``hand`` with
    ``out`` out: the lightest and the heaviest tiles off the table it can hold. The least pips
    are 0 only for a seat that can hold no tiles (or only 0-0). ``w``: ``unseen_pips``."""
    if w is None:
        w = unseen_pips(m, hand)
    res = []
    for lo, hi in holdings(m, hand, out, declared):
        hi = min(hi, len(w))
        res.append((lo, hi, sum(w[:lo]), sum(w[len(w) - hi :])))
    return res


def _tiles(lo, hi):
    if lo == hi:
        return Said("%d tile", lo) if lo == 1 else Said("%d tiles", lo)
    return Said("%d to %d tiles", lo, hi)


def check_blocked(m, hand, declared=False):
    """Refuse a usual hand's end with nobody out that the game's drawing rule rules out (a
    barricade, which ends a hand on purpose, does not ask)."""
    if hand.out is None and not may_block(m, hand, declared):
        raise DominoError(
            "blocked: %d tile(s) can still be drawn, and %s blocks only when nobody can draw; "
            "draw them, or say who went out",
            m.game.drawable(hand),
            m.game.title,
        )


def check_out(m, hand, out, declared=False):
    """Refuse an end whose ``out`` the record rules out."""
    if out is not None and hand.out is None and out not in outs(m, hand, declared):
        can = outs(m, hand)
        raise DominoError(
            "out=%d: %s holds %d tiles on the record; only a seat holding one tile can have gone "
            "out without its last play entered (%s)"
            % (
                out,
                m.players[out],
                hand.counts[out],
                ", ".join(m.players[p] for p in can) if can else "no seat holds one",
            )
        )


def unasked(m, hand, out, declared=False):
    """The Left per seat of an end that asks nothing (``Game.tally_fields`` empty): the seat
    out holds nothing, the others what the table did not say (pips None), after checking
    ``out`` and the drawing rule against the record."""
    check_out(m, hand, out, declared)
    res = []
    for p in range(len(m.players)):
        if p == out or hand.counts[p] == 0:
            x = Left(0, 0, False, [], 0, False)
        else:
            x = Left(None)
        res.append(x)
    return res


def check_claims(m, hand, left, out, declared=False):
    """Refuse an end whose ``out`` or ``left`` (Left per seat) the record rules out, naming the
    bound."""
    check_out(m, hand, out, declared)
    need = 0
    lightest = 0
    w = unseen_pips(m, hand)
    for p, (lo, hi, least, most) in enumerate(bounds(m, hand, out, declared, w)):
        x = left[p]
        what = Said("left: seat %d (%s) holds %s", p, m.players[p], _tiles(lo, hi))
        if x.count is not None and not lo <= x.count <= hi:
            raise DominoError("%s, not %d", what, x.count)
        if x.count is not None and lo != hi:  # the tiles he holds, as entered, bound his pips
            lo = x.count
            least, most = sum(w[:lo]), sum(w[len(w) - lo :])
            what = Said("left: seat %d (%s) holds %s", p, m.players[p], _tiles(lo, lo))
        need += lo
        if x.pips is None:  # not asked (Game.tally_fields): nothing to check
            lightest = None
            continue
        if x.pips < least:
            raise DominoError("%s, so at least %d pips, not %d", what, least, x.pips)
        if x.pips > most:
            raise DominoError("%s, so at most %d pips, not %d", what, most, x.pips)
        if lightest is not None:
            lightest += x.pips
    least = sum(w[:need])
    if lightest is not None and lightest < least:
        raise DominoError(
            "left: the seats hold at least %d tiles in all, so at least %d pips together, not %d",
            need,
            least,
            lightest,
        )


def read_left(m, hand, entries, out, declared=False):
    """Match ``m``'s ``left`` entries of an end (or fix) event for ``hand`` → a Left per player,
    checked against the tiles still off the table and against one another."""
    g = m.game
    n = len(m.players)
    if not isinstance(entries, list) or len(entries) != n:
        raise DominoError("left: one entry per player (%d), each pips or a list of tiles" % n)
    unplayed = set_pips(g.top) - hand_pips(hand.seen)
    asks_pips = "p" in g.tally_fields(hand, out is None)
    named = set()
    left = []
    blank = None  # who holds 0-0
    for p, entry in enumerate(entries):
        who = m.players[p]
        if isinstance(entry, bool):
            entry = None
        if isinstance(entry, int):
            x = Left(entry)
        elif isinstance(entry, list):
            tiles = [parse(t, g.top) for t in entry]
            for t in tiles:
                if t in hand.seen:
                    raise DominoError("%s holds %s, but it is on the table", who, name(t))
                if t in named:
                    raise DominoError("%s is listed twice", name(t))
                named.add(t)
            plain = sum(a + b for a, b in tiles if a != b)
            x = Left(hand_pips(tiles), len(tiles), any(is_double(t) for t in tiles), tiles)
            x.plain, x.blank = plain, (0, 0) in tiles
        elif isinstance(entry, dict):
            x = _left_form(who, entry)
        else:
            raise DominoError("%s: %r is not pips, a list of tiles or {p,n,d,w,z}" % (who, entry))
        unasked_pips = x.pips is None and not asks_pips and isinstance(entry, dict)
        if unasked_pips:  # Game.tally_fields asks no pips: none are invented
            x.pips = 0 if x.count == 0 or p == out else None
        elif not isinstance(x.pips, int) or isinstance(x.pips, bool) or x.pips < 0:
            raise DominoError("%s: pips %r must be a whole number, 0 or more" % (who, x.pips))
        if x.pips is not None and x.pips > unplayed:
            raise DominoError(
                "%s: %d pips is more than the %d pips of all tiles off the table",
                who,
                x.pips,
                unplayed,
            )
        if p == out and x.count:
            raise DominoError("%s went out, so holds no tiles, not %d", who, x.count)
        if x.count is None and (hand.counts[p] == 0 or p == out):
            x.count = 0
        if p == out and x.pips:
            raise DominoError("%s went out, so holds 0 pips, not %d", who, x.pips)
        if x.count is not None and x.count == 0 and x.pips:
            raise DominoError("%s holds no tiles, so 0 pips, not %d", who, x.pips)
        _left_facts(who, x, hand)
        if x.count is not None and hand.played_out() and x.count != hand.counts[p]:
            raise DominoError(
                "%s: %d tile(s) left, but the record says %d", who, x.count, hand.counts[p]
            )
        if x.blank:
            if blank is not None:
                raise DominoError("%s and %s both hold 0-0; there is one", m.players[blank], who)
            blank = p
        left.append(x)
    total = sum(x.pips or 0 for x in left)
    if total > unplayed:
        raise DominoError(
            "the hands hold %d pips in all, but only %d pips are off the table", total, unplayed
        )
    check_claims(m, hand, left, out, declared)
    return left


def _left_form(who, entry):
    """``{"p": pips, "n": tiles, "d": 1 or 0, "w": pips without doubles, "z": 1 or 0}``."""
    x = Left(entry.get("p"), entry.get("n"), entry.get("d"), None, entry.get("w"), entry.get("z"))
    for key, value in (("d", x.double), ("z", x.blank)):
        if value not in (None, True, False):  # 1 and 0 are True and False
            raise DominoError("%s: %s=%r: 1 (yes) or 0 (no)" % (who, key, value))
    if x.double is not None:
        x.double = bool(x.double)
    if x.blank is not None:
        x.blank = bool(x.blank)
    for key, value in (("n", x.count), ("w", x.plain)):
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or value < 0
        ):
            raise DominoError("%s: %s=%r must be a whole number, 0 or more" % (who, key, value))
    return x


def _left_facts(who, x, hand):
    """What one answer implies about the others, and where they contradict each other."""
    if x.count == 0:
        for what, value in (("a double", x.double), ("0-0", x.blank)):
            if value:
                raise DominoError("%s holds no tiles, so not %s" % (who, what))
        x.double = x.blank = False
    if x.blank and (0, 0) in hand.seen:
        raise DominoError("%s holds 0-0, but it is on the table", who)
    if x.blank and x.double is False:
        raise DominoError("%s holds 0-0, a double, but d=0 says no double" % who)
    if x.plain is not None and x.pips is not None and x.plain > x.pips:
        raise DominoError(
            "%s: %d pips without doubles is more than his %d pips" % (who, x.plain, x.pips)
        )
    if x.double is False and x.plain is None:
        x.plain = x.pips  # no doubles: all his pips are pips without doubles


def result_least(m, hand, won, out):
    """The least seat ``won``'s side can score by a hand's result entered as itself, where the
    game scores the tiles the other sides hold (Super Dominos' simple scoring: "a point ...
    for every domino they have left"): each other seat holds at least its least tiles (one,
    since it did not go out). 0 where pips are scored: a 0-0 is no pips, and where the winner
    scores a difference (a blocked Block, All Sevens) nothing bounds it from below."""
    g = m.game
    if "p" in g.tally_fields(hand, out is None):
        return 0
    side = m.side_of[won]
    least = 0
    for p, b in enumerate(bounds(m, hand, out, True)):
        if m.side_of[p] != side:
            least += b[0]
    return least


def read_result(m, hand, ev, out=None):
    """An end (or fix) event that gives the hand's result itself, as a paper score pad
    writes it: seat ``won``'s side scores ``n`` (``Game.result_entry``). Bounded as a tally
    is: by what the other sides can hold (their most pips, or tiles where the game counts
    tiles), who went out by the record. Returns (points per side, who went out)."""
    g = m.game
    for key in ("left", "bar", "last"):
        if ev.get(key) is not None:
            raise DominoError("won: the hand's result itself, without %s" % key)
    won = ev.get("won")
    if not isinstance(won, int) or isinstance(won, bool) or not 0 <= won < len(m.players):
        raise DominoError("won=%r: the seat whose side scores, 0..%d" % (won, len(m.players) - 1))
    out, declared = m.end_who(hand, ev, out)
    if not g.result_entry(hand, out is None):
        raise DominoError(
            "won: %s scores this hand from what each player holds; enter left" % g.title
        )
    check_out(m, hand, out, declared)
    if out is None:
        check_blocked(m, hand, declared)
    side = m.side_of[won]
    if out is not None and m.side_of[out] != side:
        raise DominoError(
            "won=%d: %s went out, so his side takes the hand" % (won, m.players[out])
        )
    n = ev.get("n")
    tiles = "p" not in g.tally_fields(hand, out is None)
    most = 0
    for p, b in enumerate(bounds(m, hand, out, declared)):
        if m.side_of[p] != side:
            most += b[1] if tiles else b[3]
    if tiles:  # no more than the tiles off the table
        most = min(most, SET_SIZES[g.top] - hand.played)
    else:  # no more than their pips
        most = min(most, set_pips(g.top) - hand_pips(hand.seen))
    unit = g.points_unit
    most = (most + unit - 1) // unit * unit
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= most:
        raise DominoError(
            "n=%r: the other sides hold at most %d %s, so 0..%d"
            % (n, most, "tiles" if tiles else "pips", most)
        )
    tally = [0] * len(m.sides)
    tally[side] = n
    return tally, out
