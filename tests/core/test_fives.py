# Muggins (000) and All Fives (003): multiples of five on the open ends.
from table import end, match, play, snapshot

from check import raises
from domino.errors import DominoError
from domino.game import round5


def test_000_muggins_end_total_multiple_of_five_scores_that_total():
    m = match("muggins")
    assert play(m, 0, "5-5")["count"] == 10
    m.apply({"k": "claim", "p": 0})
    play(m, 1, "5-0", 0)
    m.apply({"k": "claim", "p": 1})
    assert m.totals == [10, 10]
    assert play(m, 0, "5-3", 1)["scored"] == 0  # 0 + 3 = 3
    assert play(m, 1, "3-2", 1)["scored"] == 0  # 0 + 2 = 2
    assert play(m, 0, "0-3", 0)["scored"] == 5  # 3 + 2 = 5
    m.apply({"k": "claim", "p": 0})
    assert m.totals == [15, 10]


def test_000_muggins_the_highest_double_leads_house_rule_double_lead():
    # 000 MUGGINS: "The highest double leads." By default the lead is taken as laid (the
    # scoreboard cannot see the hands, and 000 is silent on a deal without doubles); with
    # double_lead a lead that is no double is refused.
    m = match("muggins")
    play(m, 0, "6-4")
    assert m.hand.layout.count() == 10
    m = match("muggins", opts={"double_lead": True})
    before = snapshot(m)
    err = raises(DominoError, play, m, 0, "6-4")
    assert "6-4: the highest double leads in Muggins (house rule double_lead)" in str(err)
    assert snapshot(m) == before
    assert [t for t, _e, _o in m.legal_plays(0)][:2] == [(6, 6), (5, 5)]
    assert len(m.legal_plays(0)) == 7  # the doubles only
    play(m, 0, "5-5")
    assert m.hand.layout.count() == 10


def test_000_muggins_an_unclaimed_count_goes_to_the_opponent_who_calls_it():
    m = match("muggins")
    play(m, 0, "5-5")  # 10, not claimed
    m.apply({"k": "mug", "p": 1})
    assert m.totals == [0, 10]
    err = raises(DominoError, m.apply, {"k": "claim", "p": 0})
    assert "nothing to claim" in str(err)


def test_000_muggins_a_count_lapses_once_play_moves_on():
    m = match("muggins")
    play(m, 0, "5-5")
    play(m, 1, "5-1", 0)
    raises(DominoError, m.apply, {"k": "mug", "p": 1})
    assert m.totals == [0, 0]


def test_muggins_off_scores_counts_at_once():
    m = match("muggins", opts={"muggins": False})
    play(m, 0, "6-4")
    assert m.totals == [10, 0]
    err = raises(DominoError, m.apply, {"k": "mug", "p": 1})
    assert "muggins=false" in str(err)


def test_000_muggins_domino_scores_all_other_hands():
    m = match("muggins", players=3, opts={"muggins": False})
    m.hand.counts = [1, 7, 7]  # as if the hand were nearly over
    play(m, 0, "6-2")
    assert m.hand.out == 0
    r = end(m, [0, 26, 24])
    assert r["hand"] == [50, 0, 0]


def test_000_muggins_blocked_each_scores_the_difference_to_every_higher_hand():
    # "the player holding the lowest number is given the difference between his total and that
    # opponent. Then the next lowest is given ... the difference ... of each of his higher"
    m = match("muggins", players=3)
    r = end(m, [4, 10, 15])
    assert r["hand"] == [(10 - 4) + (15 - 4), 15 - 10, 0]


def test_000_muggins_the_target_ends_the_match_at_once():
    m = match("muggins", opts={"muggins": False}, target=20)
    play(m, 0, "5-5")  # 10
    play(m, 1, "5-0", 0)  # 0 + the spinner's 10
    assert m.totals == [10, 10] and not m.over
    play(m, 0, "0-0", 0)  # 0-0 crosswise (0) + 10
    assert m.over and m.standings()["winners"] == [["P0"]]
    err = raises(DominoError, play, m, 1, "5-1", 1)
    assert "over" in str(err)


