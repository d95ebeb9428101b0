"""The scoreboard application: buttons in, events to flash, the match fold on the screen.

One ``App`` owns the board's parts (buttons, display, store) and a stack of screens. The loop
calls ``step(now)`` every few milliseconds; it never blocks:

1. poll the buttons → keys → the top screen (or wake the display: that press does nothing else);
2. read the USB serial byte by byte → complete lines → ``self.link.handle(line)`` if attached;
3. redraw when something changed (drawing only: flash is never written inside a redraw).

Every match change goes through ``record(event)``: the rules core checks and applies it (a
DominoError changes nothing and is shown as a short message), then the store appends it to
flash, and only then does the screen confirm it. A stored match is its setup (line 0) and its
events (lines 1..); power on folds them through ``domino.Match`` again, so the table resumes
exactly where it was, mid-hand included.

The loop catches Exception (never KeyboardInterrupt, which mpremote needs): an unexpected
error is counted, shown, and the app goes on from the last consistent state on flash.
"""

import gc

from domino import DominoError, Match
from domino.events import MAX_LINE, dumps, loads
from scoreboard.buttons import DOWN, LONG, REPEAT, SHORT, UP, Buttons
from scoreboard.display import Display
from scoreboard.store import MatchStore
from scoreboard.ui import message_box

VERSION = "0.1.0"
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
LAYOUTS = ("5 keys", "UP/DOWN swap", "4 keys")
SLEEP_CHOICES = (0, 30, 60, 120, 300, 600)  # seconds; 0 = never
DEFAULTS = {
    "contrast": 207,
    "sleep": 120,  # seconds of inactivity before the screen turns off
    "layout": 0,  # index into LAYOUTS
    "names": NAMES,  # presets offered for player names (the host can push others)
    "current": "",  # the id of the match on the table
}
MESSAGE_MS = 3000
ERROR_MS = 4000
SERIAL_BYTES_PER_STEP = 256  # bounded work per loop pass: the UI stays responsive


class StorageError(Exception):
    pass


