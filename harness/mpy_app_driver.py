# A table of bots and a scorer who enters their moves with button presses only.
#
# Runs on the MicroPython unix port (and CPython tooling can import it). The "table" deals real
# tiles with a seeded shuffle and knows every hand; bots choose legal plays; the Operator reads
# what the screen offers (the screen's item list and cursor, what a person reads off the
# panel) and presses UP/DOWN/OK/BACK through the simulated board's bouncing buttons to enter
# each move. Nothing calls the app's record() directly.

import json
import sys

from boards.sim import Rand, SimBoard
from domino.tiles import full_set, is_double
from scoreboard import words
from scoreboard.app import App
from scoreboard.ui import Menu


def shows(screen, *names):
    """Whether ``screen`` is one of the classes ``names`` (or a subclass). By name: the app
    loads a screen module while it is needed and drops it after, so a class object the driver
    imported once may not be the one the app uses now."""
    kinds = [type(screen)]
    while kinds:
        k = kinds.pop()
        if k.__name__ in names:
            return True
        kinds.extend(b for b in getattr(k, "__bases__", ()) if b is not object)
    return False


def kind(screen):
    """The screen's class name: scoreboard.screens.menus leaves the heap during a match
    (App.home), so its classes are new objects after each reload and isinstance would not know
    them."""
    return type(screen).__name__


class Stuck(Exception):
    pass


