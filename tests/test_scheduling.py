"""`make pytest`'s dealing (tests/conftest.py): a file's tests on one worker, a `long` test on
its own and first. Run on a small suite of its own, with the Makefile's pytest-xdist options
and this conftest: were the groups not honoured, every test would be dealt on its own and a
file's module fixtures made once per worker."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPTIONS = ["-n", "2", "--dist", "loadgroup", "--no-loadscope-reorder"]  # the Makefile's

RECORD = """
import json, os, pytest

def record(name):
    with open(os.environ["SCHEDULING_LOG"], "a") as f:
        f.write(json.dumps([os.environ["PYTEST_XDIST_WORKER"], name]) + "\\n")
"""


def test_a_files_tests_share_a_worker_and_long_tests_go_first(tmp_path):
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (suite / "pytest.ini").write_text("[pytest]\nmarkers =\n    long: minutes\n")
    for name in ("test_a", "test_b"):
        tests = [f"def test_{i}():\n    record('{name}.{i}')\n" for i in range(6)]
        (suite / f"{name}.py").write_text(RECORD + "\n\n".join(tests))
    long = "@pytest.mark.long\ndef test_{0}():\n    record('z.{0}')\n"
    (suite / "test_z.py").write_text(RECORD + long.format("slow") + long.format("two"))
    log = tmp_path / "log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}  # ours
    env["SCHEDULING_LOG"] = str(log)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *OPTIONS, str(suite)],
        cwd=suite,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    ran = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(ran) == 14
    for name in ("test_a", "test_b"):
        workers = {worker for worker, test in ran if test.startswith(name)}
        assert len(workers) == 1, f"{name}'s tests were dealt to {sorted(workers)}"
    firsts = {}
    for worker, test in ran:
        firsts.setdefault(worker, test)
    assert sorted(firsts.values()) == ["z.slow", "z.two"]  # one long test first on each worker
