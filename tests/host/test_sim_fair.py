"""Fair comparisons (seats rotate, duplicate deals), house rules side by side, stopping at a
precision, running tallies (the same numbers as the records, memory independent of the games),
and the options that cannot go together."""

import csv
import json
import random
from array import array

import pytest

from dominoboard.cli import main
from dominoboard.sim import experiment
from dominoboard.sim.engines.run import play_fast_unit
from dominoboard.sim.seating import Seating
from dominoboard.sim.stats import (
    chi2_sf,
    equal_shares,
    format_p,
    summarize,
    summarize_tally,
    wilson,
)
from dominoboard.sim.table import Setup


def simulate(tmp_path, name, *argv):
    out = tmp_path / name
    assert main(["simulate", *argv, "-o", str(out), "--no-plots", "--progress", "off"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    summary.pop("seconds")
    return summary


def by_label(summary):
    return {s["label"]: s["wins"] for s in summary["sides"]}


# --- the order the bots are named in cannot change the answer -------------------------------


def test_swapping_the_bots_order_gives_identical_numbers(tmp_path):
    """Draw: seat 0 leads every hand. With the seats as named, heavy's win rate depends on
    which seat it was given; rotated, both orders are one experiment."""
    common = ("draw", "--matches", "400", "--seed", "5")
    a = simulate(tmp_path, "a", *common, "-s", "heavy", "-s", "random")
    b = simulate(tmp_path, "b", *common, "-s", "random", "-s", "heavy")
    assert by_label(a) == by_label(b)
    for key in ("strategies", "head_to_head", "seats", "seat_equality", "first_player",
                "blocked_hands", "hand_length", "hands_per_match", "hands"):
        assert a[key] == b[key], key
    assert a["seating"]["seatings"] == 2
    heavy = by_label(a)["heavy"]["rate"]
    fixed_a = by_label(simulate(tmp_path, "fa", *common, "-s", "heavy", "-s", "random",
                                "--fixed-seats"))["heavy"]["rate"]
    fixed_b = by_label(simulate(tmp_path, "fb", *common, "-s", "random", "-s", "heavy",
                                "--fixed-seats"))["heavy"]["rate"]
    assert fixed_a - fixed_b > 0.3  # the seat, not the bot: what rotation removes
    assert fixed_b < heavy < fixed_a


def test_three_bots_in_any_order_are_one_experiment(tmp_path):
    common = ("draw", "--hands", "300", "--seed", "2")
    runs = [simulate(tmp_path, f"r{i}", *common, *sum((["-s", b] for b in order), []))
            for i, order in enumerate((("greedy", "heavy", "random"),
                                       ("random", "greedy", "heavy"),
                                       ("heavy", "random", "greedy")))]
    assert runs[0]["seating"]["seatings"] == 3
    h2h = runs[0]["head_to_head"]
    for a in h2h:
        for b in h2h[a]:
            if a != b:  # each pair of games counted once each way
                pair = h2h[a][b]["ahead"]["k"] + h2h[b][a]["ahead"]["k"] + h2h[a][b]["level"]
                assert pair == runs[0]["units"]
    for other in runs[1:]:
        assert by_label(other) == by_label(runs[0])
        assert other["strategies"] == runs[0]["strategies"]


def test_partners_rotate_as_partners():
    setup = Setup("block", ["heavy", "random", "heavy", "random"], teams=[[0, 2], [1, 3]])
    s = Seating(setup)
    assert s.k == 2  # a shift by 2 seats gives the same table again
    for arrangement in (x.strategies for x in s.setups):
        assert arrangement[0] == arrangement[2] and arrangement[1] == arrangement[3]
    assert s.labels == ["heavy+heavy", "random+random"] and sorted(s.side_of) == [[0, 1], [1, 0]]
    # teams of neighbours: only the shifts that carry a team onto a team
    odd = Seating(Setup("block", ["heavy", "heavy", "random", "random"],
                        teams=[[0, 1], [2, 3]]))
    assert odd.shifts == [0, 2]
    assert [x.strategies for x in odd.setups] == [["heavy", "heavy", "random", "random"],
                                                   ["random", "random", "heavy", "heavy"]]
    same = Seating(Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]]))
    assert same.k == 1  # nothing to rotate


