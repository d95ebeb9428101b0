"""Super Dominos (booklet 000) and Dominó Doble 15 (booklet 001): double-fifteen off a start
double in six legs, with numbers that have powers. The core tracks the powers so the device can
tell the table whose turn it is, which leg a spell binds and who must draw.

Effects belong to the pip a play leaves showing ("each time you leave a 15"): 15-3 laid on a 3
leaves 15; laid on a 15 it leaves 3. Owed draws (a 15) are ``draw`` events by those players,
out of turn; nothing else is accepted until they are drawn (or the boneyard is empty).
"""

from .errors import DominoError
from .game import Game
from .layouts import Hub, joins
from .match import Hand
from .status import Status
from .tiles import is_double, name

BOOL = (True, False)
SPELL, AGAIN, DRAW, REVERSE = 13, 14, 15, 3


class Legs(Hub):
    """The start double with six legs; remembers the leg the last tile went on."""

    def __init__(self):
        Hub.__init__(self, 6)
        self.last = None

    def extend(self, t, arm, open_pip):
        Hub.extend(self, t, arm, open_pip)
        self.last = arm


class LegsHand(Hand):
    """A Super Dominós hand: the direction of play, the spell, the tiles owed, a 14's turn."""

    def __init__(self, match, number):
        self.dir = 1  # +1 clockwise, -1 after a 3
        self.spell: "tuple[int, int] | None" = None  # (leg, caster) while a spell is cast
        self.owes = [0] * match.game.n  # tiles each player must take at once (a 15)
        self.again = False  # the player in turn left a 14 and may go again
        Hand.__init__(self, match, number)


