"""`dominoboard live`: the follower and the terminal board as pure functions of the core's fold,
then the real thing against the scoreboard on the MicroPython unix port over a pseudo-terminal
(the live CLI's own output on a second pseudo-terminal, so it draws as on a real one)."""

import json
import os
import re
import select
import signal
import subprocess
import sys

import pytest

from domino import Match
from domino.events import dumps, read_match
from dominoboard import follow as engine
from dominoboard.follow import Follower, Keeper, board_state, follow
from dominoboard.link import DeviceLink
from dominoboard.live import HIDE_CURSOR, HOME_CLEAR, SHOW_CURSOR, render
from harness.pty_device import (
    GUARD_S,
    ROOT,
    PtyDevice,
    failure_guard,
    patient_link,
    port_args,
    wait_for,
)


def lines_of(name: str) -> list[str]:
    setup, events = read_match((ROOT / "examples" / f"{name}.jsonl").read_text())
    return [dumps(setup)] + [dumps(e) for e in events]


def folded(lines: list[str]) -> Match:
    return Match.replay(json.loads(lines[0]), [json.loads(x) for x in lines[1:]])


def follower_of(match_id: str, lines: list[str]) -> Follower:
    f = Follower()
    for i, line in enumerate(lines):
        assert f.feed(match_id, i, line) == "applied"
    return f


# -- the follower ---------------------------------------------------------------------------


def test_the_follower_folds_like_the_core_and_drops_repeats():
    lines = lines_of("allfives")
    f = follower_of("m1", lines[:40])
    assert f.match is not None
    assert f.match.standings() == folded(lines[:40]).standings()
    assert f.feed("m1", 39, lines[39]) == "old"
    assert f.feed("m1", 41, lines[41]) == "gap"  # 40 is missing: fetch from len(lines)
    assert len(f.lines) == 40
    assert f.feed("m1", 40, lines[40]) == "applied"
    assert f.match.standings() == folded(lines[:41]).standings()


def test_a_new_match_at_the_table_replaces_the_old_one():
    f = follower_of("m1", lines_of("allfives")[:10])
    assert f.feed("m2", 3, "{}") == "gap"  # joined late: the caller fetches m2 from 0
    assert f.match_id == "m1"
    muggins = lines_of("muggins")
    assert f.feed("m2", 0, muggins[0]) == "applied"
    assert (f.match_id, len(f.lines)) == ("m2", 1)
    assert f.match is not None and f.match.players == ["Ana", "Ben"]


def test_an_event_the_core_refuses_is_shown_not_fatal():
    lines = lines_of("muggins")
    f = follower_of("m1", lines[:3])
    assert f.feed("m1", 3, '{"e":0,"k":"play","p":0,"t":"9-9"}') == "applied"
    assert f.error is not None and "event 3 of m1 refused by the rules core" in f.error
    assert "9-9" in render(board_state(f), ansi=False)


# -- the terminal board as a function of the folded state ------------------------------------


def test_board_mid_hand():
    lines = lines_of("allfives")[:12]
    m = folded(lines)
    assert m.hand is not None and m.hand.turn is not None
    turn = m.players[m.hand.turn]
    text = render(board_state(follower_of("m0004", lines), "following /dev/ttyACM0"), ansi=False)
    rows = text.splitlines()
    assert rows[0] == "All Fives  ·  match m0004  ·  hand 1"
    scores = {r[2:].split()[0]: (r[0], int(r.split()[-1])) for r in rows[2:5]}
    totals = m.standings()["totals"]
    assert scores == {
        p: ("▶" if p == turn else " ", totals[i]) for i, p in enumerate(["Ana", "Ben", "Cora"])
    }
    ends = " · ".join(str(e) for e in m.hand.layout.ends())
    assert rows[6] == f"turn: {turn}   ends: {ends}   count: {m.hand.layout.count()}"
    assert rows[7] == "target 100  ·  11 events"
    assert rows[8] == "following /dev/ttyACM0"


def test_board_of_a_finished_team_match():
    text = render(board_state(follower_of("m1", lines_of("block"))), ansi=False)
    assert "  Jo + Lea     104" in text  # 13 hands of Block, won 104-76
    assert "  Kim + Max     76" in text
    assert "won by Jo + Lea" in text
    assert "turn:" not in text and "▶" not in text


