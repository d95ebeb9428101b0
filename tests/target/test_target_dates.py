"""Match dates on the scoreboard's real target (the rp2 firmware in an emulated RP2040, see
test_target.py): a match played before any host, the power cut, a match in the next
power-on, then a sync. The first match stays "date unknown"; the second is dated by the clock
the sync gave its power-on, never by the time of the sync itself for a match it did not see
start."""

import time
from datetime import UTC, datetime

import pytest
from test_e2e_presses import NEW_MATCH
from test_target import enter

from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.link import DeviceLink

# Each test boots a Pico of its own, for a minute or more: dealt first, on its own
# (tests/conftest.py).
pytestmark = pytest.mark.long

FROM_TABLE = ["hold OK 900", "press UP", "press UP", "press OK"] + ["press OK"] * 3  # Menu →
# New match → Muggins → rules → names


def test_a_match_before_any_host_stays_undated_the_next_power_on_is_dated(pico, tmp_path):
    enter(pico, NEW_MATCH)  # power-on 1: no host
    pico.cut()
    pico.boot(firmware=False)
    pico.wait_drawn()
    enter(pico, FROM_TABLE)  # power-on 2: a match, then the host
    db = tmp_path / "matches.sqlite3"
    before = time.time()
    assert main(["sync", "--port", pico.port, "--db", str(db), "--timeout", "30"]) == 0
    after = time.time()
    with DeviceLink(pico.port, timeout=60) as link:
        hello = link.request("hello")
    with Database(db) as store:
        held = {m.match: (m.setup, m.date) for m in store.matches()}
    (setup1, date1), (setup2, date2) = held["m0001"], held["m0002"]
    flash = setup1["boot"].split(".")[0]
    assert [setup1["boot"], setup2["boot"]] == [flash + ".1", flash + ".2"]
    assert hello["boot"] == flash + ".2" and [b[0] for b in hello["boots"]] == [flash + ".2"]
    assert date1 is None  # it was the time of this sync
    assert date2 is not None
    played = datetime.strptime(date2, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()
    epoch = hello["boots"][0][1]
    assert played == epoch + setup2["up"]
    assert epoch <= played <= after and epoch >= before - 3600  # a power-on within the hour
