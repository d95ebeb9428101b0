"""Mexican Train (booklet 002) and Cardinal Mexican Train (booklet 000): trains laid off a
station double, public trains, markers, and doubles that must be satisfied.

Addressing: the trains are the layout's ends, numbered in the order they were started. A play on
end ``len(trains)`` starts a new train from the station; a player's first such train is his own
(personal) train, any later one is public (a Mexican train in 002, a siding of the Cardinal
Mexican Train in 000). ``game.open_to(hand, p)`` lists the ends ``p`` may use now (the new-train
number included when allowed) and ``game.status(hand)`` is what the device shows.
"""

from .errors import DominoError
from .game import Game
from .layouts import Arm, Layout
from .match import Hand
from .status import Status
from .tiles import is_double, name

DOUBLE_BLANK = (0, 25, 50)  # house rule: what 0-0 left in hand costs (booklets: its pips, 0)
NO = "no"  # refuse(why=False): the play is refused


class Trains(Layout):
    """A station double with trains laid off it, one arm per train. An arm's ``owner`` is the
    player whose personal train it is (None for a public train) and ``marker`` the coin that
    opens a personal train to everyone."""

    kind = "trains"

    def __init__(self):
        Layout.__init__(self)
        self.last = None  # the train the last tile went on

    def start(self, t):
        if not is_double(t):
            raise DominoError("station %s: the station is a double" % name(t))
        self.first = t
        self.played.append(t)

    def arm_index(self, arm):
        n = len(self.arms)
        if self.first is not None and arm == n and not isinstance(arm, bool):
            return Arm(self.first[0])  # a new train: its first tile matches the station
        if not isinstance(arm, int) or isinstance(arm, bool) or not 0 <= arm < n:
            if self.first is None:
                raise DominoError("end %r: lay the station double first, without an end" % (arm,))
            raise DominoError(
                "train %r: the trains are 0..%d, and %d starts a new train" % (arm, n - 1, n)
                if n
                else "train %r: no train yet; 0 starts the first one" % (arm,)
            )
        return self.arms[arm]

    def extend(self, t, arm, open_pip):
        if arm == len(self.arms):
            self.arms.append(Arm(self.first[0]))
        Layout.extend(self, t, arm, open_pip)
        self.last = arm

    def count(self):
        return 0  # Mexican Train scores no ends

    def describe(self):
        return {
            "kind": self.kind,
            "station": None if self.first is None else self.first[0],
            "ends": [[a.open, a.double, a.length, a.owner, a.marker] for a in self.arms],
        }


class TrainsHand(Hand):
    """A Mexican Train hand: whose train is which, and the doubles owed."""

    def __init__(self, match, number):
        self.own: "list[int | None]" = [None] * match.game.n  # each player's own train (an end)
        self.must: "list[tuple[int, int]]" = []  # doubles to satisfy, oldest first: (train,
        # its length then)
        self.fresh: "list[tuple[int, int]]" = []  # 002: doubles laid this turn, owed if still
        # open when it ends
        self.series = False  # 000: the player in turn is laying his starting series
        self.turns = 0  # turns ended since the station was laid
        Hand.__init__(self, match, number)


