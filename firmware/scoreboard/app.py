"""The scoreboard application: buttons in, events to flash, the match fold on the screen.

One ``App`` owns the board's parts (buttons, display, store) and a stack of screens. The loop
calls ``step(now)`` every few milliseconds; it never blocks:

1. poll the buttons → keys → the top screen (or wake the display: that press does nothing else);
2. read the USB serial byte by byte → complete lines → ``self.link.handle(line)``; the link's
   code is loaded with the first line the host sends (``serve_link``);
3. redraw when something changed (drawing only: flash is never written inside a redraw);
4. else, with no key on its way, idle work: the screen's (the table's next guesses, after
   the frame that confirms a key), then the store's (``MatchStore.tidy``).

Every match change goes through ``record(event)``: the rules core checks and applies it (a
DominoError changes nothing and is shown as a short message), then the store appends it to
flash, and only then does the screen confirm it. A stored match is its setup (line 0) and its
events (lines 1..); power on folds them through ``domino.Match`` again, so the table resumes
exactly where it was, mid-hand included. The match's log is a ``FlashLog``: the heap keeps the
current hand's event lines, older events are read back from flash when undo or a correction
needs them.

Heap: the Pico has about 180 KB for everything, and loaded code is most of what is live. Only
the modules the screen on show needs stay imported: the setup menus leave the heap during a
match, the rules of other games leave it when a match starts or is parked, the link comes
with the host (docs/ui.md, "Heap").

The loop catches Exception: an unexpected error is counted, shown, and the app goes on from
the last consistent state on flash. While the app serves the link, a raw Ctrl-C (0x03) from the
host is a byte like any other (the board's ``serial_interrupt(False)``): no byte the host sends
stops the table. The link's ``repl`` request (``dominoboard deploy`` sends it first) turns
Ctrl-C back on and ends the loop, so mpremote gets the REPL (docs/serial.md): at the start
screen only, so no frame stops a match.
"""

import gc
import sys

from boards.pins import KEYPAD_AS
from domino import DominoError, Match
from domino.events import dumps, loads
from scoreboard import lifetimes, screens, words
from scoreboard.buttons import ANTICLOCKWISE, CLOCKWISE, DOWN, LONG, REPEAT, SHORT, UP, Buttons
from scoreboard.display import Display
from scoreboard.event_ring import EventRing
from scoreboard.serial_line import NOT_UTF8, LineReader
from scoreboard.store import MatchStore, StorageError, hold_admin
from scoreboard.ui import message_box

VERSION = "0.1.0"
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
DEFAULTS = {
    "contrast": 207,
    "sleep": 120,  # seconds of inactivity before the screen turns off
    "layout": 0,  # index into scoreboard.screens.menus.LAYOUTS
    "names": NAMES,  # presets offered for player names (the host can push others)
    "current": "",  # the id of the match on the table
    "last": 0,  # the highest match number given on this flash: never given again
    "language": "en",  # the code of the language the box speaks (scoreboard.words.CODES)
    # the inputs fitted beside the five buttons: KNOB | KEYPAD bits (Settings > Inputs, or
    # `dominoboard names --inputs`); pins.*_FITTED fit them whatever this says
    "inputs": 0,
}
KNOB = 1
KEYPAD = 2
MESSAGE_MS = 3000
ERROR_MS = 4000
SERIAL_BYTES_PER_STEP = 64  # bounded work per loop pass (about one request): no tap missed
ACTIVE_MS = 2000  # after a key or a host line, the loop polls every 5 ms for this long ...
IDLE_PERIOD_MS = 10  # ... then every 10 ms (the first key after a pause waits up to 10 ms)
CHECK_MS = 100  # the sleep and message timers are looked at this often


KEPT = 160  # at most this many decoded events stay in the heap (FlashLog)


