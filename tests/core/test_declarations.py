# What each game declares for the device to read, instead of the device comparing game keys:
# the announcement of points scored in play, what an open end calls for, Italian's running
# total, and the flags for a hand's end, Team Block's draw and passing.
from table import match, play
from test_registry import each_game


def old_describe(key, pts, lead):
    """scoreboard.plays.describe as it was, by the game's key: the announcement must not change."""
    if key.startswith("bergen"):
        if lead:
            return "lead"
        return "triple-header" if pts == 3 else "double-header"
    if key in ("muggins", "allfives"):
        return "fives"
    return "points"


def old_calls(base, pip, top):
    """scoreboard.screens_games._calls as it was ("J": only a joker), and a plain end's pip;
    but for an end showing ``base`` itself, which takes a blank half (it said "J"), and a pip
    whose partner is not in the set (it named the partner)."""
    if base is None:
        return pip
    return None if pip == 0 or pip > base or base - pip > top else base - pip


ITALIAN = {30: 1, 50: 2, 70: 3, 100: 4, 120: 5, 150: 6}  # the device's copy, as it was


def old_next(total, top):
    """The next total the device showed after "Total n" (screens_games.ends_text)."""
    nxt = [t for t in sorted(ITALIAN) if t > total and (t < 120 or top == 9)]
    return nxt[0] if nxt else None


def made(game):
    """An instance of ``game`` with its fewest players and the booklet's options."""
    return game(None, game.players[0])


def test_every_game_announces_what_the_device_said_by_its_key():
    for key, _title, game in each_game():
        g = made(game)
        for lead in (True, False):
            for pts in range(-5, 61):
                assert g.announcement(pts, lead) == old_describe(key, pts, lead), (key, pts, lead)


def test_the_announcements_by_game():
    seen = {}
    for key, _title, game in each_game():
        g = made(game)
        seen[key] = (g.announcement(2, True), g.announcement(3, False), g.announcement(2, False))
    assert seen["bergen"] == ("lead", "triple-header", "double-header")
    assert seen["bergen-schmidt"] == seen["bergen"]
    assert seen["muggins"] == seen["allfives"] == ("fives", "fives", "fives")
    assert seen["block"] == seen["italian"] == ("points", "points", "points")


def test_every_game_calls_what_the_device_computed():
    for key, _title, game in each_game():
        g = made(game)
        for pip in range(g.top + 1):
            assert g.calls(pip) == old_calls(g.base, pip, g.top), (key, pip)


def test_a_sums_end_calls_its_partner_or_only_a_joker():
    sevens = match("allsevens").game
    assert [sevens.calls(p) for p in range(7)] == [None, 6, 5, 4, 3, 2, 1]
    nine = match("allsevens", opts={"top": 9}).game
    assert [nine.calls(p) for p in (6, 7, 8, 9)] == [1, 0, None, None]  # 7 takes a blank
    matador = match("matador-schmidt", 3).game
    assert [matador.calls(p) for p in (0, 1, 9)] == [None, 9, 1]
    assert [match("block").game.calls(p) for p in (0, 4, 6)] == [0, 4, 6]  # ends match


def lay(m, tiles):
    """Lay tiles in turn from the seat whose turn it is (the first from seat 0)."""
    for t in tiles:
        p = m.hand.turn or 0
        play(m, p, t, None if m.hand.layout.is_empty() else 0)


def test_italian_status_is_the_total_and_the_next_that_scores():
    m = match("italian", 3)
    assert m.game.status(m.hand).as_dict() == {}  # before the lead: nothing to show
    lay(m, ["6-6"])
    assert m.game.status(m.hand).as_dict() == {"total": 12, "next": 30}
    lay(m, ["6-5", "6-1"])  # 30 exactly: the next is above it
    assert m.game.status(m.hand).as_dict() == {"total": 30, "next": 50}


def test_italian_120_and_150_come_next_only_with_double_nine():
    for top in (6, 9):
        m = match("italian", 3, opts={"top": top})
        g = m.game
        lay(m, ["0-0"])
        pile = m.hand.layout
        for total in range(0, 171):
            pile.total = total  # every count a hand can reach
            told = g.status(m.hand).as_dict()
            assert told == {"total": total, "next": old_next(total, top)}, total
        pile.total = 100
        assert g.status(m.hand).next == (120 if top == 9 else None)
        pile.total = 150
        assert g.status(m.hand).next is None


def test_only_italian_scores_nothing_at_a_hands_end_and_never_passes():
    for key, _title, game in each_game():
        assert game.scores_hand_end == (key != "italian"), key
        assert game.passes == (key != "italian"), key


def test_only_team_block_forms_its_teams_by_a_draw():
    for key, _title, game in each_game():
        assert game.team_draw == (key == "teamblock"), key


def test_what_an_end_calls_is_what_adds_up_there():
    # The device writes "L7>0" from ``calls``: every tile that is no joker and adds up on an
    # end shows the half ``calls`` names, and none does where it says only a joker fits.
    # (It once said "J" for an end showing 7 on a double-nine All Sevens set, where 6-0 fits,
    # and "1>9" in a ten-sum Matador on double-six, where no tile has a 9.)
    for key, _title, game in each_game():
        tops = dict((o[0], o[2]) for o in game.options).get("top") or (None,)
        for top in tops:
            ends_call_what_adds_up(
                key, game(None if top is None else {"top": top}, game.players[0])
            )


def ends_call_what_adds_up(key, g):
    if g.base is not None:
        tiles = [(a, b) for a in range(g.top + 1) for b in range(a + 1)]
        for pip in range(g.top + 1):
            fits = [t for t in tiles if not g.is_joker(t) and g.adds_up(t, pip) is not None]
            want = g.calls(pip)
            if want is None:
                assert fits == [], (key, g.top, pip, fits)
            else:
                assert fits and all(want in t for t in fits), (key, g.top, pip, want, fits)


def test_a_games_flags_say_which_hooks_it_overrides():
    # the device reads the flags (scoreboard.plays, screens.common.has_extras): each must be
    # true exactly where the game has the hook that scores a play or owes a draw
    from domino.game import Game

    for key, _title, game in each_game():
        scores = game.play_points is not Game.play_points
        owes = game.owing is not Game.owing
        assert game.scores_in_play == scores, key
        assert game.owes_draws == owes, key


def test_a_status_tells_only_declared_fields():
    from check import raises
    from domino.status import Status

    st = Status(total=12, next=None)
    assert st.total == 12 and st.next is None and st.double is None and not st.again
    assert st.as_dict() == {"total": 12, "next": None}
    assert Status().as_dict() == {}
    raises(AttributeError, Status, totl=12)  # a misspelt field is refused, never invented
