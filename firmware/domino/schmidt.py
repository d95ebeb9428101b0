"""Booklet 003's general rules ("Grundregeln"), which every game of that booklet builds on, and
its Block game.

- The winner of a hand scores the tiles his opponents still hold. Who wins when nobody can play
  is not said: decided here, the lowest hand; a tie for the lowest scores nothing (as All Fives
  decides in ``fives``).
- A match is a number of rounds agreed beforehand ("best a multiple of the players, so 4, 8 or
  12 rounds with 4 players") or a score: games that name no score default to one round per
  player. A setup that gives its own ``target`` should give ``"rounds": null`` with it.
- The last two tiles of the boneyard stay in reserve.
- Block: "tiles are drawn following each turn taken, irrespective of whether or not tiles have
  been placed" (all five languages). With ``draw_each_turn`` the player who just played or
  passed owes one tile from the boneyard, and the next player may not act until he has drawn
  it; a drawn tile can unblock the table, so everyone passing blocks the hand only once the
  boneyard is down to its reserve.
"""

from .errors import DominoError
from .game import Game
from .match import Hand
from .status import Status

BOOL = (True, False)
TOP = (("top", None, (6, 9)),)  # 003 plays the double-six set, some games the double-nine


class OwedHand(Hand):
    """A hand of the 003 general rules: the seat that still has to draw its end-of-turn tile."""

    def __init__(self, match, number):
        self.owed: "int | None" = None
        Hand.__init__(self, match, number)


class Schmidt(Game):
    booklet = "003"
    owes_draws = True  # Block 003's tile at the end of a turn (``owing``)
    target = None
    reserve = 2

    def __init__(self, opts=None, players=2):
        Game.__init__(self, opts, players)
        if self.rounds is None and self.default_target() is None:
            self.rounds = players  # the general rules: a multiple of the players

    # --- who wins a hand, and what the win is worth --------------------------------------------

    @staticmethod
    def winner(ctx):
        """The side that went out, else the one lowest hand; None when tied for the lowest."""
        if ctx.out is not None:
            return ctx.out
        low = min(ctx.pips)
        best = [s for s, p in enumerate(ctx.pips) if p == low]
        return best[0] if len(best) == 1 else None

    def win_points(self, ctx, w):
        """What side ``w`` scores for winning: the pips its opponents still hold."""
        pts = [0] * len(ctx.pips)
        pts[w] = sum(p for s, p in enumerate(ctx.pips) if s != w)
        return pts

    def result_entry(self, hand, blocked) -> bool:
        return True  # the general rules: the winner scores the opponents' pips

    def hand_points(self, ctx):
        w = self.winner(ctx)
        return [0] * len(ctx.pips) if w is None else self.win_points(ctx, w)

    # --- a tile owed at the end of each turn (Block 003) ---------------------------------------

    def owes_draw(self, passed):
        """Whether ending a turn (by a play, or by a pass when ``passed``) owes a tile."""
        return bool(self.opts.get("draw_each_turn"))

    hand_type = OwedHand

    def owing(self, hand):
        return [] if hand.owed is None else [hand.owed]

    def _end_turn(self, hand, player, passed):
        if self.owes_draw(passed) and hand.boneyard - self.reserve > 0:
            hand.owed = player

    def status(self, hand):
        """For the device: the seat that still owes its end-of-turn tile."""
        return Status() if hand.owed is None else Status(owes_draw=hand.owed)

    def _check_owed(self, hand):
        if hand.owed is not None:
            raise DominoError(
                "seat %d first draws the tile owed at the end of the turn (draw n=1)" % hand.owed
            )

    def next_turn(self, hand, player, t):
        self._end_turn(hand, player, False)
        return (player + 1) % self.n

    def after_pass(self, hand, player):
        self._end_turn(hand, player, True)
        return (player + 1) % self.n

    def check_play(self, hand, player, t, arm_index):
        self._check_owed(hand)

    def drawable(self, hand):
        """A tile owed after every turn (Block 003) is drawn in a game without drawing to play:
        the boneyard beyond the reserve can still be drawn."""
        if self.owes_draw(True):
            return max(hand.boneyard - self.reserve, 0)
        return Game.drawable(self, hand)

    def check_pass(self, hand, player):
        self._check_owed(hand)
        Game.check_pass(self, hand, player)

    def check_draw(self, hand, player, n):
        if hand.owed is None:
            if self.draws == "none" and self.opts.get("draw_each_turn"):
                raise DominoError(
                    "%s: a tile is drawn only at the end of a turn, after the play or pass"
                    % self.title
                )
            Game.check_draw(self, hand, player, n)
            return
        if player != hand.owed:
            self._check_owed(hand)
        if n != 1:
            raise DominoError("the tile owed at the end of a turn is one tile, not %d" % n)

    def after_draw(self, hand, player, n):
        if hand.owed == player:
            hand.owed = None
            hand.passes = 0  # a new tile may play: passing starts over


class Block003(Schmidt):
    """003 Block Dominoes: seven tiles each for two players, five for three or four; no drawing
    to play, a player who cannot lay passes; at the end of every turn, played or passed, the
    player draws a tile (``draw_each_turn``); the highest double (else the highest tile) leads;
    the winner scores the opponents' remaining pips."""

    key = "block-schmidt"
    title = "Block (Schmidt)"
    deal = {2: 7, 3: 5, 4: 5}
    players = (2, 4)
    draws = "none"
    options = TOP + (("draw_each_turn", True, BOOL),)
