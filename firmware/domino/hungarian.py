"""003 Hungarian Dominoes ("Ungarisches Domino"): a player goes on laying while he can."""

from .barricade import Barricade
from .errors import DominoError
from .schmidt import BOOL, Schmidt
from .tiles import is_double, name


class Hungarian(Barricade, Schmidt):
    """003 Hungarian: twelve tiles each for two players, eight for three, six for four; the
    rest are set aside (no boneyard); the highest double begins; a player places tiles for as
    long as he can, then the next player takes his turn; when nobody can place, the hand ends
    and the player with the fewest pips left scores the opponents' pips; the first past 100
    wins.

    Sources disagree: German, English, Dutch and Italian say "more than 100" (``past_target``,
    the default); the French says "reaches 100" (``past_target=false``).
    Decided here: laying is his right, not a duty ("darf so lange auslegen", "a le droit de
    placer", "may place"): he ends his turn with a pass, which does not count towards
    blocking the hand, as he could lay; a player who lays his last tile ends the hand too
    (general rules: "Domino"), scoring the opponents' pips the same way; a tie for the fewest
    pips scores nothing."""

    key = "hungarian"
    title = "Hungarian"
    deal = {2: 12, 3: 8, 4: 6}
    players = (2, 4)
    reserve = 0
    draws = "none"
    target = 100
    options = (
        ("top", None, (6,)),
        ("past_target", True, BOOL),  # win with more than 100 (False: with 100)
        ("barricade", False, BOOL),
    )

    def check_lead(self, hand, player, t):
        if not is_double(t):
            raise DominoError("%s: the highest double begins in %s", name(t), self.title)

    def next_turn(self, hand, player, t):
        return player  # "s/he may place tiles for as long as his or her tiles permit"

    def after_pass(self, hand, player):
        self.ends_own_turn(hand, player)  # "darf", "a le droit", "may": ending it is his choice
        return Schmidt.after_pass(self, hand, player)

    def is_over(self, match):
        if match.rounds is not None and len(match.records) >= match.rounds:
            return True
        if match.target is None:
            return False
        best = max(match.totals)
        return best > match.target if self.opts["past_target"] else best >= match.target
