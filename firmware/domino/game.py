"""The base game: the common flow every table game shares, with hooks a game overrides.

Modelled on python-chess's ``variant.py``: a game is a small class whose data (set, deal, target,
house rules) and a few hooks (layout, what a play scores, what a hand's end scores, when the
match is over) say everything that differs from this base.
"""

from .errors import DominoError
from .layouts import Layout, Line, joins
from .tiles import SET_SIZES, is_double


def round5(n):
    """Round to the nearest multiple of five (All Fives: 17 → 15, 18 → 20)."""
    return (n + 2) // 5 * 5


class Game:
    key = ""
    title = ""
    booklet = ""  # the booklet the defaults come from: "000".."004" (docs/games.md)
    top = 6  # double-six
    players = (2, 4)  # allowed player counts, inclusive
    deal = 7  # tiles per player: an int, or a dict {players: tiles}
    reserve = 0  # tiles that always stay in the boneyard
    draws = "until"  # "none" (pass), "until" (draw until able), "one", "two"
    target = 100  # points that win the match; None when a number of rounds is played
    rounds = None
    lowest_wins = False  # the lowest total wins (Mexican Train, Peruvian)
    # The unit a play's points come in (a ``pts`` event, a count): Muggins' and All Fives'
    # counts are multiples of five. The device steps a points entry by it; pips and tiles
    # left are counted in ones.
    points_unit = 1
    stop_at_target = False  # the match ends the moment a side reaches the target mid-hand
    # Whether the open ends' total (``Layout.count``) is worth showing in the table's big
    # digits: what Muggins and All Fives score from, the number line games call. Bergen
    # scores ends alike, whatever they add up to: its big digits show the hand instead.
    shows_count = True
    partners = None  # partnership games: the teams when the setup names none, ((0, 2), (1, 3))
    # The sum touching ends make where they add up instead of matching (All Sevens 7, Matador
    # 003 10; with jokers, ``is_joker``); None where ends match.
    base = None
    centre = None  # the double a hub game is set with (Sebastopol 6-6, Cyprus 9-9)
    # The seat the game names to open passes the opening on when he holds no double (Cardinal
    # Mexican Train, 000).
    pass_before_station = False
    # Who leads when the tiles decide (``leader`` names nobody): "highest", the highest double,
    # else the heaviest tile (000, 003's general rules); "lowest", the lowest double, else the
    # lowest tile (003 Bergen: "Es beginnt der niedrigste Pasch ... (ggf. der niedrigste
    # Stein)"). ``first_lead`` applies it.
    lead = "highest"
    # The hand-end entry screen, described as data so the device builds it without code of its
    # own for each game. None means the standard entry: who went out and what each player still
    # holds (pips or tiles). Otherwise a tuple of fields, each (name, kind, *args); the ``end``
    # event carries one value per field under its name:
    #   (name, "player")                        a seat number 0..n-1
    #   (name, "choice", values)                one of ``values``
    #   (name, "number", per, lo, hi[, total, start])
    #                                           a whole number lo..hi; the device shows
    #                                           ``start`` first (default lo, or the share of
    #                                           ``total``), and the last of a per-side list at
    #                                           what ``total`` leaves (Texas' 42 a hand)
    #   (name, "tiles", per, lo, hi, pool)      a list of lo..hi tile names; ``pool`` is a tuple
    #                                           of the allowed tile names, None for the whole set;
    #                                           no tile named twice in the field
    #   (name, "groups", count, lo, hi)         ``count`` lists of lo..hi tiles each (melds)
    # ``per`` is "one" (a single value), "side" (a list, one per side) or "player" (a list, one
    # per player). domino.outcome.read_entry checks an event against the description.
    entry = None
    # House rules: (name, booklet default, allowed values). A game extends this tuple.
    options = (("top", None, (6, 9, 12, 15)),)

    def __init__(self, opts=None, players=2):
        self.opts = {}
        for key, default, _allowed in self.options:
            self.opts[key] = default
        opts = opts or {}
        for key in opts:
            spec = self._spec(key)
            value = opts[key]
            if value not in spec[2]:
                raise DominoError(
                    "option %s=%r for %s: allowed values are %s"
                    % (key, value, self.key, ", ".join(repr(v) for v in spec[2]))
                )
            self.opts[key] = value
        if self.opts.get("top") is not None:
            self.top = self.opts["top"]
        lo, hi = self.players
        if not isinstance(players, int) or not lo <= players <= hi:
            raise DominoError("%d players for %s: allowed are %d to %d", players, self.key, lo, hi)
        self.n = players
        left = SET_SIZES[self.top] - players * self.deal_size(players)
        if left < self.reserve:
            raise DominoError(
                "%s with %d players needs %d tiles; the double-%d set has %d"
                % (
                    self.key,
                    players,
                    players * self.deal_size(players) + self.reserve,
                    self.top,
                    SET_SIZES[self.top],
                )
            )

    def _spec(self, key):
        for spec in self.options:
            if spec[0] == key:
                return spec
        raise DominoError(
            "option %r for %s: known options are %s"
            % (key, self.key, ", ".join(s[0] for s in self.options))
        )

    # --- the deal and the table -------------------------------------------------------------

    def deal_size(self, players):
        return self.deal[players] if isinstance(self.deal, dict) else self.deal

    def boneyard(self):
        return SET_SIZES[self.top] - self.n * self.deal_size(self.n)

    def layout(self, number) -> Layout:
        """A fresh layout for hand ``number`` (0-based)."""
        return Line()

    def default_target(self):
        return self.target

    # The state of a hand in progress: ``domino.match.Hand``, or a subclass of it the game owns
    # that declares what else the game keeps of a hand (trains, spells, owed tiles).
    hand_type = None

    def station(self, number) -> "tuple | None":
        """The double that must open hand ``number`` (Mexican Train's station), or None when
        the lead is any tile ``check_lead`` allows."""
        return None

    def owing(self, hand) -> list:
        """The seats that must draw before anything else happens (a 15's draws in Super
        Dominós, Block 003's tile at the end of a turn), first first; none by default."""
        return []

    def leader(self, match, number) -> "int | None":
        """Who must lead hand ``number``, or None when the tiles decide (highest double)."""
        return None

    def first_lead(self, hand, hands):
        """Who leads ``hand`` when the tiles decide, and with what: ``(seat, tile)`` from the
        seats' tiles ``hands`` (a list per seat), by the ``lead`` rule among the tiles
        ``check_lead`` allows; None while nobody holds one (they draw, in turn)."""
        low = self.lead == "lowest"
        best = None
        for q in range(len(hands)):
            for t in hands[q]:
                try:
                    self.check_lead(hand, q, t)
                except DominoError:
                    continue
                w = t[0] + t[1]
                k = (is_double(t), -w, -t[0]) if low else (is_double(t), w, t[0])
                if best is None or k > best[0]:
                    best = (k, q, t)
        return None if best is None else (best[1], best[2])

    def check_sides(self, sides):
        """Raise DominoError if the game cannot be played by these sides (lists of seats)."""

    def check_lead(self, hand, player, t):
        """Raise DominoError if ``t`` may not open the hand."""

    def open_to(self, hand, player):
        """The ends ``player`` may lay a tile on now, in the layout's order. Mexican Train
        narrows this to the trains open to him and adds ``len(arms)`` for a new train."""
        return hand.layout.open_arms()

    def is_joker(self, t):
        """Whether ``t`` goes on any end, turned either way: its play event says which half
        stays open (``o``). All Sevens' and Matador's jokers; none by default."""
        return False

    def adds_up(self, t, pip):
        """In a game whose ends add up (``base``: All Sevens, Matador), the half left open
        when ``t`` is laid by its sum against an end showing ``pip``, or None when it does not
        add up there (a joker then lies either way, ``o``). None by default: ends match."""
        return None

    def joins(self, hand, t, arm):
        """The pip left open when ``t`` is laid on ``arm``, or None. Games with other matching
        rules (All Sevens, Matador, Super Dominós) override this."""
        return joins(t, arm.open)

    def opening(self, hand, t, arm, ev):
        """The pip left open when the play event ``ev`` lays ``t`` on ``arm``, or None. Games
        where the player chooses (a matador laid off-number says which half stays open in the
        event's ``o``) override this; the rest match as ``joins`` says."""
        return self.joins(hand, t, arm)

    def status(self, hand):
        """What else the table must be told about the hand in progress (trains and markers,
        spells, owed draws): a ``domino.status.Status``, shown by the device and by
        ``replay``. Nothing by default (loaded here: the games that tell nothing never do)."""
        from .status import Status

        return Status()

    def calls(self, pip) -> "int | None":
        """What an open end showing ``pip`` takes: the pip itself where ends match; in a game
        whose ends add up (``base``), its partner ``base - pip`` (a blank half on an end
        showing ``base`` itself: 7 in All Sevens on a double-nine set), or None when only a
        joker fits (a blank end, or a pip whose partner is not in the set: above ``base``, or
        1 in a ten-sum Matador on double-six)."""
        base = self.base
        if base is None:
            return pip
        if pip == 0 or pip > base or base - pip > self.top:
            return None
        return base - pip

    # check_play judges the end alone, whatever the tile (Mexican Train's open trains): the
    # legal-play lists ask once per end instead of once per tile
    checks_by_end = False

    def check_play(self, hand, player, t, arm_index):
        """Raise DominoError for a play the game forbids beyond matching (unsatisfied doubles)."""

    def check_draw(self, hand, player, n):
        """Raise DominoError if ``player`` may not draw ``n`` tiles now."""
        if hand.turn is not None and player != hand.turn:
            raise DominoError("only the player whose turn it is (seat %d) draws" % hand.turn)
        if self.draws == "none":
            raise DominoError("%s has no drawing: pass when you cannot play", self.title)
        limit = {"one": 1, "two": 2}.get(self.draws)
        if limit is not None and hand.drawn + n > limit:
            raise DominoError("%s: draw %d tile(s) per turn, then play or pass", self.title, limit)

    def drawable(self, hand):
        """How many tiles the booklet's drawing rule still lets the table draw in ``hand``:
        the boneyard beyond the tiles that stay in reserve, or 0 in a game without drawing
        (``draws`` "none"; Block 003's tile owed after each turn overrides this). Every game
        ends a hand blocked only when nobody can lay and nothing can be drawn (003's general
        rules: "und kein Stein mehr nachgezogen werden kann"; 002: "cuando ninguna otra ficha
        pueda ser jugada"): a pass while a tile can still be drawn does not count towards a
        block (``Match._pass``), and a hand's end saying "blocked" is refused while this is
        above 0 (``Match.may_block``). A seat can also hold at most what it was dealt plus
        this many tiles (``Match.end_bounds``)."""
        if self.draws == "none":
            return 0
        return max(hand.boneyard - self.reserve, 0)

    def after_draw(self, hand, player, n):
        """Game-specific bookkeeping after a draw (owed draws in Super Dominós)."""

    def check_pass(self, hand, player):
        """Raise DominoError if passing is not allowed yet (the player must draw first)."""
        can_draw = self.drawable(hand)
        if self.draws == "until" and can_draw > 0:
            raise DominoError("draw first: %d tile(s) can still be drawn before passing", can_draw)
        need = {"one": 1, "two": 2}.get(self.draws, 0)
        if hand.drawn < min(need, hand.drawn + can_draw):
            raise DominoError("draw %d tile(s) before passing", min(need, hand.drawn + can_draw))

    def after_pass(self, hand, player):
        """Who plays after ``player`` passed."""
        return (player + 1) % self.n

    @staticmethod
    def ends_own_turn(hand, player):
        """The pass only ends a turn in which ``player`` laid a tile and may lay another
        (Tiddle-a-Wink after a double, Hungarian): he declined, so it does not count towards
        blocking the hand, which needs everyone unable to lay."""
        if hand.last == player and hand.passes == 1:
            hand.passes = 0

    # --- scoring ----------------------------------------------------------------------------

    def play_points(self, hand, player, t, arm_index) -> int:
        """Points the player earns for the play just made (the layout already holds it)."""
        return 0

    def points_if(self, hand, player, t, arm_index, open_pip) -> "int | None":
        """What ``play_points`` would say if ``t`` were laid on ``arm_index`` showing
        ``open_pip``, worked out without laying it; None: this game needs the trial play
        (``Match.preview`` lays it and takes it back)."""
        return None

    def next_turn(self, hand, player, t):
        """Who plays after ``player`` laid ``t``."""
        return (player + 1) % self.n

    def read_end(self, match, hand, ev, out=None):
        """Points per side from a hand's ``end`` (or ``fix``) event, and who went out. Games
        scored from tricks, bids or melds override this to read their own fields; the default
        reads who went out and what everyone still holds."""
        return match.standard_end(hand, ev, out)

    def asks_last(self, hand, out, declared=False) -> bool:
        """Whether a hand's end must say who laid the last tile (``last`` in the ``end``
        event) because the record cannot: ``out`` is who went out, or None for a block;
        ``declared``: the table declares the end. The device then asks it before the tally.
        Most games never need it."""
        return False

    # How the device keeps a hand of this game unless the setup says otherwise (``way`` in the
    # setup, the ``way`` event): "pad", a score pad, where the score needs only what a hand's
    # end leaves (the tallies) and points entered as they happen; "tracked", every tile
    # entered, where plays score from the layout (Muggins' counts, Bergen's headers, Italian's
    # milestones). The record reads both (``Match.way``).
    way = "pad"

    def tally_fields(self, hand, blocked) -> tuple:
        """What the hand's end needs to know of each seat still holding tiles, as data: the
        keys of the ``end`` event's ``{"p": ...}`` form, in the order the table is asked.
        The device builds its tally form from this (scoreboard.screens.tally.Tally), so no
        game can be left unfinishable there. ``hand`` is the hand ending (or a finished
        one being corrected); ``blocked``: nobody went out.

        - ``p`` pips left (every game asks this first; Italian, whose hand's end scores
          nothing, asks nothing)
        - ``n`` tiles left (Super Dominós counts tiles)
        - ``d`` holds a double, yes or no (Bergen, blocked)
        - ``w`` pips without the doubles, asked only of a seat holding one (Bergen 000)
        - ``z`` holds 0-0, yes or no (Mexican Train's ``double_blank`` penalty)

        Nothing (``()``) where nothing held can change the hand's score (a domino in Bergen
        scores a fixed amount): the ``end`` then needs no ``left``, and none is invented (the
        HandEnd's pips are None). The base game scores the pips alone."""
        return ("p",)

    def result_entry(self, hand, blocked) -> bool:
        """Whether this hand's end may be entered as its result, as a paper score pad writes
        it: who scores and how much (``{"k":"end","won":2,"n":31}``), instead of what each
        seat holds (``tally_fields``). Declared where one side takes the hand's points (the
        winner scores the others' pips or tiles); ``blocked``: nobody went out. The core
        bounds the points by what the others can hold (domino.ending.read_result). The
        device offers it beside the tally."""
        return False

    def hand_points(self, ctx):
        """Points per side at a hand's end. ``ctx`` is a HandEnd: sides' remaining pips and
        tiles, who went out (or None when blocked)."""
        raise NotImplementedError

    def is_over(self, match):
        """A fixed number of hands is played, or a side reaches the target (in lowest-wins
        games reaching it ends the match too; the lowest total still wins)."""
        if match.rounds is not None and len(match.records) >= match.rounds:
            return True
        return match.target is not None and max(match.totals) >= match.target

    def hidden_standings(self, match):
        """True while the table keeps the standings secret (Peruvian: until they are announced
        before the last round); the device then shows no totals."""
        return False

    def winners(self, match):
        best = min(match.totals) if self.lowest_wins else max(match.totals)
        return [s for s, t in enumerate(match.totals) if t == best]

    # --- what the device shows, declared instead of read from the game's key -----------------

    # A hand's end scores (the device asks the tally). False: it scores nothing (Italian,
    # ``tally_fields`` empty), and the device shows one "hand over" OK instead of a tally.
    scores_hand_end = True
    # Four players and no teams in the setup: the partnerships come from a 4-tile draw chosen
    # before the match (Team Block, ``teamblock.teams_from_draw``).
    team_draw = False
    # A player who cannot lay may pass. False where every tile can be laid (Italian, whose
    # ``check_pass`` refuses): the table offers no "Pass".
    passes = True
    # A play may score (the game overrides ``play_points``: Muggins, All Fives, Bergen,
    # Italian): only then does the device try each play for the points it would make.
    scores_in_play = False
    # The rules owe draws outside a turn (the game overrides ``owing``: Block 003's tile,
    # Super Dominós' 15s): only then does the table load what shows and settles them.
    owes_draws = False

    def announcement(self, points, lead) -> str:
        """The word the device announces for ``points`` scored during play (``lead``: the
        hand's first tile scored them)."""
        return "points"

    # --- shared scoring rules, named so games read like their booklets ----------------------

    @staticmethod
    def out_takes_all(ctx, value=None):
        """Going domino: the side that went out scores every other side's pips."""
        pips = ctx.pips
        pts = [0] * len(pips)
        total = 0
        for s in range(len(pips)):  # a plain loop: the simulator calls this every hand
            if s != ctx.out:
                total += pips[s] if value is None else value(s)
        pts[ctx.out] = total
        return pts

    @staticmethod
    def cascade(ctx):
        """Blocked (Muggins, Draw, Block): every side scores, against each side holding more
        pips, the difference between their totals; the lowest hand gains the most."""
        p = ctx.pips
        return [sum(q - p[s] for q in p if q > p[s]) for s in range(len(p))]

    @staticmethod
    def lowest_takes_differences(ctx):
        """Booklet 004: the lowest hand scores the sum of its differences to every other hand;
        sides tied for lowest each score it."""
        low = min(ctx.pips)
        total = sum(q - low for q in ctx.pips)
        return [total if q == low else 0 for q in ctx.pips]
