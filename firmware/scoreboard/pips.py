"""A tile named by its pips on the keypad, on the table (docs/ui.md, "The keypad").

Loaded with the first digit typed on the table (scoreboard.screens.table.Table.type_tile): a board
without the keypad never carries it. Pure reading of the match but for the play it lays.
"""

from scoreboard import views, words
from scoreboard.plays import preview


def by_pips(match, typed, player=None):
    """A tile named by its pips on the keypad ("6", "4": 6-4; in a big set "1", "2", "5":
    12-5), either half first, among the plays the turn's player may make
    (``Match.legal_plays``). Returns (tile, its plays (tile, end, o)) once the digits name one
    tile and no longer name is still possible, (None, []) while more digits may come, and
    None when no legal play starts so. ``done`` (OK pressed): the tile the digits name now.
    ``player``: whose plays (None: the turn's; a lead the tiles decide has no turn yet, and
    every seat may lead the same tiles as far as the box knows)."""
    return _by_pips(match, typed, False, player)


def _by_pips(match, typed, done, player=None):
    p = match.hand.turn if player is None else player
    if p is None:
        return None
    whole = []
    longer = False
    for play in match.legal_plays(p):
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


def typed_done(match, typed, player=None):
    """``by_pips`` once OK ends the digits: the tile they name, or None."""
    got = _by_pips(match, typed, True, player)
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
    the same result (differing), else the bar offers only its ends, numbered: a digit names
    one (``end_key``), or UP/DOWN and OK choose as on the bar."""
    m = app.match
    if table.asking and not table.typed and len(key) == 1:
        end_key(table, app, key)
        return
    if key == "back":
        table.typed = table.note = ""
        if table.asking:
            table.refresh(app)  # the whole bar again
        return
    # the tiles decide who leads (no turn yet): the tile by its pips, then who laid it
    lead = 0 if m.hand.turn is None else None
    if key == "ok":
        got = typed_done(m, table.typed, lead)
    else:
        table.typed += key
        got = by_pips(m, table.typed, lead)
    if got is None:
        app.flash(words.NO_PLAY % table.typed, True)
        table.typed = table.note = ""
        return
    tile, tile_plays = got
    if tile is None:
        table.note = words.TILE_HALF % table.typed
        return
    table.typed = table.note = ""
    if lead is not None:
        from scoreboard.screens.tiles import Leader

        app.push(Leader(app, tile))  # a digit names the seat
        return
    ways = differing(m, tile_plays)
    acts = [("quick", (t, e) if o is None else (t, e, o)) for t, e, o in ways]
    if len(acts) == 1:
        table.act(app, acts[0])
        return
    table.actions = acts  # which end: UP/DOWN, OK lays it; the next event rebuilds the bar
    table.cursor = 0
    table.asking = True
    table.note = words.WHICH_END % tile


def end_key(table, app, key):
    """While the bar offers a typed tile's ends: digit k lays it on the k-th (the number its
    label shows), so a tile that fits ends that differ costs one key more, never a walk along
    the bar (bench/results/hands.txt)."""
    acts = table.actions
    i = ord(key) - 49  # "1" is the first
    if 0 <= i < len(acts):
        table.note = ""
        table.act(app, acts[i])
    else:
        app.flash(words.END_KEYS % len(acts), True)
