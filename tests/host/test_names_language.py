"""`dominoboard names --language`: the scoreboard's language set from the host, on the real
app (`dominoboard emulate`: firmware/sim_main.py on the unix port, its serial on a pty)."""

import pytest

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from dominoboard.errors import Refused
from dominoboard.names import LANGUAGES
from harness.pty_device import patient_link, port_args
from scoreboard import words
from scoreboard.store import MatchStore


def test_the_host_knows_the_languages_the_device_speaks():
    assert LANGUAGES == words.CODES


def test_names_language_sets_and_keeps_the_language(tmp_path, capsys):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        assert main(["names", *port_args(emu.port), "--language", "de"]) == 0
        assert "the scoreboard speaks de" in capsys.readouterr().out
        with patient_link(emu.port) as link:
            with pytest.raises(Refused, match="language: one of en, es, de, fr, nl, it"):
                link.request("language", language="pt")
    finally:
        emu.stop()
    # on flash with the app's settings: the next power-on speaks German
    assert MatchStore(str(tmp_path / "flash")).load_settings({"language": ""})["language"] == "de"


def test_an_unknown_language_is_refused_before_anything_is_sent(capsys):
    with pytest.raises(SystemExit):
        main(["names", "--port", "/dev/null", "--language", "pt"])
    assert "invalid choice: 'pt'" in capsys.readouterr().err