class FlashLog:
    """``Match.log`` for the device: event i is line i + 1 of the match on flash.

    The heap keeps the events of the hand in progress and of the hand before it, decoded, as
    ``apply`` took them (at most KEPT: older ones are trimmed): an undo refolds the hand
    from them, and an undone hand's end refolds the hand it ended, without reading flash or
    decoding JSON. Older events are read back from the store, sequentially when a refold
    walks them. ``append`` only notes the event: App.record writes its line to flash once
    the core has accepted it."""

    __slots__ = ("store", "mid", "n", "base", "events", "_reader", "_next")

    def __init__(self, store, mid):
        self.store = store
        self.mid = mid
        self.n = 0  # events in the log
        self.base = 0  # the log index of events[0]
        self.events = []  # decoded events from index base on
        self._reader = None  # a generator over the store's lines, for sequential reads ...
        self._next = -1  # ... and the log index it yields next

    def append(self, ev):
        events = self.events
        if len(events) >= KEPT:  # a long hand: the oldest leave the heap (flash has them)
            keep = KEPT // 2
            self.base += len(events) - keep
            self.events = events = events[len(events) - keep :]
        events.append(ev)
        self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("event %d of %d" % (i, self.n))
        if i >= self.base:
            return self.events[i - self.base]
        reader = self._reader
        if reader is None or i != self._next:
            self.release()
            reader = self._reader = self.store.read(self.mid, i + 1)
        self._next = i + 1
        return loads(next(reader))

    def last_line(self):
        return dumps(self.events[-1])

    def hand_over(self, m):
        """A hand ended (or an undo brought one back): the events before the last finished
        hand of match ``m`` leave the heap (flash has them); that hand's stay, for an undo of
        its end, and so do those of the hand in progress."""
        k = len(m.records) - 1  # the last finished hand
        start = 0
        if k >= 0:
            first = m.marks[k]  # events in force when it began
            start = m.effective[first] if first < len(m.effective) else self.n
        if start > self.base:
            self.events = self.events[start - self.base :]
            self.base = start

    def drop_last(self):
        """Forget the last event (it could not be written to flash)."""
        self.events.pop()
        self.n -= 1

    def release(self):
        """Close the file a sequential read keeps open."""
        reader, self._reader, self._next = self._reader, None, -1
        if reader is not None:
            reader.close()


class _AppMatches:
    """``with _AppMatches() as app_matches:`` scoreboard.app_matches for one call: resuming,
    opening, parking and starting a match happen between hands, so that code is loaded for
    the call and leaves the heap after (lifetimes: BY_CALLER)."""

    def __enter__(self):
        from scoreboard import app_matches

        return app_matches

    def __exit__(self, *exc):
        lifetimes.unload("scoreboard.app_matches")


def _ring(board):
    """The board's event ring, or None (none fitted, or its region is unusable: events then
    go to littlefs directly, slower but as safe)."""
    flash = board.event_flash
    if flash is None:
        return None
    try:
        return EventRing(flash[0], flash[1])
    except Exception:
        return None


def flash_log(m) -> FlashLog:
    """The FlashLog of a match the App made (Match.log, typed for the device)."""
    return m.log


