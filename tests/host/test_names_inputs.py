"""`dominoboard names --inputs`: the knob and the keypad fitted from the host (the link's
``inputs``), on the real app (`dominoboard emulate`: firmware/sim_main.py on the unix port, its
serial on a pty), kept on flash with the settings; one firmware for every board."""

import pytest

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from dominoboard.errors import Refused
from harness.pty_device import patient_link, port_args
from scoreboard.store import MatchStore


def test_names_inputs_fits_them_and_keeps_the_choice(tmp_path, capsys):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        assert main(["names", *port_args(emu.port), "--inputs", "knob+keypad"]) == 0
        out = capsys.readouterr().out
        assert "five buttons and the knob and the keypad" in out, out
        with patient_link(emu.port) as link:
            with pytest.raises(Refused, match="inputs: a list .* of knob, keypad"):
                link.request("inputs", inputs=["mouse"])
            assert link.request("inputs", inputs=["keypad"])["inputs"] == ["keypad"]
    finally:
        emu.stop()
    # on flash with the app's settings (App.DEFAULTS' "inputs": the keypad's bit)
    assert MatchStore(str(tmp_path / "flash")).load_settings({"inputs": 0})["inputs"] == 2


def test_buttons_alone_leave_both_out(tmp_path, capsys):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        assert main(["names", *port_args(emu.port), "--inputs", "knob"]) == 0
        assert main(["names", *port_args(emu.port), "--inputs", "buttons"]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == "the scoreboard reads its five buttons"
    finally:
        emu.stop()
    assert MatchStore(str(tmp_path / "flash")).load_settings({"inputs": 9})["inputs"] == 0


def test_an_unknown_input_is_refused_before_anything_is_sent(capsys):
    with pytest.raises(SystemExit):
        main(["names", "--port", "/dev/null", "--inputs", "mouse"])
    assert "invalid choice: 'mouse'" in capsys.readouterr().err
