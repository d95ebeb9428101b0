# The table screen driven by presses on the simulated board (the whole app, its own process:
# the app needs the Pico-sized heap to itself). Run by tests/firmware/test_table.py through
# tests/mpy_run.py.

import sys

sys.path.append("tests/firmware/mpy")
sys.path.append("harness")

import mpy_app_driver as d  # noqa: E402

# A Muggins hand (a random table's, seed 4115) whose last tile goes out on a count: Ben lays
# 3-2 on U, leaving L5 R3 U3 D4 = 15.
MUGGINS_HAND = [
    ("6-6", None), ("6-1", 2), ("6-0", 3), ("4-0", 3), ("6-5", 0), ("2-1", 2), ("5-0", 0),
    ("0-0", 0), ("3-0", 0), ("6-4", 1), ("2-2", 2), "claim", ("4-3", 1), "draw", ("5-3", 0),
]  # fmt: skip


def _operator(tag):
    from check_encoder import _storage  # a clean folder, and a clean heap

    return d.Operator(_storage("table-" + tag), seed=3)


def _record(op, ev):
    """Set the table up: events recorded as the screens would (not the presses under test)."""
    app = op.app
    app.record(ev)
    app.home()
    op.tap("DOWN")
    op.tap("UP")  # the cursor where it was: the table refreshed


def _muggins_before_the_last_tile(op):
    op.new_match("muggins", 2, names=None)
    m = op.match()
    for step in MUGGINS_HAND:
        p = 0 if m.hand.turn is None else m.hand.turn  # Ana holds the 6-6 and leads
        if step == "claim":
            ev = {"k": "claim", "p": m.hand.pending[0]}
        elif step == "draw":
            ev = {"k": "draw", "p": p, "n": 1}
        else:
            ev = {"k": "play", "p": p, "t": step[0]}
            if step[1] is not None:
                ev["e"] = step[1]
        op.app.record(ev)
    ben = m.side_of[1]
    op.app.record({"k": "pts", "p": 1, "n": 70 - m.totals[ben]})  # Ben on 70, as at the table
    op.app.home()
    return m


def _lay(op, t, e):
    """Lay tile t on end e by presses, the way a scorer does: its quick entry, else the end's
    list."""
    s = op.screen
    s.refresh(op.app)
    for i, a in enumerate(s.actions):
        if a == ("quick", (t, e)):
            return op.choose(i)
    op.choose(s.actions.index(("end", e)))
    op.pick(t)


def test_the_last_tile_scores_its_count_in_muggins():
    # Ben lays his last tile and the ends make 15 (L5 R3 U3 D4): the booklet gives him the
    # 15 before the hand is tallied, 70 -> 85. The box went to the tally with no claim (70).
    op = _operator("last")
    m = _muggins_before_the_last_tile(op)
    assert m.totals[m.side_of[1]] == 70
    _lay(op, (3, 2), 2)
    assert m.hand.out == 1 or m.records, "the hand is not over"
    assert m.log[len(m.log) - 1] == {"k": "claim", "p": 1}, m.log[len(m.log) - 1]
    assert m.totals[m.side_of[1]] == 85, m.totals
    assert d.kind(op.screen) == "Tally"
    assert op.app.errors == 0


def _after_undo(op):
    """A table with a message showing: a play, then UNDO (the message stays 3 s)."""
    op.new_match("block", 2)
    m = op.match()
    op.app.record({"k": "play", "p": m.hand.turn or 0, "t": "6-6"})
    op.app.record({"k": "play", "p": m.hand.turn, "t": "6-5", "e": 0})
    op.app.home()
    op.tap("UNDO")
    assert op.app.message is not None and op.app.message[0].startswith("Undone")
    return m


def test_a_key_during_a_message_acts_as_well():
    # After UNDO the message shows for 3 s; the key pressed then dismisses it and does what it
    # does on the screen beneath: DOWN moves the cursor, OK lays the tile on it.
    op = _operator("msg")
    m = _after_undo(op)
    before = op.screen.cursor
    op.tap("DOWN")
    assert op.app.message is None
    assert op.screen.cursor == before + 1, (before, op.screen.cursor)
    op.tap("UNDO")  # another message ...
    n = len(m.log)
    op.screen.cursor = 0
    first = op.screen.actions[0]
    op.tap("OK")  # ... and OK acts on the table beneath it
    assert op.app.message is None or not op.app.message[1], op.app.message
    assert len(m.log) > n or d.kind(op.screen) != "Table", (first, d.kind(op.screen))
    assert op.app.errors == 0


