"""The same experiment on a Dask LocalCluster gives the records and tallies a local run gives;
the client refuses workers that run other code than its own."""

import json

import pytest

from dominoboard.cli import main
from dominoboard.errors import CliError
from dominoboard.sim import experiment
from dominoboard.sim.seating import Seating
from dominoboard.sim.table import Setup

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as c:
        yield c


def test_dask_local_cluster_matches_local_workers(cluster):
    setups = (Setup("muggins", ["counter", "greedy"]),
              Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]], engine="fast"))
    with distributed.Client(cluster) as client:
        for setup in setups:
            seen = []
            on_dask = experiment.run_dask(setup, 50, 21, client, chunk=6, progress=seen.append)
            assert on_dask == experiment.run(setup, 50, 21, workers=1)
            assert sum(seen) == 50


def test_tallies_on_dask_match_a_local_run(cluster):
    plan = experiment.Plan([Seating(Setup("draw", ["heavy", "random"], engine="fast"))], 4)
    with experiment.Runner(plan) as local:
        here = local.tally(0, 80)
    with distributed.Client(cluster) as client, \
            experiment.Runner(plan, client=client, chunk=3) as remote:
        there = remote.tally(0, 80)
    assert vars(here.tallies[0]) == vars(there.tallies[0])


def test_workers_running_other_code_are_refused(cluster):
    with distributed.Client(cluster) as client:
        seen = experiment.check_workers(client)
        assert len(seen) == 2 and set(seen.values()) == {experiment.fingerprint()}
        with pytest.raises(CliError, match=r"must run this dominoboard, 9\.9 \(abc\): tcp://"):
            experiment.check_workers(client, expected="9.9 (abc)")


def test_cli_on_a_scheduler_address_gives_the_local_output(cluster, tmp_path):
    args = ["simulate", "draw", "-s", "heavy", "-s", "random", "--matches", "40", "--seed", "2",
            "--no-plots", "--progress", "off"]
    assert main(args + ["-o", str(tmp_path / "a")]) == 0
    assert main(args + ["-o", str(tmp_path / "b"), "--dask", cluster.scheduler_address]) == 0
    a, b = (json.loads((tmp_path / x / "summary.json").read_text()) for x in "ab")
    a.pop("seconds")
    b.pop("seconds")
    assert a == b