def test_board_in_ansi_is_the_same_text_in_bold():
    state = board_state(follower_of("m1", lines_of("muggins")))
    ansi = render(state, ansi=True)
    assert "\x1b[1m" in ansi
    assert ansi.replace("\x1b[1m", "").replace("\x1b[2m", "").replace("\x1b[0m", "") == render(
        state, ansi=False
    )


def test_secret_standings_stay_secret():
    setup = {"game": "peruvian", "players": ["Ana", "Ben", "Cora", "Dag"]}
    text = render(board_state(follower_of("m1", [dumps(setup)])), ansi=False)
    assert "••" in text and "scores are secret" in text
    assert board_state(follower_of("m1", [dumps(setup)]))["totals"] is None


def state_of(setup: dict, events: list[dict]) -> dict:
    f = follower_of("m1", [dumps(setup)] + [dumps(e) for e in events])
    assert f.error is None, f.error
    return board_state(f)


MEXICAN = {"game": "mexican", "players": ["Ana", "Ben", "Cy"]}
STATION_AND_TRAINS = [
    {"k": "play", "p": 0, "t": "12-12"},
    {"k": "play", "p": 1, "t": "12-5", "e": 0},
    {"k": "play", "p": 2, "t": "12-3", "e": 1},
]
TEXAS = {"game": "texas", "players": ["Ana", "Ben", "Cy", "Di"]}


@pytest.mark.parametrize(
    "setup, events, facts",
    [
        # Mexican Train: the trains, no ends and no count (trains score nothing as they lie).
        (MEXICAN, STATION_AND_TRAINS, [["trains", "Ben 5, Cy 3"]]),
        # Four-Hand Texas: nothing is laid on the board's account; the last bid instead.
        (TEXAS, [{"k": "end", "bidder": 0, "bid": 31, "trump": "fives", "made": [31, 11]}],
         [["last bid", "Ana 31, made"]]),
        (TEXAS, [{"k": "end", "bidder": 1, "bid": 34, "trump": "sixes", "made": [31, 11]}],
         [["last bid", "Ben 34, set"]]),
        # Muggins scores the ends' count; Block has ends but nothing counts them.
        ({"game": "muggins", "players": ["Ana", "Ben"]}, [{"k": "play", "p": 0, "t": "5-5"}],
         [["ends", "5 · 5 · 5 · 5"], ["count", "10"]]),
        ({"game": "block", "players": ["Ana", "Ben"]}, [{"k": "play", "p": 0, "t": "6-5"}],
         [["ends", "6 · 5"]]),
        # Italian: any tile fits anywhere; the running total is what scores.
        ({"game": "italian", "players": ["Ana", "Ben", "Cy"]}, [{"k": "play", "p": 0, "t": "6-5"}],
         [["total", "11"]]),
    ],
    ids=["mexican", "texas-made", "texas-set", "muggins", "block", "italian"],
)
def test_the_board_shows_per_game_only_what_means_something(setup, events, facts):
    state = state_of(setup, events)
    assert state["facts"] == facts
    text = render(state, ansi=False)
    assert ("count:" in text) == any(label == "count" for label, _ in facts)
    assert ("ends:" in text) == any(label == "ends" for label, _ in facts)
    assert ("turn:" in text) == (setup["game"] != "texas")  # nobody's turn is kept in Texas


def test_lowest_wins_is_said_where_it_holds():
    assert state_of(MEXICAN, STATION_AND_TRAINS)["lowest_wins"] is True
    assert "lowest total wins  ·  13 rounds" in render(state_of(MEXICAN, []), ansi=False)
    muggins = state_of({"game": "muggins", "players": ["Ana", "Ben"]}, [])
    assert muggins["lowest_wins"] is False
    assert "lowest" not in render(muggins, ansi=False)


def test_waiting_for_a_match():
    assert "waiting for a match" in render(board_state(Follower()), ansi=False)


# -- following a real scoreboard --------------------------------------------------------------


