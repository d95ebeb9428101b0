"""Draw and Block (booklet 000) and the double-twelve draw game to 100 of booklet 004: no counts
during play; the hand's end scores the pips."""

from .errors import DominoError
from .game import Game
from .layouts import Layout, Line, Spinner
from .tiles import name

BOOL = (True, False)


class Draw(Game):
    """000 DRAW: seven tiles each; the leader is chosen before the game and leads every hand;
    draw until able; domino scores all others' pips; blocked, each player scores the difference
    to every higher hand (as Muggins, without fives); 100 is game. With bigger sets the booklet
    suggests playing off both sides and ends of the first double: ``spinner=true``."""

    key = "draw"
    title = "Draw"
    booklet = "000"
    deal = 7
    players = (2, 4)
    draws = "until"
    target = 100
    options = Game.options + (
        ("spinner", False, BOOL),
        ("fixed_leader", True, BOOL),  # seat 0 leads every hand
    )

    def layout(self, number) -> Layout:
        return Spinner() if self.opts["spinner"] else Line()

    def leader(self, match, number):
        return 0 if self.opts.get("fixed_leader") else None

    def result_entry(self, hand, blocked) -> bool:
        # domino takes all; blocked, every side scores its differences to the higher hands:
        # with two sides only the lower one scores, so one number still says it all
        return not blocked or len(hand.points) == 2

    def hand_points(self, ctx):
        if ctx.out is not None:
            return self.out_takes_all(ctx)
        return self.cascade(ctx)


class Block(Draw):
    """000 BLOCK: "The same game as Draw except that excess pieces are not drawn when a player
    cannot play. He merely says, "pass"" (ES *Cierre*: "el mismo juego que el Robo"), so seven
    tiles each, as Draw deals ("Each player draws seven pieces"; *Robo*: "Cada jugador coge
    siete fichas"). The lead is free (003: the highest double begins).
    ``five_tiles``: the Schmidt booklet's (003) Block deal, five tiles each for three or four
    players (seven for two)."""

    key = "block"
    title = "Block"
    draws = "none"
    options = Game.options + (
        ("spinner", False, BOOL),
        ("fixed_leader", False, BOOL),
        ("five_tiles", False, BOOL),
    )

    def deal_size(self, players):
        return 5 if self.opts.get("five_tiles") and players > 2 else 7


class Doble12(Game):
    """004 Dominó doble 12: nine tiles each from the double-twelve set, 2 to 6 players; the
    highest double starts; draw until able, then pass; when a player goes out or nobody can
    play, the lowest hand wins and scores the sum of its differences to the others
    (A 5, B 19, C 12 → A scores 14 + 7 = 21); 100 points wins."""

    key = "doble12"
    title = "Domino doble 12"
    booklet = "004"
    top = 12
    deal = 9
    players = (2, 6)
    draws = "until"
    target = 100
    options = (("top", None, (12,)),)

    def check_lead(self, hand, player, t):
        if t[0] != t[1]:
            raise DominoError("%s: the highest double starts the hand", name(t))

    def result_entry(self, hand, blocked) -> bool:
        # the lowest hand scores: whoever went out (no pips) takes them all; blocked, with two
        # sides only the lower one scores (several may tie for lowest among more)
        return not blocked or len(hand.points) == 2

    def hand_points(self, ctx):
        return self.lowest_takes_differences(ctx)
