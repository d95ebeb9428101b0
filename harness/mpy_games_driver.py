# The scorer at the buttons for the games beyond the first nine: the generic hand-end entry
# (outcome games) and the table extras (owed draws, jokers turned, hub branches,
# barricades). Reads the screen (its steps, items and cursor, what a person reads off the
# panel) and presses the simulated board's bouncing buttons; nothing calls the app's record()
# directly.

import mpy_app_driver as d

from domino.tiles import name

Stuck = d.Stuck


def tile(text):
    a, b = [int(x) for x in text.split("-")]
    return (a, b) if a >= b else (b, a)


def norm(ev):
    """The event as the device stores it: tiles named high half first."""
    out = {}
    for k in ev:
        v = ev[k]
        if isinstance(v, list):
            v = [norm_list(x) for x in v]
        out[k] = v
    return out


def norm_list(x):
    if isinstance(x, list):
        return [norm_list(y) for y in x]
    if isinstance(x, str) and "-" in x:
        return name(tile(x))
    return x


def snap_text(op, out, name):
    """The panel as text, to OUT/name.txt (a golden screen); nothing when out is None."""
    if out is None:
        return
    op.app.step(op.board.ticks_ms())
    with open("%s/%s.txt" % (out, name), "w") as f:
        f.write(op.board.panel.text())


class Scorer(d.Operator):
    """The Operator, who also knows those games' screens."""

    def cursor_info(self):
        s = self.screen
        if d.shows(s, "Entry"):
            st = s.steps[s.at]
            if st.kind == "tiles":
                return st.cursor, len(s.checklist(st)) + 1
            return st.cursor, len(st.values)
        return d.Operator.cursor_info(self)

    def entry_hand(self, ev):
        """Enter one hand's outcome ``ev`` (the end event's fields) step by step; return the
        presses it took."""
        before = self.presses
        s = self.screen
        if not d.shows(s, "Entry"):
            raise Stuck("expected the entry, got %r" % s)
        self.entry_way(ev)
        want = norm(ev)
        records = len(self.app.match.records)
        while d.shows(self.screen, "Entry") and len(self.app.match.records) == records:
            s = self.screen
            at = s.at
            st = s.steps[at]
            v = want[st.key]
            if st.index is not None:
                v = v[st.index]
            self.enter_step(s, st, v)
            if self.app.message and self.app.message[1]:
                raise Stuck("refused: %s" % self.app.message[0])
            if d.shows(self.screen, "Entry") and self.screen.at == at:
                if len(self.app.match.records) == records:
                    raise Stuck("step %s did not move on" % st.label)
        return self.presses - before

    def entry_way(self, ev):
        """The way the game declares that ``ev``'s fields name (Game.entries): BACK on the
        entry's first step, End the hand, the way; nothing when the entry shows it."""
        from domino.outcome import entry_of
        from scoreboard import words

        game = self.app.match.game
        way = game.entries.index(entry_of(game, ev))
        if self.screen.way != way:
            while self.screen.at:
                self.tap("BACK")
            self.tap("BACK")
            self.choose_label(words.END_HAND)
            self.choose(way)

    def enter_step(self, s, st, v):
        if st.kind == "player":
            self.choose(v)
        elif st.kind == "choice":
            self.choose(st.values.index(v))
        elif st.kind == "number":
            self.set_number(st.number, v)
            self.tap("OK")
        elif st.kind == "tiles":
            wanted = [tile(x) for x in v]
            items = s.checklist(st)
            for i, t in enumerate(items):
                if (t in wanted) != (t in st.tiles):
                    self.choose(i + 1)
            self.choose(0)
        else:
            at = s.at
            for x in v:
                self.add_tile(st, tile(x))
                if s.at != at or self.screen is not s:
                    return  # the step was full and went on by itself
            self.hold("OK", lambda: s.at != at or self.screen is not s)

    def add_tile(self, st, t):
        lo = min(x[1] for x in st.pool) if st.pool else 0
        span = st.top - lo + 1

        def dist(a, b):
            return min((a - b) % span, (b - a) % span)

        def cost(a, b):
            if st.half == 1 and st.ab[0] == a:
                return dist(st.ab[1], b)
            return (1 if st.half == 1 else 0) + dist(st.ab[0], a) + 1 + dist(st.ab[1], b)

        a, b = t if cost(t[0], t[1]) <= cost(t[1], t[0]) else (t[1], t[0])
        if not (st.half == 1 and st.ab[0] == a):
            if st.half == 1:
                self.tap("BACK")
            self.turn(st, 0, a, lo, span)
            self.tap("OK")
        self.turn(st, 1, b, lo, span)
        self.tap("OK")

    def turn(self, st, h, v, lo, span):
        up = (v - st.ab[h]) % span
        down = (st.ab[h] - v) % span
        key, n = ("UP", up) if up <= down else ("DOWN", down)
        for _ in range(n):
            self.tap(key)
        if st.ab[h] != v:
            raise Stuck("half %d at %d, wanted %d" % (h, st.ab[h], v))