def test_003_all_fives_both_halves_of_a_double_count():
    m = match("allfives", opts={"muggins": False})
    play(m, 0, "6-4")  # "4 at one end and 6 at the other end = 10"
    assert m.totals == [10, 0]
    m2 = match("allfives", opts={"top": 9, "muggins": False})
    play(m2, 0, "9-1")
    play(m2, 1, "9-9", 0)
    r = play(m2, 0, "1-1", 1)  # "9/9 at one end and 1/1 at the other end = 20"
    assert r["count"] == 20 and m2.totals == [10 + 20, 0]


def test_003_all_fives_rounds_each_hand_to_the_nearest_five():
    assert round5(17) == 15 and round5(18) == 20  # the booklet's own examples
    assert [round5(n) for n in (0, 2, 3, 12, 13)] == [0, 0, 5, 10, 15]
    m = match("allfives", players=3)
    m.hand.counts = [1, 5, 5]
    play(m, 0, "6-6")
    r = end(m, [0, 17, 18])
    assert r["hand"] == [35, 0, 0]


def test_003_all_fives_target_is_100_with_double_six_and_200_with_double_nine():
    assert match("allfives").target == 100
    assert match("allfives", opts={"top": 9}).target == 200


def test_003_all_fives_deals_seven_to_two_and_five_to_three_or_four_and_keeps_two():
    assert match("allfives").hand.counts == [7, 7]
    m = match("allfives", players=4)
    assert m.hand.counts == [5, 5, 5, 5]
    assert m.hand.boneyard == 8
    m.apply({"k": "draw", "p": 0, "n": 6})
    err = raises(DominoError, m.apply, {"k": "draw", "p": 0, "n": 1})
    assert "2 stay in reserve" in str(err)


def test_a_rejected_play_changes_nothing():
    m = match("muggins")
    play(m, 0, "6-6")
    before = snapshot(m)
    for bad in (
        {"k": "play", "p": 1, "t": "5-4", "e": 0},  # does not match
        {"k": "play", "p": 1, "t": "6-6", "e": 0},  # already on the table
        {"k": "play", "p": 0, "t": "6-4", "e": 0},  # not their turn
        {"k": "play", "p": 1, "t": "6-9", "e": 0},  # not in the set
        {"k": "play", "p": 1, "t": "6-4", "e": 9},  # no such end
        {"k": "play", "p": 1, "t": "6-4"},  # no end given
        {"k": "play", "p": 5, "t": "6-4", "e": 0},  # no such player
        {"k": "draw", "p": 1, "n": 0},
        {"k": "pass", "p": 1},  # must draw first
        {"k": "jump", "p": 1},
        {"k": "end", "left": [3]},
        {"k": "end", "left": [200, 0]},
    ):
        raises(DominoError, m.apply, bad)
        assert snapshot(m) == before, bad


def test_the_error_says_which_ends_fit():
    m = match("muggins")
    play(m, 0, "6-6")
    play(m, 1, "6-1", 0)
    err = raises(DominoError, play, m, 0, "1-3", 1)
    assert "3-1" in str(err) and "end 1" in str(err) and "[0]" in str(err)


def test_counts_come_in_the_unit_the_game_declares():
    # The device steps a points entry by Game.points_unit: Muggins' and All Fives' counts are
    # multiples of five, whatever the lone spinner counts; other games count in ones.
    from domino import registry

    for key in ("muggins", "allfives"):
        for lone in (1, 2):
            g = registry.create(key, {"lone_spinner": lone}, 2)
            assert g.points_unit == 5
            m = match(key, opts={"lone_spinner": lone, "muggins": False})
            scored = [play(m, 0, "5-5")["scored"], play(m, 1, "5-0", 0)["scored"]]
            assert all(x % g.points_unit == 0 for x in scored) and any(scored)
    assert registry.create("bergen", {}, 2).points_unit == 1
    assert registry.create("italian", {}, 3).points_unit == 1


