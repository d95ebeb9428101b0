"""Matches between hands: resume after power on, open, park, start a new one.

None of this runs while a hand is played, so App's methods of the same names load this
module for the call and drop it after (app._AppMatches): its code is in the heap only then.
It reaches the app only through the App object it is given (no import of scoreboard.app:
the two modules form no cycle).
"""

import gc

from domino import DominoError, Match
from domino.events import dumps, loads
from scoreboard import words


def resume(app):
    """Fold the current match back from flash, or show the start screen."""
    mid = app.settings.get("current")
    app.match = None
    app.match_id = None
    if mid:
        try:
            app.match = load(app, mid)
            app.match_id = mid
        except Exception as e:  # a damaged or missing match must not stop the device
            app.flash(words.NO_RESUME % (mid, words.error(e)), True)
    for p in app.store.problems:
        app.flash(p, True)
    del app.store.problems[:]
    app.home()


def load(app, mid):
    """Fold a stored match; only one line at a time is in the heap."""
    log = app.match_log(mid)
    m = None
    for line in app.store.read(mid):
        ev = loads(line)
        if m is None:
            m = Match(ev, log)
            continue
        hands = len(m.records)
        try:
            m.apply(ev)
        except DominoError as e:  # stored by an older core? keep what folds
            app.flash(words.SKIPPED % (len(log) + 1, words.error(e)), True)
            log.append(ev)  # still in the log: its indices follow the lines on flash
        finally:
            log.release()
        if len(m.records) != hands:
            log.hand_over(m)
    if m is None:
        raise DominoError("match %s has no setup" % mid)
    return m


def refold(app):
    """Fold the match on the table back from flash (App.record: an event could not be
    written); a match that no longer folds stays as it was."""
    try:
        app.match = load(app, app.match_id)
    except Exception:
        pass


def park(app):
    """Let the match on the table leave the heap (setting up another one); home() or
    ``current`` folds it back from flash."""
    if app.match is not None:
        app.match = None
        app.voids = []
        del app.screens[:]  # no screen below may draw the parked match
        app.unload_games(None)  # the form loads the rules of the game chosen next
        app.unload_play()
        gc.collect()
        app.open("StartMenu")


def open_match(app, mid):
    app.match = load(app, mid)
    app.match_id = mid
    app.set_current(mid)
    app.home()


# What frees the flash, truly: a sync frees finished matches (unfinished ones only once
# abandoned or idle for weeks, docs/storage.md), a delete on the box frees any.
FREES = "sync frees finished matches; Matches > Delete frees any"


def new_match(app, setup):
    """Check the setup with the core, then store it as line 0 of a new match. The setup
    records when the match started against this power-on: "boot" (its id on flash) and
    "up" (seconds since it), so a host that sets the clock later in the same boot dates it.
    Once the host has set the clock, it also carries the day ("date", ISO 8601 UTC, as
    Link.date gives it). Exports read them (docs/storage.md, "Match dates")."""
    setup = dict(setup)
    date = app.link.date() if app.link is not None else None
    if date and "date" not in setup:
        setup["date"] = date
    if app.boot is not None and "boot" not in setup:
        setup["boot"] = app.boot
        setup["up"] = app.board.seconds()
    mid = _next_id(app)
    m = Match(setup, app.match_log(mid))  # DominoError if wrong: nothing stored
    line = dumps(setup)
    try:
        app.store.create(mid, line)  # whole or not at all; refused when the flash is full
    except OSError:
        if app.store.nearly_full():  # refused for room: say what frees it
            raise OSError("Flash full (%d KB free): %s" % (app.store.usage()[1] >> 10, FREES))
        raise
    app.match = m
    app.match_id = mid
    app.settings["last"] = int(mid[1:])  # saved with the match on the table, next line
    app.set_current(mid)
    app.push_event(0, line)
    app.home()
    if app.store.nearly_full():
        app.flash(words.FLASH_FULL)


def _next_id(app):
    """One above any number given on this flash: a match deleted (or synced and freed) never
    lends its id to a new one, which a host could take for the old one continued."""
    n = app.settings.get("last", 0)
    for mid in app.store.list():
        if mid[:1] == "m" and mid[1:].isdigit():
            n = max(n, int(mid[1:]))
    return "m%04d" % (n + 1)