class Layout(d.Session):
    """Bots at the table of a layout game; the scorer enters every move."""

    def table_action(self, kind, e=None):
        d.Session.table_action(self, kind, e)
        msg = self.op.app.message
        if msg and msg[1]:
            raise Stuck("%s refused: %s" % (kind, msg[0]))

    def play_hand(self, table, out):
        op = self.op
        app = op.app
        m = app.match
        g = m.game
        while True:
            table.deal()
            if not self.can_lead(table):
                continue
            break
        start = len(m.records)
        first = True
        guard = 0
        while not m.over and len(m.records) == start and not m.hand.is_over():
            guard += 1
            if guard > 600:
                raise Stuck("hand does not end")
            hand = m.hand
            if len(table.boneyard) != hand.boneyard:
                raise Stuck(
                    "boneyard: table %d, core %d; last events %r intended %r"
                    % (
                        len(table.boneyard),
                        hand.boneyard,
                        [m.log[i] for i in range(len(m.log) - 8, len(m.log))],
                        self.intended[-8:],  # pyright: ignore[reportIndexIssue]
                    )
                )
            s = op.screen
            if not d.shows(s, "Table"):
                raise Stuck("expected the table, got %r (%r)" % (s, app.message))
            if s.seen_log != len(m.log):
                s.refresh(app)
            debt = [a for a in s.actions if a[0] == "owed"]
            if debt:
                raise Stuck("owed draws left on the table: %r" % debt)
            before = op.presses
            if hand.layout.is_empty():
                self.opening(table)
                continue
            p = hand.turn
            moves = self.legal(m, table.hands[p])
            bar = self.barricade_now(m, table, p, moves) if moves else None
            if bar:
                t, e, o = bar
                self.enter(t, e, o, first and out)
                self.record_play(p, t, e, o)
                table.hands[p].remove(t)
                self.settled(table)
                self.barricade(table, p, out)
                return
            if moves:
                t, e, o = self.pick(m, moves)
                snap = first and out and not m.records  # the first hand's screens
                if snap:
                    op.snap(out, "games-%s-table" % g.key)
                self.enter(t, e, o, out if snap else None)
                self.record_play(p, t, e, o)
                table.hands[p].remove(t)
                self.settled(table)
                first = False
                self.play_presses.append(op.presses - before)
            else:
                self.draw_or_pass(table, p, m.may_draw(p))  # the core's drawing rule
        if m.over:
            return
        self.end_hand(table, out)

    def opening(self, table):
        """Before the first tile: the lead, or a draw or pass of the player to start when he
        has no double to lead."""
        op = self.op
        m = op.app.match
        hand = m.hand
        p, t = self.leader(table) or (None, None)
        if p is None or t is None:  # the player to start has no double: one tile, else pass
            draw = not hand.drawn and m.may_draw(hand.turn)  # one tile, if the rules allow
            self.draw_or_pass(table, hand.turn, draw)
            return
        self.table_action("lead")
        if d.shows(op.screen, "Leader"):
            op.choose(p)
        self.pick_tile(t)
        self.intended.append({"k": "play", "p": p, "t": "%d-%d" % t})
        table.hands[p].remove(t)
        self.settled(table)

    def draw_or_pass(self, table, p, draw):
        """Seat ``p`` draws a tile from the table's boneyard (``draw``), else passes."""
        if draw:
            self.table_action("draw")
            table.hands[p].append(table.boneyard.pop())
            self.intended.append({"k": "draw", "n": 1, "p": p})
            return
        self.table_action("pass")
        self.intended.append({"k": "pass", "p": p})
        self.settled(table)

    def can_lead(self, table):
        m = self.op.app.match
        if m.hand.turn is not None:
            return True  # the game names who starts; without a lead he draws or passes
        return table.leader() is not None  # else nobody can lead: the tiles are shuffled again

    def leader(self, table):
        """The hand's first tile as the core says (``Match.first_lead``): when the game names
        the seat to start, his best lead, (None, None) if he has none (he draws or passes);
        else the table's (the centre double in the hub games, the highest double ...)."""
        m = self.op.app.match
        p = m.hand.turn
        if p is None:
            return table.leader()
        return m.first_lead(table.only(p)) or (None, None)

    def legal(self, m, hand_tiles):
        """(tile, end, o) the player in turn may lay: ``Match.legal_plays`` (a hub's unstarted
        branches are one end there; a joker once each way round), with ``o`` None for a joker
        laid the way it adds up, as the screens offer it."""
        g = m.game
        lay = m.hand.layout
        out = []
        for t, e, o in m.legal_plays(m.hand.turn, hand_tiles):
            if o is not None and g.adds_up(t, lay.arms[e].open) == o:
                o = None
            out.append((t, e, o))
        return out

    def pick(self, m, moves):
        from scoreboard import plays  # the app's copy (it drops the module during setup)

        best = None
        for t, e, o in moves:
            k = (plays.preview(m, t, e), t[0] + t[1], self.rand.next() % 1000)
            if best is None or k > best[0]:
                best = (k, t, e, o)
        return best[1], best[2], best[3]

    def barricade_now(self, m, table, p, moves):
        """With barricades on, the first double once six tiles are down closes the hand."""
        if not m.game.opts.get("barricade") or len(m.hand.layout.played) < 6:
            return None
        for t, e, o in moves:
            if t[0] == t[1]:
                return t, e, o
        return None

    def record_play(self, p, t, e, o):
        ev = {"e": e, "k": "play", "p": p, "t": "%d-%d" % t}
        if o is not None:
            ev["o"] = o
        self.intended.append(ev)

    def enter(self, t, e, o, out):
        """The cheaper way: the play itself on the action bar, or its end and then the tile."""
        op = self.op
        s = op.screen
        if s.seen_log != len(op.app.match.log):
            s.refresh(op.app)
        n = len(s.actions)

        def dist(i):
            return min((i - s.cursor) % n, (s.cursor - i) % n)

        quick = end = None
        by_end = n  # farther than anything on the ring, until an end is found
        for i, a in enumerate(s.actions):
            if a[0] == "quick" and a[1][:2] == (t, e) and (a[1][2:] or (None,))[0] == o:
                quick = i
            elif a == ("end", e):
                end = i
        if end is None and quick is None:
            raise Stuck("no end %r in %r" % (e, s.actions))
        if end is not None:
            tiles = s.ends[e]
            k = [(c.tile, getattr(c, "o", None)) for c in tiles].index((t, o))
            by_end = dist(end) + 1 + min(k, len(tiles) - k) + 1
        if quick is not None and (end is None or dist(quick) + 1 <= by_end):
            op.choose(quick)
            return
        op.choose(end)
        if out:
            op.snap(out, "games-%s-tiles" % op.app.match.game.key)
        op.pick(t, o)

    def settled(self, table):
        """Draws the device recorded by itself (owed by the rules): the table deals them."""
        m = self.op.app.match
        log = m.log
        new = []
        i = len(log) - 1
        while i >= 0 and log[i].get("k") == "draw" and len(self.intended) + len(new) < len(log):
            new.insert(0, log[i])
            i -= 1
        for ev in new:
            p, n = ev["p"], ev.get("n", 1)
            for _ in range(n):
                table.hands[p].append(table.boneyard.pop())
            self.intended.append({"k": "draw", "n": n, "p": p})

    def end_hand(self, table, out):
        op = self.op
        m = op.app.match
        s = op.screen
        if d.shows(s, "HandOver"):
            if out:
                op.snap(out, "games-%s-over" % m.game.key)
            op.tap("OK")  # on to the next hand: a result of zeros would ask nothing more
            self.intended.append({"k": "end"})
            if d.shows(op.screen, "Result", "HiddenResult"):
                raise Stuck("a result of zeros after the hand's end: %r" % op.screen)
            return
        self.tally(table, out)

    def barricade(self, table, p, out):
        op = self.op
        s = op.screen
        if s.seen_log != len(op.app.match.log):
            s.refresh(op.app)
        for i, a in enumerate(s.actions):
            if a == ("bar", p):
                op.choose(i)
                break
        else:
            raise Stuck("no barricade action in %r" % (s.actions,))
        if out:
            op.snap(out, "games-barricade-tally")
        left = d.enter_tally(op, op.screen, table.hands)
        op.tap("OK")
        self.intended.append({"k": "end", "left": left, "bar": p})
        if not d.shows(op.screen, "Result", "HiddenResult"):
            raise Stuck("expected the result, got %r (%r)" % (op.screen, op.app.message))
        op.tap("OK")

    def tally(self, table, out):
        op = self.op
        m = op.app.match
        s = op.screen
        if not d.shows(s, "Tally"):
            raise Stuck("expected the tally, got %r" % s)
        first = len(m.records) == 0
        if out and first:
            op.snap(out, "games-%s-tally" % m.game.key)
        before = op.presses
        left = d.enter_tally(op, s, table.hands)
        op.tap("OK")  # Score the hand
        self.intended.append({"k": "end", "left": left} if s.need else {"k": "end"})
        self.tally_presses.append(op.presses - before)
        if not d.shows(op.screen, "Result", "HiddenResult"):
            raise Stuck("expected the result, got %r (%r)" % (op.screen, op.app.message))
        if out and first:
            op.snap(out, "games-%s-result" % m.game.key)
        op.tap("OK")
