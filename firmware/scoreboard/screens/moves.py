"""A play recorded from the table, and what the rules make of it: the announcement (the
layout's view, ``Game.announcement``), the muggins claim where the ``muggins`` option is on,
the draws the rules owe and a skipped player (scoreboard.screens.extras, for the games that
declare them).

Nothing here knows a game (docs/ui-games.md). Loaded with the table
(scoreboard.screens.table) and dropped with it.
"""

from domino.tiles import name
from scoreboard import views, words
from scoreboard.screens.common import attempt, has_extras
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
        claimed = words.UNCLAIM
    text = view.scored(m, who, pts, r, end is None) if pts else "%s %s" % (who, ev["t"])
    if r.get("padded"):  # its count was entered on the score pad: not counted again
        text += words.ON_PAD % r["padded"]
    if m.over or m.hand.is_over():
        app.home()
        out = r.get("out") is not None
        # where the hand's end scores, what the play scored; where it does not (Italian),
        # who went out (the screen shows the total)
        if pts and (m.game.scores_hand_end or not out):
            app.flash(text)
        elif out:  # the tally asks what the core needs (maybe nothing)
            ask = words.ENTER_HANDS if app.screen.need else ""
            app.flash(words.IS_OUT_ASK % (who, ask))
        return
    if has_extras(m.game):
        from scoreboard.screens.extras import settle, skipped

        drew = settle(app)
        if drew:
            text += (
                words.PLUS_TILE
                if drew == [who]
                else words.OTHERS_DREW % "+".join(x[:3] for x in drew)
            )
        text += skipped(m, player)
    app.screen.tell(app, text + claimed if len(text + claimed) <= COLS else text)  # hint if room
    if pts:
        app.board.beep(1760, 60)
