"""Every game the core knows, by key. Game modules are imported on first use so the Pico only
loads the rules of the game on the table."""

from .errors import DominoError

# "key module Class Title", one game a line, in the order the device's menu lists them. One
# string, not a tuple of tuples: on the Pico that is a few hundred bytes instead of ~9 KB of
# tuples and interned names (measured with mpy-cross output on the unix port). The title is the
# class's own ``title`` (tests/core/test_registry.py checks each): the device's game menu reads it
# here, because importing every game's module for its title would leave all their names
# interned in the heap for good.
_TABLE = """
muggins fives Muggins Muggins
allfives fives AllFives All Fives
bergen bergen Bergen Bergen
bergen-schmidt bergen BergenSchmidt Bergen (Schmidt)
draw block Draw Draw
block block Block Block
doble12 block Doble12 Domino doble 12
mexican mexican MexicanTrain Mexican Train
cardinal mexican CardinalMexicanTrain Cardinal Mexican Train
super superdominos SuperDominos Super Dominos
doble15 superdominos Doble15 Domino doble 15
texas texas Texas Four-Hand Texas
doubletakes doubletakes DoubleTakes Double Takes
highfives highfives HighFives High Fives
thatsit thatsit ThatsIt That's It!
poker poker Poker Poker
italian italian Italian Italian
allsevens sevens AllSevens All Sevens
matador sevens Matador Matador
matador-schmidt sevens MatadorSchmidt Matador (Schmidt)
sebastopol sebastopol Sebastopol Sebastopol
sebastopol-schmidt sebastopol SebastopolSchmidt Sebastopol (Schmidt)
cyprus sebastopol Cyprus Cyprus
tiddle tiddle TiddleAWink Tiddle-a-Wink
tiddle-pool tiddle TiddleAWinkPool Tiddle-a-Wink (pool)
hungarian hungarian Hungarian Hungarian
french french French French
peruvian peruvian Peruvian Peruvian
teamblock teamblock TeamBlock Team Block
barricade barricade BarricadeBlock Barricade
"""

# Every rules module the table names, as sys.modules knows it (tests/core/test_registry.py
# checks it against _TABLE): the device drops the ones the match does not need by looking
# these up, without splitting the table, whose every piece is a new string on the heap.
MODULES = (
    "domino.fives", "domino.bergen", "domino.block", "domino.mexican", "domino.superdominos",
    "domino.texas", "domino.doubletakes", "domino.highfives", "domino.thatsit", "domino.poker",
    "domino.italian", "domino.sevens", "domino.sebastopol", "domino.tiddle", "domino.hungarian",
    "domino.french", "domino.peruvian", "domino.teamblock", "domino.barricade",
)  # fmt: skip


def games():
    """(key, module, class name) of every game, in menu order."""
    for line in _TABLE.split("\n"):
        if line:
            key, module, cls, _title = line.split(" ", 3)
            yield key, module, cls


def titles():
    """(key, title) of every game, in menu order, without loading any game's rules."""
    for line in _TABLE.split("\n"):
        if line:
            key, _module, _cls, title = line.split(" ", 3)
            yield key, title


def keys():
    return [g[0] for g in games()]


def game_class(key):
    for k, module, cls in games():
        if k == key:
            mod = __import__("domino." + module, None, None, [cls])
            return getattr(mod, cls)
    raise DominoError("game %r: known games are %s" % (key, ", ".join(keys())))


def create(key, opts, players):
    if opts is not None and not isinstance(opts, dict):
        raise DominoError('opts: an object of house rules, like {"muggins": false}')
    return game_class(key)(opts, players)
