"""A match is its setup plus a list of events; everything else is a fold of that list.

``Match.apply(event)`` checks the event completely before it changes anything, so a rejected
event leaves the match exactly as it was. Undo and redo are events too: the log only grows.

Events (``k`` is the kind; ``p`` a player index in seating order, who plays next is ``p + 1``):

- ``play``  ``{"k":"play","p":1,"t":"6-4","e":0}`` lay a tile on end ``e`` (no ``e`` to lead)
- ``draw``  ``{"k":"draw","p":1,"n":1}`` take ``n`` tiles from the boneyard
- ``pass``  ``{"k":"pass","p":1}`` end the turn without laying a tile
- ``claim`` ``{"k":"claim","p":1}`` the player claims the count their play made
- ``mug``   ``{"k":"mug","p":0}`` "Muggins!": an opponent takes a count that was not claimed
- ``pts``   ``{"k":"pts","p":0,"n":10}`` points entered by hand (points-only scoring)
- ``end``   ``{"k":"end","left":[0,12,["6-4","2-1"]],"out":0}`` the hand's end: what each player
  still holds (pips, a list of tiles, or ``{"p":pips,"n":tiles,"d":holds a double,"w":pips
  without doubles,"z":holds 0-0}``; ``Game.tally_fields`` says which a game needs; no
  ``left`` where it needs nothing, as after a Bergen domino)
  An ``end`` is accepted while the hand could still be played: the table may end a hand whose
  plays it did not all enter (the device's *End the hand*). The record cannot check such an
  end, so the standings mark its hand ``"declared": true`` (``Hand.played_out``).
  ``"declared":1``: the table declares this end whatever the record says (a hand it tracked
  tile by tile and stops following): its bounds are a score pad's (``domino.ending``).
- ``way``   ``{"k":"way","way":"pad"}`` keep hands on a score pad from now on (points and the
  end's tallies), or ``"tracked"`` (every tile); the setup's ``way`` is the first (default
  "tracked"; ``Game.way`` is the device's default). A hand once kept on the pad is no longer
  followed by the record, so its end is bounded as a score pad's.
- ``fix``   ``{"k":"fix","h":2,"left":[...]}`` correct the tally of an earlier hand
- ``undo`` / ``redo`` / ``note`` ``{"k":"note","text":"..."}``
"""

from array import array

from . import registry
from .errors import DominoError, Said
from .tiles import TileSet, name, parse

WAYS = ("tracked", "pad")  # how a table keeps its hands (the ``way`` event)
KINDS = ("play", "draw", "pass", "claim", "mug", "pts", "end", "fix", "undo", "redo", "note", "way")
MAX_PLAYERS = 10
MAX_NAME = 16


BLOCK = 64  # numbers per block of a Numbers: 256 bytes, a size a fragmented Pico heap has


