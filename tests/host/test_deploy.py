"""deploy's precompiled firmware is real bytecode: the unix port imports it and folds a match
to the same bytes as the source."""

import subprocess

from dominoboard.cli import main
from dominoboard.deploy import precompile
from dominoboard.replay import replay_cpython
from harness.pty_device import ROOT, micropython, port_args


def test_precompiled_core_folds_like_the_source(tmp_path):
    folders = precompile(tmp_path / "deploy")
    assert {f.name for f in folders} == {"lib", "domino", "scoreboard", "boards"}
    assert (tmp_path / "deploy" / "lib" / "ssd1306.mpy").exists()  # the pinned driver
    assert not (tmp_path / "deploy" / "boards" / "sim.mpy").exists()
    assert not list((tmp_path / "deploy").rglob("*.py"))
    example = ROOT / "examples" / "draw.jsonl"
    script = ROOT / "host" / "dominoboard" / "mpy_replay.py"
    result = subprocess.run(
        [micropython(), "-X", "heapsize=180K", str(script), str(tmp_path / "deploy"), str(example)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == replay_cpython(str(example))


def test_dry_run_prints_the_mpremote_steps(capsys):
    assert main(["deploy", "--dry-run", "--port", "/dev/ttyACM7"]) == 0
    out = capsys.readouterr().out
    assert "mip install" not in out  # the pinned driver is copied: no network needed
    assert "fs cp -r " in out and "/lib :" in out
    assert ":main.py" in out and out.rstrip().endswith("reset")


def test_deploy_for_a_board_with_the_knob_fits_the_encoder(tmp_path):
    # `deploy --encoder` (and `emulate --target rp2 --knob`): the board reads its knob with no
    # edit of boards/pins.py; the plain deploy leaves the pins alone.
    check = "import sys; sys.path.insert(0, sys.argv[1]); from boards import pins; "
    check += "print(pins.ENCODER_FITTED, pins.ENCODER_A)"
    for encoder, want in ((True, "True 16"), (False, "False 16")):
        out = tmp_path / str(encoder)
        precompile(out, driver=False, encoder=encoder)
        assert not list(out.rglob("*.py"))
        result = subprocess.run(
            [micropython(), "-c", check, str(out)], capture_output=True, text=True, timeout=60
        )
        assert result.stdout.strip() == want, result.stdout + result.stderr


def test_deploy_for_a_board_with_the_keypad_fits_it_and_the_knob_alone(tmp_path):
    # `deploy --keypad` (and `emulate --target rp2 --keypad`): the keypad's flag only, or both
    check = "import sys; sys.path.insert(0, sys.argv[1]); from boards import pins; "
    check += "print(pins.KEYPAD_FITTED, pins.ENCODER_FITTED, pins.KEYPAD_ROWS[0])"
    for encoder, keypad, want in ((False, True, "True False 6"), (True, True, "True True 6")):
        out = tmp_path / f"{encoder}{keypad}"
        precompile(out, driver=False, encoder=encoder, keypad=keypad)
        assert (out / "boards" / "keypad.mpy").exists()
        result = subprocess.run(
            [micropython(), "-c", check, str(out)], capture_output=True, text=True, timeout=60
        )
        assert result.stdout.strip() == want, result.stdout + result.stderr


def test_deploy_asks_the_table_and_stops_when_a_match_is_on_it(tmp_path, capsys):
    # One repl frame used to stop the scoreboard mid-match; now the box answers busy, and
    # deploy says what to do instead of driving mpremote at a board that kept its loop.
    from harness.pty_device import PtyDevice

    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", ['{"game":"muggins","players":["Ana","Ben"]}'])
        device.play("m0001")
        assert main(["deploy", "--repl-only", *port_args(device.port)]) == 1
        err = capsys.readouterr().err
        assert "keeps its board: a match is on the table" in err and "BACK held" in err
        assert device.alive()
