# Hand ends the record cannot check, entered by buttons on the score pad (003 Barricade's
# "<player> barricaded", Peruvian's "Who laid the last tile?"), from the start of a match kept
# on the pad and after a switch to it midway. Prints a RESULT line (JSON) for
# tests/firmware/test_app.py.
#
#   micropython tests/firmware/mpy/app_paper_ends.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402


def bar_choose(op, label):
    """On a screen with an action bar (the table, the score pad): to ``label`` the short way
    round (the bar wraps), OK."""
    s = op.screen
    if d.shows(s, "Table"):
        op.cursor_info()  # the table lists its actions when first drawn
    n = len(s.actions)
    for i, a in enumerate(s.actions):
        if s.label(op.app, a) == label:
            down = (i - s.cursor) % n
            key, k = ("DOWN", down) if down <= n - down else ("UP", n - down)
            for _ in range(k):
                op.tap(key)
            return op.tap("OK")
    raise d.Stuck("no %r on the bar" % label)


def tally(op, pips, tiles=None):
    """Type each seat's pips (and tiles) on the tally, then Score the hand."""
    s = op.screen
    if not d.shows(s, "Tally"):
        raise d.Stuck("expected the tally, got %r (%r)" % (s, op.app.message))
    while s.cursor < len(s.rows()):
        p, key, num = s.rows()[s.cursor]
        if key == "p":
            op.set_number(num, pips[p])
        if key == "n" and tiles:
            op.set_number(num, tiles[p])
        op.tap("OK")
    op.tap("OK")  # Score the hand


def after_tally(op):
    """What the tally went on to: the next hand's pad (the hand's points flashed), or a result
    screen (left by OK) where the standings are secret."""
    seen = [d.kind(op.screen), op.app.message and op.app.message[0]]
    if seen[0] in ("Result", "HiddenResult"):
        op.tap("OK")
    r.setdefault("after_tally", []).append(seen)


def last_end(op):
    m = op.match()
    ev = m.log[m.records[-1].end]
    return {k: ev[k] for k in ev if k in ("bar", "last", "declared", "out")}


r = {}
op = d.Operator(sys.argv[1], seed=5)
# Barricade kept on a score pad from its first hand (the game's own way)
op.new_match("barricade", 3, way=None)
r["opens"] = d.kind(op.screen)
bar_choose(op, "End the hand")
r["pad_items"] = list(op.screen.items)
op.choose_label("Ben barricaded")
tally(op, [24, 9, 20])
r["pad_hand"] = op.match().records[-1].points()
r["pad_end"] = last_end(op)
after_tally(op)

# a Barricade hand followed tile by tile, then kept on the pad: Cai barricades meanwhile
op.new_match("barricade", 3)
op.app.record({"k": "play", "p": 0, "t": "6-4"})
op.app.record({"k": "draw", "p": 0, "n": 1})
op.app.home()
bar_choose(op, "Keep a score pad")
bar_choose(op, "End the hand")
op.choose_label("Cai barricaded")
tally(op, [24, 20, 9])
r["switched_hand"] = op.match().records[-1].points()
r["switched_end"] = last_end(op)
after_tally(op)

# Peruvian: two plays on the record, then the pad; the hand blocks later, Dee laid the last tile
op.new_match("peruvian", 4, opts={"draw_each_turn": False})
op.app.record({"k": "play", "p": 0, "t": "6-6"})
op.app.record({"k": "play", "p": 1, "t": "6-2", "e": 0})
op.app.home()
bar_choose(op, "Keep a score pad")
bar_choose(op, "End the hand")
op.choose_label("Blocked")
r["asked"] = d.kind(op.screen)
op.choose_label("Dee")
tally(op, [13, 28, 15, 20])
r["peruvian_hand"] = op.match().records[-1].points()
r["peruvian_end"] = last_end(op)
after_tally(op)