class SuperDominos(Game):
    """000 SUPER DOMINOS (and its Spanish copy). Nine tiles each; the first player needs a double
    to start (else the next player; if nobody has one, each in turn picks a tile); six legs
    off the start double; clockwise. A double goes on its own number or on a 13. Leave a 15:
    every other player takes a tile at once. Leave a 14: go again if you can. Leave a 13: a
    spell; the next player must play on the 13 or draw two and play if possible, and so on
    round the table until someone plays a double or another 13 on it (13-13 keeps the spell
    going). Leave a 3: reverse direction, not with two players. End your turn with a double:
    the next player loses a turn. Cannot play: pick two tiles, play if you can, else pass.
    Start double 15-15: everyone else takes a tile; 14-14: another play; 13-13: every leg
    must be started, with a 13 or a double, before any is continued; 3-3: play goes the other
    way. Simple scoring: the first out wins a point per tile each player has left; blocked,
    the fewest tiles wins. Super scoring: the winner takes the pips left.

    Decided here, where 000 is silent or ambiguous:
    - "Every other player must immediately take another tile" is alternate players: the next
      one in the direction of play, the one after him not, and so on (``fifteen=alternate``).
      000's own Spanish copy says "un jugador impar" (an odd player), 001 "cada segundo
      jugador, es decir, uno sí y otro no"; where 000 means everyone but the one who laid it,
      it says so: "If the start double is 15-15, everyone else takes one tile".
      ``fifteen=others`` is the other reading, every player but him.
    - Under a spell only the spell's leg may be played (a 13-x or a double there breaks it);
      the caster is bound too when it comes round (``caster_exempt`` off).
    - The start double does not skip the next player (``skip_after_start`` off), though "If
      you end your turn with a double, the next player loses a turn" read alone would make it:
      000 lists what a start double does in a NOTE of its own ("If the start double is 15-15,
      everyone else takes one tile. If the start double is 14-14, you may make another play
      on it ...") and a lost turn is not among them, and 001 says so outright ("Esto no
      aplica con la ficha doble de inicio"). The booklets' words differ, so it is a house
      rule. A double that breaks a spell does skip (001 exempts it: ``skip_after_breaking``).
    - Going out with a tile that leaves a 15 (or a 13, 14, 3) ends the hand at once: nobody
      draws for it. 000: "The first player out of tiles, wins a point from each player for
      every domino they have left"; 001: "Cuando un jugador coloca su última ficha en la
      mesa, se dice que ese jugador dominó la ronda": the hand is over with that tile, and
      tiles drawn after it would score the winner points the booklets do not give.
    - The start-double rules are named options, on by default; off, the start double has no
      power. A double laid after a 14 that leaves 14 does not end the turn, so skips nobody.
    - After a 14 the player passes without drawing if he cannot go again.
    - The starting player rotates left each hand; before the start double, players pass or
      draw one tile in turn (passes there block nothing).
    - Blocked (nobody can play nor draw): fewest tiles wins, a tie goes to the fewest pips
      (001), a tie in both scores nothing; the winner scores as usual.
    - Target: 100 with simple scoring, 1000 with super scoring (the booklet gives none).
    """

    key = "super"
    owes_draws = True
    title = "Super Dominos"
    booklet = "000"
    top = 15
    deal = 9
    players = (2, 10)
    draws = "two"
    options = (
        ("top", None, (15,)),
        ("scoring", "simple", ("simple", "super")),  # a point per tile, or the pips
        ("fifteen", "alternate", ("alternate", "others")),  # who draws when a 15 is left
        ("caster_exempt", False, BOOL),  # the spell does not bind the one who cast it
        ("skip_after_start", False, BOOL),  # the start double skips the next player
        ("skip_after_breaking", True, BOOL),  # a double that breaks a spell skips the next
        ("start15", True, BOOL),  # start 15-15: everyone else takes a tile
        ("start14", True, BOOL),  # start 14-14: the starter plays again
        ("start13", True, BOOL),  # start 13-13: every leg started before any is continued
        ("start3", True, BOOL),  # start 3-3: play goes the other way
    )

    def default_target(self):
        return 1000 if self.opts["scoring"] == "super" else 100

    hand_type = LegsHand

    def layout(self, number):
        return Legs()

    def leader(self, match, number):
        return number % self.n

    def check_lead(self, hand, player, t):
        if not is_double(t):
            raise DominoError("%s: the first play of a hand is a double", name(t))

    def joins(self, hand, t, arm):
        if is_double(t) and arm.open == SPELL:
            return t[0]  # a double may be played on its own number or on a 13
        return joins(t, arm.open)

    def step(self, hand, player):
        return (player + hand.dir) % self.n

    # --- who is bound by what ---------------------------------------------------------------

    def owing(self, hand):
        """Players who must still take tiles (a 15), while the boneyard has any."""
        if hand.boneyard - self.reserve <= 0:
            return []
        return [p for p in range(self.n) if hand.owes[p]]

    def bound(self, hand, player):
        """The leg a spell makes ``player`` play on, or None."""
        if hand.spell is None:
            return None
        leg, caster = hand.spell
        if self.opts["caster_exempt"] and player == caster:
            return None
        return leg

    def check_owed(self, hand, what):
        who = self.owing(hand)
        if who:
            raise DominoError(
                "%s: first seat(s) %s must take the tile(s) a 15 made them draw (%s)"
                % (
                    what,
                    ", ".join(str(p) for p in who),
                    ", ".join("seat %d: %d" % (p, hand.owes[p]) for p in who),
                )
            )

    def check_play(self, hand, player, t, arm_index):
        e = arm_index
        self.check_owed(hand, name(t))
        leg = self.bound(hand, player)
        if leg is not None and e != leg:
            raise DominoError(
                "%s on leg %d: a spell binds seat %d to the 13 on leg %d (a 13 or a double "
                "there), or draw two" % (name(t), e, player, leg)
            )

    def status(self, hand):
        p = hand.turn
        return Status(
            turn=p,
            dir=hand.dir,
            spell=None if hand.spell is None else hand.spell[0],
            bound=None if p is None else self.bound(hand, p),
            again=hand.again,
            owes=[hand.owes[q] if q in self.owing(hand) else 0 for q in range(self.n)],
            legs_first=hand.layout.sprout_first,
        )

    # --- turns ------------------------------------------------------------------------------

    def next_turn(self, hand, player, t):
        lay = hand.layout
        hand.again = False
        if len(lay.played) == 1:
            return self.after_start(hand, player, t)
        e = lay.last
        left = lay.arms[e].open
        breaking = hand.spell is not None and e == hand.spell[0]
        if breaking:
            hand.spell = None  # a 13 or a double on the spell's 13 breaks it
        if left == DRAW:
            self.owe(hand, self.fifteen_victims(hand, player))
        if left == REVERSE and self.n > 2:
            hand.dir = -hand.dir
        if left == SPELL:
            hand.spell = (e, player)  # 13-13 on the 13, or breaking with a 13, casts anew
        if left == AGAIN:
            hand.again = True
            return player
        nxt = self.step(hand, player)
        if is_double(t) and not (breaking and not self.opts["skip_after_breaking"]):
            nxt = self.step(hand, nxt)  # ended the turn with a double: the next player sits out
        return nxt

    def owe(self, hand, players):
        if hand.boneyard - self.reserve > 0:  # with nothing left to take, a 15 costs nothing
            for q in players:
                hand.owes[q] += 1

    def fifteen_victims(self, hand, player):
        if self.opts["fifteen"] == "others":
            return [q for q in range(self.n) if q != player]
        # 001 "cada segundo jugador, uno sí y otro no": the next, the one after next but one...
        return [(player + d * hand.dir) % self.n for d in range(1, self.n, 2)]

    def after_start(self, hand, player, t):
        o = self.opts
        pip = t[0]
        if pip == DRAW and o["start15"]:
            self.owe(hand, [q for q in range(self.n) if q != player])
        if pip == REVERSE and o["start3"]:
            hand.dir = -1
        if pip == SPELL and o["start13"]:
            hand.layout.sprout_first = True  # every leg starts before any continues
        if pip == AGAIN and o["start14"]:
            hand.again = True
            return player
        nxt = self.step(hand, player)
        return self.step(hand, nxt) if o["skip_after_start"] else nxt

    def check_draw(self, hand, player, n):
        if hand.owes[player] and self.owing(hand):
            if n > hand.owes[player]:
                raise DominoError(
                    "seat %d owes %d tile(s) from a 15: draw those first"
                    % (player, hand.owes[player])
                )
            return  # owed draws are taken out of turn
        self.check_owed(hand, "draw")
        if hand.turn is not None and player != hand.turn:
            raise DominoError("only the player whose turn it is (seat %d) draws" % hand.turn)
        if hand.again:
            raise DominoError("after a 14 seat %d plays again if he can, else passes" % player)
        if hand.layout.is_empty() and hand.drawn + n > 1:
            raise DominoError("no start double yet: pick one tile in turn, then pass or start")
        Game.check_draw(self, hand, player, n)

    def after_draw(self, hand, player, n):
        paid = min(n, hand.owes[player])
        if paid:
            hand.owes[player] -= paid
            if player == hand.turn:
                hand.drawn -= paid  # owed tiles are not the turn's two
        if hand.boneyard - self.reserve <= 0:
            hand.owes = [0] * self.n  # nothing left to take

    def check_pass(self, hand, player):
        self.check_owed(hand, "pass")
        if hand.layout.is_empty() or hand.again:
            return  # no double to start with; or a 14 and no second play
        Game.check_pass(self, hand, player)

    def after_pass(self, hand, player):
        hand.again = False
        if hand.layout.is_empty():
            hand.passes = 0  # no start double yet: nobody is blocked
        return self.step(hand, player)

    # --- scoring ----------------------------------------------------------------------------

    def tally_fields(self, hand, blocked):
        """Tiles are what simple scoring counts (and what a blocked hand is won by); the pips
        break a tie, and super scoring counts them. Simple scoring with a player out asks the
        tiles alone: 000, "wins a point from each player for every domino they have left"; 001,
        "gana un punto por cada ficha que tengan los otros jugadores"."""
        if not blocked and self.opts["scoring"] == "simple":
            return ("n",)
        return ("p", "n")

    def result_entry(self, hand, blocked) -> bool:
        return True  # the winner scores the others' tiles (or pips)

    def hand_points(self, ctx):
        """The winner (out, or blocked with the fewest tiles, then the fewest pips) scores a
        point per tile (simple) or the pips (super) left in the other sides' hands."""
        held = [ctx.tiles(p) for p in range(self.n)]  # the table's n, else the record's count
        tiles = [sum(held[p] for p in members) for members in ctx.sides]
        pts = [0] * len(ctx.sides)
        win = ctx.out
        if win is None:
            best = min((held[p], ctx.players[p].pips) for p in range(self.n))
            sides = []
            for s, members in enumerate(ctx.sides):
                if [p for p in members if (held[p], ctx.players[p].pips) == best]:
                    sides.append(s)
            if len(sides) != 1:
                return pts  # a tie in tiles and pips: nobody scores
            win = sides[0]
        value = ctx.pips if self.opts["scoring"] == "super" else tiles
        pts[win] = sum(value[s] for s in range(len(ctx.sides)) if s != win)
        return pts