def test_swapped_teams_give_identical_numbers(tmp_path):
    common = ("block", "-n", "4", "--teams", "0,2/1,3", "--hands", "200", "--seed", "4")
    a = simulate(tmp_path, "a", *common, "-s", "heavy", "-s", "random", "-s", "heavy", "-s",
                 "random")
    b = simulate(tmp_path, "b", *common, "-s", "random", "-s", "heavy", "-s", "random", "-s",
                 "heavy")
    assert by_label(a) == by_label(b) and a["seats"] == b["seats"]
    assert [s["label"] for s in a["sides"]] == ["heavy+heavy", "random+random"]


def test_duplicate_deals_play_each_deal_with_every_seating():
    setup = Setup("draw", ["heavy", "random"], hands=True, engine="fast")
    s = Seating(setup, duplicate=True)
    assert [s.game(i) for i in range(4)] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert Seating(setup).game(3) == (65, 1)  # rotated: seating 1 plays deals 64, 65, ...
    for d in range(5):
        logs = []
        for x in s.setups:
            log = []
            play_fast_unit(x, 7, d, log)
            logs.append(log[0])
        assert logs[0][0] == "deal" and logs[0] == logs[1]  # the same tiles at each seat
    assert s.units(5) == 6  # whole rounds of the seatings


def linked_deals(rng, deals):
    """Duplicate deals of two fair entrants, 0 and 1, in two seatings (entrant 0 at side 0,
    then at side 1), linked as real deals are: in 60% of deals one seat, either, wins both
    games (so each entrant wins one), else each game goes to a seat at random. Yields
    (seating, deal, winning side)."""
    for d in range(deals):
        seat = rng.randrange(2) if rng.random() < 0.6 else None
        for j in (0, 1):
            yield j, d, seat if seat is not None else rng.randrange(2)


def duplicate_tally(rng, deals):
    from dominoboard.sim.tally import Tally

    tally = Tally([[0, 1], [1, 0]], [0, 1], False, deal_games=2)
    for j, d, side in linked_deals(rng, deals):
        tally.add(j, [side], [1 if s == side else 0 for s in (0, 1)], True, [], deal=d)
    return tally


def test_duplicate_deals_read_the_deal_as_the_unit():
    """The games of a duplicate deal are linked: here the same seat wins both in most deals.
    By the deal, the seats' wins spread more than independent games' (the 5% seat test must
    still alarm in 5% of runs: as independent games it alarmed in 12%), and an entrant's less
    (its interval must match the spread of its rate over independent runs, narrower than
    Wilson's)."""
    from statistics import pstdev

    from dominoboard.sim.stats import paired_equal_shares, paired_rate

    rng = random.Random(6)
    runs, deals = 400, 200
    alarms = naive = 0
    rates = []
    halves = []
    for _ in range(runs):
        t = duplicate_tally(rng, deals)
        alarms += paired_equal_shares(t, [2, 3])["p"] < 0.05
        naive += equal_shares(t.seat_wins)["p"] < 0.05
        r = paired_rate(t, 0)
        assert r["k"] == t.wins[0] and r["n"] == t.units == 2 * deals
        rates.append(r["rate"])
        halves.append((r["ci95"][1] - r["ci95"][0]) / 2)
    assert 0.03 <= alarms / runs <= 0.07 and naive / runs > 0.09  # 6.5% and 13.8% here
    spread = 1.96 * pstdev(rates)
    assert 0.9 < sum(halves) / runs / spread < 1.1
    lo, hi = wilson(sum(rates) / runs * 2 * deals, 2 * deals)
    assert (hi - lo) / 2 > 1.3 * spread  # what was printed: the pairing ignored


