# The table's ranking kept per match state (scoreboard.plays.ranked) and the FlashLog that
# keeps a hand's events decoded (scoreboard.app.FlashLog), on the MicroPython unix port. Run by
# tests/firmware/test_plays.py.

from domino import Match
from scoreboard import plays
from scoreboard.app import FlashLog


def _summary(m, notes=()):
    ends, order = plays.plays_by_end(m)
    likely, none = plays.likely(m, ends, notes)
    return (
        order,
        [(e, [(c.tile, c.points) for c in ends[e]]) for e in order],
        [(t, e) for _c, t, e in likely],
        none,
    )


def _ranked(m, notes=()):
    ends, order, likely, none = plays.ranked(m, notes)
    return (
        order,
        [(e, [(c.tile, c.points) for c in ends[e]]) for e in order],
        [(t, e) for _c, t, e in likely],
        none,
    )


def _muggins():
    m = Match({"game": "muggins", "players": ["Ana", "Ben"]})
    for ev in (
        {"k": "play", "p": 0, "t": "5-5"},
        {"k": "claim", "p": 0},
        {"k": "play", "p": 1, "t": "5-0", "e": 0},
    ):
        m.apply(ev)
    return m


def test_ranked_is_what_a_fresh_ranking_says_through_undo_and_redo():
    m = _muggins()
    seen = []
    for ev in (
        {"k": "play", "p": 0, "t": "0-2", "e": 0},
        {"k": "undo"},
        {"k": "redo"},
        {"k": "undo"},
        {"k": "play", "p": 0, "t": "5-3", "e": 1},
        {"k": "undo"},
    ):
        assert _ranked(m) == _summary(m), ev
        seen.append(_ranked(m))
        m.apply(ev)
        assert _ranked(m) == _summary(m), ev
    assert seen[1] != seen[0]  # the play changed what is offered


def test_ranked_tells_two_matches_in_the_same_state_apart():
    a = _muggins()
    b = Match({"game": "muggins", "players": ["Ana", "Ben"]})
    for ev in (
        {"k": "play", "p": 0, "t": "6-6"},
        {"k": "pts", "p": 0, "n": 5},
        {"k": "play", "p": 1, "t": "6-1", "e": 0},
    ):
        b.apply(ev)
    assert _ranked(a) == _summary(a)
    assert _ranked(b) == _summary(b)
    assert _ranked(a) != _ranked(b)


def test_a_sum_games_turned_jokers_are_offered_once_however_often_the_table_refreshes():
    # Table.game_actions turns a sum game's jokers by putting both_ways' new lists in the ends
    # it got from ranked(); a refresh of the same state must still see each play once
    from scoreboard.screens.extras import both_ways

    m = Match({"game": "allsevens", "players": ["Ana", "Ben"]})
    m.apply({"k": "play", "p": 0, "t": "5-5"})  # ends 5 and 5: 6-1, 5-2, 4-3, 0-0 go anywhere
    lay = m.hand.layout
    for _ in range(3):
        ends, order, _likely, _none = plays.ranked(m)
        for e in ends:
            ends[e] = both_ways(m.game, lay.arms[e], ends[e])
        for e in order:
            ways = [(c.tile, getattr(c, "o", None)) for c in ends[e]]
            assert len(ways) == len(set(ways)), ways
            assert ((6, 1), 6) in ways and ((6, 1), 1) in ways
    assert _ranked(m) == _summary(m)


class _Store:
    """Every line a FlashLog may read back from flash, counted."""

    def __init__(self):
        self.reads = 0

    def read(self, mid, start):
        self.reads += 1
        raise AssertionError("read from flash at %d" % start)


def test_an_undo_and_an_undone_hand_end_refold_from_the_heap():
    from domino.events import loads

    store = _Store()
    m = Match({"game": "block", "players": ["Ana", "Ben"]}, FlashLog(store, "m1"))
    log = m.log
    m.apply({"k": "play", "p": 0, "t": "6-6"})
    m.apply({"k": "play", "p": 1, "t": "6-4", "e": 0})
    m.apply({"k": "undo"})
    assert len(m.hand.layout.played) == 1
    m.apply({"k": "redo"})
    m.apply({"k": "end", "left": [{"p": 30, "n": 6}, {"p": 30, "n": 6}]})
    log.hand_over(m)
    assert len(m.records) == 1
    m.apply({"k": "undo"})  # the hand's end: its plays refold from the heap
    log.hand_over(m)
    assert len(m.records) == 0 and len(m.hand.layout.played) == 2
    assert store.reads == 0
    assert loads(log.last_line()) == {"k": "undo"}