class App:
    def __init__(self, board, storage_dir=None):
        self.board = board
        now = board.ticks_ms()
        self.buttons = Buttons(board.buttons, now, board.ticks_diff)
        self.display = Display(board.display)
        self.store = MatchStore(storage_dir or board.storage_dir)
        self.settings = self.store.load_settings(DEFAULTS)
        self.link = None  # scoreboard.link.Link(app), attached by main when present
        self.match = None
        self.match_id = None
        self.screens = []
        self.message = None  # (text, is_error, until_ms)
        self.errors = 0  # unexpected exceptions caught by the loop
        self.last_error = None
        self.dirty = True
        self.asleep = False
        self.swallow = None  # the button whose press woke the screen
        self.keys = 0  # keys handled (for measurements)
        self.updates = 0  # display updates that put bytes on the bus
        self.voids = []  # draws and passes of this session, for the likely-tile order
        self._line = bytearray()
        self._overflow = False
        self.display.contrast(self.settings["contrast"])
        self.resume()

    # --- matches on flash ------------------------------------------------------------------

    def resume(self):
        """Fold the current match back from flash, or show the start screen."""
        mid = self.settings.get("current")
        self.match = None
        self.match_id = None
        if mid:
            try:
                self.match = self._load(mid)
                self.match_id = mid
            except Exception as e:  # a damaged or missing match must not stop the device
                self.flash("could not resume %s: %s" % (mid, e), True)
        for p in self.store.problems:
            self.flash(p, True)
        del self.store.problems[:]
        self.home()

    def _load(self, mid):
        lines = self.store.read(mid)
        setup = None
        m = None
        for line in lines:
            ev = loads(line)
            if m is None:
                setup = ev
                m = Match(setup)
                continue
            try:
                m.apply(ev)
            except DominoError as e:  # stored by an older core? keep what folds
                self.flash("event %d skipped: %s" % (len(m.log) + 1, e), True)
        if m is None:
            raise DominoError("match %s has no setup" % mid)
        return m

    def open_match(self, mid):
        self.match = self._load(mid)
        self.match_id = mid
        self._set_current(mid)
        self.home()

    def new_match(self, setup):
        """Check the setup with the core, then store it as line 0 of a new match."""
        m = Match(setup)  # DominoError if the setup is wrong: nothing stored
        mid = self._next_id()
        self.store.create(mid)
        line = dumps(setup)
        self.store.append(mid, line)
        self.match = m
        self.match_id = mid
        self._set_current(mid)
        self._push_event(0, line)
        self.home()

    def _next_id(self):
        n = 0
        for mid in self.store.list():
            if mid[:1] == "m" and mid[1:].isdigit():
                n = max(n, int(mid[1:]))
        return "m%04d" % (n + 1)

    def _set_current(self, mid):
        self.settings["current"] = mid
        self.save_settings()

    def save_settings(self):
        try:
            self.store.save_settings(self.settings)
        except Exception as e:
            self.flash("settings not saved: %s" % e, True)

    def record(self, ev):
        """Apply one event to the match and persist it; return what happened.

        Raises DominoError (nothing changed) or StorageError (the match is folded back from
        flash, so screen and flash agree again).
        """
        m = self.match
        hands = len(m.records)
        result = m.apply(ev)  # checks everything first; DominoError leaves m as it was
        line = dumps(ev)
        try:
            index = self.store.append(self.match_id, line)
        except Exception as e:
            try:
                self.match = self._load(self.match_id)
            except Exception:
                pass
            raise StorageError("not saved (%s); nothing changed" % (e,))
        self._push_event(index, line)
        self.note_void(m, ev, result)
        if len(m.records) != hands or m.over:
            self.compact()
        return result

    def note_void(self, m, ev, result):
        """Remember the open ends a player drew or passed at: they hold none of those pips.
        Only the likely-tile order on the screen uses it (scoreboard.plays.voids); after a
        restart it starts empty, which only makes the order less sharp."""
        k = ev.get("k")
        notes = self.voids
        if k == "undo":
            gone = result.get("undone")
            self.voids = [x for x in notes if x[0] is not gone]
            return
        if k == "redo":
            ev = result.get("redone") or {}
            k = ev.get("k")
        hand = m.hand
        if hand is None:
            del notes[:]
        elif k in ("draw", "pass") and not hand.layout.is_empty():
            notes.append((ev, hand.number, ev.get("p"), k, ev.get("n", 1), hand.layout.ends()))
            if len(notes) > 64:
                del notes[0]

    def compact(self):
        try:
            self.store.compact(self.match_id)
        except Exception as e:  # the journal still holds every event
            self.flash("compaction failed: %s" % e, True)

    def _push_event(self, index, line):
        link = self.link
        if link is not None and getattr(link, "on_event", None) is not None:
            try:
                link.on_event(self.match_id, index, line)
            except Exception as e:
                self._caught(e)

    # --- screens ---------------------------------------------------------------------------

    def push(self, screen):
        self.screens.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.screens) > 1:
            self.screens.pop()
        self.dirty = True

    def replace(self, screen):
        if self.screens:
            self.screens.pop()
        self.push(screen)

    @property
    def screen(self):
        return self.screens[-1]

    def home(self):
        """The screen the match's state calls for: start, table, tally, or winner."""
        from scoreboard import screens

        del self.screens[:]
        self.push(screens.home(self))

    def flash(self, text, error=False):
        """Show a short message over the screen for a few seconds."""
        ms = ERROR_MS if error else MESSAGE_MS
        self.message = (text, error, self.board.ticks_ms(), ms)
        self.dirty = True

    # --- undo and redo: events like any other ----------------------------------------------

    def undo(self, kind="undo"):
        if self.match is None:
            return
        try:
            result = self.record({"k": kind})
        except (DominoError, StorageError) as e:
            self.flash(str(e), True)
            return
        ev = result.get("undone") or result.get("redone") or {}
        self.home()
        self.flash("%s: %s" % ("Undone" if kind == "undo" else "Redone", self.event_text(ev)))

    def event_text(self, ev):
        k = ev.get("k")
        who = ev.get("p")
        who = self.match.players[who] if isinstance(who, int) and self.match else ""
        if k == "play":
            return "%s %s" % (who, ev.get("t"))
        if k in ("draw", "pass", "claim", "mug"):
            return "%s %s" % (who, k)
        if k == "pts":
            return "%s %+d" % (who, ev.get("n"))
        if k == "end":
            return "hand end"
        if k == "fix":
            return "fix of hand %d" % (ev.get("h", 0) + 1)
        return str(k)

    # --- the loop --------------------------------------------------------------------------

    def run(self, period_ms=5):
        """The device's main loop; returns only on KeyboardInterrupt."""
        board = self.board
        while True:
            self.step(board.ticks_ms())
            board.sleep_ms(period_ms)

    def step(self, now):
        try:
            for name, kind in self.buttons.poll(now):
                self._button(name, kind, now)
            self._serial()
            self._sleep(now)
            self._expire(now)
            if self.dirty and not self.asleep:
                self.redraw()
        except Exception as e:
            self._caught(e)

    def _caught(self, e):
        self.errors += 1
        self.last_error = e
        self.dirty = True
        try:
            self.flash("error: %s %s" % (type(e).__name__, e), True)
            self.home()
        except Exception:
            self.screens = self.screens[:1]
        gc.collect()

    def _button(self, name, kind, now):
        if self.asleep or self.swallow == name:
            if kind == DOWN and self.asleep:
                self.asleep = False
                self.swallow = name
                self.display.power(True)
                self.dirty = True
            elif kind == UP and self.swallow == name:
                self.swallow = None
            return
        key, repeat = self._key(name, kind)
        if key is None:
            return
        self.keys += 1
        self.message = None  # any key dismisses a message
        self.dirty = True
        if key == "undo":
            self.undo("undo")
        elif key == "redo":
            self.undo("redo")
        elif key == "home":
            self.home()
        else:
            self.screen.key(self, key, repeat)

    def _key(self, name, kind):
        """Buttons to keys, per the button layout setting (see docs/ui.md)."""
        layout = self.settings["layout"]
        if layout == 1 and name in ("UP", "DOWN"):
            name = "DOWN" if name == "UP" else "UP"
        if name == "UP" or name == "DOWN":
            if kind == DOWN:
                return name.lower(), False
            if kind == REPEAT:
                return name.lower(), True
            return None, False
        if kind == SHORT:
            return {"OK": "ok", "BACK": "back", "UNDO": "undo"}.get(name), False
        if kind == LONG:
            if name == "BACK":
                return ("undo" if layout == 2 else "home"), False
            return {"OK": "ok_long", "UNDO": "redo"}.get(name), False
        return None, False

    def _sleep(self, now):
        limit = self.settings["sleep"]
        if self.asleep or not limit or self.buttons.any_down():
            return
        if self.buttons.idle_ms(now) >= limit * 1000:
            self.asleep = True
            self.display.power(False)

    def _expire(self, now):
        msg = self.message
        if msg is not None and self.board.ticks_diff(now, msg[2]) >= msg[3]:
            self.message = None
            self.dirty = True

    def redraw(self):
        fb = self.display.fb
        fb.fill(0)
        self.screen.draw(self, fb)
        if self.message is not None:
            message_box(fb, self.message[0], self.message[1])
        self.dirty = False
        cost = self.display.update()
        if cost:
            self.updates += 1
        return cost

    # --- USB serial: complete lines go to the link -----------------------------------------

    def _serial(self):
        read1 = self.board.serial_read1
        for _ in range(SERIAL_BYTES_PER_STEP):
            b = read1()
            if not b:
                return
            c = b[0]
            if c == 10 or c == 13:
                if self._line and not self._overflow:
                    self._deliver(bytes(self._line))
                self._line = bytearray()
                self._overflow = False
            elif self._overflow:
                continue
            elif len(self._line) >= MAX_LINE * 2:
                self._overflow = True  # drop the rest of an oversized line
                self._deliver(None)
            else:
                self._line.append(c)

    def _deliver(self, raw):
        link = self.link
        if link is None:
            return
        try:
            reply = link.handle(raw)
        except Exception as e:
            self._caught(e)
            return
        if reply:
            if isinstance(reply, str):
                reply = reply.encode()
            self.board.serial_write(reply if reply.endswith(b"\n") else reply + b"\n")