def trial(m, t, e, opened):
    """The ends' count and the points of laying ``t`` on end ``e``, by laying it (the
    arithmetic ``count_after`` must agree with) and taking it back."""
    hand = m.hand
    lay = hand.layout
    saved = lay.save()
    try:
        lay.extend(t, e, opened)
        return lay.count(), m.game.play_points(hand, hand.turn, t, e)
    finally:
        lay.restore(saved)


def every_play_agrees(m):
    """Every play off the table the turn's player may make: the count worked out from the
    ends, and the points Match.preview gives, are the trial play's. How many were checked."""
    hand = m.hand
    lay = hand.layout
    checked = 0
    if hand.turn is None:  # the lead: no end yet
        return 0
    for t, e, _o in m.legal_plays(hand.turn):
        if e is None:
            continue
        opened = m.game.opening(hand, t, lay.arm_index(e), {})
        count, pts = trial(m, t, e, opened)
        assert lay.count_after(t, e, opened) == count, (t, e, lay.describe())
        assert m.preview(hand.turn, t, e) == pts, (t, e, lay.describe())
        checked += 1
    return checked


def walk(m, seed, plays=40):
    """Play a hand of ``m`` by a fixed pseudo-random choice among the legal plays (claiming
    every count), checking every candidate play at every turn; how many were checked."""
    checked = 0
    x = seed
    for _ in range(plays):
        hand = m.hand
        if hand is None or hand.is_over():
            break
        checked += every_play_agrees(m)
        p = 0 if hand.turn is None else hand.turn
        options = m.legal_plays(p)
        if not options:
            try:
                m.apply({"k": "draw", "p": p, "n": 1})
            except DominoError:
                m.apply({"k": "pass", "p": p})
            continue
        x = (x * 1103515245 + 12345) % 2147483648
        t, e, _o = options[x % len(options)]
        ev = {"k": "play", "p": p, "t": "%d-%d" % t}
        if e is not None:
            ev["e"] = e
        m.apply(ev)
        if m.hand is not None and m.hand.pending is not None:
            m.apply({"k": "claim", "p": m.hand.pending[0]})
    return checked


def test_the_count_after_a_play_is_the_trial_plays_on_every_tile_and_end():
    # 000's example first (5-5 spins; 5-0, 5-3, 3-2, 0-3), then hands of every table shape
    # Muggins and All Fives play: the lone spinner's 10 or 20, the spinner counting once its
    # sides are played, its sides first, a line; every tile off the table on every end.
    m = match("muggins")
    checked = 0
    for p, t, e in ((0, "5-5", None), (1, "5-0", 0), (0, "5-3", 1), (1, "3-2", 1), (0, "0-3", 0)):
        play(m, p, t, e)
        if m.hand.pending is not None:
            m.apply({"k": "claim", "p": p})
        checked += every_play_agrees(m)
    checked += walk(m, 1)
    for game, opts in (
        ("muggins", {}),
        ("muggins", {"lone_spinner": 2}),
        ("muggins", {"spinner_counts": True}),
        ("muggins", {"sides_first": True, "spinner_counts": True}),
        ("allfives", {}),
        ("allfives", {"spinner": True, "lone_spinner": 2, "spinner_counts": True}),
    ):
        for seed in range(4):
            m = match(game, 2 + seed % 3 if game == "allfives" else 2 + 2 * (seed % 2), opts=opts)
            checked += walk(m, seed)
    assert checked > 2000, checked


def test_a_lone_spinner_played_on_its_other_side_first_counts_as_the_trial_play():
    # The spinner led alone, then a tile on its third side (arm 2) before either side: the
    # spinner still counts alone (10, or 20 with lone_spinner 2) plus that end.
    for lone, want in ((1, 10 + 4), (2, 20 + 4)):
        m = match("muggins", opts={"lone_spinner": lone})
        play(m, 0, "5-5")
        lay = m.hand.layout
        assert lay.count_after((5, 4), 2, 4) == want == trial(m, (5, 4), 2, 4)[0]