def _label(op, prefix):
    """Move the table's or the pad's bar to the action whose label starts with ``prefix``
    and press OK."""
    s = op.screen
    if d.shows(s, "Table"):
        op.cursor_info()  # the table lists its actions when it is drawn
    for i, a in enumerate(s.actions):
        if s.label(op.app, a).startswith(prefix):
            n = len(s.actions)
            down = (i - s.cursor) % n
            key, count = ("DOWN", down) if down <= n - down else ("UP", n - down)
            for _ in range(count):
                op.tap(key)
            return op.tap("OK")
    raise d.Stuck("no %r on the bar: %r" % (prefix, s.actions))


def _tally(op, pips):
    """The tally's pips rows, then Score the hand."""
    s = op.screen
    assert d.kind(s) == "Tally", d.kind(s)
    for f, value in zip(s.rows(), pips):
        op.set_number(f[2], value)
        op.tap("OK")
    op.tap("OK")  # Score the hand


def _replayed(m):
    from domino import Match

    return Match.replay(m.setup, [m.log[i] for i in range(len(m.log))]).standings()


def test_mexican_train_is_kept_on_a_score_pad_by_default():
    # Game.way: only the tallies at the end score, so the setup preselects the score pad and
    # the hand is End the hand, who went out, the pips of the others: nothing else.
    op = _operator("mexican")
    op.new_match("mexican", 4, way=None)
    m = op.match()
    assert m.setup["way"] == "pad" and d.kind(op.screen) == "Pad", d.kind(op.screen)
    assert "scoreboard.screens.table" not in sys.modules  # the table's code stays off the heap
    presses = op.presses
    _label(op, "End the hand")
    op.choose_label("Ben went out")
    _tally(op, [23, 45, 12])
    ev = m.log[len(m.log) - 1]
    assert ev == {"k": "end", "out": 1, "left": [23, 0, 45, 12]}, ev
    assert m.totals == [23, 0, 45, 12], m.totals
    # on to the next hand's pad, the points flashed: no result screen to OK
    assert d.kind(op.screen) == "Pad" and m.hand.number == 1, d.kind(op.screen)
    assert op.app.message[0] == "Ana +23, Cai +45, Dee +12", op.app.message
    assert _replayed(m) == m.standings()
    assert op.presses - presses < 40, op.presses - presses
    assert op.app.errors == 0


def test_switching_ways_mid_hand_keeps_what_was_entered():
    # Muggins, tracked by default: the lead by presses, then the table's "Keep a score pad";
    # points in fives; then "Track the tiles" again: the tile laid is still on the table.
    op = _operator("switch")
    op.new_match("muggins", 2)
    m = op.match()
    assert m.setup["way"] == "tracked" and d.kind(op.screen) == "Table"
    op.app.record({"k": "play", "p": 0, "t": "5-5"})
    op.app.record({"k": "claim", "p": 0})
    op.app.home()
    _label(op, "Keep a score pad")
    assert d.kind(op.screen) == "Pad" and m.way == "pad"
    assert m.totals == [10, 0]
    _label(op, "Ben scores")
    op.tap("UP")
    op.tap("UP")  # 3 fives
    op.tap("OK")
    assert m.log[len(m.log) - 1] == {"k": "pts", "p": 1, "n": 15}, m.log[len(m.log) - 1]
    assert m.totals == [10, 15]
    _label(op, "Track the tiles")
    assert d.kind(op.screen) == "Table" and m.hand.layout.played == [(5, 5)]
    op.tap("BACK")
    op.choose_label("End the hand")
    op.choose_label("Ana went out")  # the record follows the hand no longer: the table's word
    _tally(op, [30])
    assert m.totals == [40, 15], m.totals
    assert _replayed(m) == m.standings()
    assert op.app.errors == 0


def test_a_tracked_hand_can_always_be_ended():
    # Muggins, two plays entered, six tiles each on the record: End the hand still ends it,
    # declared (it offered only "Not yet: enter the plays").
    op = _operator("declare")
    op.new_match("muggins", 2)
    m = op.match()
    op.app.record({"k": "play", "p": 0, "t": "6-4"})
    op.app.record({"k": "play", "p": 1, "t": "4-4", "e": 1})
    op.app.home()
    _label(op, "End the hand")
    op.choose_label("Ana went out")
    _tally(op, [25])
    ev = m.log[len(m.log) - 1]
    assert ev.get("declared") == 1 and ev.get("out") == 0, ev
    assert m.totals == [25, 0], m.totals
    op.tap("OK")  # the result: on to the next hand, tracked again
    assert d.kind(op.screen) == "Table" and m.hand.tracked
    assert _replayed(m) == m.standings()
    assert op.app.errors == 0


