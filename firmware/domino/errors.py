"""The one exception the rules core raises for input it cannot accept."""


class DominoError(ValueError):
    """Bad input: the message names the offending value and what is allowed.

    Raised before anything is changed, so the match is as it was.
    """
