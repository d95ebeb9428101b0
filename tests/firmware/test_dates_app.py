"""The device's side of match dates (tests/firmware/mpy/app_boots.py: the real app on real
littlefs on the MicroPython unix port): each setup records its power-on and the seconds since
it; the first clock op of a power-on keeps that power-on's clock on flash, and the Matches
list dates its matches by it; a power-on that cannot be counted (a failing flash) runs on and
dates nothing by its boot; a wiped flash draws a new id and counts from 1 again; a damaged
record never gives the new power-ons the id of a match the flash holds."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_app import run  # noqa: E402  # pyright: ignore[reportMissingImports]

CLOCK = 1_750_000_000


def test_power_ons_are_counted_and_dated_by_the_first_clock(tmp_path: Path) -> None:
    r = run("app_boots.py", heap="2M")
    assert r["errors"] == r["errors3"] == r["errors4"] == 0
    flash, n = r["boot1"].split(".")
    assert n == "1" and r["boot2"] == flash + ".2"
    first, second, third = r["setups"]  # m0001 (power-on 1), m0002 and m0003 (power-on 2)
    assert [s.get("boot") for s in r["setups"]] == [r["boot1"], r["boot2"], r["boot2"]]
    assert first["up"] == 91 and second["up"] == 123  # seconds into their power-on
    assert "date" not in first and "date" not in second  # no clock when they started
    # the clock op 5 minutes later: host time minus the seconds since power-on, kept on flash
    epoch = CLOCK - (third["up"] - 2)  # m0003 started 2 s (its presses) after the clock
    assert r["clock"]["boots"] == [[r["boot2"], epoch]] == r["hello"]["boots"]
    assert r["clock"]["boot"] == r["boot2"] and r["clock"]["dating"] == 1
    assert r["record2"] == {"flash": flash, "n": 2, "known": [[r["boot2"], epoch]]}
    assert third["date"] == "2025-06-15T15:06:42Z"
    # newest first: the day for power-on 2's matches (m0002's from its power-on's clock),
    # the number for power-on 1's, and every player (it was "06-15 Bergen Ana Ben Cai",
    # "Muggins Ana Ben": game and players, the same for every match of them)
    assert r["rows"] == ["06-15 Ana Ben", "06-15 Ana Ben Cai", "#1 Ana Ben"]
    # power-on 3 on a failing flash: not counted (reusing 2 would date its matches by power-on
    # 2's clock), said on the screen, the list as before
    assert r["boot3"] is None and r["record3"] == r["record2"]
    assert r["message3"].startswith("power-on not counted")
    assert r["rows3"] == r["rows"]
    # the chip formatted again, the same board: a new flash id (it was the same: the sim drew
    # it from the board's seed), counting from 1
    new_flash, n4 = r["boot4"].split(".")
    assert n4 == "1" and new_flash != flash
    assert r["rows4"] == ["06-15 Ana Ben"]
    # boots.cfg damaged, the id drawn again the same: the box takes another (before: the same
    # id, power-on 5 was "<id>.1" again and its clock, 10 days on, dated power-on 4's match)
    fifth, n5 = r["boot5"].split(".")
    assert n5 == "1" and fifth not in (new_flash, flash) and r["errors5"] == 0
    assert r["clock5"]["boots"] == [[r["boot5"], 1_750_864_000 - 60]]
    assert r["rows5"] == ["#1 Ana Ben"]  # its power-on's clock is gone with the record
