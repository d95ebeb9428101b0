"""A tile named by its pips on the keypad, on the table (docs/ui.md, "The keypad").

Loaded with the first digit typed on the table (scoreboard.screens.table.Table.type_tile): a board
without the keypad never carries it. Pure reading of the match but for the play it lays.
"""

from scoreboard import views, words
from scoreboard.plays import preview


def by_pips(match, typed):
    """A tile named by its pips on the keypad ("6", "4": 6-4; in a big set "1", "2", "5":
    12-5), either half first, among the plays the turn's player may make
    (``Match.legal_plays``). Returns (tile, its plays (tile, end, o)) once the digits name one
    tile and no longer name is still possible, (None, []) while more digits may come, and
    None when no legal play starts so. ``done`` (OK pressed): the tile the digits name now."""
    return _by_pips(match, typed, False)


def _by_pips(match, typed, done):
    hand = match.hand
    if hand.turn is None:
        return None
    whole = []
    longer = False
    for play in match.legal_plays(hand.turn):
        t = play[0]
        for form in ("%d%d" % (t[0], t[1]), "%d%d" % (t[1], t[0])):
            if form == typed:
                whole.append(play)
                break
            if form.startswith(typed):
                longer = True
    if whole and (done or not longer):
        return whole[0][0], [p for p in whole if p[0] == whole[0][0]]
    return (None, []) if longer else None


def typed_done(match, typed):
    """``by_pips`` once OK ends the digits: the tile they name, or None."""
    got = _by_pips(match, typed, True)
    return got if got is not None and got[0] is not None else None


def differing(match, tile_plays):
    """The plays of one tile whose results differ (points, or the open pips they leave; each
    train is its own), one play for each result: the table asks the end only when there are
    several."""
    out = []
    seen = []
    for t, e, o in tile_plays:
        key = result(match, t, e, o)
        if key not in seen:
            seen.append(key)
            out.append((t, e, o))
    return out


def result(match, t, e, o=None):
    """What laying ``t`` on end ``e`` comes to, for telling ends apart: the points and the open
    pips it leaves (a train, or a new end, is itself)."""
    lay = match.hand.layout
    if e is None or views.of(lay).apart or e >= len(lay.arms):
        return (e, o)
    left = o if o is not None else match.game.joins(match.hand, t, lay.arms[e])
    ends = [lay.arms[i].open for i in lay.open_arms() if i != e] + [left]
    ends.sort()
    return (preview(match, t, e), tuple(ends))


def type_tile(table, app, key):
    """A digit names the tile by its pips; OK takes the tile the digits name when a longer
    one could follow (1-2 against 12-x), BACK drops them. Laid at once when its ends give
    the same result (differing), else the bar offers only its ends."""
    m = app.match
    if key == "back":
        table.typed = table.note = ""
        if table.asking:
            table.refresh(app)  # the whole bar again
        return
    if m.hand.turn is None:  # the tiles decide who leads: say who first
        table.typed = table.note = ""
        table.act(app, ("lead", None))
        return
    if key == "ok":
        got = typed_done(m, table.typed)
    else:
        table.typed += key
        got = by_pips(m, table.typed)
    if got is None:
        app.flash(words.NO_PLAY % table.typed, True)
        table.typed = table.note = ""
        return
    tile, tile_plays = got
    if tile is None:
        table.note = words.TILE_HALF % table.typed
        return
    table.typed = table.note = ""
    ways = differing(m, tile_plays)
    acts = [("quick", (t, e) if o is None else (t, e, o)) for t, e, o in ways]
    if len(acts) == 1:
        table.act(app, acts[0])
        return
    table.actions = acts  # which end: UP/DOWN, OK lays it; the next event rebuilds the bar
    table.cursor = 0
    table.asking = True
    table.note = words.WHICH_END % tile