class MexicanTrain(Game):
    """002 DOMINÓ DOBLE 12 (Mexican Train). Double-twelve; 12 tiles each up to six players, 10 for
    seven or eight, 8 for nine or ten. A session is 13 hands: hand k opens with the station
    double 12-12, 11-11, ... 0-0, laid by whoever holds it. Play goes clockwise; each player's
    first tile off the station starts his own train. Nobody plays on another's train nor starts
    a Mexican train in the first round. A player who cannot play draws one tile; if he still
    cannot play he says so, passes, and a coin on his train opens it to everyone. Laying a
    double, the player plays again (anywhere); a double left unsatisfied when his turn ends
    must be played on next, by the following players, in the order the doubles were laid. The
    hand ends when someone goes out or nobody can play; everyone adds the pips left in hand;
    after 13 hands the lowest total wins.

    Decided here, where 002 is silent or ambiguous:
    - Laying the station ends the layer's turn; the first round is the next ``n`` turns.
    - One draw per turn, for a player without a train of his own too (a reading decided,
      docs/games.md). 002 says he "debe seguir sacando fichas hasta que obtenga un 12
      (vagón)", but of the same player also "debe sacar del cementerio ... si lo logra la
      puede jugar normalmente y es el turno del siguiente jugador", and of everyone "debe
      sacar una ficha. Si no puede colocar esta ficha, debe decir en voz alta que no puede
      jugar y es el turno de la siguiente persona": "seguir sacando" read as one tile on each
      of his turns until a 12 comes; 000 (Cardinal) agrees ("draw once"). Read as drawing on
      within the turn, house rule ``draw_to_start``: a player without a train of his own
      draws until he can start one (or play on a Mexican train), passing only when nothing
      is left to draw; a double owed first keeps its one draw ("debe sacar del cementerio y
      si con esta tampoco puede, debe pasar").
    - Mexican trains: any number, each started by a player who already has his own train.
      002: "Cada jugador que tenga una ficha con 12 (vagón) puede ponerla cerca de la ficha
      doble al centro ... en cualquier momento de su turno para comenzar un tren mexicano";
      000 has eight sidings. Tables that play one Mexican train start only one.
    - A coin comes off when the owner plays on his own train again (as 000 says).
    - A player with no train yet who cannot play gets no coin: there is nothing to open.
    - Satisfying a double is a play on it; the duty holds even in the first round.
    - A double no tile off the table can match (the last of its number) is dropped from the
      duties, as 000's exception 1 says; otherwise nobody could ever play again.
    - The booklet's example (train 12-12, 12-5, 5-0, 0-1, 1-3; "put the 1-1 between 0-1 and
      1-3") is advice for arranging a hand before laying it: a laid train cannot take a tile in
      its middle, but 1-1 laid on the 1 and then 1-3 on it is a legal turn.
    - The hand blocks when everyone passes in a row with nothing left to draw.
    - ``double_blank``: 0-0 left in hand counts 0 (its pips) or a table's 25 or 50; that needs
      the holders' tiles in the end event.
    """

    key = "mexican"
    title = "Mexican Train"
    booklet = "002"
    top = 12
    players = (2, 10)
    deal = {2: 12, 3: 12, 4: 12, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}
    draws = "one"
    target = None
    rounds = 13
    lowest_wins = True
    options = (
        ("top", None, (12,)),
        ("double_blank", 0, DOUBLE_BLANK),
        ("draw_to_start", False, (True, False)),  # no train yet: draw on until one can start
    )
    # What differs between the booklets:
    first_round_own_only = True  # 002: no other train and no Mexican train in the first round
    double_on_itself = False  # 000: the next play after a double must be on that double
    series = False  # 000: the turn you start your train you lay a series on it
    opener_continues = False  # 000: the opener goes on to begin his train
    pass_before_station = False  # 000: a player without a double passes the opening on
    marker_double_free = False  # 000 exception 2: a double that lifts your marker owes nothing

    hand_type = TrainsHand

    def layout(self, number):
        return Trains()

    def station(self, number):
        """002: hand 1 opens with 12-12, hand 2 with 11-11, ..., hand 13 with 0-0."""
        pip = self.top - number % (self.top + 1)
        return (pip, pip)

    def check_lead(self, hand, player, t):
        want = self.station(hand.number)
        if t != want:
            raise DominoError(
                "%s: hand %d opens with the station %s", name(t), hand.number + 1, name(want)
            )

    # --- what is open to whom ---------------------------------------------------------------

    def can_follow(self, hand, pip):
        """Some tile other than the double of ``pip`` is still off the table."""
        seen = hand.seen
        for y in range(self.top + 1):  # the set's tiles with ``pip``, looked up (no walk of seen)
            if y != pip and ((pip, y) if pip > y else (y, pip)) not in seen:
                return True
        return False

    def pending(self, hand):
        """The doubles the player in turn must satisfy, oldest first: still the end of their
        train and still matchable by some tile off the table."""
        if not hand.must:  # the usual case, asked per train and tile: nothing made
            return hand.must
        arms = hand.layout.arms
        return [
            m
            for m in hand.must
            if arms[m[0]].length == m[1] and self.can_follow(hand, arms[m[0]].open)
        ]

    def first_round(self, hand):
        return self.first_round_own_only and hand.turns < self.n

    def refuse(self, hand, player, e, why=True):
        """Why ``player`` may not lay a tile on train ``e`` now, or None if he may. ``why``
        False: NO instead of the sentence (the legal-play lists ask per train and tile, and on
        the Pico each sentence made is a search of the interned strings)."""
        lay = hand.layout
        due = self.pending(hand)
        if due:
            d = due[0][0]
            if e == d:
                return None
            if not why:
                return NO
            return "the double %d-%d on train %d must be satisfied first" % (
                lay.arms[d].open,
                lay.arms[d].open,
                d,
            )
        own = hand.own[player]
        if hand.series and e != own:
            if not why:
                return NO
            return "the starting series goes on your own train %d; pass to end it" % own
        if e == len(lay.arms):
            if own is None or not self.first_round(hand):
                return None
            return "no Mexican train may be started in the first round"
        if e == own:
            return None
        if self.first_round(hand):
            return "in the first round each player plays on his own train only"
        arm = lay.arms[e]
        if arm.owner is None or arm.marker:
            return None
        if not why:
            return NO
        return "train %d is seat %d's own and has no marker" % (e, arm.owner)

    def open_to(self, hand, player):
        """The ends ``player`` may play on now; ``len(trains)`` means a new train."""
        if hand.layout.is_empty():
            return []
        return [
            e
            for e in range(len(hand.layout.arms) + 1)
            if self.refuse(hand, player, e, False) is None
        ]

    checks_by_end = True  # check_play asks refuse(), which reads the train, not the tile

    def check_play(self, hand, player, t, arm_index):
        e = arm_index
        if self.refuse(hand, player, e, False) is None:
            return
        why = self.refuse(hand, player, e)
        if why is not None:
            raise DominoError(
                "%s on train %d: %s; open to seat %d: %s"
                % (name(t), e, why, player, self.open_to(hand, player))
            )

    # --- turns ------------------------------------------------------------------------------

    def next_turn(self, hand, player, t):
        lay = hand.layout
        if len(lay.played) == 1:  # the station
            return player if self.opener_continues else self.end_turn(hand, player, False)
        e = lay.last
        arm = lay.arms[e]
        lifted = arm.marker and e == hand.own[player]
        if arm.length == 1 and hand.own[player] is None:  # his first train off the station
            hand.own[player] = e
            arm.owner = player
            hand.series = self.series
        if e == hand.own[player]:
            arm.marker = False  # playing on your own train takes your coin off
        if is_double(t):
            if not self.double_on_itself:
                hand.fresh.append((e, arm.length))  # 002: play again, anywhere
                return player
            if not (lifted and self.marker_double_free) and self.can_follow(hand, t[0]):
                hand.must.append((e, arm.length))  # 000: play again, on this double
                return player
        if hand.series:
            return player
        return self.end_turn(hand, player)

    def end_turn(self, hand, player, counts=True):
        arms = hand.layout.arms
        for m in hand.fresh:
            if arms[m[0]].length == m[1]:
                hand.must.append(m)  # unsatisfied when the turn ends: owed in laying order
        hand.fresh = []
        hand.must = self.pending(hand)
        hand.series = False
        if counts:
            hand.turns += 1
        return (player + 1) % self.n

    def drawing_to_start(self, hand, player):
        """House rule ``draw_to_start``: ``player`` has no train of his own after the station
        is laid and owes no double, so he draws on until he can start one."""
        return (
            self.opts.get("draw_to_start")
            and hand.own[player] is None
            and not hand.layout.is_empty()
            and not self.pending(hand)
        )

    def check_draw(self, hand, player, n):
        if hand.turn is None:
            return  # 002: before the station anyone draws, looking for it
        if player == hand.turn and self.drawing_to_start(hand, player):
            return  # "debe seguir sacando fichas hasta que obtenga un 12"
        Game.check_draw(self, hand, player, n)

    def check_pass(self, hand, player):
        if hand.layout.is_empty():
            if self.pass_before_station:
                return
            raise DominoError(
                "nobody passes before the station: whoever holds %s lays it, else draw",
                name(self.station(hand.number)),
            )
        if hand.series and not self.pending(hand):
            return  # the starting series ends when the player has no more matches
        left = self.drawable(hand)
        if left and self.drawing_to_start(hand, player):
            raise DominoError(
                "draw first: %d tile(s) can still be drawn, and without a train of his own a "
                "player draws until he can start one (house rule draw_to_start)" % left
            )
        Game.check_pass(self, hand, player)

    def after_pass(self, hand, player):
        lay = hand.layout
        if lay.is_empty():
            hand.passes = 0  # the opening passes on; nobody is blocked yet
            return (player + 1) % self.n
        own = hand.own[player]
        series_done = hand.series and not self.pending(hand)
        if own is not None and not series_done:
            lay.arms[own].marker = True  # could not play: a coin opens his train
        if series_done:
            hand.passes = 0  # he ended his series, he was not stuck
        return self.end_turn(hand, player)

    # --- scoring ----------------------------------------------------------------------------

    def hand_points(self, ctx):
        """002: each player adds the pips left in hand; the one who went out adds nothing."""
        extra = self.opts["double_blank"]
        blank_out = extra and (0, 0) not in ctx.hand.seen
        pts = []
        for members in ctx.sides:
            total = 0
            for p in members:
                x = ctx.players[p]
                total += x.pips
                if blank_out and x.blank is None:
                    raise DominoError(
                        'seat %d: say whether he holds 0-0 (it counts %d): {"p": pips, "z": 1 '
                        "or 0}, or give the tiles left" % (p, extra)
                    )
                if blank_out and x.blank:
                    total += extra
            pts.append(total)
        return pts

    def tally_fields(self, hand, blocked):
        """Pips; with ``double_blank``, while 0-0 is off the table, whether each holds it."""
        if self.opts["double_blank"] and (0, 0) not in hand.seen:
            return ("p", "z")
        return ("p",)

    def status(self, hand):
        """What the table needs: whose turn, the trains, which are open to him, the double to
        satisfy."""
        lay = hand.layout
        due = self.pending(hand)
        p = hand.turn
        return Status(
            turn=p,
            station=name(lay.first) if lay.first else name(self.station(hand.number)),
            trains=[[a.open, a.owner, a.marker, a.length] for a in lay.arms],
            open=[] if p is None else self.open_to(hand, p),
            double=due[0][0] if due else None,
            owed=[m[0] for m in due],
            series=hand.series,
        )