def test_follow_catches_up_then_folds_pushes_and_moves_to_a_new_match(tmp_path):
    allfives, muggins, draw = lines_of("allfives"), lines_of("muggins"), lines_of("draw")
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", draw)  # an older match: not the one to follow
        device.load("m0002", allfives[:30])
        with patient_link(device.port) as link:
            held = [["m0001", len(draw)], ["m0002", 30]]
            wait_for(lambda: link.request("list")["matches"] == held)
        f = Follower()
        changes = []
        step = iter(range(4))
        stage = [next(step)]

        def changed() -> None:
            changes.append((f.match_id, len(f.lines)))
            if stage[0] == 0 and len(f.lines) == 30:  # caught up: the table plays on
                stage[0] = next(step)
                for line in allfives[30:50]:
                    device.append("m0002", line)
            elif stage[0] == 1 and len(f.lines) == 50:  # a new match is started
                stage[0] = next(step)
                device.create("m0003")
                for line in muggins[:8]:
                    device.append("m0003", line)
            elif stage[0] == 2 and f.match_id == "m0003" and len(f.lines) == 8:
                stage[0] = next(step)

        expired = failure_guard()
        with patient_link(device.port) as link:
            follow(link, f, changed, stop=lambda: stage[0] == 3 or expired())
    assert stage[0] == 3, changes
    assert changes[0] == ("m0002", 30)
    assert ("m0002", 50) in changes
    assert changes[-1] == ("m0003", 8)
    assert f.match is not None and f.match.standings() == folded(muggins[:8]).standings()


def test_a_resumed_older_match_stays_on_the_board_through_resubscribes(tmp_path, monkeypatch):
    # After a push for an older match (resumed at the table), the periodic resubscribe must
    # keep following it, never flip back to the newest match.
    monkeypatch.setattr(engine, "CHECK", 0.3)  # resubscribe after 0.3 s of quiet, not 5 s
    allfives, muggins = lines_of("allfives"), lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", allfives[:30])
        device.load("m0002", muggins[:8])  # the newest
        with patient_link(device.port) as link:
            wait_for(lambda: link.request("list")["matches"] == [["m0001", 30], ["m0002", 8]])
        f = Follower()
        seen = []
        resumed = [False]

        def changed() -> None:
            seen.append((f.match_id, len(f.lines)))
            if not resumed[0] and f.match_id == "m0002":  # the table goes back to m0001
                resumed[0] = True
                device.append("m0001", allfives[30])

        class Resubscribes(Keeper):  # counts the quiet spells, each followed by a resubscribe
            count = 0

            def quiet(self, link: DeviceLink) -> None:
                self.count += 1 if ("m0001", 31) in seen else 0

        keeper, expired = Resubscribes(), failure_guard()
        with patient_link(device.port) as link:  # ten resubscribes after the resumed match's push
            follow(link, f, changed, stop=lambda: keeper.count >= 10 or expired(), keeper=keeper)
    assert seen[0] == ("m0002", 8)  # before any push: the newest
    assert ("m0001", 31) in seen
    after = seen[seen.index(("m0001", 31)) :]
    assert {match for match, _ in after} == {"m0001"}, seen
    assert f.match_id == "m0001" and len(f.lines) == 31


def test_a_resumed_older_match_is_on_the_board_from_the_first_frame(tmp_path):
    # Before any push the board showed the newest match, not the one on the table: after a
    # resume, a TV showed the wrong match until someone played. hello names the one playing.
    allfives, muggins = lines_of("allfives"), lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", allfives[:30])
        device.load("m0002", muggins[:8])  # the newest
        device.play("m0001")
        with patient_link(device.port) as link:
            wait_for(lambda: link.request("hello")["playing"] == "m0001")
        f = Follower()
        seen = []
        with patient_link(device.port) as link:
            follow(link, f, lambda: seen.append((f.match_id, len(f.lines))), stop=lambda: True)
        assert seen == [("m0001", 30)]
        device.play(None)  # back at the start menu: the newest, as before
        f, seen = Follower(), []
        with patient_link(device.port) as link:
            follow(link, f, lambda: seen.append((f.match_id, len(f.lines))), stop=lambda: True)
        assert seen == [("m0002", 8)]