class Doble15(SuperDominos):
    """001 DOMINÓ DOBLE 15 (Spanish). Super Dominós with these readings: a 15 makes "cada
    segundo jugador, uno sí y otro no" draw one (alternate players, from the next one in the
    direction of play); the spell's caster is exempt from it; breaking a spell with a 13
    casts a new one; a double ending a turn skips the next player, except the start double and
    doubles that break a spell; the start-double rules are optional VARIANTES (off by default;
    15-15 there makes every other player draw, even in this preset). Winning a hand: a point
    per tile the others hold; blocked, the fewest tiles, then the fewest pips, wins and
    scores as usual. "Alcanza la cantidad de puntos establecida": no number; 100 is chosen.

    Decided here: "romper un hechizo utilizando un 13, lanza un nuevo hechizo" is laying a 13
    on the spell's 13, and it casts a new spell only when it leaves a 13 showing (13-13), as
    000's note has it ("If the 13-13 is played, the spell continues!"). A spell binds the
    next player to play "junto al 13 que creó el hechizo"; 13-5 laid on the 13 leaves a 5,
    with no 13 to bind anyone to. No house rule: the booklets agree on 13-13, and no other
    reading says where the new spell would be.
    """

    key = "doble15"
    title = "Domino doble 15"
    booklet = "001"
    options = (
        ("top", None, (15,)),
        ("scoring", "simple", ("simple", "super")),
        ("fifteen", "alternate", ("alternate", "others")),
        ("caster_exempt", True, BOOL),
        ("skip_after_start", False, BOOL),
        ("skip_after_breaking", False, BOOL),
        ("start15", False, BOOL),
        ("start14", False, BOOL),
        ("start13", False, BOOL),
        ("start3", False, BOOL),
    )
