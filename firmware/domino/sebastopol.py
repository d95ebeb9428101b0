"""Games laid around one centre double (a ``Hub``): Sebastopol (booklets 000 and 003) and
Cyprus (003). Every branch starts at the centre; a play names its branch (``e``)."""

from .block import Block
from .errors import DominoError
from .layouts import Hub
from .schmidt import BOOL, Schmidt
from .tiles import name


class Sebastopol(Block):
    """000 SEBASTOPOL: a block game, no boneyard; four play, seven tiles each; the 6-6 must be
    set, and the turn rotates to the left of the first player; the 6-6 is open four ways and
    the first four plays after the set must be upon it, no branch extended until all four have
    sprouted (``sprout_first``); otherwise the Block game: domino scores all others' pips,
    blocked hands score the differences as in Muggins, 100 is game.

    The Spanish text's "abre en seis direcciones" (six ways) is an OCR slip: it goes on about
    "las cuatro vertientes", the four branches."""

    key = "sebastopol"
    title = "Sebastopol"
    deal = 7
    players = (4, 4)
    centre = (6, 6)
    options = (("top", None, (6,)), ("sprout_first", True, BOOL))

    def layout(self, number):
        return Hub(4, self.opts["sprout_first"])

    def leader(self, match, number):
        return None  # whoever holds the centre double

    def check_lead(self, hand, player, t):
        if t != self.centre:
            raise DominoError(
                "%s: the %s is set first in %s", name(t), name(self.centre), self.title
            )


class SebastopolSchmidt(Schmidt):
    """003 Sebastopol: four players, seven tiles each; the holder of the 6-6 begins, the others
    follow clockwise; all four ends of the 6 are open; otherwise the general rules: the first
    out scores the opponents' pips.

    Sources disagree: the French text says "the first four tiles placed must all have a 6", in
    the four directions round the double-six (``sprout_first``); German, English, Dutch and
    Italian only say all four ends are open, so the default is off.
    Decided here: a blocked hand goes to the lowest hand (a tie scores nothing); one round per
    player as the general rules suggest."""

    key = "sebastopol-schmidt"
    title = "Sebastopol (Schmidt)"
    deal = 7
    players = (4, 4)
    reserve = 0
    draws = "none"
    centre = (6, 6)
    options = (("top", None, (6,)), ("sprout_first", False, BOOL))
    layout = Sebastopol.layout
    check_lead = Sebastopol.check_lead


class Cyprus(Schmidt):
    """003 Cyprus: four players, thirteen tiles each from the double-nine set, the other three
    set aside; the holder of the 9-9 begins (if nobody holds it, the tiles are reshuffled and
    dealt again); clockwise, players lay their 9s round it in a star, or play on the open ends
    of the layout; a player who cannot play passes; the first out scores the pips the others
    still hold; when nobody can play, the lowest hand scores them.

    Decided here: the booklet does not limit the star, so all nine tiles with a 9 may sprout
    from the 9-9 (``star`` 9); the traditional Cyprus star of eight ways is ``star=8``. A tie
    for the lowest blocked hand scores nothing; one round per player."""

    key = "cyprus"
    title = "Cyprus"
    top = 9
    deal = 13
    players = (4, 4)
    reserve = 0
    draws = "none"
    centre = (9, 9)
    options = (("top", None, (9,)), ("star", 9, (8, 9)))

    def layout(self, number):
        return Hub(self.opts["star"])

    check_lead = Sebastopol.check_lead