class PtyRun:
    """The live CLI with its stdout and stderr on a pseudo-terminal, read as a person sees it."""

    def __init__(self, *args: str):
        self.master, slave = os.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "live", *args],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=slave,
            stderr=slave,
        )
        os.close(slave)
        self.output = ""

    def read(self, timeout: float) -> bool:
        """Take what the terminal got, looking for up to ``timeout`` s (a poll's bound, not a
        wait for time to pass); False once the process is gone and its end of the pty closed."""
        if select.select([self.master], [], [], timeout)[0]:
            try:
                data = os.read(self.master, 65536)
            except OSError:  # EIO: the process is gone and its end of the pty closed
                return False
            if not data:
                return False
            self.output += data.decode(errors="replace")
        return True

    def screen(self) -> str:
        """What the terminal shows now (everything after the last clear-screen), as text."""
        shown = self.output.rsplit(HOME_CLEAR, 1)[-1]
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown).replace("\r\n", "\n")

    def wait_screen(self, *wanted: str) -> str:
        expired = failure_guard()
        while not all(w in self.screen() for w in wanted):
            if expired():
                raise AssertionError(f"never showed {wanted}; last screen:\n{self.screen()}")
            self.read(0.1)
        return self.screen()

    def interrupt(self) -> int:
        """Ctrl-C, then everything the process prints until its end of the pty closes."""
        self.proc.send_signal(signal.SIGINT)  # what Ctrl-C sends
        expired = failure_guard()
        while self.read(0.1):
            if expired():
                self.proc.kill()
                raise AssertionError(f"live went on after Ctrl-C:\n{self.output[-2000:]}")
        os.close(self.master)
        return self.proc.wait()


def test_the_terminal_board_follows_the_table_and_stops_on_ctrl_c(tmp_path):
    lines = lines_of("muggins")
    end = next(i for i, x in enumerate(lines) if '"k":"end"' in x)
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", lines[:5])
        run = PtyRun(*port_args(device.port))
        try:
            before = folded(lines[:5]).standings()["totals"]
            run.wait_screen("Muggins  ·  match m0001  ·  hand 1", f"Ana  {before[0]:>5}")
            assert "\x1b[1mMuggins\x1b[0m" in run.output  # drawn in bold
            for line in lines[5 : end + 1]:
                device.append("m0001", line)
            after = folded(lines[: end + 1]).standings()["totals"]
            assert after != before
            # The frame's last line is waited for too: a frame can arrive in two reads.
            run.wait_screen(
                "hand 2",
                f"Ana  {after[0]:>5}",
                f"Ben  {after[1]:>5}",
                f"{end} events",
                f"following {device.port}",
            )
        finally:
            code = run.interrupt()
    assert code == 0
    assert run.output.startswith(HIDE_CURSOR)
    assert SHOW_CURSOR + "dominoboard live: stopped" in run.output.replace("\r\n", "\n")
    assert "Traceback" not in run.output


def test_a_lost_scoreboard_is_shown_and_retried_until_ctrl_c(tmp_path):
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", lines_of("muggins")[:3])
        run = PtyRun(*port_args(device.port))
        try:
            run.wait_screen("match m0001")
            device.kill()
            screen = run.wait_screen("link lost (", "retrying every 2 s")
            assert "Muggins  ·  match m0001" in screen  # the last board stays up
        finally:
            code = run.interrupt()
    assert code == 0
    assert "Traceback" not in run.output


def test_no_scoreboard_at_the_start_is_an_error_to_act_on(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "dominoboard.cli", "live", *port_args(str(tmp_path / "ttyNONE"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=GUARD_S,
    )
    assert result.returncode == 3
    assert "cannot open" in result.stderr and "ttyNONE" in result.stderr


def test_help_names_the_options(capsys):
    from dominoboard.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["live", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for option in ("--port PORT", "--web", "--host HOST", "--http-port N"):
        assert option in out


def test_live_unsubscribes_when_it_stops(tmp_path):
    # A stopped `live` left the scoreboard pushing to nobody.
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m1", ['{"game":"muggins","players":["Ana","Ben"]}'])
        with patient_link(device.port) as link:
            wait_for(lambda: link.request("list")["matches"] == [["m1", 1]])
            follow(link, Follower(), lambda: None, stop=lambda: True)
            device.append("m1", '{"k":"play","p":0,"t":"6-6"}')
            wait_for(lambda: link.request("list")["matches"] == [["m1", 2]])
            # a push would have come before that reply: the device pushes as it appends
            assert link.next_push(0) is None
