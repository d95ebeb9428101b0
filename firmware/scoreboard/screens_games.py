"""Screens for the table games of booklets 000 and 003 beyond the first nine.

Loaded only when the match on the table plays one of them (scoreboard.screens.home), so the
Pico's heap carries this code just for those games. Games scored from each hand's outcome get
the generic entry (scoreboard.entry); games laid on the table get the usual table, tiles and
tally screens with what their rules add:

- Italian: the running total and the next total that scores; "Ana 30! +1" when one is hit; a
  hand's end scores nothing, so it is one OK.
- All Sevens / Matador: what each end calls for ("L6>1"); a joker laid off-number is offered
  both ways round ("6-1 open 6", "6-1 open 1"), the play event says which half stays open.
- Hub games (Sebastopol, Cyprus, Super Dominos): the centre and the branches; branches not
  yet started are one action, "New branch".
- Owed draws (Block 003's tile at the end of each turn, a 15 in Super Dominos) are recorded
  for the players who owe them as soon as they are owed: a rule, not a choice. UNDO takes one
  back; the table then offers it ("Ben draws 1").
- Super Dominos: the direction, the spell and the leg it binds, a second play after a 14,
  a skipped player.
- French: the level the next tile takes at each end.
- Barricade (a house rule in several 003 games): after a double, "Barricade: Ana" ends the
  hand; the tally then names the barricader (``bar``).
- Peruvian: the standings stay hidden until the game announces them (before the last round).
- Team Block: the partnership from the 4-tile draw, chosen before the match starts.
"""

from domino.tiles import is_double, name
from scoreboard import plays
from scoreboard.hand_end import Result, Tally
from scoreboard.picks import lead_screen, pick
from scoreboard.screens import (
    attempt,
    match_menu,
    standings_rows,
)
from scoreboard.table import Leader, Table, Tiles
from scoreboard.ui import COLS, Menu, Screen, fit, row, title

ITALIAN = {30: 1, 50: 2, 70: 3, 100: 4, 120: 5, 150: 6}


def home(app):
    """The screen for the match's state (the match is neither missing nor over)."""
    m = app.match
    if m.game.entry is not None:
        from scoreboard.entry import Entry

        return Entry(app)
    if m.hand.is_over():
        if m.game.key == "italian":
            return HandOver()
        return GameTally(app)
    return GameTable()


def fix(app, index):
    """The screen correcting hand ``index``."""
    m = app.match
    if m.game.entry is not None:
        from scoreboard.entry import Entry

        return Entry(app, fix=index)
    ev = m.log[m.records[index].end]
    return GameTally(app, fix=index, bar=ev.get("bar"))


def hidden(m):
    return m.game.hidden_standings(m)


# --- what the table shows beyond the ends and the standings -------------------------------


def ends_text(m):
    """Row 1: the open ends as the game needs them read."""
    hand = m.hand
    lay = hand.layout
    g = m.game
    kind = lay.kind
    if lay.is_empty():
        return None
    if kind == "pile":
        total = lay.count()
        nxt = [t for t in sorted(ITALIAN) if t > total and (t < 120 or g.top == 9)]
        return "Total %d%s" % (total, " next %d" % nxt[0] if nxt else "")
    arms = lay.open_arms()
    if kind == "hub":
        started = [str(lay.arms[e].open) for e in range(len(lay.arms)) if lay.arms[e].length]
        new = len([e for e in arms if not lay.arms[e].length])
        return "%s:%s%s" % (name(lay.first), " ".join(started), " +%dnew" % new if new else "")
    if g.base is not None:
        return " ".join(
            "%s%d>%s" % ("LR"[e], lay.arms[e].open, _calls(g, lay.arms[e].open)) for e in arms
        )
    if kind == "wall":
        return " ".join(
            "%s%d %s" % ("LR"[e], lay.arms[e].open, "up" if lay.stack(e) == "above" else "dn")
            for e in arms
        )
    return None


def _calls(g, pip):
    """What an end showing ``pip`` takes in a sums game: its partner, or only a joker."""
    return "J" if pip == 0 or pip >= g.base else str(g.base - pip)


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