def test_the_duplicate_seat_test_is_the_paired_t_test_of_the_deals():
    """Under --duplicate the seat test's statistic is the paired one: the squared t of the
    per-deal difference of the two seats' wins (its variance over the deals, not the games').
    Its false alarms over 2,000 runs of real games are measured by
    bench/sim_duplicate_bench.py (bench/results/sim-duplicate.txt)."""
    from statistics import fmean, variance

    from dominoboard.sim.stats import paired_equal_shares
    from dominoboard.sim.tally import Tally

    rng = random.Random(9)
    games = list(linked_deals(rng, 300))
    tally = Tally([[0, 1], [1, 0]], [0, 1], False, deal_games=2)
    diffs = [0] * 300
    for j, d, side in games:
        tally.add(j, [side], [1 if s == side else 0 for s in (0, 1)], True, [], deal=d)
        diffs[d] += 1 if side == 0 else -1
    t2 = fmean(diffs) ** 2 / (variance(diffs) / len(diffs))
    test = paired_equal_shares(tally, [2, 3])
    assert test["df"] == 1 and abs(test["chi2"] - t2) < 1e-9 * t2
    assert abs(equal_shares(tally.seat_wins)["chi2"] - t2) > 0.1 * t2  # the games' differs


def test_a_duplicate_tally_is_the_same_however_its_deals_are_split():
    rng = random.Random(2)
    games = list(linked_deals(rng, 30))
    from dominoboard.sim.tally import Tally

    whole = Tally([[0, 1], [1, 0]], [0, 1], False, deal_games=2)
    parts = [Tally([[0, 1], [1, 0]], [0, 1], False, deal_games=2) for _ in range(3)]
    for n, (j, d, side) in enumerate(games):
        for t in (whole, parts[n * 7 % 3]):  # the two games of a deal in different parts
            t.add(j, [side], [1, 0] if side == 0 else [0, 1], True, [], deal=d)
    parts[0].merge(parts[1])
    parts[0].merge(parts[2])
    assert vars(parts[0]) == vars(whole) and whole.deals == 30 and not whole.open_deals


# --- tallies: the same numbers the records give --------------------------------------------


@pytest.mark.parametrize("setup", [
    Setup("muggins", ["greedy", "counter"]),
    Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]], hands=True, engine="fast"),
    Setup("draw", ["heavy", "random"], engine="fast"),
])
def test_the_tally_reports_what_the_records_say(setup):
    seating = Seating(setup, rotate=False)
    with experiment.Runner(experiment.Plan([seating], 11), chunk=7) as runner:
        tally = runner.tally(0, 60).tallies[0]
    new = summarize_tally(setup, seating, tally)
    old = summarize(setup, experiment.run(setup, 60, 11))
    for key in ("units", "hands", "ties", "undecided", "first_player", "blocked_hands"):
        assert new[key] == old[key], key
    for key in ("hand_length", "hands_per_match"):
        assert json.dumps(new[key], sort_keys=True) == json.dumps(old[key], sort_keys=True) \
            or _close(new[key], old[key])
    for a, b in zip(new["sides"], old["sides"], strict=True):
        assert a["wins"] == b["wins"]
        assert _close(a["score"], b["score"])