class Numbers:
    """A list of whole numbers 0..2**32-1 (event numbers, marks) in fixed blocks of BLOCK
    4-byte ``array`` items: it grows a block at a time and never copies what it holds (one
    array regrown asked a fragmented Pico heap for ever larger blocks: 67 undos of a long
    session were enough to fail). Shrinking keeps one spare block, so an undo and a redo at a
    block's edge do not allocate."""

    __slots__ = ("blocks", "n")

    def __init__(self):
        self.blocks = []
        self.n = 0

    def append(self, i):
        n = self.n
        b = n // BLOCK
        if b == len(self.blocks):
            self.blocks.append(array("I", bytes(4 * BLOCK)))
        self.blocks[b][n % BLOCK] = i
        self.n = n + 1

    def pop(self):
        self.n -= 1
        return self.blocks[self.n // BLOCK][self.n % BLOCK]

    def last(self):
        return self[self.n - 1]

    def truncate(self, n):
        self.n = n
        keep = n // BLOCK + 2  # the blocks in use and a spare
        while len(self.blocks) > keep:
            self.blocks.pop()

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("number %d of %d" % (i, self.n))
        return self.blocks[i // BLOCK][i % BLOCK]

    def __setitem__(self, i, v):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("number %d of %d" % (i, self.n))
        self.blocks[i // BLOCK][i % BLOCK] = v

    def __iter__(self):
        for k in range(self.n):
            yield self.blocks[k // BLOCK][k % BLOCK]


class HandEnd:
    """The facts a game scores a hand's end from, per side."""

    def __init__(self, left, out, last, sides, hand):
        self.players = left  # domino.ending.Left per player
        self.out = out  # the side that went out, or None when blocked
        self.blocked = out is None
        self.last = last  # the player who laid the last tile, or None
        self.hand = hand  # the Hand, for games that look at the table
        self.sides = sides
        self.pips = []
        self.counts = []
        self.doubles = []
        for members in sides:
            ls = [left[p] for p in members]
            pips = [x.pips for x in ls]
            self.pips.append(None if None in pips else sum(pips))  # None: not asked
            self.counts.append(None if None in [x.count for x in ls] else sum(x.count for x in ls))
            self.doubles.append(
                None if None in [x.double for x in ls] else any(x.double for x in ls)
            )

    def tiles(self, p):
        """Seat ``p``'s tiles left: what the table entered (``Match._left`` checks it against
        the record of a hand played out), else the record's count of a hand played out."""
        count = self.players[p].count
        if count is not None:
            return count
        if self.hand.played_out():
            return self.hand.counts[p]
        raise DominoError(
            'seat %d: give the tiles left, {"p": pips, "n": tiles}: the table ended the hand, '
            "so the record does not know how many he holds" % p
        )


# A finished hand packed in one array("i") (Records): these fields, then the points per side
# scored in play, those of the hand's end, each seat's tiles left, and the tiles seen on the
# table, three bytes of TileSet bits a number.
_NUMBER, _END, _OUT, _LAST, _FLAGS, _PLAYED, _BONEYARD, _SEEN_BYTES, _SEEN = range(9)
_HEAD = 9
_ENDED = 1  # flags: the record itself ended the hand (Hand.played_out)
_TRACKED = 2  # the record followed every tile (domino.ending)


class Record:
    """A finished hand, as ``Match.records`` gives it: a copy unpacked from its packed array
    (``Records.put`` stores a changed one). ``hand``: the facts a correction checks a tally
    against (``Finished``), unpacked when asked for."""

    __slots__ = ("number", "play", "tally", "end", "out", "last", "ended", "_a", "_records")

    def __init__(self, a, records):
        s = records.sides
        self.number = a[_NUMBER]
        self.play = [a[k] for k in range(_HEAD, _HEAD + s)]  # points per side scored in play
        self.tally = [a[k] for k in range(_HEAD + s, _HEAD + 2 * s)]  # and from the hand's end
        end = a[_END]
        self.end = None if end < 0 else end  # log index of the end (or its fix); None: at target
        self.out = None if a[_OUT] < 0 else a[_OUT]
        self.last = None if a[_LAST] < 0 else a[_LAST]
        self.ended = a[_FLAGS] & _ENDED != 0  # the record itself ended the hand
        self._a = a
        self._records = records

    def points(self):
        return [a + b for a, b in zip(self.play, self.tally)]

    @property
    def hand(self):
        a = self._a
        s = self._records.sides
        n = self._records.players
        at = _HEAD + 2 * s
        seen = TileSet()
        size = a[_SEEN_BYTES]
        bits = bytearray(size)
        k = at + n
        for i in range(size):
            bits[i] = a[k + i // 3] >> (8 * (i % 3)) & 255
        seen.bits = bits
        seen.size = a[_SEEN]
        flags = a[_FLAGS]
        return Finished(
            self.number,
            seen,
            a[_PLAYED],
            [a[k] for k in range(at, at + n)],
            self.out,
            self.last,
            list(self.play),
            a[_BONEYARD],
            flags & _ENDED != 0,
            flags & _TRACKED != 0,
        )


class Records:
    """The finished hands, oldest first: one small ``array("i")`` each (``_HEAD`` numbers, the
    points per side, the tiles left per seat, the tiles seen), not an object graph of lists
    and dicts, so a 150-hand match fits the Pico's heap. Indexing gives a ``Record`` copy."""

    __slots__ = ("packed", "n", "sides", "players")

    def __init__(self, sides, players, packed=None, n=0):
        self.sides = sides
        self.players = players
        self.packed = [] if packed is None else packed
        self.n = n

    def add(self, hand, tally, end, out):
        """Pack hand ``hand`` (the Hand just finished), scored ``tally`` at its end."""
        seen = hand.seen.bits
        flags = (_ENDED if hand.played_out() else 0) | (_TRACKED if hand.tracked else 0)
        ints = [
            hand.number,
            -1 if end is None else end,
            -1 if out is None else out,
            -1 if hand.last is None else hand.last,
            flags,
            hand.played,
            hand.boneyard,
            len(seen),
            len(hand.seen),
        ]
        ints.extend(hand.points)
        ints.extend(tally)
        ints.extend(hand.counts)
        for i in range(0, len(seen), 3):
            v = 0
            for j in range(min(3, len(seen) - i)):
                v |= seen[i + j] << (8 * j)
            ints.append(v)
        self._store(self.n, array("i", ints))
        self.n += 1

    def put(self, i, rec):
        """Store a changed copy ``rec`` of hand ``i``: its tally and its end (a correction)."""
        a = array("i", self.packed[i])
        s = self.sides
        for k in range(s):
            a[_HEAD + s + k] = rec.tally[k]
        a[_END] = -1 if rec.end is None else rec.end
        self.packed[i] = a

    def _store(self, i, a):
        if i < len(self.packed):
            self.packed[i] = a
        else:
            self.packed.append(a)

    def head(self, n):
        """The first ``n`` hands (sharing their arrays): what the match was after hand n."""
        return Records(self.sides, self.players, self.packed, n)

    def truncate(self, n):
        self.n = n
        while len(self.packed) > n:
            self.packed.pop()

    def points(self, i):
        """Hand ``i``'s points per side, without unpacking the rest."""
        a = self.packed[i]
        s = self.sides
        return [a[_HEAD + k] + a[_HEAD + s + k] for k in range(s)]

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("hand %d of %d" % (i, self.n))
        return Record(self.packed[i], self)

    def __iter__(self):
        for i in range(self.n):
            yield Record(self.packed[i], self)


class Finished:
    """What a finished hand keeps for corrections: the few facts ``standard_end`` checks a
    tally against (``Record.hand`` unpacks them)."""

    def __init__(self, number, seen, played, counts, out, last, points, boneyard, ended, tracked):
        self.number = number
        self.seen = seen
        self.played = played
        self.counts = counts
        self.out = out
        self.last = last
        self.points = points
        self.boneyard = boneyard
        self.ended = ended
        self.tracked = tracked

    def is_over(self):
        return True

    def played_out(self):
        return self.ended


class Hand:
    """The state of the hand in progress. A game that keeps more declares a subclass
    (``Game.hand_type``) with its fields; ``Match.new_hand`` makes the game's kind."""

    def __init__(self, match, number):
        g = match.game
        self.number = number
        self.layout = g.layout(number)
        self.counts = [g.deal_size(g.n)] * g.n
        self.boneyard = g.boneyard()
        self.turn = g.leader(match, number)
        self.passes = 0  # consecutive passes; everyone passing blocks the hand
        self.drawn = 0  # tiles drawn in the current turn
        self.pending = None  # (player, points) counted but not yet claimed
        self.points = [0] * len(match.sides)
        self.out = None  # the player who went domino
        self.blocked = False
        self.last = None  # who laid the last tile
        self.seen = TileSet()  # tiles on the table
        self.played = 0  # how many tiles were laid
        self.tracked = match.way == "tracked"  # the record follows every tile (domino.ending)
        # Points per side entered on a score pad during this hand: they stand for plays the
        # record did not see, so plays entered after a return to tracking take from them
        # before they score (Match._play): nothing is counted twice. None until some are.
        self.padded = None

    def is_over(self):
        return self.out is not None or self.blocked

    def played_out(self):
        """Whether the record itself ended the hand (a seat laid its last tile, or everyone
        passed): then every play was entered and ``counts`` are the tiles each seat holds. An
        ``end`` before that is declared by the table (the device's *End the hand*), and what
        the table enters is all the record knows of the hands."""
        return self.is_over()


class Match:
    def __init__(self, setup, log=None):
        """``log`` holds every event applied, undo included (what is stored and synced): a list by
        default; the device passes an object reading events back from flash by index, so the
        Pico's heap holds only event numbers."""
        if not isinstance(setup, dict):
            raise DominoError("setup must be an object with game and players")
        if setup.get("v", 1) != 1:
            raise DominoError("match format version %r: this core reads version 1" % setup.get("v"))
        players = setup.get("players")
        if not isinstance(players, list):
            raise DominoError("players: give a list of 2 to %d names" % MAX_PLAYERS)
        if not 2 <= len(players) <= MAX_PLAYERS:
            raise DominoError(
                "players: %d name%s given; give a list of 2 to %d names"
                % (len(players), "" if len(players) == 1 else "s", MAX_PLAYERS)
            )
        for p in players:
            if not isinstance(p, str) or not 0 < len(p) <= MAX_NAME:
                raise DominoError("player name %r: 1 to %d characters" % (p, MAX_NAME))
        self.players = players
        n = len(players)
        self.game = registry.create(setup.get("game"), setup.get("opts"), n)
        teams = setup.get("teams")
        if teams is None and self.game.partners is not None:
            teams = [list(t) for t in self.game.partners]
        self.sides = self._sides(teams, n)
        self.game.check_sides(self.sides)
        self.side_of = [0] * n
        for s, members in enumerate(self.sides):
            for p in members:
                self.side_of[p] = s
        self.target = self._limit(setup, "target", self.game.default_target())
        self.rounds = self._limit(setup, "rounds", self.game.rounds)
        if self.target is None and self.rounds is None:
            raise DominoError("give a target score or a number of rounds")
        if setup.get("way", "tracked") not in WAYS:
            raise DominoError("way %r: tracked or pad" % (setup["way"],))
        self.setup = setup
        self.log = [] if log is None else log
        self.at = 0  # log index of the event being applied (a redo or refold re-applies old ones)
        self.effective = Numbers()  # log indices of the events in force after undo/redo
        self.undone = Numbers()  # log indices of events undone, newest last: redo's stack
        self._reset()

    @staticmethod
    def _sides(teams, n):
        if teams is None:
            return [[p] for p in range(n)]
        seen = []
        if not isinstance(teams, list) or len(teams) < 2:
            raise DominoError("teams: a list of at least two lists of player indices")
        for team in teams:
            if not isinstance(team, list) or not team:
                raise DominoError("team %r: a non-empty list of player indices" % (team,))
            for p in team:
                if not isinstance(p, int) or not 0 <= p < n or p in seen:
                    raise DominoError("team member %r: each player 0..%d in one team" % (p, n - 1))
                seen.append(p)
        if len(seen) != n:
            raise DominoError("teams: every player 0..%d must be in a team" % (n - 1))
        return [list(t) for t in teams]

    @staticmethod
    def _limit(setup, key, default):
        value = setup.get(key, default)
        if value is not None and (
            not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= 10000
        ):
            raise DominoError("%s %r: a whole number 1..10000, or null" % (key, value))
        return value

    def _reset(self):
        self.totals = [0] * len(self.sides)
        self.records = Records(len(self.sides), len(self.players))
        self.marks = Numbers()  # len(effective) when each hand started
        self.marks.append(0)
        self.over = False
        self.way = self.setup.get("way", "tracked")  # how the table keeps the hands now
        self.ways = Numbers()  # and how the table kept it (an index into WAYS)
        self.ways.append(WAYS.index(self.way))
        self.hand = self.new_hand(0)

    # --- the fold ---------------------------------------------------------------------------

    @classmethod
    def replay(cls, setup, events):
        m = cls(setup)
        for i, ev in enumerate(events):
            try:
                m.apply(ev)
            except DominoError as e:
                raise DominoError("event %d: %s" % (i, e))
        return m

    def apply(self, ev):
        """Check and apply one event; return what happened, for the device to announce."""
        if not isinstance(ev, dict):
            raise DominoError("event %r: expected an object with a kind k" % (ev,))
        kind = ev.get("k")
        if kind not in KINDS:
            raise DominoError("event kind %r: allowed kinds are %s" % (kind, ", ".join(KINDS)))
        if kind == "undo":
            result = self._undo()
        elif kind == "redo":
            result = self._redo()
        else:
            if self.over and kind not in ("fix", "note"):
                raise DominoError("the match is over; only undo, redo, fix or note")
            self.at = len(self.log)
            result = self._do(ev)
            self.effective.append(len(self.log))
            self.undone.truncate(0)
        self.log.append(ev)
        return result

    def _do(self, ev):
        kind = ev["k"]
        if kind == "note":
            text = ev.get("text")
            if not isinstance(text, str) or len(text) > 200:
                raise DominoError("note: text of at most 200 characters")
            return {}
        if kind == "fix":
            return self._fix(ev)
        hand = self.hand
        if hand is None:  # apply() refuses everything but fix and note once the match is over
            raise DominoError("the match is over; only undo, redo, fix or note")
        if kind == "end":
            return self._end(hand, ev)
        if kind == "way":
            from .ending import keep  # rare: loaded when the table switches

            return keep(self, hand, ev.get("way"))
        if hand.is_over() and kind not in ("pts", "claim", "mug"):
            raise DominoError(
                "the hand is over (%s); enter what each player holds with an end event"
                % ("blocked" if hand.out is None else self.players[hand.out] + " went out")
            )
        p = self.seat(ev.get("p"))
        if kind == "play":
            return self._play(hand, p, ev)
        if kind == "draw":
            return self._draw(hand, p, ev)
        if kind == "pass":
            return self._pass(hand, p)
        if kind == "claim":
            return self._claim(hand, p)
        if kind == "mug":
            return self._muggins(hand, p)
        return self._points(hand, p, ev)

    def seat(self, p):
        """``p`` checked as a seat number of this match: returned as is, else DominoError."""
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < len(self.players):
            raise DominoError("player %r: a seat number 0..%d" % (p, len(self.players) - 1))
        return p

    def _check_turn(self, hand, p):
        if hand.turn is not None and p != hand.turn:
            raise DominoError(
                "it is %s's turn (seat %d), not %s's",
                self.players[hand.turn],
                hand.turn,
                self.players[p],
            )

    def _score(self, hand, player, pts):
        side = self.side_of[player]
        hand.points[side] += pts
        self.totals[side] += pts
        if (
            self.game.stop_at_target
            and self.target is not None
            and self.totals[side] >= self.target
        ):
            self.close_hand(hand, [0] * len(self.sides), None, None)
            return True
        return False

    # --- plays, draws, passes ---------------------------------------------------------------

    def _play(self, hand, p, ev):
        g = self.game
        t = parse(ev.get("t"), g.top)
        self._check_turn(hand, p)
        if t in hand.seen:
            raise DominoError("%s is already on the table", name(t))
        if hand.counts[p] <= 0:
            raise DominoError("%s has no tiles left to play", self.players[p])
        lay = hand.layout
        e = ev.get("e")
        if lay.is_empty():
            if e is not None:
                raise DominoError("end %r: the first tile of a hand is laid without an end" % (e,))
            g.check_lead(hand, p, t)
            opened = None
        else:
            if e is None:
                fits = [i for i in lay.open_arms() if g.joins(hand, t, lay.arms[i]) is not None]
                raise DominoError(
                    "%s: say which end (e); it fits ends %s" % (name(t), fits or "none")
                )
            arm = lay.arm_index(e)
            opened = g.opening(hand, t, arm, ev)
            if opened is None:
                fits = [i for i in lay.open_arms() if g.joins(hand, t, lay.arms[i]) is not None]
                raise DominoError(
                    "%s does not match end %d, which shows %d; it fits ends %s"
                    % (name(t), e, arm.open, fits or "none")
                )
            g.check_play(hand, p, t, e)
        # Checked: from here on nothing raises.
        if opened is None:
            lay.start(t)
        else:
            lay.extend(t, e, opened)
        hand.seen.add(t)
        hand.played += 1
        hand.counts[p] -= 1
        hand.last = p
        hand.passes = 0
        hand.drawn = 0
        hand.pending = None
        pts = g.play_points(hand, p, t, e)
        result = {"count": lay.count()}
        if pts > 0 and hand.padded is not None:
            side = self.side_of[p]
            had = min(pts, hand.padded[side])
            if had > 0:  # already on the score pad: entered again only as a play
                hand.padded[side] -= had
                pts -= had
                result["padded"] = had
        result["scored"] = pts
        if hand.counts[p] == 0:
            hand.out = p
            hand.turn = None
            result["out"] = p
        else:
            hand.turn = g.next_turn(hand, p, t)
        if pts:
            if g.opts.get("muggins"):
                hand.pending = (p, pts)
            else:
                self._score(hand, p, pts)
        return result

    def _draw(self, hand, p, ev):
        n = ev.get("n", 1)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise DominoError("draw n=%r: a whole number of tiles, at least 1" % (n,))
        self.game.check_draw(hand, p, n)
        available = hand.boneyard - self.game.reserve
        if n > available:
            raise DominoError(
                "%s cannot draw %d: %d tile(s) may be drawn%s",
                self.players[p],
                n,
                max(available, 0),
                Said(" (%d stay in reserve)", self.game.reserve) if self.game.reserve else "",
            )
        hand.counts[p] += n
        hand.boneyard -= n
        if p == hand.turn or hand.turn is None:
            hand.drawn += n
        hand.pending = None
        self.game.after_draw(hand, p, n)
        return {"boneyard": hand.boneyard}

    def _pass(self, hand, p):
        self._check_turn(hand, p)
        self.game.check_pass(hand, p)
        hand.pending = None
        hand.passes += 1
        hand.drawn = 0
        hand.turn = self.game.after_pass(hand, p)
        if self.game.drawable(hand):
            hand.passes = 0  # a tile can still be drawn: blocked only when none can
        if hand.passes >= self.game.n:
            hand.blocked = True
            hand.turn = None
            return {"blocked": True}
        return {}

    def _claim(self, hand, p):
        if hand.pending is None or hand.pending[0] != p:
            raise DominoError(
                "%s has nothing to claim: the ends total %d", self.players[p], hand.layout.count()
            )
        pts = hand.pending[1]
        hand.pending = None
        self._score(hand, p, pts)
        return {"scored": pts}

    def _muggins(self, hand, p):
        if not self.game.opts.get("muggins"):
            raise DominoError("muggins is off in this match (house rule muggins=false)")
        if hand.pending is None:
            raise DominoError("no unclaimed count to take")
        owner, pts = hand.pending
        if self.side_of[owner] == self.side_of[p]:
            raise DominoError("%s cannot take a count from their own side", self.players[p])
        hand.pending = None
        self._score(hand, p, pts)
        return {"scored": pts}

    def _points(self, hand, p, ev):
        n = ev.get("n")
        if not isinstance(n, int) or isinstance(n, bool) or n == 0 or not -1000 <= n <= 1000:
            raise DominoError("points n=%r: a whole number -1000..1000, not 0" % (n,))
        if self.way == "pad" and n > 0:
            if hand.padded is None:
                hand.padded = [0] * len(self.sides)
            hand.padded[self.side_of[p]] += n
        self._score(hand, p, n)
        return {"scored": n}

    def preview(self, player, t, e, o=None):
        """What ``player`` would score now by laying tile ``t`` on end ``e`` (``o``: the half a
        joker leaves open), the match left exactly as it was: the device orders the tiles it
        offers by this, and the simulator's greedy bot chooses by it. 0 for a play that does
        not join there."""
        hand = self.hand
        if hand is None or hand.layout.is_empty() or e is None:
            return 0
        lay = hand.layout
        try:
            opened = self.game.opening(hand, t, lay.arm_index(e), {} if o is None else {"o": o})
        except DominoError:
            return 0
        if opened is None:
            return 0
        points = self.game.points_if(hand, player, t, e, opened)
        if points is not None:  # the game works it out from the ends: no trial play
            return points
        saved = lay.save()
        try:
            lay.extend(t, e, opened)
            return self.game.play_points(hand, player, t, e) or 0
        finally:
            lay.restore(saved)

    def legal_plays(self, player, tiles=None):
        """Every play ``player`` may make now, as ``(tile, end, o)``: ``end`` None for the
        hand's first tile; ``o`` the half a joker leaves open (``Game.is_joker``), else None.
        Exactly what ``apply`` would accept as a ``play`` event, judged by the game's hooks
        (``check_lead``; ``open_to``, ``joins``, ``check_play``) without trying any play.

        ``tiles``: the tiles to consider (a simulated player's hand); None for every tile off
        the table (the device, which knows no hands). Empty when the hand is over or it is
        someone else's turn.

        A play whose table would only mirror another's is listed once, on the first end
        (``Layout.alike``: a line's two ends showing the same, as a lone double's two sides; a
        spinner's sides alike; a hub's empty branches). Order: ends as ``open_to`` lists them;
        on each end the tiles in the order of ``tiles`` (by default highest first, as
        ``full_set``); a joker's ``o`` high half first."""
        from .legal import legal_plays  # loaded when plays are listed, not by a replay

        return legal_plays(self, player, tiles)

    def first_lead(self, hands):
        """Who leads the hand in progress when the tiles decide: ``Game.first_lead`` with the
        seats' tiles ``hands``; (seat, tile), or None while nobody holds a tile that may lead."""
        hand = self.hand
        if hand is None or not hand.layout.is_empty():
            return None
        return self.game.first_lead(hand, hands)

    def may_draw(self, player):
        """Whether ``player`` may draw a tile now: the hand goes on, a tile is left beyond the
        reserve, and the game's drawing rule (``Game.check_draw``: whose turn, how many a
        turn) allows one more. Exactly when ``apply`` would take ``{"k":"draw","p":player}``."""
        p = self.seat(player)
        hand = self.hand
        if hand is None or hand.is_over() or hand.boneyard - self.game.reserve <= 0:
            return False
        try:
            self.game.check_draw(hand, p, 1)
        except DominoError:
            return False
        return True

    def may_pass(self, player):
        """Whether ``player`` may pass now: his turn, and the game's drawing rule does not make
        him draw first (``Game.check_pass``). Exactly when ``apply`` would take
        ``{"k":"pass","p":player}``."""
        p = self.seat(player)
        hand = self.hand
        if hand is None or hand.is_over():
            return False
        try:
            self._check_turn(hand, p)
            self.game.check_pass(hand, p)
        except DominoError:
            return False
        return True

    # --- the hand's end ---------------------------------------------------------------------

    def outs(self, declared=False):
        """The seats that can have gone out of the hand in progress: the one who did; nobody
        when everyone passed; while the hand goes on, every seat if the table enters no plays
        (or keeps it on a score pad, or ``declared``: an end the table declares), else a seat
        holding one tile (its last play not entered). domino.ending says why."""
        from .ending import outs

        return [] if self.hand is None else outs(self, self.hand, declared)

    def result_least(self, won, out):
        """The least a hand's result entered as itself (``Game.result_entry``) can be for
        seat ``won``'s side, ``out`` out (None: blocked): domino.ending.result_least."""
        from .ending import result_least

        return 0 if self.hand is None else result_least(self, self.hand, won, out)

    def may_block(self, declared=False):
        """Whether the hand in progress may end blocked (nobody out): not once someone went
        out, nor while a tile can still be drawn (``Game.drawable``) in a hand the table
        follows tile by tile."""
        from .ending import may_block

        return self.hand is not None and may_block(self, self.hand, declared)

    def end_bounds(self, out=None, declared=False):
        """What an ``end`` of the hand in progress with ``out`` out (None: blocked) may say of
        each seat: (least tiles, most tiles, least pips, most pips), from the tiles off the table
        it can still hold. ``apply`` refuses an end outside these, naming the bound."""
        from .ending import bounds

        return [] if self.hand is None else bounds(self, self.hand, out, declared)

    def _left(self, hand, entries, out, declared=False):
        """Read the ``left`` entries, checking them against the tiles still off the table
        (domino.ending: its code loads at a hand's end, and the device drops it during play)."""
        from .ending import read_left

        return read_left(self, hand, entries, out, declared)

    def _end(self, hand, ev):
        if hand is None:
            raise DominoError("no hand is in progress")
        tally, out = self.read_end(hand, ev)
        if ev.get("declared"):
            hand.tracked = False  # kept by the record: a correction is bounded the same way
        hand.pending = None
        return self.close_hand(hand, tally, self.at, out)

    def read_end(self, hand, ev, out=None):
        """Points per side of an end (or fix) event, and who went out: the result itself
        where the event gives it (``won``, ``n``: ``Game.result_entry``), else the game's
        reading of what each seat holds (``Game.read_end``)."""
        if ev.get("won") is not None:
            from .ending import read_result

            return read_result(self, hand, ev, out)
        return self.game.read_end(self, hand, ev, out)

    def standard_end(self, hand, ev, out=None):
        """The usual hand's end: who went out and what each player still holds → points per
        side by the game's ``hand_points``. Returns (points, the player who went out)."""
        ctx, out = self.end_context(hand, ev, out)
        return self.game.hand_points(ctx), out

    def end_who(self, hand, ev, out=None):
        """An end (or fix) event's ``out`` checked against the record, and its ``declared``
        → (the player who went out or None, declared)."""
        if out is None:
            out = ev.get("out")
        if hand.out is not None:
            if out is not None and out != hand.out:
                raise DominoError("out=%r: %s already went out" % (out, self.players[hand.out]))
            out = hand.out
        elif out is not None:
            out = self.seat(out)
            if hand.played_out():  # blocked on the record: nobody could lay
                raise DominoError("out=%d: the hand is blocked, nobody went out" % out)
            # else the table ends the hand (its plays not all entered): who went out is its word
        declared = ev.get("declared", False)
        if declared not in (True, False):  # 1 and 0 are True and False
            raise DominoError("declared=%r: 1 (the table declares the end) or 0" % (declared,))
        return out, declared

    def end_context(self, hand, ev, out=None, barricade=False):
        """Check an end (or fix) event's ``out`` and ``left`` → (HandEnd, the player who went
        out), for games that score a hand's end their own way. Nobody out is a blocked hand,
        refused while a tile can still be drawn (``may_block``), unless ``barricade``: a
        barricade ends the hand on purpose."""
        out, declared = self.end_who(hand, ev, out)
        entries = ev.get("left")
        if entries is None and not self.game.tally_fields(hand, out is None):
            from .ending import unasked

            left = unasked(self, hand, out, declared)  # nothing held can change the score
        else:
            left = self._left(hand, entries, out, declared)
        if out is None and not barricade:
            from .ending import check_blocked

            check_blocked(self, hand, declared)
        ctx = HandEnd(left, None if out is None else self.side_of[out], hand.last, self.sides, hand)
        return ctx, out

    def new_hand(self, number) -> Hand:
        """Hand ``number``, of the kind the game declares (``Game.hand_type``)."""
        kind = self.game.hand_type
        return Hand(self, number) if kind is None else kind(self, number)

    def close_hand(self, hand, tally, end, out):
        """Record ``hand`` as finished, scored ``tally`` at its end (``end``: the log index of
        its end event, None when the target ended it mid-hand; ``out``: who went out), and
        start the next hand, or end the match."""
        self.records.add(hand, tally, end, out)
        for s, pts in enumerate(tally):
            self.totals[s] += pts
        self.marks.append(len(self.effective) + 1)
        self.ways.append(WAYS.index(self.way))
        if self.game.is_over(self):
            self.over = True
            self.hand = None
        else:
            self.hand = self.new_hand(len(self.records))
        return {"hand": tally, "totals": list(self.totals), "over": self.over}

    # --- corrections, undo, redo ------------------------------------------------------------

    def _fix(self, ev):
        from .corrections import fix  # rare: its code loads when a tally is corrected

        return fix(self, ev)

    def _undo(self):
        if not self.effective:
            raise DominoError("nothing to undo")
        i = self.effective.pop()
        self.undone.append(i)
        ev = self.log[i]
        self._refold(ev.get("k") == "fix")
        return {"undone": ev}

    def _redo(self):
        if not self.undone:
            raise DominoError("nothing to redo")
        i = self.undone.last()
        ev = self.log[i]
        self.at = i
        self._do(ev)  # it was valid in this very state before it was undone
        self.undone.pop()
        self.effective.append(i)
        return {"redone": ev}

    def _refold(self, from_start):
        """Rebuild after an undo: from the start of the hand the log now ends in (a correction
        of an older hand rebuilds from the first event)."""
        events = self.effective
        keep = 0
        if not from_start:
            for k, mark in enumerate(self.marks):
                if mark <= len(events):
                    keep = k
        undone = self.undone
        if keep == 0:
            self._reset()
        else:
            self.records.truncate(keep)
            self.marks.truncate(keep + 1)
            self.ways.truncate(keep + 1)
            self.way = WAYS[self.ways[keep]]
            self.totals = [0] * len(self.sides)
            for k in range(keep):
                for s, pts in enumerate(self.records.points(k)):
                    self.totals[s] += pts
            self.over = False
            self.hand = self.new_hand(keep)
        start = self.marks[keep]
        tail = [events[k] for k in range(start, len(events))]  # this hand's events: few
        events.truncate(start)
        for i in tail:
            ev = self.log[i]
            if ev.get("k") != "note":
                self.at = i
                self._do(ev)
            self.effective.append(i)
        self.undone = undone

    # --- what the table sees ----------------------------------------------------------------

    def notes(self):
        """The texts of the note events in force."""
        from .standings import notes

        return notes(self)

    def winners(self):
        return self.game.winners(self) if self.over else []

    def standings(self):
        """Standings and per-hand scores: what ``replay`` prints, identical on every interpreter
        (domino.standings: the device never asks, so its code stays off the Pico's heap)."""
        from .standings import standings

        return standings(self)