class GameTable(Table):
    """The table, with the extras of the game on it."""

    def refresh(self, app, keep=None):
        Table.refresh(self, app, keep)
        m = app.match
        g = m.game
        hand = m.hand
        lay = hand.layout
        want = self.actions[self.cursor] if self.actions else None
        sums = g.base is not None
        if sums:
            for e in self.ends:
                self.ends[e] = both_ways(g, lay.arms[e], self.ends[e])
        # A hub's unstarted branches are one end, "New branch": Match.legal_plays lists only
        # the first of them (Layout.alike), so the table's ends already say so.
        # After a 14 (Super Dominos) the stuck action is already Pass: Match.may_draw says no.
        acts = []
        for a in self.actions:
            kind, x = a
            if kind == "pass" and lay.kind == "pile":
                continue  # every tile fits: no passing
            if kind == "quick":
                t, e = x[0], x[1]
                if (
                    sums
                    and t[0] != t[1]
                    and g.is_joker(t)
                    and g.adds_up(t, lay.arms[e].open) is None
                ):
                    for o in t:
                        acts.append(("quick", (t, e, o)))
                        if want == a:
                            want = acts[-1]
                    continue
            if want == (kind, x):
                want = a
            if a not in acts:
                acts.append(a)
        at = acts.index(want) if want in acts else 0
        if g.opts.get("barricade") and hand.last is not None and lay.played:
            if is_double(lay.played[-1]):
                acts.insert(at + 1, ("bar", hand.last))  # one DOWN away
        for p, k in owed(m):
            acts.insert(at, ("owed", (p, k)))
            want = acts[at]
        self.actions = acts
        self.cursor = acts.index(want) if want in acts else 0

    def label(self, app, act):
        m = app.match
        kind, e = act
        lay = m.hand.layout
        if kind == "owed":
            return "%s draws %d" % (m.players[e[0]], e[1])
        if kind == "bar":
            return "Barricade: %s" % m.players[e]
        if kind == "quick" and lay.kind == "pile":
            pts = plays.preview(m, e[0], e[1])
            return "Lay %s%s" % (name(e[0]), " +%d" % pts if pts else "")
        if kind == "quick" and len(e) == 3:
            t, arm, o = e
            return "%s on %s open %d" % (name(t), plays.end_label(m, arm), o)
        if kind == "end":
            n = len(self.ends[e])
            arm = lay.arms[e]
            if lay.kind == "pile":
                return "Lay a tile (%d)" % n
            if lay.kind == "hub":
                if not arm.length:
                    return "New branch (%d)" % n
                return "Branch %d: %d (%d)" % (e + 1, arm.open, n)
            if lay.kind == "wall":
                return "%s %d %s (%d)" % ("LR"[e], arm.open, lay.stack(e), n)
        return Table.label(self, app, act)

    def draw(self, app, fb):
        Table.draw(self, app, fb)
        m = app.match
        text = ends_text(m)
        if text is not None:
            self.ends_line(fb, m, text)
        if hidden(m):
            r = self.first
            fb.fill_rect(0, 8 * r, 128, 8 * (6 - r), 0)
            row(fb, r, "Standings hidden")
            row(fb, r + 1, "until round %d" % (m.rounds or 0))
            if r < 4:
                row(fb, r + 2, "Round %d of %d" % (m.hand.number + 1, m.rounds or 0))
        st = status_text(m)
        if st:  # the rules in force matter more than the last play
            fb.fill_rect(0, 48, 128, 8, 0)
            row(fb, 6, fit(st))

    def act(self, app, act):
        m = app.match
        hand = m.hand
        kind, e = act
        if kind == "owed":
            p, k = e
            if attempt(app, {"k": "draw", "p": p, "n": k}) is not None:
                self.note = "%s drew %d" % (m.players[p], k)
        elif kind == "bar":
            app.push(GameTally(app, bar=e))
        elif kind == "quick":
            play(app, hand.turn, e[0], e[1], e[2] if len(e) > 2 else None)
        elif kind == "end":
            app.push(pick(app, e, self.ends[e], hand.turn, self.start(e), GameTiles))
        elif kind == "lead":
            if hand.turn is None:
                app.push(GameLeader(app))
            else:
                app.push(lead_screen(app, hand.turn, GameTiles))
        else:
            Table.act(self, app, act)
            if kind == "pass" and app.match is m and not m.over:
                drew = settle(app)
                if drew and isinstance(app.screen, GameTable):
                    app.screen.note += " +tile"


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


class GameLeader(Leader):
    def choose(self, app, index):
        app.replace(lead_screen(app, index, GameTiles))


class GameTiles(Tiles):
    def choose(self, app, index):
        app.pop()
        c = self.choices[index]
        play(app, self.player, c.tile, self.end, getattr(c, "o", None))


