"""A play recorded from the table, and what the rules make of it: the announcement, the muggins
claim, the draws the rules owe, a skipped player, a joker turned either way round.

Nothing here knows a game: each extra comes from what the game declares (docs/ui-games.md):

- a sums game's joker (``Game.base``, ``is_joker``, ``adds_up``: All Sevens, Matador) laid
  off-number is offered both ways round ("6-1 open 6", "6-1 open 1"); the play event says
  which half stays open;
- owed draws (``Game.status`` "owes_draw" or "owes": Block 003's tile at the end of each
  turn, a 15 in Super Dominos) are recorded for the players who owe them as soon as they are
  owed: a rule, not a choice. UNDO takes one back; the table then offers it ("Ben draws 1");
- Super Dominos (``status`` "dir"): the spell, a second play, the direction, a skipped player;
- where muggins is on (the ``muggins`` option), a count is claimed for its player at once.

Loaded with the table (scoreboard.screens.table) and dropped with it.
"""

from domino.tiles import name
from scoreboard import views
from scoreboard.screens.common import attempt
from scoreboard.ui import COLS


def play(app, player, t, end, o=None):
    """Record the play of tile t on arm ``end`` (None: the lead; ``o``: the half a turned
    joker leaves open), then announce it, claim its count where muggins is on, record the draws
    the rules owe, or go to the hand's end when the hand is over."""
    m = app.match
    ev = {"k": "play", "p": player, "t": name(t)}
    if end is not None:
        ev["e"] = end
    if o is not None:
        ev["o"] = o
    view = views.of(m.hand.layout)  # the hand's layout: a finished hand keeps none
    r = attempt(app, ev)
    if r is None:
        return
    pts = r.get("scored", 0)
    who = m.players[player]
    claimed = ""
    if pts and m.game.opts.get("muggins"):
        # Claimed by default: players nearly always call their count, the last tile's too.
        # UNDO right away leaves it unclaimed, and the table then offers it to an opponent.
        if attempt(app, {"k": "claim", "p": player}) is None:
            return
        claimed = " UNDO:unclaim"
    text = view.scored(m, who, pts, r, end is None) if pts else "%s %s" % (who, ev["t"])
    if m.over or m.hand.is_over():
        app.home()
        out = r.get("out") is not None
        # where the hand's end scores, what the play scored; where it does not (Italian),
        # who went out (the screen shows the total)
        if pts and (m.game.scores_hand_end or not out):
            app.flash(text)
        elif out:  # the tally asks what the core needs (maybe nothing)
            ask = " Enter the hands" if getattr(app.screen, "need", None) else ""
            app.flash("%s is out!%s" % (who, ask))
        return
    drew = settle(app)
    if drew:
        text += " +tile" if drew == [who] else ", %s drew" % "+".join(x[:3] for x in drew)
    text += skipped(m, player)
    tell = getattr(app.screen, "tell", None)  # the table
    if tell is not None:
        tell(app, text + claimed if len(text + claimed) <= COLS else text)  # the hint if room
    if pts:
        app.board.beep(1760, 60)


def owed(m):
    """[(player, tiles)] still owed to the boneyard: Block 003's end-of-turn tile, a 15."""
    hand = m.hand
    if hand is None or hand.is_over():
        return []
    st = m.game.status(hand)
    if st.get("owes_draw") is not None:
        return [(st["owes_draw"], 1)]
    owes = st.get("owes") or []
    return [(p, k) for p, k in enumerate(owes) if k]


def settle(app):
    """Record the draws the rules owe now (each its own event; UNDO takes one back)."""
    m = app.match
    done = []
    for _ in range(len(m.players) + 1):
        todo = owed(m)
        if not todo:
            break
        p, k = todo[0]
        k = min(k, m.hand.boneyard - m.game.reserve)
        if k <= 0 or attempt(app, {"k": "draw", "p": p, "n": k}) is None:
            break
        done.append(m.players[p])
    return done


def skipped(m, player):
    """Super Dominos: ", Cai skips" when the turn jumped a player."""
    st = m.game.status(m.hand)
    turn = m.hand.turn
    if "dir" not in st or turn is None or turn == player or len(m.players) < 3:
        return ""
    nxt = (player + st["dir"]) % len(m.players)
    if turn != nxt:
        return ", %s skips" % m.players[nxt]
    return ""


def status_text(m):
    """Super Dominos: spell, a second play, direction (from game.status)."""
    st = m.game.status(m.hand)
    if "dir" not in st:
        return ""
    parts = []
    if st.get("spell") is not None:
        parts.append("spell on %d" % (st["spell"] + 1))
    if st.get("again"):
        parts.append("again")
    if st.get("legs_first"):
        parts.append("new legs")
    if st["dir"] < 0:
        parts.append("ccw")
    return " ".join(parts)


class Turned:
    """A tile offered for an end, with the half left open when it is a turned joker."""

    __slots__ = ("tile", "points", "label", "o")

    def __init__(self, tile, points, o=None):
        self.tile = tile
        self.points = points
        self.o = o
        self.label = name(tile) + (" open %d" % o if o is not None else "")
        if points:
            self.label += " +%d" % points


def both_ways(g, arm, choices):
    """A joker may lie either way round: two choices (one is the natural way when it adds
    up on this end)."""
    out = []
    for c in choices:
        t = c.tile
        if t[0] == t[1] or not g.is_joker(t):
            out.append(c)
            continue
        natural = g.adds_up(t, arm.open)
        if natural is None:
            out.append(Turned(t, c.points, t[0]))
            out.append(Turned(t, c.points, t[1]))
        else:  # it adds up; as a joker it may still lie the other way (Match.legal_plays)
            out.append(c)
            out.append(Turned(t, c.points, t[0] if natural == t[1] else t[1]))
    return out