class Operator:
    """A finger on the simulated buttons and eyes on the screen."""

    def __init__(
        self, storage, seed=1, bounce_us=5000, step_ms=5, hold_ms=80, gap_ms=120, flash_seed=None
    ):
        self.board = SimBoard(
            seed=seed, storage_dir=storage, bounce_us=bounce_us, flash_seed=flash_seed
        )
        self.app = App(self.board)
        self.app.serve_link()  # as main.py does: the link loads with the host's first line
        self.step_ms = step_ms
        self.hold_ms = hold_ms
        self.gap_ms = gap_ms
        self.presses = 0
        self.app.step(self.board.ticks_ms())

    def check(self):
        if self.app.errors:
            raise Stuck("app caught %r" % (self.app.last_error,))

    def tap(self, name):
        self.board.tap(name, self.hold_ms, self.app.step, self.gap_ms, self.step_ms)
        self.presses += 1
        self.check()

    def hold(self, name, until):
        """Hold a button until until() is true (or 20 s), release: one press."""
        b = self.board
        b.hold(name)
        for _ in range(4000):
            b.advance(self.step_ms, self.app.step, self.step_ms)
            if until():
                break
        b.release(name)
        b.advance(self.gap_ms, self.app.step, self.step_ms)
        self.presses += 1
        self.check()

    @property
    def screen(self):
        return self.app.screen

    def match(self):
        """The match on the table (a Stuck if there is none)."""
        m = self.app.match
        if m is None:
            raise Stuck("no match on the table")
        return m

    def cursor_info(self):
        s = self.screen
        if shows(s, "Table"):
            if s.seen_log != len(self.match().log):
                s.refresh(self.app)
            return s.cursor, len(s.actions)
        if isinstance(s, Menu):
            return s.cursor, len(s.items)
        if hasattr(s, "fields") and hasattr(s, "done"):  # a scoreboard.screens.menus.Form
            return s.cursor, len(s.fields) + 1
        if shows(s, "Tally"):
            return s.cursor, len(s.rows()) + 1
        raise Stuck("no cursor on %r" % s)

    def goto(self, index):
        """Move the cursor to index the short way round."""
        cur, n = self.cursor_info()
        down = (index - cur) % n
        up = (cur - index) % n
        key, count = ("DOWN", down) if down <= up else ("UP", up)
        for _ in range(count):
            self.tap(key)
        if self.cursor_info()[0] != index:
            raise Stuck("cursor at %d, wanted %d" % (self.cursor_info()[0], index))

    def choose(self, index):
        self.goto(index)
        self.tap("OK")

    def pick(self, t, o=None):
        """Choose tile t (turned to leave o open) on the screens that pick a tile: the high
        half of a lead, the group of a long list, then the list (scoreboard.screens.tiles.pick)."""
        for _ in range(5):  # at most: a group of halves, the half, a group of tiles, the tile
            s = self.screen
            if shows(s, "HighHalf"):
                self.choose(s.index_of(t[0]))
                continue
            k = None
            for i, c in enumerate(s.choices):
                if c.tile == t and getattr(c, "o", None) == o:
                    k = i
            if k is None:
                raise Stuck("tile %r (o=%r) not offered: %r" % (t, o, s.items))
            if shows(s, "Groups"):
                from scoreboard.screens.tiles import GROUP  # loaded: a list of tiles is on show

                self.choose(k // GROUP)
                continue
            return self.choose(k)
        raise Stuck("no tile list: %r %r" % (self.screen, getattr(self.screen, "items", None)))

    def choose_label(self, prefix):
        items = self.screen.items
        for i, label in enumerate(items):
            if label.startswith(prefix):
                return self.choose(i)
        raise Stuck("no item %r in %r" % (prefix, items))

    def set_number(self, entry, value):
        """Bring a NumberEntry to value: taps for small steps, a hold for big ones."""
        if value - entry.value > 8:
            self.hold("UP", lambda: entry.value >= value - 4)
        elif entry.value - value > 8:
            self.hold("DOWN", lambda: entry.value <= value + 4)
        while entry.value != value:
            self.tap("UP" if entry.value < value else "DOWN")

    def snap(self, out, name):
        """Golden material: the glass as text and PNG."""
        if out is None:
            return
        self.app.step(self.board.ticks_ms())
        panel = self.board.panel
        with open("%s/%s.txt" % (out, name), "w") as f:
            f.write(panel.text())
        with open("%s/%s.png" % (out, name), "wb") as f:
            f.write(panel.png(2))

    def speak(self, code):
        """Choose the language ``code`` on the start menu's *Language* list, by presses."""
        if kind(self.screen) != "StartMenu":
            raise Stuck("the language is chosen on the start menu, not on %r" % self.screen)
        self.choose(len(self.screen.items) - 1)  # Language: the menu's last item
        self.choose(words.CODES.index(code))
        if words.code != code or kind(self.screen) != "StartMenu":
            raise Stuck("language %s not chosen" % code)

    # --- a new match through the setup screens --------------------------------------------

    def new_match(
        self, game, players, target=None, opts=None, names=None, way: "str | None" = "tracked"
    ):
        """A new match through the setup screens. ``way``: how its hands are kept (the form's
        *Keep hands*; the drivers enter tiles, so "tracked"); None leaves the game's own."""
        app = self.app
        if kind(self.screen) not in ("StartMenu", "MatchMenu"):
            self.tap("BACK")  # the table's BACK opens the menu, the winner's the start menu
        self.choose_label(words.NEW_MATCH)
        gm = self.screen
        if game not in gm.keys:
            raise Stuck("game %s not offered" % game)
        self.choose(gm.keys.index(game))
        form = self.screen
        opts = opts or {}
        for key in opts:
            f = form.field("o:" + key)
            i = form.fields.index(f)
            self.goto(i)
            while f.value() != opts[key]:
                self.tap("OK")
        if way is not None and "way" in [x.key for x in form.fields]:
            f = form.field("way")
            self.goto(form.fields.index(f))
            while f.value() != way:
                self.tap("OK")
        f = form.field("players")
        if f.value() != players:
            self.choose(form.fields.index(f))
            self.set_number(f.number, players)
            self.tap("OK")
        if target is not None:
            f = form.field("limit")
            self.choose(form.fields.index(f))
            self.set_number(f.number, target)
            self.tap("OK")
        self.choose(len(form.fields))  # Next
        if names:
            nf = self.screen
            for p, want in enumerate(names):
                f = nf.fields[p]
                self.goto(p)
                while f.value() != want:
                    self.tap("OK")
        self.choose(len(self.screen.fields))  # Start match
        if app.match is None:
            raise Stuck("no match started")


class Table:
    """Real tiles: a seeded shuffle, the hands, the boneyard."""

    def __init__(self, match, seed):
        self.m = match
        self.rand = Rand(seed)

    def deal(self):
        g = self.m.game
        tiles = full_set(g.top)
        for i in range(len(tiles) - 1, 0, -1):  # Fisher-Yates
            j = self.rand.next() % (i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        k = g.deal_size(g.n)
        self.hands = [tiles[p * k : (p + 1) * k] for p in range(g.n)]
        self.boneyard = tiles[g.n * k :]

    def leader(self):
        """Who lays the hand's first tile, and which, as the core says (``Match.first_lead``,
        the game's lead rule among the tiles ``check_lead`` allows: the highest double, Bergen
        003's lowest, Mexican Train's station double). When the game names the seat to start,
        his tiles; if he passes the opening on without a lead (Cardinal,
        ``Game.pass_before_station``), the next seats' in turn. None: nobody can lead."""
        m = self.m
        start = m.hand.turn
        if start is None:
            return m.first_lead(self.hands)
        n = len(self.hands)
        for k in range(n if m.game.pass_before_station else 1):
            lead = m.first_lead(self.only((start + k) % n))
            if lead is not None:
                return lead
        return None

    def only(self, p):
        """The hands with only seat ``p``'s tiles: ``first_lead`` for one seat."""
        return [h if q == p else [] for q, h in enumerate(self.hands)]


def legal(m, hand_tiles):
    """(tile, end) the player in turn may lay from his tiles: the core's Match.legal_plays
    (each play once: mirrored ends collapse, a joker's two ways are one here)."""
    out = []
    for t, e, _o in m.legal_plays(m.hand.turn, hand_tiles):
        if (t, e) not in out:
            out.append((t, e))
    return out


def greedy(m, moves, rand):
    """Score the most, else the heaviest tile: how most club players play."""
    from scoreboard import plays

    best = None
    for t, e in moves:
        k = (plays.preview(m, t, e), t[0] + t[1], rand.next() % 1000)
        if best is None or k > best[0]:
            best = (k, t, e)
    if best is None:
        raise Stuck("no legal move to choose from")
    return best[1], best[2]


def randomly(m, moves, rand):
    return moves[rand.next() % len(moves)]


class Counted:
    """A list that only counts what is appended."""

    def __init__(self):
        self.n = 0

    def append(self, _x):
        self.n += 1

    def __len__(self):
        return self.n


class Session:
    """Bots at the table, the operator at the buttons; plays whole matches."""

    def __init__(self, op, seed=7, strategy=greedy, keep=True):
        self.op = op
        self.seed = seed
        self.strategy = strategy
        self.play_presses = []  # presses per play entered (claims included)
        self.draw_presses = []
        self.tally_presses = []
        # the events the operator meant to enter, in order (keep=False: a long session that
        # measures the app's heap keeps only the count)
        self.intended = [] if keep else Counted()
        self.rand = Rand(seed + 1)
        self.snaps = {}

    def play_match(self, out=None, max_hands=60):
        op = self.op
        app = op.app
        m = app.match
        table = Table(m, self.seed)
        hands = 0
        while not m.over:
            if hands >= max_hands:
                raise Stuck("match did not end in %d hands" % max_hands)
            self.play_hand(table, out)
            hands += 1
            m = app.match
        op.snap(out, "winner")
        return hands

    def table_action(self, kind, e=None):
        op = self.op
        s = op.screen
        if not shows(s, "Table"):
            raise Stuck("expected the table, got %r" % s)
        if s.seen_log != len(op.app.match.log):
            s.refresh(op.app)
        for i, a in enumerate(s.actions):
            if a[0] == kind and (e is None or a[1] == e):
                return op.choose(i)
        raise Stuck("no action %s %r in %r" % (kind, e, s.actions))

    def play_hand(self, table, out):
        op = self.op
        app = op.app
        m = app.match
        g = m.game
        while True:
            table.deal()
            # nobody can lead (Bergen: no double dealt; the station double is in the
            # boneyard): this table deals again
            if table.leader() is not None:
                break
        start = len(m.records)
        first = True
        while not m.over and len(m.records) == start and not m.hand.is_over():
            hand = m.hand
            before = op.presses
            if len(self.intended) != len(op.match().log):
                raise Stuck("the app did not record the last event: %r" % (app.message,))
            if hand.layout.is_empty():
                lead = table.leader()
                if lead is None:
                    raise Stuck("nobody can lead")
                p, t = lead
                if hand.turn is not None and p != hand.turn:  # no double: the opening passes on
                    self.intended.append({"k": "pass", "p": hand.turn})
                    self.table_action("pass")
                    continue
                self.table_action("lead")
                if shows(op.screen, "Leader"):
                    op.choose(p)
                self.pick_tile(t)
                self.intended.append({"k": "play", "p": p, "t": "%d-%d" % t})
                table.hands[p].remove(t)
                self.after_play(p)
                continue
            p = hand.turn
            moves = legal(m, table.hands[p])
            if moves:
                t, e = self.strategy(m, moves, self.rand)
                if first and out:
                    op.snap(out, "%s-table" % g.key)
                self.enter_play(t, e, first and out)
                self.intended.append({"e": e, "k": "play", "p": p, "t": "%d-%d" % t})
                table.hands[p].remove(t)
                self.after_play(p)
                first = False
                self.play_presses.append(op.presses - before)
            elif m.may_draw(p):  # the core's drawing rule; the table's boneyard agrees
                self.table_action("draw")
                table.hands[p].append(table.boneyard.pop())
                self.intended.append({"k": "draw", "n": 1, "p": p})
                self.draw_presses.append(op.presses - before)
            else:
                self.table_action("pass")
                self.intended.append({"k": "pass", "p": p})
        if m.over:
            return
        self.tally(table, out)

    def move(self, table):
        """One move of the hand in progress by presses: the lead, the bot's play, or a draw when
        nothing fits. Returns (player, tile or "draw")."""
        op = self.op
        m = op.match()
        hand = m.hand
        if hand is None:
            raise Stuck("the match is over")
        if hand.layout.is_empty():
            lead = table.leader()
            if lead is None:
                raise Stuck("nobody can lead")
            p, t = lead
            self.table_action("lead")
            if shows(op.screen, "Leader"):
                op.choose(p)
            self.pick_tile(t)
            table.hands[p].remove(t)
            return p, t
        p = hand.turn
        moves = legal(m, table.hands[p])
        if not moves:
            self.table_action("draw")
            table.hands[p].append(table.boneyard.pop())
            return p, "draw"
        t, e = self.strategy(m, moves, self.rand)
        self.enter_play(t, e, False)
        table.hands[p].remove(t)
        return p, t

    def enter_play(self, t, e, out):
        """The cheaper way: the play itself on the action bar, or its end and then the tile."""
        op = self.op
        s = op.screen
        if s.seen_log != len(op.app.match.log):
            s.refresh(op.app)
        n = len(s.actions)

        def dist(i):
            return min((i - s.cursor) % n, (s.cursor - i) % n)

        quick = end = None
        for i, a in enumerate(s.actions):
            if a == ("quick", (t, e)):
                quick = i
            elif a == ("end", e):
                end = i
        tiles = s.ends[e]
        k = [c.tile for c in tiles].index(t)
        by_end = dist(end) + 1 + min(k, len(tiles) - k) + 1
        if quick is not None and dist(quick) + 1 <= by_end and not out:  # out: snap Tiles
            op.choose(quick)
            return
        op.choose(end)
        if out:
            op.snap(out, "%s-tiles" % self.op.app.match.game.key)
        self.pick_tile(t)

    def pick_tile(self, t):
        op = self.op
        if not shows(op.screen, "Tiles", "HighHalf", "Groups"):
            raise Stuck("expected tiles, got %r" % op.screen)
        op.pick(t)

    def after_play(self, p):
        """Muggins claims the count by default (no press): the log shows the claim."""
        m = self.op.app.match
        log = m.log
        if log and log[-1].get("k") == "claim":
            self.intended.append({"k": "claim", "p": p})

    def tally(self, table, out):
        op = self.op
        m = op.app.match
        g = m.game
        s = op.screen
        if not shows(s, "Tally"):
            raise Stuck("expected the tally, got %r" % s)
        if out:
            op.snap(out, "%s-tally" % g.key)
        before = op.presses
        left = enter_tally(op, s, table.hands)
        op.tap("OK")  # Score the hand
        # nothing asked (Game.tally_fields empty: a Bergen domino): an end without pips
        self.intended.append({"k": "end", "left": left} if s.need else {"k": "end"})
        self.tally_presses.append(op.presses - before)
        if m.way == "pad" and shows(op.screen, "Pad", "Winner"):
            return  # a score pad goes on to the next hand, the points flashed
        if not shows(op.screen, "Result"):
            raise Stuck("expected the result, got %r (%r)" % (op.screen, op.app.message))
        if out:
            op.snap(out, "%s-result" % g.key)
        op.tap("OK")


def holds(tiles, key):
    """What a player holding ``tiles`` answers to the tally's ``key`` (Game.tally_fields)."""
    if key == "n":
        return len(tiles)
    if key == "d":
        return 1 if any(is_double(t) for t in tiles) else 0
    if key == "w":
        return sum(a + b for a, b in tiles if a != b)
    if key == "z":
        return 1 if (0, 0) in tiles else 0
    return sum(a + b for a, b in tiles)


def held_left(tally, hands):
    """The ``left`` the tally should send for these hands: pips alone, or the ``{"p": ...}``
    form with the keys the game asks (the pips without doubles only of a holder of one)."""
    left: list = [0] * len(hands)
    for p, h in enumerate(hands):
        if p == tally.out:
            continue
        if tally.need == ("p",):
            left[p] = holds(h, "p")
            continue
        form = {}
        for key in tally.need:
            if key != "w" or form.get("d"):
                form[key] = holds(h, key)
        left[p] = form
    return left


def enter_tally(op, tally, hands):
    """Answer the tally's rows for these hands by presses, as they come (a "double?" answered
    yes brings its pips-without-doubles row); returns the ``left`` it should send."""
    left = held_left(tally, hands)
    while tally.cursor < len(tally.rows()):
        p, key, num = tally.rows()[tally.cursor]
        op.set_number(num, holds(hands[p], key))
        op.tap("OK")
    return left


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return 0
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def emit(obj):
    sys.stdout.write("RESULT ")
    json.dump(obj, sys.stdout)  # streamed: a long match's events need no one big string
    sys.stdout.write("\n")