class App:
    def __init__(self, board, storage_dir=None):
        self.board = board
        self.display = Display(board.display)
        # the store's admin code serves the power-on's first calls in one load (~9 ms each on
        # the Pico); it leaves before the match is folded, which needs the heap
        hold_admin(True)
        try:
            self.store = MatchStore(storage_dir or board.storage_dir, _ring(board))
            self.settings = self.store.load_settings(DEFAULTS)
            # this power-on's id on flash: a match's setup records its start against it, and
            # a host that sets the clock later in the same boot dates it (docs/storage.md)
            self.boot = self.store.start_boot(board.entropy)
        finally:
            hold_admin(False)
        self.tidy_due = True  # idle work the store may have (App.step, MatchStore.tidy)
        self.fit_inputs()  # self.buttons
        words.choose(self.settings["language"])
        self.link = None  # scoreboard.link.Link(app): attach, or serve_link and the first line
        self.serving = False  # load the link when the first serial line arrives
        self.match: Match | None = None  # the match on the table (app_matches folds it)
        self.match_id = None
        self.screens = []
        self.message = None  # (text, is_error, until_ms)
        self.errors = 0  # unexpected exceptions caught by the loop
        self.last_error = None
        self.dirty = True
        self.asleep = False
        self.swallow = None  # the button whose press woke the screen
        self.keys = 0  # keys handled (for measurements)
        self.active = 0  # ticks_ms of the last key or host line (App.run's polling period)
        self._down_at = 0  # ticks_ms UP/DOWN went down (a repeat's ``repeat`` is ms held)
        # the key in hand came from the knob: its way (1 clockwise, -1 anticlockwise; 0: not
        # the knob) and its pace (boards.encoder), for a number to accelerate with the turning
        self.turn = 0
        self.pace = 0
        self._checked = 0  # ticks_ms the sleep and message timers were last looked at
        self.updates = 0  # display updates that put bytes on the bus
        self._painted = None  # the screen whose whole picture the framebuffer holds
        self.voids = []  # draws and passes of this hand, for the likely-tile order
        self.serial = LineReader(board.serial_read1)
        self.handed_over = False  # the host asked for the REPL: run() returns
        self.display.contrast(self.settings["contrast"])
        self.resume()

    def attach(self, link):
        """Serve the USB protocol: complete serial lines go to ``link.handle``."""
        self.link = link
        self.board.serial_interrupt(False)

    def serve_link(self):
        """Serve the USB protocol from the first line the host sends on: until then the link's
        code stays out of the heap (a scoreboard nobody syncs never loads it). From now on a
        raw Ctrl-C is data, not an interrupt."""
        self.serving = True
        self.board.serial_interrupt(False)

    def hand_over(self):
        """The host asked for the REPL (the link's ``repl`` request). Only with the table's
        consent: from the start screen, no match on the table and nobody setting one up
        (else False: no frame a host sends stops a match). Then Ctrl-C interrupts again and
        ``run`` returns after this pass, leaving the REPL to mpremote; the screen says how to
        get the table back."""
        if self.match is not None or self.match_id is not None or len(self.screens) > 1:
            return False
        self.board.serial_interrupt(True)
        self.handed_over = True
        self.flash(words.USB)
        return True

    def _start_link(self):
        try:
            from scoreboard.link import Link
        except ImportError:  # a build without the USB protocol: lines are ignored
            self.serving = False
            return None
        # A MemoryError loading the link (a fragmented heap) goes to _caught, which frees what
        # it can; serving stays on, so the host's next line tries again.
        self.link = Link(self)
        self.serving = False
        return self.link

    # --- matches on flash ------------------------------------------------------------------

    def resume(self):
        """Fold the current match back from flash, or show the start screen."""
        with _AppMatches() as app_matches:
            app_matches.resume(self)

    def refold(self):
        """Fold the match on the table back from flash (a write failed: the screen and the
        flash agree again)."""
        with _AppMatches() as app_matches:
            app_matches.refold(self)

    def park(self):
        """Let the match on the table leave the heap (setting up another one); home() or
        ``current`` folds it back from flash."""
        with _AppMatches() as app_matches:
            app_matches.park(self)

    def open_match(self, mid):
        with _AppMatches() as app_matches:
            app_matches.open_match(self, mid)

    def new_match(self, setup):
        """Check the setup with the core, then store it as line 0 of a new match (see
        scoreboard.app_matches.new_match)."""
        with _AppMatches() as app_matches:
            app_matches.new_match(self, setup)

    def match_log(self, mid):
        """An empty log for match ``mid``, to fold its stored events into (app_matches)."""
        return FlashLog(self.store, mid)

    def set_current(self, mid):
        """Make ``mid`` the match on the table after a restart ("" for none): the
        ``current`` setting, saved."""
        self.settings["current"] = mid
        self.save_settings()

    def speak(self, code):
        """Speak language ``code`` from now on (the link's ``language``), kept on flash with the
        settings (a flash failure raises, nothing changed); the screens are made again, in its
        words, as the match's state calls for."""
        values = dict(self.settings)
        values["language"] = code
        self.store.save_settings(values)
        self.settings = values
        words.choose(code)
        self.home()

    def fit_inputs(self):
        """The knob and the keypad as the setting ``inputs`` says (the board fits or drops
        their decoders), and the buttons that read them: one firmware for every board. The
        rotary encoder's detents move lists as UP/DOWN taps and numbers by their pace
        (docs/ui.md); the pins' interrupts count taps that come and go while the app is busy."""
        board = self.board
        inputs = self.settings["inputs"]
        board.fit(inputs & KNOB, inputs & KEYPAD)
        self.buttons = Buttons(
            board.buttons,
            board.ticks_ms(),
            board.ticks_diff,
            encoder=board.encoder,
            ticks=board.ticks_ms,
            keypad=board.keypad,
        )

    def choose_inputs(self, bits):
        """The link's ``inputs``: fit them and keep the choice on flash with the settings (a
        flash failure raises, nothing changed), as Settings > Inputs does."""
        values = dict(self.settings)
        values["inputs"] = bits
        self.store.save_settings(values)
        self.settings = values
        self.fit_inputs()
        self.dirty = True

    def save_settings(self):
        try:
            self.store.save_settings(self.settings)
        except Exception as e:
            self.flash(words.NOT_SAVED_SETTINGS % e, True)

    def record(self, ev):
        """Apply one event to the match and persist it; return what happened.

        Raises DominoError (nothing changed) or StorageError (the match is folded back from
        flash, so screen and flash agree again).
        """
        m = self.match
        if m is None:
            raise DominoError(words.NO_MATCH)
        log = flash_log(m)
        hands = len(m.records)
        try:
            result = m.apply(ev)  # checks everything first; DominoError leaves m as it was
        finally:
            log.release()
        line = log.last_line()
        try:
            index = self.store.append(self.match_id, line)
        except Exception as e:
            log.drop_last()
            self.refold()
            raise StorageError(words.NOT_SAVED % (e,))
        self.push_event(index, line)
        self.tidy_due = True
        self.note_void(m, ev, result)
        if len(m.records) != hands or m.over:
            if len(m.records) > hands or m.over:  # an undone hand's end: the journal has it
                self.compact()
            log.hand_over(m)
            self.voids = []  # the likely-tile order reads the hand in progress only
            gc.collect()  # a safe point: the hand's lines and the compaction's buffers are gone
        return result

    def note_void(self, m, ev, result):
        """Remember the open ends a player drew or passed at: they hold none of those pips.
        Only the likely-tile order on the screen uses it (scoreboard.plays.voids); after a
        restart it starts empty, which only makes the order less sharp. Notes are
        (log index, hand number, player, kind, tiles, open pips)."""
        k = ev.get("k")
        notes = self.voids
        if k == "undo":
            gone = m.undone.last()
            self.voids = [x for x in notes if x[0] != gone]
            return
        at = len(m.log) - 1
        if k == "redo":
            at = m.effective.last()
            ev = result.get("redone") or {}
            k = ev.get("k")
        hand = m.hand  # None once the match is over (record() drops the notes at that boundary)
        if hand is not None and k in ("draw", "pass") and not hand.layout.is_empty():
            ends = tuple(hand.layout.ends())
            notes.append((at, hand.number, ev.get("p"), k, ev.get("n", 1), ends))
            if len(notes) > 64:
                del notes[0]

    def compact(self):
        try:
            self.store.compact(self.match_id)
        except Exception as e:  # the journal still holds every event
            self.flash(words.COMPACTION_FAILED % e, True)

    def push_event(self, index, line):
        """Tell the link (when the host is served) that event ``index`` of the match on the
        table is on flash: a subscribed host gets it pushed."""
        link = self.link
        if link is not None:
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
        """The screen on show (None only while an error's recovery has not found one)."""
        return self.screens[-1] if self.screens else None

    def home(self):
        """The screen the match's state calls for: start, table, tally, or winner. Screens
        left behind are dropped, and so is the code no screen now shown needs: the setup menus
        during a hand, the hand's end while one is played, the table's screens during setup."""
        del self.screens[:]
        if self.match is None and self.match_id is not None:  # parked: fold it back
            self.resume()
            return
        m = self.match
        if m is None:  # setting up the first match: no screen of a match is needed
            if self.unload_play():
                gc.collect()
            self.push(screens.StartMenu(self))
            return
        # what the match's state no longer shows leaves the heap (scoreboard.lifetimes)
        now = lifetimes.MATCH if m.over else lifetimes.MATCH | lifetimes.PLAYING
        if m.over or m.hand is None or m.hand.is_over():
            now |= lifetimes.HAND_END
        elif m.way == "pad":
            now |= lifetimes.PAD
        else:
            now |= lifetimes.TABLE
        gone = self.unload_games(m.game) + lifetimes.drop(now)
        if gone:
            gc.collect()
        self.push(screens.home_screen(self))

    def open(self, name, *args):
        """Show the screen ``name`` (scoreboard.screens.LAZY) on top: how a screen opens one
        that its own module does not import (the match menu from the table, History from the
        winner)."""
        self.push(getattr(screens, name)(self, *args))

    def unload_play(self):
        """Drop the screens of a match (setup needs none of them); returns how many left."""
        return lifetimes.drop(lifetimes.SETUP)

    def unload_games(self, game):
        """Keep only the rules module that defines ``game``'s class (None: none); returns how
        many left. Looks the loaded modules up by ``registry.MODULES``: no string is made."""
        from domino import registry

        cls = None if game is None else type(game)
        gone = 0
        for name in registry.MODULES:
            module = sys.modules.get(name)
            if module is not None and (
                cls is None or getattr(module, cls.__name__, None) is not cls
            ):
                gone += lifetimes.unload(name)
        return gone

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
            self.flash(words.error(e), True)
            return
        done = result.get("undone") or result.get("redone")  # the event undone or redone
        ev = done if isinstance(done, dict) else {}
        self.home()
        tallied = ev.get("k") == "end" and ev.get("left") and self.match.game.entry is None
        if kind == "undo" and tallied:
            # the tally comes back as it was entered, to correct one value: a hand that ended
            # by itself shows it at home; one ended from the menu or by a barricade, on top
            shown = self.screen
            if shown is None or not shown.refill(ev["left"]):
                declared = bool(ev.get("declared"))
                out, last, bar = ev.get("out"), ev.get("last"), ev.get("bar")
                tally = screens.Tally(self, out, True, None, bar, last, declared)
                self.push(tally)
                tally.refill(ev["left"])
        self.flash((words.UNDONE if kind == "undo" else words.REDONE) % self.event_text(ev))

    def event_text(self, ev):
        k = ev.get("k")
        who = ev.get("p")
        who = self.match.players[who] if isinstance(who, int) and self.match else ""
        if k == "play":
            return "%s %s" % (who, ev.get("t"))
        if k in ("draw", "pass", "claim", "mug"):
            return "%s %s" % (who, words.EVENTS[k])
        if k == "pts":
            return "%s %+d" % (who, ev.get("n"))
        if k == "end":
            return words.HAND_END
        if k == "fix":
            return words.FIX_OF % (ev.get("h", 0) + 1)
        return str(k)

    # --- the loop --------------------------------------------------------------------------

    def run(self, period_ms=5, idle_period_ms=IDLE_PERIOD_MS):
        """The device's main loop; returns once the host asked for the REPL. It polls every
        period_ms while the table or the host is busy, and every idle_period_ms once nothing
        has happened for ACTIVE_MS: an idle pass costs ~0.45 ms of CPU on the Pico
        (bench/results/target.txt), so the longer period halves the idle CPU."""
        board = self.board
        while not self.handed_over:
            now = board.ticks_ms()
            self.step(now)
            busy = board.ticks_diff(now, self.active) < ACTIVE_MS or self.buttons.any_down()
            board.sleep_ms(period_ms if busy else idle_period_ms)
        for _ in range(20):  # the reply to the request goes out before the REPL takes over
            board.serial_flush()
            board.sleep_ms(5)
        self.store.close()

    def step(self, now):
        try:
            for name, kind in self.buttons.poll(now):
                self.active = now
                self._button(name, kind, now)
            if self._serial():
                self.active = now
            self.board.serial_flush()  # queued replies go out as the host takes them
            if self.board.ticks_diff(now, self._checked) >= CHECK_MS:
                self._checked = now  # sleep and message timers: seconds, not milliseconds
                self._sleep(now)
                self._expire(now)
            if self.dirty and not self.asleep:
                self.redraw()
            elif self.buttons.any_down():
                pass  # a key on its way: it acts first, on what the screen knows now
            elif not self.asleep and self.screen is not None and self.screen.idle(self):
                # the key is confirmed on the screen: now the screen's next guesses, and
                # what they changed on it
                self.dirty = True
                self.redraw()
            elif self.tidy_due:
                # then the flash's idle work, one piece a pass (a key pressed meanwhile
                # waits for at most one sector erase)
                self.tidy_due = False  # a failing piece is not retried every pass
                self.tidy_due = self.store.tidy()
        except Exception as e:
            self._caught(e)

    def _caught(self, e):
        """An unexpected error (a bug, or the heap ran out mid-change): count it, show it, and
        fold the match on the table again from flash, which holds every event it accepted, so
        nothing half-changed stays on the screen."""
        self.errors += 1
        self.last_error = e
        self.dirty = True
        del self.screens[:]  # they may hold the match as it was
        if self.match_id is not None:
            self.match = None  # home() folds it back (App.resume)
        self.unload_games(None)  # and home() loads again only what it needs
        self.unload_play()
        gc.collect()
        try:
            self.flash(words.ERROR % (type(e).__name__, e), True)
            self.home()
        except Exception:  # the next pass tries again: redraw finds no screen, calls home()
            del self.screens[:]
        gc.collect()

    def _button(self, name, kind, now):
        turning = name == CLOCKWISE or name == ANTICLOCKWISE
        if self.asleep or self.swallow == name:
            if self.asleep and (kind == DOWN or turning):
                self.asleep = False
                self.swallow = None if turning else name  # a detent has no release
                self.display.power(True)
                self.dirty = True
            elif kind == UP and self.swallow == name:
                self.swallow = None
            return
        key, repeat = self._key(name, kind)
        if key is None:
            return
        if repeat:  # how long UP/DOWN has been held: a number's ladder paces itself by it
            repeat = max(1, self.board.ticks_diff(now, self._down_at))
        elif key == "up" or key == "down":
            self._down_at = now
        self.keys += 1
        self.message = None  # any key dismisses a message
        self.dirty = True
        if key == "undo":
            self.undo("undo")
        elif key == "redo":
            self.undo("redo")
        elif key == "home" or self.screen is None:
            self.home()
        else:
            self.screen.key(self, key, repeat)

    def _key(self, name, kind):
        """Buttons to keys, per the button layout setting (see docs/ui.md)."""
        layout = self.settings["layout"]
        self.turn = 0
        if name == CLOCKWISE or name == ANTICLOCKWISE:  # a detent: down a list clockwise
            self.turn = 1 if name == CLOCKWISE else -1
            self.pace = kind
            name = "DOWN" if name == CLOCKWISE else "UP"
            kind = DOWN
        elif name == "SW":  # the encoder's push switch (pins.ENCODER_SWITCH) is OK
            name = "OK"
        elif len(name) == 1:  # the keypad's (boards/keypad.py): a digit is itself
            if "0" <= name <= "9":
                return (name, False) if kind == DOWN else (None, False)
            name = KEYPAD_AS.get(name, name)  # its letters, * and # act as the buttons
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

    def _whole(self, screen, fb):
        fb.fill(0)
        if screen is not None:
            screen.draw(self, fb)

    def redraw(self):
        screen = self.screen
        if screen is None:  # an error's recovery ran out of heap: try again now
            self.home()
            screen = self.screen
        fb = self.display.fb
        if self.message is not None or self._painted is not screen or screen is None:
            self._whole(screen, fb)
        elif not screen.draw_change(self, fb):  # the same screen: only what changed, if it can
            self._whole(screen, fb)
        self._painted = screen if self.message is None else None
        if self.message is not None:
            message_box(fb, self.message[0], self.message[1])
        self.dirty = False
        cost = self.display.update()
        if cost:
            self.updates += 1
        return cost

    # --- USB serial: complete lines go to the link -----------------------------------------

    def _serial(self):
        """Hand complete lines to the link; True if a line came or one is arriving."""
        got = False
        for text, error in self.serial.poll(SERIAL_BYTES_PER_STEP):
            if error is None:
                self._deliver(text)
            elif error == NOT_UTF8:  # the link answers any such line with its "not text" error
                self._deliver(b"\xff")
            else:
                self._deliver(None)  # too long: the link answers "too long"
            got = True
        return got or self.serial.pending() > 0

    def _deliver(self, raw):
        link = self.link
        if link is None and self.serving:
            link = self._start_link()
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