class CardinalMexicanTrain(MexicanTrain):
    """000 CARDINAL MEXICAN TRAIN (and its Spanish copy). Double-twelve; 15 tiles each for two to
    four players, 12 for five or six, 11 for seven or eight. The starting player opens the
    station with his highest double (without one, the next player does; if nobody has one,
    draw in turn), then begins his train on one of the eight sidings. The turn you start your
    train you lay a series on it; after that one tile a turn, unless you lay a double. Play on
    your own train, on a public siding or on any train with a marker. No play: draw once; still
    none: a marker goes on your train (if begun). A double must be played on next, by you if
    you can (draw once if not), else a marker and the next player must, and so on. Exceptions:
    1) the double is the last of its number; 2) a double that lifts the marker from your own
    train; 3) a double that is your last tile ends the hand. The hand ends when someone is out;
    everyone adds his pips; after an agreed number of rounds the lowest total wins; each round
    a new player starts, rotating left.

    Decided here, where 000 is silent or ambiguous:
    - Rounds: 13 unless the match setup says otherwise ("an agreed upon number").
    - "As long as your train has a marker, you may not play on your train" contradicts "you
      may remove your marker by playing on your train later" and exception 2: the owner may
      play on his marked train, which lifts the marker.
    - "Eight sidings": all eight, and more "off to the side", are one list of trains; any
      player with his own train may start a public siding, from the first round on.
    - A double under exceptions 1 or 2 ends the turn like any tile (no play on it owed).
    - The starting series ends with a pass (no draw, no marker) unless a double of the series
      is still owed; the opener lays the station and goes on to begin his train.
    - "Players already with marker can play their drawn tile only to satisfy the double" is
      the rule for everyone while a double is owed.
    - The hand also ends when nobody can play nor draw (everyone passes).
    """

    key = "cardinal"
    title = "Cardinal Mexican Train"
    booklet = "000"
    players = (2, 8)
    options = (("top", None, (12,)), ("double_blank", 0, DOUBLE_BLANK))  # 000: "draw once"
    deal = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 11, 8: 11}
    rounds = 13
    sidings = 8  # shown round the station; later trains go off to the side
    first_round_own_only = False
    double_on_itself = True
    series = True
    opener_continues = True
    pass_before_station = True
    marker_double_free = True

    def leader(self, match, number):
        return number % self.n  # each round a new player starts, rotating to the left

    def check_lead(self, hand, player, t):
        if not is_double(t):
            raise DominoError("%s: open the station with your highest double", name(t))

    def status(self, hand):
        out = MexicanTrain.status(self, hand)
        if hand.layout.is_empty():
            out.station = None
        return out