# A Bergen hand of two players that Ana ends by a domino: her tiles and Ben's, each on end 0
# (Ana) or 1 (Ben), turn about, her sixth tile her last. 000: the highest double leads;
# 003: the lowest.
BERGEN_DOMINO = {
    "bergen": (
        ("6-6", "6-5", "5-4", "4-3", "3-2", "2-1"),
        ("6-0", "0-1", "1-1", "1-4", "4-4"),
        1,  # 000: "Players going "Domino" score one point"
    ),
    "bergen-schmidt": (
        ("0-0", "0-1", "1-2", "2-3", "3-4", "4-5"),
        ("0-6", "6-6", "6-5", "5-5", "5-3"),
        2,  # 003: domino, 2 points
    ),
}


def test_a_bergen_domino_is_one_ok():
    # The others' pips cannot change a domino's score (Game.tally_fields declares nothing):
    # the tally asks nothing, one OK scores the hand, and the end records no pips.
    from domino.tiles import parse

    for game, (ana, ben, domino) in BERGEN_DOMINO.items():
        op = _operator(game)
        op.new_match(game, 2)
        m = op.match()
        op.app.record({"k": "play", "p": 0, "t": ana[0]})
        for i in range(1, len(ana) - 1):
            op.app.record({"k": "play", "p": 1, "t": ben[i - 1], "e": 1})
            op.app.record({"k": "play", "p": 0, "t": ana[i], "e": 0})
        op.app.record({"k": "play", "p": 1, "t": ben[-1], "e": 1})
        op.app.home()
        before = list(m.totals)
        _lay(op, parse(ana[-1], 6), 0)
        assert m.hand.out == 0, (game, m.hand.counts)
        s = op.screen
        assert d.kind(s) == "Tally" and s.rows() == [], (game, d.kind(s))
        presses = op.presses
        op.tap("OK")
        assert op.presses - presses == 1 and len(m.records) == 1, game
        end = m.records[0].end
        assert end is not None
        ev = m.log[end]
        assert "left" not in ev, ev
        assert [b - a for a, b in zip(before, m.totals)] == [domino, 0], (game, m.totals)
        assert d.kind(op.screen) == "Result"
        assert _replayed(m) == m.standings()
        assert op.app.errors == 0


def test_a_declared_bergen_domino_is_one_ok_and_a_blocked_hand_still_asks():
    op = _operator("bergen-pad")
    op.new_match("bergen-schmidt", 2, way="pad")
    m = op.match()
    _label(op, "End the hand")
    op.choose_label("Ben went out")  # nothing to ask: no tally of no rows to OK
    ev = m.log[len(m.log) - 1]
    assert ev.get("out") == 1 and "left" not in ev, ev
    assert m.records[-1].tally == [0, 2], m.records[-1].tally
    assert d.kind(op.screen) == "Pad" and op.app.message[0] == "Ben +2", op.app.message
    _label(op, "End the hand")
    op.choose_label("Blocked")
    s = op.screen
    assert d.kind(s) == "Tally" and [f[1] for f in s.rows()] == ["p", "d", "p", "d"], s.rows()
    assert op.app.errors == 0


def _muggins_table(tag, *events):
    """A Muggins table after ``events`` (recorded as the screens would), its bar drawn."""
    op = _operator(tag)
    op.new_match("muggins", 2)
    m = op.match()
    for ev in events:
        op.app.record(ev)
    op.app.home()
    op.cursor_info()
    return op, m


def _watch_guesses(op):
    """Note, at every making of the table's guesses (scoreboard.plays.ranked), how many
    display updates had gone out and what the glass showed: [(updates, glass text)]."""
    plays = sys.modules["scoreboard.plays"]
    made = []
    ranked = plays.ranked

    def watched(*args):
        made.append((op.app.updates, op.board.panel.text()))
        return ranked(*args)

    plays.ranked = watched
    return made, ranked


def test_a_play_is_on_the_glass_before_the_next_guesses_are_made():
    # OK lays the likeliest tile: the frame with the tile laid, the count and whose turn goes
    # out first; only then, the key confirmed, are the next plays ranked, and the bar that
    # offers them is drawn after (a repaint of the bar alone).
    op, m = _muggins_table("confirm", {"k": "play", "p": 0, "t": "5-5"}, {"k": "claim", "p": 0})
    _to_likeliest_play(op)  # the guesses for Ben's turn are made: OK lays the likeliest play
    n = len(m.log)
    made, ranked = _watch_guesses(op)
    try:
        op.tap("OK")
    finally:
        sys.modules["scoreboard.plays"].ranked = ranked
    assert len(m.log) > n and m.hand.layout.played[1:], m.log[n]
    assert len(made) == 1, len(made)  # once: by the idle pass, not by the key nor the frame
    updates, glass = made[0]
    final = op.board.panel.text()
    rows = glass.split("\n")[:28]  # rows 0-6 (half-block lines: 4 a row)
    assert rows == final.split("\n")[:28], "the ranking came before the confirming frame"
    assert glass != final  # the bar came after, with the guesses
    assert op.app.updates == updates + 1, (updates, op.app.updates)
    assert d.kind(op.screen) == "Table" and op.screen.actions, op.screen.actions
    assert op.app.errors == 0


