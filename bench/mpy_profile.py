# A scripted match for profiling a play, a draw and an undo (docs/target.md, "Where a play's
# time goes"). Runs on the Pico (bench/profile_target.py sends it with mpremote exec: emulated
# time, the judge) and on the unix port (a proxy: this machine's clock):
#
#   micropython bench/mpy_profile.py [--presses N] [--game KEY] [--players N] [--spans]
#
# Starts a match of KEY (target 10000: it never ends) in its own storage folder, then presses:
# OK on the table's likeliest play (DOWN to it first when the cursor is elsewhere; OK on draw or
# pass when no play is offered), UNDO then OK again after every third play, UNDO then OK after
# each hand's end; the tally's OKs take what the form offers. Keys go straight to the app (no
# debounce), each followed by one loop pass, which redraws (the frame that confirms the key),
# then the idle passes that draw the table's next guesses. Prints one line per press,
# "press <button> <kind> <us> <us after>", the kind named by the first event the press
# recorded (play, draw, pass, undo, end ...) or cursor/menu; then per kind n, p50, p95, max
# in us, and the p50, p95 to the guesses drawn; --spans wraps the hot functions and prints
# where each kind's time went (us per press, both).

import gc
import sys
import time

_given = globals().get("ARGS")  # set by bench/profile_target.py before this text on the Pico
ARGS = sys.argv if _given is None else _given
if _given is None:
    _here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sys.path[:0] = [_here + "/../firmware", _here + "/../build/mpy-lib"]

from scoreboard.app import App  # noqa: E402
from scoreboard.buttons import DOWN, SHORT  # noqa: E402

SPANS = {}  # label -> [us, calls] in the press being measured
_WRAPPED = []  # the wrappers installed (screen modules come and go: each wrapped once)


def opt(name, default):
    if name in ARGS:
        return ARGS[ARGS.index(name) + 1]
    return default


def wrap(owner, attr, label):
    f = getattr(owner, attr, None)
    if f is None:
        return
    for w in _WRAPPED:
        if w is f:
            return

    def timed(*a, **k):
        t = time.ticks_us()
        try:
            return f(*a, **k)
        finally:
            s = SPANS.get(label)
            if s is None:
                s = SPANS[label] = [0, 0]
            s[0] += time.ticks_diff(time.ticks_us(), t)
            s[1] += 1

    setattr(owner, attr, timed)
    _WRAPPED.append(timed)
    if len(_WRAPPED) > 200:
        del _WRAPPED[:100]


def install_spans():
    from domino import match
    from scoreboard import app as app_mod
    from scoreboard import display, store

    wrap(app_mod.App, "record", "app.record")
    wrap(app_mod.App, "home", "app.home")
    wrap(app_mod.App, "unload_games", "app.unload_games")
    wrap(app_mod.App, "redraw", "app.redraw")
    wrap(app_mod.App, "compact", "app.compact")
    wrap(app_mod.App, "note_void", "app.note_void")
    wrap(display.Display, "update", "display.update")
    wrap(store.MatchStore, "append", "store.append")
    wrap(match.Match, "apply", "match.apply")
    wrap(match.Match, "_refold", "match.refold")
    wrap(app_mod, "loads", "events.loads")
    wrap(app_mod, "dumps", "events.dumps")


def install_screen_spans():
    for name, attrs in (
        ("scoreboard.plays", ("plays_by_end", "likely")),
        ("scoreboard.screens.tally", ()),
    ):
        mod = sys.modules.get(name)
        if mod is not None:
            for a in attrs:
                wrap(mod, a, name[11:] + "." + a)
    table = sys.modules.get("scoreboard.screens.table")
    if table is not None:
        for a in ("refresh", "_draw_top", "_draw_bar"):
            wrap(table.Table, a, "table." + a)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def clear(folder):
    import os

    try:
        names = os.listdir(folder)
    except OSError:
        os.mkdir(folder)
        return
    for n in names:
        os.remove(folder + "/" + n)


def main():
    from boards import load

    presses = int(opt("--presses", "120"))
    key = opt("--game", "muggins")
    players = int(opt("--players", "2"))
    spans = "--spans" in ARGS
    board = load()
    folder = opt("--storage", "/tmp/profile-session" if board.name == "sim" else "/profile")
    clear(folder)
    app = App(board, folder)
    names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal"][:players]
    app.new_match({"game": key, "players": names, "target": 10000})
    if app.match is None:
        raise SystemExit("no match: %s" % (app.message,))
    app.home()
    app.step(board.ticks_ms())
    if spans:
        install_spans()
    by_kind = {}  # key to the frame that confirms it
    then_kind = {}  # key to the bar's guesses drawn (the idle passes after that frame)
    span_kind = {}
    plays = 0
    hands = 0
    queue = []
    for _ in range(presses):
        button = "OK"
        if queue:
            button = queue.pop(0)
        else:
            scr = app.screen
            acts = getattr(scr, "actions", None)
            at = getattr(scr, "cursor", 0)
            if acts and acts[at][0] != "quick":  # to the likeliest play, if any
                for i in range(1, 4):
                    if acts[(at + i) % len(acts)][0] == "quick":
                        button = "DOWN"
                        queue += ["DOWN"] * (i - 1) + ["OK"]
                        break
        m = app.match
        before = len(m.log)
        if spans:
            install_screen_spans()
            SPANS.clear()
        gc.collect()
        now = board.ticks_ms()
        t = time.ticks_us()
        app._button(button, DOWN if button == "DOWN" else SHORT, now)
        app.step(now)
        us = time.ticks_diff(time.ticks_us(), t)
        t = time.ticks_us()
        for _ in range(3):  # the table's guesses, made in the idle passes after the frame
            if getattr(app.screen, "_bar", True):
                break
            app.step(now)
        later = time.ticks_diff(time.ticks_us(), t)
        kind = "menu"
        if len(m.log) > before:
            kind = m.log[before].get("k")
        elif button == "DOWN":
            kind = "cursor"
        if kind == "play":
            plays += 1
            if plays % 3 == 0:
                queue += ["UNDO", "OK"]
        elif kind == "end" and len(m.records) > hands:  # undo each hand's end once
            hands = len(m.records)
            queue += ["UNDO", "OK"]
        app.message = None  # the next key would dismiss it; not part of its work
        print("press", button, kind, us, later)
        by_kind.setdefault(kind, []).append(us)
        then_kind.setdefault(kind, []).append(us + later)
        if spans:
            agg = span_kind.setdefault(kind, {})
            for k in SPANS:
                a = agg.setdefault(k, [0, 0])
                a[0] += SPANS[k][0]
                a[1] += SPANS[k][1]
    for kind in sorted(by_kind):
        v = by_kind[kind]
        w = then_kind[kind]
        print(
            "kind %-6s n %4d p50 %7d p95 %7d max %7d us; with the guesses p50 %7d p95 %7d us"
            % (kind, len(v), pct(v, 0.5), pct(v, 0.95), max(v), pct(w, 0.5), pct(w, 0.95))
        )
        if spans and kind in span_kind:
            agg = span_kind[kind]
            for k in sorted(agg, key=lambda k: -agg[k][0]):
                print(
                    "   %-22s %8d us/press %6.1f calls/press"
                    % (k, agg[k][0] // len(v), agg[k][1] / len(v))
                )


main()
