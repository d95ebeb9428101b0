"""The fast engine for Muggins and All Fives (dominoboard.sim.engines.fives) agrees with the event
fold (Match.apply): every move it makes is replayed as an event, claims included; every count it
scores must be the core's; before every draw or pass the core must list no legal play; its
layout must list the very plays the core lists, with the same count, at every turn; each bot's
choice must be one the fold's bot of that name ranks first (``strategies``: ``best``); and every
hand's points, who went out, whether it was blocked, the totals and winners must come out the
same."""

import os

import pytest

from domino.registry import create
from dominoboard.sim.engines import base
from dominoboard.sim.engines.fives import Ends, FivesMatch
from dominoboard.sim.engines.run import fast_ok, play_fast_unit, prepared
from dominoboard.sim.strategies import View
from dominoboard.sim.table import Setup, Table

# Hands per setup and bot mix (whole matches: a tenth); SIM_FAST_HANDS=4000 soaks longer.
HANDS = int(os.environ.get("SIM_FAST_HANDS", "120"))

SETUPS = [
    ("muggins", 2, None, {}),
    ("muggins", 3, None, {"lone_spinner": 2, "spinner_counts": True, "muggins": False}),
    ("muggins", 4, [[0, 2], [1, 3]], {"sides_first": True, "round": True}),
    ("muggins", 2, None, {"top": 9, "spinner_counts": True, "sides_first": True}),
    ("muggins", 4, None, {"top": 12}),
    ("muggins", 2, None, {"top": 15, "double_lead": True}),
    ("allfives", 2, None, {}),
    ("allfives", 3, None, {"spinner": True, "muggins": True}),
    ("allfives", 4, [[0, 2], [1, 3]], {"top": 9}),
    ("allfives", 4, None, {"spinner": True, "sides_first": True, "spinner_counts": True,
                           "lone_spinner": 2, "round": False}),
]

MIXES = [
    ["random"],
    ["greedy"],
    ["counter"],
    ["counter", "greedy", "heavy", "random"],
    ["heavy", "counter"],
]


def seats(mix, n):
    return [mix[q % len(mix)] for q in range(n)]


def tiles_of(top):
    t = base.tables(top)
    return [(t.hi[i], t.lo[i]) for i in range(t.size)]


def refold(setup, log):
    """Replay the fast engine's moves as events on a table of the fold's bots (which observe
    every event, as they do when they play); check every step. Returns the Match and per-hand
    (points, out, blocked)."""
    table = Table(setup, 0)
    m = table.m
    g = m.game
    tiles = tiles_of(g.top)
    k = g.deal_size(g.n)
    fm = prepared(setup).fm
    assert isinstance(fm, FivesMatch)
    mine = fm.layout
    ends = Ends(fm.t, mine.spins, mine.lone, mine.spinner_counts, mine.sides_first)
    hands = []
    bone = []
    facts = []
    scored = [0]  # the count of the last play, until its "score" entry claims it

    def end():
        assert scored[0] == 0, "the fast engine did not score a count"
        if m.hand is not None and m.hand.is_over():
            table.apply({"k": "end", "left": [[tiles[i] for i in h] for h in hands]})
        assert len(m.records) == len(facts) + 1, "the fold did not end the hand"
        r = m.records[-1]
        facts.append((r.points(), r.out, r.out is None and r.end is not None))

    for entry in log:
        kind = entry[0]
        if kind != "score":
            assert scored[0] == 0, "the fast engine did not score a count"
        if kind == "deal":
            if hands:
                end()
            deal = entry[1]
            hands = [deal[p * k:(p + 1) * k] for p in range(g.n)]
            bone = deal[g.n * k:]
            table.hands = [[tiles[i] for i in h] for h in hands]
            for seat, bot in enumerate(table.bots):
                bot.new_hand(seat, m)
        elif kind == "play":
            _, p, i, e = entry
            ev = {"k": "play", "p": p, "t": tiles[i]}
            if e is None:
                assert m.first_lead(table.hands) == (p, tiles[i])
                ends.start(i)
            else:
                ev["e"] = e
                moves = table.moves(p)
                plays = ends.plays(sum(1 << j for j in hands[p]))
                assert len(plays) == len(moves)
                assert {(tiles[j], a, None) for j, a in plays} == set(moves)
                move = (tiles[i], e, None)
                assert move in moves
                bot = table.bots[p]
                if len(moves) > 1 and hasattr(bot, "best"):
                    view = View(p, table.hands[p], m, lambda mv, p=p: table.points(p, mv))
                    assert move in bot.best(view, moves), (bot.name, move, moves)
                ends.lay(i, e)
            result = table.apply(ev)
            assert result["count"] == ends.count()
            scored[0] = result["scored"]
            hands[p].remove(i)
            table.hands[p].remove(tiles[i])
        elif kind == "score":
            _, p, pts = entry
            assert pts == scored[0] and pts > 0
            if g.opts.get("muggins"):  # the count waits for its claim
                assert table.apply({"k": "claim", "p": p})["scored"] == pts
            scored[0] = 0
        else:
            p = entry[1]
            assert m.hand is not None
            assert table.moves(p) == [], "the fast engine missed a legal play"
            if kind == "draw":
                table.apply({"k": "draw", "p": p, "n": 1})
                hands[p].append(bone.pop())
                table.hands[p].append(tiles[hands[p][-1]])
            else:
                table.apply({"k": "pass", "p": p})
    end()
    return m, facts