def play(app, player, t, end, o=None):
    """Record a play; announce what it scored and what the rules do next."""
    m = app.match
    ev = {"k": "play", "p": player, "t": name(t)}
    if end is not None:
        ev["e"] = end
    if o is not None:
        ev["o"] = o
    lay_kind = m.hand.layout.kind
    r = attempt(app, ev)
    if r is None:
        return
    pts = r.get("scored", 0)
    who = m.players[player]
    if lay_kind == "pile" and pts:
        text = "%s %d! +%d" % (who, r.get("count", 0), pts)
    elif pts:
        text = "%s +%d" % (who, pts)
    else:
        text = "%s %s" % (who, ev["t"])
    if m.over or m.hand.is_over():
        app.home()
        if r.get("out") is not None:
            ask = " Enter the hands" if getattr(app.screen, "need", None) else ""
            app.flash("%s is out!%s" % (who, ask))
        elif pts:
            app.flash(text)
        return
    drew = settle(app)
    if drew:
        text += " +tile" if drew == [who] else ", %s drew" % "+".join(x[:3] for x in drew)
    text += skipped(m, player, t)
    table = app.screen
    if isinstance(table, Table):
        table.tell(app, text)
    if pts:
        app.board.beep(1760, 60)


def skipped(m, player, t):
    """Super Dominos: ", Cai skips" when the turn jumped a player."""
    st = m.game.status(m.hand)
    turn = m.hand.turn
    if "dir" not in st or turn is None or turn == player or len(m.players) < 3:
        return ""
    nxt = (player + st["dir"]) % len(m.players)
    if turn != nxt:
        return ", %s skips" % m.players[nxt]
    return ""


# --- the hand's end -----------------------------------------------------------------------


class GameTally(Tally):
    """The tally; names the barricader (``bar``) and keeps hidden standings hidden."""

    def __init__(self, app, out=None, manual=False, fix=None, bar=None, last=None):
        Tally.__init__(self, app, out, manual or bar is not None, fix, last)
        self.bar = bar

    def draw(self, app, fb):
        Tally.draw(self, app, fb)
        if self.bar is not None:
            fb.fill_rect(0, 8, 128, 8, 0)
            row(fb, 1, fit("%s barricaded" % app.match.players[self.bar]))

    def event(self, app):
        ev = Tally.event(self, app)
        if self.bar is not None:
            ev["bar"] = self.bar
        return ev

    def scored(self, app, r):
        app.home()
        app.push(result(app, r, self.fix))


def result(app, r, fix=None):
    m = app.match
    if hidden(m):
        return HiddenResult(r)
    if m.game.opts.get("secret") and m.rounds and len(m.records) == m.rounds - 1:
        app.flash("Standings announced")
    return Result(r, fix)


class HiddenResult(Screen):
    """The hand is scored; the totals stay secret (Peruvian)."""

    def __init__(self, r):
        self.r = r

    def draw(self, app, fb):
        m = app.match
        title(fb, "Hand %d scored" % len(m.records))
        row(fb, 2, "Standings hidden")
        row(fb, 3, "until round %d" % (m.rounds or 0))
        row(fb, 7, "OK: next hand", True)

    def key(self, app, key, repeat):
        if key in ("ok", "back"):
            app.home()


class HandOver(Screen):
    """Italian: a hand's end scores nothing (only exact totals score); OK goes on."""

    def draw(self, app, fb):
        m = app.match
        hand = m.hand
        title(fb, "Hand %d over" % (hand.number + 1))
        if hand.out is not None:
            row(fb, 1, "%s is out" % m.players[hand.out])
        row(fb, 2, "Total %d" % hand.layout.count())
        standings_rows(fb, m, 3, 3)
        row(fb, 7, "OK: next hand", True)

    def key(self, app, key, repeat):
        if key in ("ok", "ok_long"):
            r = attempt(app, {"k": "end"})
            if r is not None:
                app.home()
                app.push(Result(r))
        elif key == "back":
            app.push(match_menu(app))


# --- before the match -----------------------------------------------------------------------


class TeamDraw(Menu):
    """Team Block: who partners whom, as the 4-tile draw decided (the two highest totals
    against the two lowest)."""

    PAIRS = ([[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]])

    def __init__(self, app, setup):
        self.setup = setup
        names = setup["players"]
        items = []
        for a, b in self.PAIRS:
            pair = (names[a[0]], names[a[1]], names[b[0]], names[b[1]])
            items.append(fit("%s+%s v %s+%s" % tuple(n[:5] for n in pair), COLS))
        Menu.__init__(self, "Teams (draw)", items)

    def choose(self, app, index):
        setup = dict(self.setup)
        setup["teams"] = [list(t) for t in self.PAIRS[index]]
        try:
            app.new_match(setup)
        except Exception as e:
            app.flash(str(e), True)


def before_start(app, setup):
    """A screen the game needs before its match can start, or None."""
    if setup.get("game") == "teamblock" and not setup.get("teams") and len(setup["players"]) == 4:
        return TeamDraw(app, setup)
    return None