def test_a_key_before_the_guesses_acts_on_fresh_ones():
    # The frame that confirms a draw is out, the guesses not yet made, and DOWN comes at
    # once: the key makes them first and moves over the bar of the table as it stands (the
    # cursor kept on Draw, where it was), never over the bar of the turn before.
    op, m = _muggins_table("fresh", {"k": "play", "p": 0, "t": "6-6"})
    table = op.screen
    stuck = table.actions.index(("draw", None))
    op.goto(stuck)
    app = op.app
    board = op.board
    board.hold("OK")
    board.advance(80, app.step)
    board.release("OK")
    for _ in range(40):  # pass by pass until the key has acted and its frame is out
        board.advance(5)
        app.step(board.clock.ticks_ms())
        if len(m.log) > 1 and not app.dirty:
            break
    assert m.log[len(m.log) - 1] == {"k": "draw", "p": 1, "n": 1}, m.log[len(m.log) - 1]
    assert table.seen_log != len(m.log)  # confirmed, the guesses still to make
    board.hold("DOWN")
    board.advance(5)
    app.step(board.clock.ticks_ms())
    board.release("DOWN")
    assert table.seen_log == len(m.log), "DOWN acted on the guesses of the turn before"
    fresh = list(table.actions)
    table.refresh(app, fresh[table.cursor])
    assert table.actions == fresh
    assert fresh[(stuck_at(fresh) + 1) % len(fresh)] == fresh[table.cursor], table.cursor
    assert app.errors == 0


def stuck_at(actions):
    return actions.index(("draw", None))


def _rows_drawn(op, action):
    """The character rows text was drawn on (scoreboard.text's draw and draw_big, by the row
    of the text's top) while ``action`` ran, and whether the glass then showed what a whole
    repaint shows."""
    from scoreboard import text

    rows = set()
    draw, big = text.draw, text.draw_big

    def small(fb, s, x, y, *more):
        rows.add(y // 8)
        return draw(fb, s, x, y, *more)

    def bold(fb, s, x, y, *more):
        rows.add(y // 8)
        return big(fb, s, x, y, *more)

    text.draw, text.draw_big = small, bold
    try:
        action()
    finally:
        text.draw, text.draw_big = draw, big
    glass = op.board.panel.text()
    op.app._painted = None  # the same screen drawn whole
    op.app.redraw()
    return rows, glass == op.board.panel.text()


def _to_likeliest_play(op):
    op.cursor_info()
    op.goto([a[0] for a in op.screen.actions].index("quick"))


def test_a_train_play_repaints_what_it_changed_not_the_standings():
    # Mexican Train, four players: a tile laid on a train changes whose turn it is, the
    # trains' row and the note, not the standings (scored at the hand's end): their rows are
    # not drawn again, and the glass is what a whole repaint makes.
    op = _operator("trains")
    op.new_match("mexican", 4)
    m = op.match()
    op.app.record({"k": "play", "p": m.hand.turn or 0, "t": "12-12"})
    op.app.home()
    _to_likeliest_play(op)
    op.tap("OK")  # the first train starts: a row more, so the screen is drawn whole
    _to_likeliest_play(op)
    n = len(m.log)
    totals = list(m.totals)
    rows, same = _rows_drawn(op, lambda: op.tap("OK"))
    assert m.log[n]["k"] == "play" and m.totals == totals, m.log[n]
    assert d.kind(op.screen) == "Table"
    standings = set(range(op.screen.first, 6))
    assert standings and not rows & standings, (sorted(rows), sorted(standings))
    assert 0 in rows and 6 in rows and 7 in rows, sorted(rows)  # the turn, the note, the bar
    assert same, "the rows repainted differ from a whole repaint"
    assert op.app.errors == 0


def test_a_tally_digit_repaints_its_row_alone():
    # The tally: UP on a player's pips repaints that row (the number), nothing else.
    op = _operator("tally")
    op.new_match("muggins", 2)
    op.app.record({"k": "play", "p": 0, "t": "6-4"})
    op.app.home()
    _label(op, "End the hand")
    op.choose_label("Ana went out")
    s = op.screen
    assert d.kind(s) == "Tally" and s.cursor == 0, d.kind(s)
    value = s.rows()[0][2].value
    op.app.message = None  # a message's frame is repainted whole: not the case here
    op.app.redraw()
    rows, same = _rows_drawn(op, lambda: op.tap("UP"))
    assert s.rows()[0][2].value != value
    assert rows == {2}, sorted(rows)
    assert same, "the row repainted differs from a whole repaint"
    assert op.app.errors == 0
