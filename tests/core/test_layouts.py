# Layouts: open ends and what they count.
from check import raises
from domino.errors import DominoError
from domino.layouts import Hub, Line, Spinner


def lay(layout, t, arm=None, opened=None):
    if layout.is_empty():
        layout.start(t)
    else:
        if opened is None:
            a = layout.arms[arm].open
            opened = t[1] if t[0] == a else t[0]
        layout.extend(t, arm, opened)
    return layout.count()


def test_line_counts_both_ends():
    line = Line()
    assert lay(line, (6, 4)) == 10  # 003 All Fives: 4 at one end and 6 at the other = 10
    assert line.ends() == [6, 4]


def test_a_double_crosswise_at_an_end_counts_both_halves():
    # 003 All Fives: 9/9 at one end and 1/1 at the other end = 20
    line = Line()
    lay(line, (9, 1))
    lay(line, (9, 9), 0)
    assert lay(line, (1, 1), 1) == 20


def test_a_lone_double_counts_once():
    line = Line()
    assert lay(line, (5, 5)) == 10


def test_spinner_opens_four_ways_and_counts_while_a_side_is_empty():
    sp = Spinner()
    assert lay(sp, (5, 5)) == 10  # lone spinner counts its pips once
    assert sp.open_arms() == [0, 1, 2, 3]
    assert lay(sp, (5, 0), 0) == 10  # 0 + the spinner's 10 on its open side
    assert lay(sp, (5, 3), 1) == 3  # both sides played: the spinner no longer counts
    assert lay(sp, (5, 2), 2) == 5  # a third arm counts once played on
    assert lay(sp, (5, 4), 3) == 9


def test_spinner_house_rules():
    sp = Spinner(lone_spinner=2)
    assert lay(sp, (5, 5)) == 20
    sp = Spinner(spinner_counts=True)
    lay(sp, (5, 5))
    lay(sp, (5, 0), 0)
    assert lay(sp, (5, 3), 1) == 13  # 0 + 3 + the spinner's 10
    sp = Spinner(sides_first=True)
    lay(sp, (6, 6))
    assert sp.open_arms() == [0, 1]
    lay(sp, (6, 1), 0)
    assert sp.open_arms() == [0, 1]
    lay(sp, (6, 2), 1)
    assert sp.open_arms() == [0, 1, 2, 3]


def test_the_first_double_played_later_becomes_the_spinner():
    sp = Spinner()
    lay(sp, (6, 4))
    assert sp.open_arms() == [0, 1]
    assert lay(sp, (4, 4), 1) == 14  # 6 + the crosswise 4-4
    assert sp.open_arms() == [0, 1, 2, 3]
    assert lay(sp, (4, 1), 2) == 15  # the spinner's new arms count once played on


def test_hub_branches_and_sprouting_first():
    hub = Hub(4, sprout_first=True)  # Sebastopol: the 6-6 open four ways
    lay(hub, (6, 6))
    assert hub.open_arms() == [0, 1, 2, 3]
    lay(hub, (6, 2), 0)
    assert hub.open_arms() == [1, 2, 3]
    raises(DominoError, hub.arm_index, 0)
    err = raises(DominoError, hub.arm_index, 7)
    assert "0..3" in str(err)


def test_hub_starts_from_a_double():
    err = raises(DominoError, Hub(6).start, (6, 4))
    assert "6-4" in str(err)