def _close(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    return a == pytest.approx(b, rel=1e-9, abs=1e-9)


def test_a_tally_is_the_same_for_any_chunks_and_workers():
    seating = Seating(Setup("draw", ["heavy", "random", "greedy"], hands=True, engine="fast"))
    plan = experiment.Plan([seating], 3)
    with experiment.Runner(plan) as one:
        a = one.tally(0, 90)
    with experiment.Runner(plan, workers=2, chunk=4) as two:
        b = two.tally(0, 50)
        b = two.tally(50, 90, b)
    assert vars(a.tallies[0]) == vars(b.tallies[0])


# --- one test over the seats -----------------------------------------------------------------


def test_chi_square_tail_matches_tables():
    # 95th percentiles of chi-square, 1..5 degrees of freedom (any statistics table)
    for df, x in ((1, 3.841), (2, 5.991), (3, 7.815), (4, 9.488), (5, 11.070)):
        assert chi2_sf(x, df) == pytest.approx(0.05, abs=2e-4)
    assert equal_shares([25, 25, 25, 25])["p"] == 1.0


def test_one_test_over_four_fair_seats_alarms_one_run_in_twenty():
    """Four fair seats tested one at a time raise an alarm in about one run in five or six;
    the joint chi-square in one in twenty, as a 5% test should."""
    rng = random.Random(8)
    runs, games = 2000, 400
    joint = alone = 0
    for _ in range(runs):
        wins = [0] * 4
        for _ in range(games):
            wins[rng.randrange(4)] += 1
        joint += equal_shares(wins)["p"] < 0.05
        alone += any(not lo <= 0.25 <= hi for lo, hi in (wilson(w, games) for w in wins))
    assert 0.035 < joint / runs < 0.065
    assert alone / runs > 0.14


# --- house rules side by side, and a requested precision ------------------------------------


def test_compare_plays_the_same_deals_under_each_value(tmp_path):
    s = simulate(tmp_path, "c", "muggins", "-s", "greedy", "-s", "random", "--matches", "60",
                 "--compare", "lone_spinner=1,2", "--seed", "3")
    c = s["compare"]
    assert c["option"] == "lone_spinner" and c["values"] == [1, 2]
    one, two = c["per_value"]
    assert one["setup"]["opts"] == {"lone_spinner": 1}
    assert two["setup"]["opts"] == {"lone_spinner": 2}
    diff = c["differences"][0]["differences"]
    for name, per in (("greedy", 0), ("random", 1)):
        won = [v["sides"][per]["wins"]["k"] for v in (one, two)]
        d = diff[f"{name} win rate"]
        assert d["mean"] == pytest.approx((won[1] - won[0]) / 60)  # paired: the same games
        assert d["ci95"][0] <= d["mean"] <= d["ci95"][1]
    hands = [v["hands"] for v in (one, two)]
    assert diff["hands per unit"]["mean"] == pytest.approx((hands[1] - hands[0]) / 60)
    # value 1 alone is the same experiment as the first half of the comparison
    alone = simulate(tmp_path, "one", "muggins", "-s", "greedy", "-s", "random", "--matches",
                     "60", "--opt", "lone_spinner=1", "--seed", "3")
    assert alone["sides"] == one["sides"]


def test_double_lead_is_compared_with_its_effect(tmp_path):
    """The fast Muggins engine once led the best tile dealt whatever ``double_lead`` said: a
    deal without a double led a tile the core refuses, and every difference came out zero.
    It now draws for a double as the core does, and the rule's effect shows."""
    s = simulate(tmp_path, "c", "muggins", "-s", "greedy", "-s", "random", "--hands", "400",
                 "--opt", "top=15", "--compare", "double_lead=false,true", "--seed", "2")
    assert [v["setup"]["engine"] for v in s["compare"]["per_value"]] == ["fast", "fast"]
    diff = s["compare"]["differences"][0]["differences"]
    assert diff["tiles laid per unit"]["mean"] != 0
    for what in ("tiles laid per unit", "greedy final score", "random final score"):
        lo, hi = diff[what]["ci95"]
        assert hi > lo, what


def test_a_house_rule_no_fast_engine_plays_is_compared_on_the_fold(tmp_path):
    s = simulate(tmp_path, "c", "mexican", "-n", "2", "--hands", "20", "--compare",
                 "draw_to_start=false,true")
    assert [v["setup"]["engine"] for v in s["compare"]["per_value"]] == ["fold", "fold"]


def png_width(path):
    return int.from_bytes(path.read_bytes()[16:20], "big")  # the IHDR chunk's width


def test_compare_says_in_a_line_what_the_rule_does_and_plots_every_value(tmp_path, capsys):
    s = simulate(tmp_path, "c", "muggins", "-s", "greedy", "-s", "random", "--hands", "2000",
                 "--compare", "lone_spinner=1,2", "--seed", "4", "--no-plots")
    per = s["compare"]["differences"][0]
    d = per["differences"]["greedy final score"]
    lo, hi = d["ci95"]
    assert 0 < lo < d["mean"] < hi and d["p"] < 1e-16  # a lone spinner counting 20 pays
    lines = per["verdicts"]
    assert f"lone_spinner=2 adds {d['mean']:.3g} points a hand to greedy's score " \
        f"[{lo:.3g}, {hi:.3g}] (p < 1e-16)" in lines
    assert len(lines) == 4 + 2  # win rate and score of each entrant, blocked, tiles laid
    assert not any(": hands a hand" in line for line in lines)  # one a hand: nothing to say
    w = per["differences"]["random win rate"]
    said = [line for line in lines if "random's win rate" in line]
    if w["ci95"][0] <= 0 <= w["ci95"][1]:
        assert said[0].startswith("lone_spinner=2: random's win rate unchanged, ")
    else:
        assert said[0].startswith("lone_spinner=2 " + ("raises" if w["mean"] > 0 else "lowers"))
    printed = capsys.readouterr().out
    assert all(f"    {line}\n" in printed for line in lines)
    assert "p = 0 " not in printed and "p = 0)" not in printed
    # the plots put every value side by side: a panel, or a bar, of each
    one = tmp_path / "one"
    two = tmp_path / "two"
    main(["simulate", "muggins", "--hands", "100", "-o", str(one), "--progress", "off"])
    main(["simulate", "muggins", "--hands", "100", "-o", str(two), "--progress", "off",
          "--compare", "lone_spinner=1,2"])
    for png in ("scores.png", "hand_lengths.png"):
        assert png_width(two / png) == 2 * png_width(one / png)
    assert png_width(two / "win_rates.png") > png_width(one / "win_rates.png")


def test_a_p_value_too_small_for_a_double_is_printed_as_such(tmp_path, capsys):
    """Seat 0 leads every hand of Draw: the seats differ by far more than a chi-square tail
    can say in a double (it underflows to 0), so p is printed as below 1e-16, never 0."""
    s = simulate(tmp_path, "d", "draw", "-s", "heavy", "-s", "random", "--hands", "20000")
    assert s["seat_equality"]["p"] < 1e-16
    assert "all seats alike? chi-square" in capsys.readouterr().out.split("p < 1e-16")[0]
    assert format_p(0.0) == "p < 1e-16" and format_p(3e-17) == "p < 1e-16"
    assert format_p(0.0123) == "p = 0.0123" and format_p(1.0) == "p = 1"


def test_compare_super_dominos_fifteen(tmp_path):
    # with two players "every other player" is the one opponent whichever way it is read
    s = simulate(tmp_path, "c", "super", "-s", "greedy", "-s", "random", "-s", "random",
                 "--hands", "15", "--compare", "fifteen=alternate,others")
    assert [v["setup"]["opts"]["fifteen"] for v in s["compare"]["per_value"]] == \
        ["alternate", "others"]
    assert s["compare"]["differences"][0]["differences"]["tiles laid per unit"]["n"] == 15


def test_ci_stops_at_the_precision_the_same_for_any_workers(tmp_path):
    common = ("block", "-s", "heavy", "-s", "random", "--hands", "200000", "--ci", "2%")
    a = simulate(tmp_path, "a", *common)
    b = simulate(tmp_path, "b", *common, "--workers", "2")
    assert a == b
    assert a["precision"]["reached"] and 1000 < a["units"] < 200000
    for side in a["sides"]:
        lo, hi = side["wins"]["ci95"]
        assert (hi - lo) / 2 <= 0.02
    capped = simulate(tmp_path, "c", *common[:-4], "--hands", "1500", "--ci", "0.5%")
    assert capped["units"] == 1500 and not capped["precision"]["reached"]


def test_ci_stops_sooner_with_duplicate_deals(tmp_path, capsys):
    """The games of a duplicate deal cancel part of each other's luck: by the deal, the win
    rates' intervals narrow faster and ``--ci`` stops sooner than rotation (it did not when
    the intervals counted independent games)."""
    common = ("muggins", "-s", "greedy", "-s", "counter", "--hands", "200000", "--ci", "2%")
    rotated = simulate(tmp_path, "r", *common)
    duplicate = simulate(tmp_path, "d", *common, "--duplicate")
    assert duplicate["precision"]["reached"] and rotated["precision"]["reached"]
    assert duplicate["units"] < 0.9 * rotated["units"]
    saved = duplicate["duplicate"]
    assert 0.1 < saved["fewer"] < 0.5 and saved["games"] < saved["independent"]
    assert rotated["duplicate"] is None
    assert f"duplicate: {saved['fewer']:.0%} fewer games for ±1% " in capsys.readouterr().out
    heavy = duplicate["sides"][0]["wins"]
    assert heavy["paired"]["deals"] == duplicate["units"] // 2
    assert heavy["paired"]["design_effect"] < 0.9


@pytest.mark.parametrize("bots, duplicate", [(["heavy", "random"], False),
                                             (["heavy", "random", "greedy"], True),
                                             (["random"] * 2, False)])
def test_kept_records_are_the_games_in_game_order(bots, duplicate):
    """With --records a worker still plays runs of consecutive deals (one engine call each,
    as without), then hands the games back in game order: the very games played one by
    one."""
    seating = Seating(Setup("draw", bots, hands=True, engine="fast"), duplicate=duplicate)
    _, packed, where = experiment.play_part(experiment.Plan([seating], 2, records=True), 3,
                                            300)
    one_by_one = array("i")
    for i in range(3, 300):
        d, j = seating.game(i)
        one_by_one.extend(experiment.play_chunk(seating.setups[j], 2, d, d + 1))
    assert packed == one_by_one
    assert where == [(i, *seating.game(i), 0) for i in range(3, 300)]


def test_records_stream_every_hand_to_csv(tmp_path):
    path = tmp_path / "new" / "hands.csv"  # its directory is made, as -o's is
    s = simulate(tmp_path, "r", "draw", "-s", "heavy", "-s", "random", "--matches", "30",
                 "--duplicate", "--records", str(path))
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == s["hands"]
    games = {}
    for r in rows:
        games.setdefault(r["game"], r)
    assert len(games) == 30
    assert [(g["deal"], g["bots"]) for g in list(games.values())[:4]] == [
        ("0", "heavy random"), ("0", "random heavy"), ("1", "heavy random"),
        ("1", "random heavy")]


# --- options that cannot go together, bad values ---------------------------------------------


@pytest.mark.parametrize("argv,message", [
    (["block", "--dask", "tcp://127.0.0.1:1", "--workers", "2"], "drop --workers"),
    (["block", "--fixed-seats", "--duplicate"], "choose one of them"),
    (["muggins", "--compare", "lone_spinner"], "two or more values"),
    (["muggins", "--compare", "lone_spinner=1,1"], "each value once"),
    (["muggins", "--compare", "lone_spinner=1,3"], "allowed values are 1, 2"),
    (["muggins", "--compare", "lone_spinner=1,2", "--opt", "lone_spinner=2"], "not both"),
    (["block", "--ci", "5"], "a half-width between"),
    (["block", "--ci", "x%"], "as a percentage"),
    (["bigclock", "--compare", "top=6,9"], "a solitaire takes --games"),
    (["block", "--records", "/proc/no/such.csv"], "cannot write it"),
    (["mexican", "--opt", "draw_to_start=true", "--engine", "fast"],
     "does not play mexican with draw_to_start=true; use --engine fold"),
    (["mexican", "--compare", "draw_to_start=false,true", "--engine", "fast"],
     "--compare draw_to_start: the fast engine does not play mexican with draw_to_start=true"),
])
def test_conflicting_or_bad_options_are_refused(argv, message, capsys, tmp_path):
    assert main(["simulate", *argv, "-o", str(tmp_path / "x")]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("bots, duplicate", [(["heavy", "random"], False),
                                             (["heavy", "random", "greedy"], False),
                                             (["heavy", "random", "greedy"], True),
                                             (["random"] * 3, False)])
def test_runs_of_one_seating_cover_every_game_once(bots, duplicate):
    """A worker plays a seating's games as runs of consecutive deals (one engine call each):
    together they are exactly the games ``Seating.game`` numbers, and tally alike."""
    seating = Seating(Setup("draw", bots, hands=True, engine="fast"), duplicate=duplicate)
    for start, stop in ((0, 500), (7, 391), (190, 193), (5, 5)):
        runs = [(j, d + x) for j, d, count in seating.runs(start, stop) for x in range(count)]
        assert sorted(runs) == sorted((j, d) for d, j in map(seating.game, range(start, stop)))
    assert len({seating.game(i) for i in range(1000)}) == 1000
    assert all(seating.index(*seating.game(i)) == i for i in range(1000))
    assert [sum(1 for i in range(996) if seating.game(i)[1] == j) for j in range(seating.k)] \
        == [996 // seating.k] * seating.k
    grouped = experiment.play_part(experiment.Plan([seating], 2), 3, 300)[0].tallies[0]
    one_by_one = experiment.play_part(experiment.Plan([seating], 2, records=True), 3,
                                      300)[0].tallies[0]
    assert vars(grouped) == vars(one_by_one)
