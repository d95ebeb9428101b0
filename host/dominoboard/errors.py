"""What the CLI tells a person when something goes wrong, and the exit code it ends with.

Exit codes: 0 done; 1 bad input (a match file, an argument value); 2 wrong usage (argparse);
3 no scoreboard, or the link failed; 4 the scoreboard refused a request.
"""

EXIT_OK = 0
EXIT_INPUT = 1
EXIT_USAGE = 2
EXIT_DEVICE = 3
EXIT_REFUSED = 4


class CliError(Exception):
    """A failure the user can act on: the message says what was wrong and what to do."""

    exit_code = EXIT_INPUT


class DeviceError(CliError):
    """No scoreboard answered, or the link broke."""

    exit_code = EXIT_DEVICE


class BadReply(DeviceError):
    """The scoreboard answered with a reply this host cannot use (a field missing or of the
    wrong type, a listing that never ends): not a lost link, so retrying will not help."""


class Refused(CliError):
    """The scoreboard answered a request with an error reply."""

    exit_code = EXIT_REFUSED

    def __init__(self, code: str, detail: str):
        super().__init__(f"the scoreboard refused: {detail} [{code}]")
        self.code = code
        self.detail = detail


def need_matplotlib(what: str) -> None:
    """Raise a CliError saying how to get matplotlib, if it is not installed: `make run` and a
    plain `pip install` leave the charts out (the `plot` extra)."""
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        raise CliError(
            f"{what} needs matplotlib, which is not installed (a plain install and `make run` "
            "leave the charts out): pip install 'dominoboard[plot]', or in a checkout "
            "`make deps`"
        )
