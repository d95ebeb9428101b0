"""The table during a hand: whose turn, the open ends and their count, the standings, and
one action bar (docs/ui.md). One table for every game laid tile by tile: what a layout shows
comes from its view (scoreboard.views), what a game adds from what it declares (a sums game's
jokers both ways round, a barricade, owed draws, hidden standings, Super Dominos' status, no
passing where every tile fits).

Loaded while a hand is played; App.home drops it (and scoreboard.plays) at the hand's end.
"""

from domino.tiles import is_double, name
from scoreboard import plays, views, words
from scoreboard.screens.common import attempt, bar_key, has_extras, hidden, standings_rows
from scoreboard.screens.moves import play
from scoreboard.ui import COLS, Screen, center, fit, right, row, short, title, wrap

NEAR = 1  # likeliest plays nearest the table's cursor (on it, one DOWN, one UP), before the ends
REST = 12  # plays listed on the bar one by one (the rest only in their end's list)
# the bar's fixed actions: their words' names in scoreboard.words
BAR_WORDS = {"pass": "PASS", "pts": "ENTER_POINTS", "hand": "END_HAND", "pad": "KEEP_PAD",
             "menu": "MENU"}  # fmt: skip


def big_turn(fb, name, tail):
    """Rows 0-1: "> name" twice the size of text, and ``tail`` (the ends' count, or the hand)
    at the right in bold digits; a name too wide shows its first word, else is abbreviated."""
    from scoreboard import text

    w = text.big_width(tail) if tail[0].isdigit() else text.width(tail)
    if not tail[0].isdigit():  # the hand ("H2"), in small type
        text.draw(fb, tail, 128 - w, 4)
    else:
        text.draw_big(fb, tail, 128 - w, 3)
    text.draw(fb, ">", 0, 4)
    text.draw(fb, short(name, (128 - w - 10) // (2 * text.W)), 8, 0, 1, 2)


class Table(Screen):
    """During a hand: whose turn, the open ends and their count, standings, one action bar.

    UP/DOWN choose the action (an end to play on, lead, draw, pass, points, hand end, menu, and
    the game's own: an owed draw, a barricade), OK does it; the cursor starts on the end the
    next play most likely goes on.
    """

    def __init__(self):
        self.actions = []
        self.cursor = 0
        self.seen_log = -1
        self.note = ""
        self.ends = {}
        self.best = {}  # end -> its likeliest tile: where the end's list opens
        self.ends_row = 2  # where the open ends are drawn, and the standings' first row
        self.first = 3
        # What rows 0-6 showed when last drawn (_seen, _shown): a cursor move repaints the
        # bar only (on the Pico the rows took 7 ms of a 10 ms cursor move), an event only
        # the parts it changed (bench/results/target.txt).
        self._bar = False  # the bar on show holds the current guesses (not a blank one)
        self.keep = None  # the action the cursor stays on when the bar is made next

    def stale(self, app):
        """Whether the bar's guesses predate the last event (refresh makes them anew)."""
        return self.seen_log != len(app.match.log)

    def idle(self, app):
        """After the frame that confirmed a key: the next guesses (refresh), then the bar
        that shows them; the turn, the ends and the standings are on the screen already."""
        if self.stale(app):
            self.refresh(app)
            return True
        return not self._bar  # the guesses were made on demand (a test driver's, a key's)

    def refresh(self, app, keep=None):
        """The bar anew for the match as it stands: the plays offered and their order (the
        likeliest around the cursor), the cursor on ``keep`` or else on ``self.keep``."""
        if keep is None:
            keep = self.keep
        self.keep = None
        m = app.match
        hand = m.hand
        lay = hand.layout
        self.seen_log = len(m.log)
        self._bar = False
        self.asking = False
        self.ends = {}
        self.best = {}
        # what a player who cannot lay a tile does: ranked by the chance they cannot
        can_draw = hand.turn is not None and m.may_draw(hand.turn)
        stuck = ("draw" if can_draw else "pass", None)
        first = []  # actions for the cursor's neighbourhood, likeliest first
        far = []  # the rest, on the far side of the wrapping bar
        if hand.pending is not None:  # an unclaimed count: an opponent may call Muggins
            owner = hand.pending[0]
            for p in range(len(m.players)):
                if m.side_of[p] != m.side_of[owner]:
                    first.append(("mug", p))
            first.append(("claim", owner))
        if lay.is_empty():
            first += [("lead", None), stuck]
        else:
            self.ends, order, likely, none = plays.ranked(m, app.voids)
            best = self.best
            for _c, t, e in likely:  # kept: an end -> one tile, not the whole ranking
                if e not in best:
                    best[e] = t
            # The NEAR likeliest plays around the cursor (OK lays the first), the stuck action
            # among them by its own chance, then every end, each a list of its tiles in pip
            # order: any play is an end and a tile away, whatever the guesses were.
            for c, t, e in likely[:NEAR]:
                if stuck not in first and none >= c:
                    first.append(stuck)
                first.append(("quick", (t, e)))
            if stuck not in first:
                first.append(stuck)
            if len(order) > views.of(lay).by_chance:
                # A hub's branches, or many ends: the likelier nearer, by their plays' chances.
                # A line's or spinner's ends keep their places (L R U D), trains their order.
                by_end = {}
                for c, _t, e in likely:
                    by_end[e] = by_end.get(e, 0.0) + c
                order = [
                    e
                    for _c, _n, e in sorted(
                        [(by_end.get(e, 0.0), len(self.ends[e]), e) for e in order], reverse=True
                    )
                ]
            first += [("end", e) for e in order]
            for _c, t, e in likely[NEAR:REST]:
                first.append(("quick", (t, e)))
        for kind in ("pass", "pts", "hand", "pad", "menu"):
            if kind == "pass" and hand.turn is not None and not m.may_pass(hand.turn):
                continue  # a tile to draw first (Muggins): a pass would be refused
            if kind != stuck[0]:
                far.append((kind, None))
        self.actions = acts = plays.ring(first, far)
        self.cursor = 0
        for i, a in enumerate(acts):
            if a == keep:
                self.cursor = i
        self.game_actions(m)

    def game_actions(self, m):
        """What the game adds to the bar, from what it declares: a sums game's jokers both ways
        round, no Pass where every tile fits (``Game.passes``), a barricade after a double
        (the ``barricade`` option), the draws the rules owe (``owed``). A hub's unstarted
        branches are one end already (Match.legal_plays lists the first of them); after a 14
        (Super Dominos) the stuck action is Pass already (Match.may_draw says no)."""
        g = m.game
        hand = m.hand
        lay = hand.layout
        sums = g.base is not None
        if sums:
            from scoreboard.screens.extras import both_ways

            for e in self.ends:
                self.ends[e] = both_ways(g, lay.arms[e], self.ends[e])
        want = self.actions[self.cursor] if self.actions else None
        acts = self.actions
        if sums or not g.passes:
            acts = []
            for a in self.actions:
                kind, x = a
                if kind == "pass" and not g.passes:
                    continue
                if kind == "quick" and sums:
                    t, e = x[0], x[1]
                    if t[0] != t[1] and g.is_joker(t) and g.adds_up(t, lay.arms[e].open) is None:
                        for o in t:
                            acts.append(("quick", (t, e, o)))
                            if want == a:
                                want = acts[-1]
                        continue
                if a not in acts:
                    acts.append(a)
        at = acts.index(want) if want in acts else 0
        if g.opts.get("barricade") and hand.last is not None and lay.played:
            if is_double(lay.played[-1]):
                acts.insert(at + 1, ("bar", hand.last))  # one DOWN away
        if has_extras(g):
            from scoreboard.screens.extras import owed

            for p, k in owed(m):
                acts.insert(at, ("owed", (p, k)))
                want = acts[at]
        self.actions = acts
        self.cursor = acts.index(want) if want in acts else 0

    def start(self, e):
        """Where end e's tile list opens: on its likeliest tile (the list is in pip order)."""
        cs = self.ends[e]
        t = self.best.get(e)
        for i in range(len(cs)):
            if cs[i].tile == t:
                return i
        return 0

    def label(self, app, act):
        if self.asking:  # a typed tile's ends, each with the digit that names it
            return "%d %s" % (self.actions.index(act) + 1, self.play_label(app, act))
        return self.play_label(app, act)

    def play_label(self, app, act):
        m = app.match
        kind, e = act
        if kind == "quick":
            t, arm = e[0], e[1]
            if len(e) == 3:  # a joker turned: the half it leaves open
                return words.ON_OPEN % (name(t), views.end_label(m, arm), e[2])
            pts = 0
            for c in self.ends.get(arm, ()):  # scored when the plays were listed: no trial play
                if c.tile == t:
                    pts = c.points
            return views.of(m.hand.layout).quick_action(m, t, arm, pts)
        if kind == "end":
            return views.of(m.hand.layout).end_action(m, e, len(self.ends[e]))
        if kind == "owed":
            return words.DRAWS % (m.players[e[0]], e[1])
        if kind == "bar":
            return words.BARRICADE % m.players[e]
        if kind == "lead":
            return words.LEAD_TILE
        if kind == "claim":
            return words.CLAIMS % (m.players[e], m.hand.pending[1])
        if kind == "mug":
            return words.MUGGINS % m.players[e]
        if kind == "draw":
            return words.DRAW_LEFT % (m.hand.boneyard - m.game.reserve)
        return getattr(words, BAR_WORDS[kind])

    def draw(self, app, fb):
        """The whole screen. Drawn after a key, it confirms it (the tile laid, the count, whose
        turn) at once; the bar's guesses come with the next idle pass (``idle``)."""
        m = app.match
        self._seen = (len(m.log), self.note, m.players)
        self._shown = self._draw_top(m, fb, self._parts(m), None)
        self._draw_bar(app, fb)

    def draw_change(self, app, fb) -> bool:
        """The bar alone after a cursor move or the guesses; after an event, the parts of rows
        0-6 that changed (whose turn, the count, a train's row, the standings, row 6): a
        Mexican Train play leaves most of them as they were."""
        m = app.match
        seen = (len(m.log), self.note, m.players)
        before, shown = self._seen, self._shown
        if before != seen:
            if before is None or shown is None or before[2] != m.players:
                return False  # other names: the whole screen
            parts = self._parts(m)
            if len(parts[1][0]) != len(shown[1][0]):
                return False  # the ends take more rows or fewer: all rows move
            self._seen = seen
            self._shown = self._draw_top(m, fb, parts, shown)
        self._draw_bar(app, fb)
        return True

    _seen = None  # (events, note, names) when rows 0-6 were drawn
    _shown = None  # the parts of rows 0-6 as drawn (_parts)

    def _draw_bar(self, app, fb):
        if self.stale(app):  # an empty bar until the guesses are made
            row(fb, 7, "<" + " " * (COLS - 2) + ">", True)
            self._bar = False
            return
        bar = center(fit(self.label(app, self.actions[self.cursor]), COLS - 2), COLS - 2)
        row(fb, 7, "<" + bar + ">", True)
        self._bar = True

    def _parts(self, m):
        """What rows 0-6 show, part by part, as plain values: (the head: whose turn and the
        count or hand; the ends' rows and the hand; the standings; row 6)."""
        hand = m.hand
        lay = hand.layout
        view = views.of(lay)
        turn = "?" if hand.turn is None else m.players[hand.turn]
        number = words.HAND % (hand.number + 1)
        if lay.is_empty():
            lines = [words.TABLE_EMPTY]
        else:
            text = view.game_text(m)  # the ends as the game reads them (a sums game's calls)
            lines = [view.ends_text(m) if text is None else text]
            if view.wraps:  # every train shows: more rows when one is not enough
                lines = wrap(lines[0], COLS, 4)
        if len(lines) > 2:
            head = (turn, number, False)
        else:
            shown = view.counts and m.game.shows_count and not lay.is_empty()
            count = "%d" % lay.count() if shown else ""
            head = (turn, count or number, True)
        secret = hidden(m)  # Peruvian: the standings stay secret until the game announces them
        standings = (hand.number, m.rounds) if secret else tuple(m.totals)
        return head, (lines, number), (secret, standings), self._row6(m, view)

    def _row6(self, m, view):
        """Row 6: the rules in force (a game's status), else an unclaimed count, the draws
        owed, or what was just played."""
        if has_extras(m.game):
            from scoreboard.screens.extras import status_text

            st = status_text(m)
            if st:  # the rules in force matter more than the last play
                return fit(st)
        pending = m.hand.pending
        if pending is not None:
            return fit(words.UNCLAIMED % (m.players[pending[0]], pending[1]))
        return view.owed_text(m) or self.note

    def _draw_top(self, m, fb, parts, shown):
        """Rows 0-1: whose turn in double-size type and the ends' count in bold digits, what
        players glance at most; row 2 the open ends and the hand; then the standings. Trains
        that need more than two rows keep the turn in small type on row 0. ``shown``: the
        parts on the screen (None: a blank one); a part that is the same is not drawn again.
        Returns ``parts``."""
        head, ends, standings, note = parts
        lines = ends[0]
        self.ends_row = 1 if len(lines) > 2 else 2
        first = self.first = self.ends_row + len(lines)  # the standings' first row
        if shown is None or shown[0] != head:
            if head[2]:
                fb.fill_rect(0, 0, 128, 16, 0)
                big_turn(fb, head[0], head[1])
            else:
                fb.fill_rect(0, 0, 128, 8, 0)
                title(fb, "> " + head[0], head[1])
        old = None if shown is None else shown[1]
        for i, line in enumerate(lines):
            if old is None or old[0][i] != line or old[1] != ends[1]:
                self.ends_line(fb, m, line, i)
        if shown is None or shown[2] != standings:
            fb.fill_rect(0, 8 * first, 128, 8 * (6 - first), 0)
            if standings[0]:
                row(fb, first, words.HIDDEN)
                row(fb, first + 1, words.UNTIL_ROUND % (m.rounds or 0))
                if first < 4:
                    row(fb, first + 2, words.ROUND_OF % (m.hand.number + 1, m.rounds or 0))
            else:
                standings_rows(fb, m, first, 6 - first)
        if shown is None or shown[3] != note:
            fb.fill_rect(0, 48, 128, 8, 0)
            row(fb, 6, note)
        return parts

    def ends_line(self, fb, m, text, i=0):
        """Line ``i`` of the open ends; beside the first, the hand number when the count
        holds the top right (a line or spinner, a hub)."""
        r = self.ends_row + i
        fb.fill_rect(0, 8 * r, 128, 8, 0)
        number = words.HAND % (m.hand.number + 1)
        lay = m.hand.layout
        if r == 2 and i == 0 and views.of(lay).counts and not lay.is_empty():
            right(fb, r, number)
            text = fit(text, COLS - len(number) - 1)
        row(fb, r, text)

    def tell(self, app, text):
        """What was just played, on row 6; a text too long for the row is shown whole in a
        message box instead, never cut."""
        if len(text) <= COLS:
            self.note = text
        else:
            self.note = ""
            app.flash(text)

    def key(self, app, key, repeat):
        m = app.match
        if self.seen_log != len(m.log):
            self.refresh(app)
        typing = key == "back" and (self.typed or self.asking) or key == "ok" and self.typed
        if len(key) == 1 or typing:
            self.type_tile(app, key)  # the keypad: a tile by its pips
        elif not bar_key(app, self, key) and key == "ok":
            self.act(app, self.actions[self.cursor])

    typed = ""  # the pips typed so far on the keypad
    asking = False  # the bar offers only the ends of the tile typed

    def type_tile(self, app, key):
        """The keypad: a tile by its pips (scoreboard/pips.py, loaded with the first digit)."""
        from scoreboard.pips import type_tile

        type_tile(self, app, key)

    def act(self, app, act):
        m = app.match
        hand = m.hand
        kind, e = act
        if kind == "quick":
            play(app, hand.turn, e[0], e[1], e[2] if len(e) > 2 else None)
        elif kind in ("claim", "mug"):
            pts = hand.pending[1]
            if attempt(app, {"k": kind, "p": e}) is not None:
                if m.over:
                    app.home()
                    return
                self.note = (words.SCORED_MUGGINS if kind == "mug" else words.SCORED_CLAIMED) % (
                    m.players[e],
                    pts,
                )
                app.board.beep(1760, 60)
        elif kind == "owed":
            p, k = e
            if attempt(app, {"k": "draw", "p": p, "n": k}) is not None:
                self.note = words.DREW % (m.players[p], k)
        elif kind == "bar":  # the barricader ends the hand: the tally names him
            from scoreboard.screens.tally import Tally

            app.push(Tally(app, bar=e))
        elif kind == "end":
            from scoreboard.screens.tiles import pick

            app.push(pick(app, e, self.ends[e], hand.turn, self.start(e)))
        elif kind == "lead":
            from scoreboard.screens.tiles import Leader, lead_screen

            app.push(Leader(app) if hand.turn is None else lead_screen(app, hand.turn))
        elif kind == "draw":
            p = hand.turn
            if attempt(app, {"k": "draw", "p": p, "n": 1}) is not None:
                self.note = words.DREW % (m.players[p], 1)
                self.keep = ("draw", None)  # drawn again, maybe: the bar's guesses come later
        elif kind == "pass":
            self.pass_turn(app)
        elif kind == "pts":
            app.open("Points")
        elif kind == "hand":
            app.open("EndHand")
        elif kind == "pad":  # only what scores from here on: the plays entered stay
            if attempt(app, {"k": "way", "way": "pad"}) is not None:
                app.home()
        else:
            app.open("MatchMenu")

    def pass_turn(self, app):
        m = app.match
        p = m.hand.turn
        if p is None:
            app.flash(words.NOBODY_TO_PLAY, True)
            return
        r = attempt(app, {"k": "pass", "p": p})
        if r is None:
            return
        self.note = words.PASSED % m.players[p]
        if r.get("blocked"):
            app.home()
            app.flash(words.BLOCKED_ENTER)
        if app.match is m and not m.over and has_extras(m.game):
            from scoreboard.screens.extras import settle

            if settle(app):  # the draws the rules owe now
                table = app.screen
                if isinstance(table, Table):
                    table.note += words.PLUS_TILE