def check(setup, seed, index):
    log = []
    rec = play_fast_unit(setup, seed, index, log)
    m, facts = refold(setup, log)
    assert [(h["points"], h["out"], h["blocked"]) for h in rec["hands"]] == facts
    if rec["over"]:
        assert m.over
        assert m.totals == rec["totals"]
        winners = m.winners()
        assert rec["winners"] == (winners if len(winners) < len(m.sides) else [])
    return rec


@pytest.mark.parametrize("game,n,teams,opts", SETUPS)
def test_fives_hands_agree_with_the_fold(game, n, teams, opts):
    seen = set()
    for mix in MIXES:
        setup = Setup(game, seats(mix, n), opts=opts, teams=teams, hands=True)
        assert fast_ok(setup)
        for i in range(HANDS):
            h = check(setup, 7, i)["hands"][0]
            seen.add("blocked" if h["blocked"] else "out" if h["out"] is not None else "stop")
    assert "out" in seen
    assert "blocked" in seen or opts.get("top", 6) > 6  # bigger sets leave a long boneyard


@pytest.mark.parametrize("game,n,teams,opts", SETUPS)
def test_fives_matches_agree_with_the_fold(game, n, teams, opts):
    for mix in MIXES[2:]:
        setup = Setup(game, seats(mix, n), opts=opts, teams=teams)
        for i in range(max(6, HANDS // 20)):
            rec = check(setup, 11, i)
            assert rec["over"] and len(rec["hands"]) >= 1


def test_with_double_lead_the_seats_draw_for_a_double_when_none_was_dealt():
    """``double_lead``: a deal without a double (common with a big set) is not led with
    another tile, which the core refuses: the seats draw in turn, from one picked at random,
    until one draws a double, and the fold agrees, move by move."""
    first = set()
    for mix in (["counter", "random"], ["greedy"]):
        setup = Setup("muggins", seats(mix, 2), opts={"double_lead": True, "top": 15},
                      hands=True)
        assert fast_ok(setup)
        for i in range(80):
            log = []
            rec = play_fast_unit(setup, 9, i, log)
            refold(setup, log)
            before = [e for e in log[1:log.index(next(e for e in log if e[0] == "play"))]]
            if before:
                assert {e[0] for e in before} == {"draw"}
                assert rec["hands"][0]["draws"] >= len(before)
                first.add(before[0][1])
    assert first == {0, 1}  # either seat may draw first


def test_a_count_reaching_the_target_ends_the_match_mid_hand():
    """Muggins and All Fives (``stop_at_target``) stop the moment a count takes a side to the
    target: that hand has no tally, nobody went out and it was not blocked."""
    for game in ("muggins", "allfives"):
        stops = 0
        for mix in (["greedy"], ["counter", "random"]):
            setup = Setup(game, seats(mix, 2), target=25)
            for i in range(60):
                last = check(setup, 3, i)["hands"][-1]
                if last["out"] is None and not last["blocked"]:
                    stops += 1
        assert stops > 10, game


def test_fives_engine_takes_muggins_and_all_fives_with_every_bot():
    assert FivesMatch.supports(create("muggins", None, 2))
    assert FivesMatch.supports(create("allfives", {"spinner": True}, 4))
    assert not FivesMatch.supports(create("bergen", None, 2))
    assert not FivesMatch.supports(create("block", None, 2))
    for bots in (["counter"] * 2, ["greedy", "heavy"], ["random", "counter"]):
        assert fast_ok(Setup("muggins", bots))
        assert fast_ok(Setup("allfives", bots))
    assert not fast_ok(Setup("block", ["counter"] * 2))  # the line engine plays no counter


def test_an_experiment_of_fives_hands_packs_what_the_games_give():
    """Single hands go through ``_hands_packed``: the same records as ``play_fast_unit``,
    including hands stopped at the target (neither out nor blocked)."""
    from dominoboard.sim.experiment import play_chunk
    from dominoboard.sim.records import Records

    setup = Setup("muggins", ["counter", "greedy"], hands=True, target=20, engine="fast")
    records = Records()
    records.add(100, play_chunk(setup, 3, 0, 100))
    played = [play_fast_unit(setup, 3, i) for i in range(100)]
    assert list(records) == played
    assert any(r["hands"][0]["out"] is None and not r["hands"][0]["blocked"] for r in played)
