# Match.legal_plays: every play the core accepts now, each distinct table once, in a stable order.
from table import match, play

from check import raises
from domino.errors import DominoError
from domino.match import Match
from domino.tiles import full_set, name


def names(plays):
    return [(name(t), e, o) for t, e, o in plays]


def accepted(m, player, t, e, o=None):
    """Whether ``apply`` takes the play, tried on a replay of ``m`` (``m`` is left as it was)."""
    copy = Match.replay(m.setup, m.log)
    ev = {"k": "play", "p": player, "t": name(t)}
    if e is not None:
        ev["e"] = e
    if o is not None:
        ev["o"] = o
    try:
        copy.apply(ev)
    except DominoError:
        return False
    return True


def covers(listed_o, o):
    """A listed play covers an accepted one with this ``o``: None is the game's own way (for a
    joker, one of the two listed), and a listed None means an ``o`` changes nothing."""
    return o is None or listed_o is None or listed_o == o


def agrees_with_apply(m, player):
    """Brute force, independent of legal_plays: every (tile, end, o) ``apply`` accepts is listed
    or mirrors a listed play on an alike end; everything listed is accepted."""
    plays = m.legal_plays(player)
    for t, e, o in plays:
        assert accepted(m, player, t, e, o), (name(t), e, o)
    hand = m.hand
    lay = hand.layout
    ends = [None] if lay.is_empty() else range(len(lay.arms) + 1)
    for t in full_set(m.game.top):
        if t in hand.seen:
            continue
        for e in ends:
            for o in (None, t[0], t[1]):
                if not accepted(m, player, t, e, o):
                    continue
                same = [e] if e is None else [x for x in range(e) if lay.alike(x, e)] + [e]
                if not [q for q in plays if q[0] == t and q[1] in same and covers(q[2], o)]:
                    raise AssertionError("%s on %s (o=%s): legal, not listed" % (name(t), e, o))
    return plays


def test_a_lone_double_offers_each_tile_once():
    m = match("block")
    play(m, 0, "2-2")
    plays = agrees_with_apply(m, 1)
    assert names(plays) == [
        ("6-2", 0, None), ("5-2", 0, None), ("4-2", 0, None), ("3-2", 0, None),
        ("2-1", 0, None), ("2-0", 0, None),
    ]  # fmt: skip
    play(m, 1, "6-2", 0)
    assert names(m.legal_plays(0, [(6, 6), (2, 1), (4, 4)])) == [
        ("6-6", 0, None), ("2-1", 1, None)]  # both ends now differ: each its own


def test_a_spinners_untouched_sides_are_one_end():
    m = match("muggins")
    play(m, 0, "5-5")
    plays = agrees_with_apply(m, 1)
    fives = [e for t, e, o in plays if t == (5, 0)]
    assert fives == [0, 2]  # left/right alike, up/down alike; the two pairs count differently
    play(m, 1, "5-0", 2)
    assert [e for t, e, o in m.legal_plays(0) if t == (5, 1)] == [0, 3]


def test_no_play_is_tried():
    m = match("muggins")
    play(m, 0, "5-5")
    lay = m.hand.layout

    def tried(*args):
        raise AssertionError("legal_plays laid a tile to see what it does")

    lay.extend = tried
    assert len(m.legal_plays(1)) == 12  # 5-x on left, 5-x on up: six each


def test_a_hubs_empty_branches_are_one_end():
    m = match("sebastopol", 4)
    play(m, 0, "6-6")
    plays = agrees_with_apply(m, 1)
    assert names(plays) == [(name((6, x)), 0, None) for x in range(5, -1, -1)]
    play(m, 1, "6-3", 0)
    assert names(m.legal_plays(2, [(6, 1), (3, 3)])) == [("6-1", 1, None)]  # sprout first


def test_trains_follow_open_to_and_the_players_tiles():
    m = match("mexican", 3)
    assert names(m.legal_plays(1, [(5, 4), (12, 12), (1, 0)])) == [("12-12", None, None)]
    play(m, 1, "12-12")
    own = [(12, 3), (12, 5), (7, 7)]
    assert names(m.legal_plays(2, own)) == [("12-3", 0, None), ("12-5", 0, None)]
    assert m.legal_plays(0, own) == []  # not his turn
    play(m, 2, "12-5", 0)
    # the first round: seat 0 starts his own train, the only end open to him
    assert names(agrees_with_apply(m, 0))[:2] == [("12-11", 1, None), ("12-10", 1, None)]


def test_jokers_are_listed_each_way_round():
    m = match("allsevens")
    play(m, 0, "5-5")  # needs a 2 on either end
    plays = m.legal_plays(1, [(6, 1), (2, 1), (3, 3), (0, 0)])
    assert names(plays) == [
        ("6-1", 0, 6), ("6-1", 0, 1), ("2-1", 0, None), ("0-0", 0, None)]  # fmt: skip
    agrees_with_apply(m, 1)


def test_nothing_when_the_hand_is_over_or_the_seat_cannot_play():
    m = match("block")
    assert len(agrees_with_apply(m, 0)) == 28  # a free lead: any tile
    assert raises(DominoError, m.legal_plays, 5).args[0].startswith("player 5")
    play(m, 0, "6-6")
    assert m.legal_plays(0) == []
    assert m.legal_plays(1, []) == []  # no tiles given: no plays (not the whole set)


def test_the_order_is_stable_and_documented():
    m = match("muggins")
    play(m, 0, "6-4")
    mine = [(1, 1), (6, 6), (4, 0), (6, 2)]
    assert names(m.legal_plays(1, mine)) == [("6-6", 0, None), ("6-2", 0, None), ("4-0", 1, None)]
    assert m.legal_plays(1) == m.legal_plays(1)
    assert [t for t, e, o in m.legal_plays(1) if e == 0] == [
        t for t in full_set(6) if 6 in t and t != (6, 4)]  # fmt: skip