# Super Dominos, simple scoring: Ana out, the tally asks the tiles left alone
op.new_match("super", 3, way=None)
bar_choose(op, "End the hand")
op.choose_label("Ana went out")
r["super_asks"] = [f[1] for f in op.screen.rows()]
tally(op, None, [0, 3, 4])
r["super_hand"] = op.match().records[-1].points()
after_tally(op)

# Muggins, Ben to play with 14 tiles to draw: Draw is on the bar, Pass is not (it is refused)
op.new_match("muggins", 2)
op.app.record({"k": "play", "p": 0, "t": "6-6"})
op.app.home()
op.cursor_info()
r["muggins_bar"] = sorted(set(a[0] for a in op.screen.actions))
op.app.record({"k": "draw", "p": 1, "n": 14})
op.app.home()
op.cursor_info()
r["muggins_drawn"] = "pass" in [a[0] for a in op.screen.actions]

# a match like the last one: from its winner, OK (the start menu), DOWN, OK
op.new_match("muggins", 3, target=50, opts={"muggins": False})
first_id, first = op.app.match_id, op.match().setup
op.app.record({"k": "end", "left": [0, 30, 30], "out": 0})  # Ana 60: over
op.app.home()
r["winner"] = d.kind(op.screen)
before = op.presses
op.tap("OK")
r["start_items"] = list(op.screen.items)
op.choose(op.screen.actions.index("again"))
r["again_presses"] = op.presses - before
again = op.match().setup
r["again_new"] = op.app.match_id != first_id and not op.match().records
r["again_same"] = [k for k in first if k not in ("date", "boot", "up") and again.get(k) != first[k]]
r["again_keys"] = sorted(k for k in first if k not in ("boot", "up"))

# Matches: two matches of Ana and Ben on the same day, one of Ana, Ben and Cai
day = "2025-06-15T10:00:00Z"
for names in (["Ana", "Ben"], ["Ana", "Ben"], ["Ana", "Ben", "Cai"]):
    op.app.new_match({"game": "muggins", "players": names, "date": day})
op.tap("BACK")  # the table's menu
op.choose_label("Matches")
r["rows"] = list(op.screen.items)[:3]

# Super Dominos on the pad, the hand's result as paper writes it: Ben out, 7 tiles
op.new_match("super", 3, way=None)
r["pad_bar"] = [op.screen.label(op.app, a) for a in op.screen.actions]
before = op.presses
bar_choose(op, "Ben went out")  # DOWN, OK: straight to his points
s = op.screen
r["result_field"] = [d.kind(s), s.field, s.number.value]
op.set_number(s.number, 7)
op.tap("OK")
r["result_presses"] = op.presses - before
r["result_hand"] = op.match().records[-1].points()
r["result_end"] = last_end(op)
r["result_next"] = [d.kind(op.screen), op.app.message and op.app.message[0]]

# a blocked hand from the bar's end: UP to "Blocked, Ana won", OK; BACK there goes to the list
# of who and how, where DOWN runs on to Ben winning it blocked, OK, then the points
s = op.screen
op.tap("UP")
r["blocked_label"] = s.label(op.app, s.actions[s.cursor])
op.tap("OK")
h = op.screen
r["blocked_field"] = [h.player, h.blocked, h.field, h.number.value]
op.tap("BACK")
op.tap("DOWN")
r["back_list"] = [h.player, h.blocked, h.field]
op.tap("OK")
op.set_number(h.number, 4)
op.tap("OK")
r["back_end"] = last_end(op)
r["back_hand"] = op.match().records[-1].points()

# Italian on the pad: Ben reaches 50 (2 points), then End the hand asks nothing more
op.new_match("italian", 3, way="pad")
bar_choose(op, "Ben scores")
op.set_number(op.screen.points[1], 2)
op.tap("OK")
before = op.presses
bar_choose(op, "End the hand")
r["italian_end_presses"] = op.presses - before
said = op.app.message and op.app.message[0]
r["italian_next"] = [d.kind(op.screen), op.match().hand.number, said]
end_at = op.match().records[-1].end
r["italian_end"] = None if end_at is None else op.match().log[end_at]
r["italian_totals"] = list(op.match().totals)
d.emit(r)
