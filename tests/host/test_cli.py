"""The command table: every command builds, and building the parser stays cheap."""

import json
import subprocess
import sys

import pytest

from dominoboard.cli import COMMANDS, main

HEAVY = ("matplotlib", "numpy", "dask", "distributed")


def modules_after(code: str) -> dict:
    """The modules a fresh interpreter holds after ``code`` (a test process has too many)."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    return dict.fromkeys(json.loads(out.stdout.splitlines()[-1]))


def test_building_any_command_parser_imports_no_plotting_or_cluster_library():
    loaded = modules_after(
        "from dominoboard.cli import COMMANDS, build_parser\n"
        "build_parser([])\n"
        "for name in COMMANDS:\n"
        "    build_parser([name])"
    )
    assert "dominoboard.plot" in loaded  # the plot command's own parser was built
    assert [name for name in HEAVY if name in loaded] == []


def test_top_level_help_imports_no_command_module():
    loaded = modules_after(
        "from dominoboard.cli import build_parser\nbuild_parser(['--help']).format_help()"
    )
    assert sorted(m for m in loaded if m.startswith("dominoboard.")) == [
        "dominoboard.cli",
        "dominoboard.errors",
    ]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_in_the_table_has_its_own_help(name, capsys):
    with pytest.raises(SystemExit) as done:
        main([name, "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: dominoboard {name} ")


def test_top_level_help_lists_every_command_with_its_line(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # one line per command
    with pytest.raises(SystemExit):
        main(["--help"])
    lines = capsys.readouterr().out.splitlines()
    for name, command in COMMANDS.items():
        assert f"    {name:<9} {command.help.replace('%%', '%')}" in lines


def test_an_unknown_command_is_a_usage_error_listing_the_commands(capsys):
    with pytest.raises(SystemExit) as done:
        main(["bogus"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'bogus'" in err and "'simulate'" in err


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "soon"])
def test_ask_after_is_a_positive_number_of_seconds(value, capsys):
    with pytest.raises(SystemExit) as done:
        main(["names", "--port", "/dev/null", "--ask-after", value, "Ana"])
    assert done.value.code == 2
    assert f"--ask-after: '{value}': a number of seconds above 0, like 1 or 0.5" in (
        capsys.readouterr().err
    )
