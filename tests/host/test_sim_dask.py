"""The same experiment on a Dask LocalCluster gives the records a local run gives."""

import pytest

from dominoboard.sim import experiment
from dominoboard.sim.table import Setup

distributed = pytest.importorskip("dask.distributed")


def test_dask_local_cluster_matches_local_workers():
    setups = (Setup("muggins", ["counter", "greedy"]),
              Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]], engine="fast"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as client:
            for setup in setups:
                seen = []
                on_dask = experiment.run_dask(setup, 50, 21, client, chunk=6,
                                              progress=seen.append)
                assert on_dask == experiment.run(setup, 50, 21, workers=1)
                assert sum(seen) == 50
