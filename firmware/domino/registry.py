"""Every game the core knows, by key. Game modules are imported on first use so the Pico only
loads the rules of the game on the table."""

from .errors import DominoError

# "key module Class", one game a line, in the order the device's menu lists them. One string,
# not a tuple of tuples: on the Pico that is a few hundred bytes instead of ~9 KB of tuples and
# interned names (measured with mpy-cross output on the unix port).
_TABLE = """
muggins fives Muggins
allfives fives AllFives
bergen bergen Bergen
bergen-schmidt bergen BergenSchmidt
draw block Draw
block block Block
doble12 block Doble12
mexican mexican MexicanTrain
cardinal mexican CardinalMexicanTrain
super superdominos SuperDominos
doble15 superdominos Doble15
texas texas Texas
doubletakes doubletakes DoubleTakes
highfives highfives HighFives
thatsit thatsit ThatsIt
poker poker Poker
italian italian Italian
allsevens sevens AllSevens
matador sevens Matador
matador-schmidt sevens MatadorSchmidt
sebastopol sebastopol Sebastopol
sebastopol-schmidt sebastopol SebastopolSchmidt
cyprus sebastopol Cyprus
tiddle tiddle TiddleAWink
tiddle-pool tiddle TiddleAWinkPool
hungarian hungarian Hungarian
french french French
peruvian peruvian Peruvian
teamblock teamblock TeamBlock
barricade barricade BarricadeBlock
"""


def games():
    """(key, module, class name) of every game, in menu order."""
    for line in _TABLE.split("\n"):
        if line:
            key, module, cls = line.split(" ")
            yield key, module, cls


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
