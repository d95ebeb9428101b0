"""The one exception the rules core raises for input it cannot accept, and the words it says.

A message is an English template and the values it names, kept apart until shown: the host
reads it in English (``str``), the device looks the template up in its language's words
(scoreboard.words.error) and puts the same values in place.
"""


class Said:
    """Words the core composes into a message (a phrase inside it): ``text % values``."""

    __slots__ = ("text", "values")

    def __init__(self, text, *values):
        self.text = text
        self.values = values

    def __str__(self):
        return self.text % self.values if self.values else self.text


class DominoError(ValueError):
    """Bad input: the message names the offending value and what is allowed.

    ``DominoError(template, *values)``; a value may be a Said (a phrase of its own).
    Raised before anything is changed, so the match is as it was.
    """

    def __init__(self, text, *values):
        super().__init__(text % values if values else text)
        self.text = text
        self.values = values
