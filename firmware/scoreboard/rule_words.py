"""Every house rule in plain words for the new-match form: a short label with its value on
the row, and a sentence for the rule under the cursor on the form's last two rows, in the
chosen language (``RULES`` of scoreboard.words' module). Loaded with the form only
(scoreboard.screens.menus imports it inside SetupForm)."""

from scoreboard import words


def label(key):
    """A rule's label on its row (it leaves room for the value); the key where none is."""
    said = words.rule(key)
    return key if said is None else said[0]


def sentence(key):
    """What the rule does, for the form's last two rows ("" where nothing is said)."""
    said = words.rule(key)
    return "" if said is None else said[1]


def words_of(key, value):
    """A value as the form shows it."""
    if value is True:
        return words.YES
    if value is False:
        return words.NO
    if value is None:
        return words.USUAL
    if key == "top":
        return words.SET % value
    if key == "way":
        return words.TRACKED if value == "tracked" else words.PAD
    if key == "lone_spinner":
        return "%d" % (10 * value)  # 5-5 alone: 10 or 20
    if isinstance(value, str):
        return words.say(value)
    return str(value)
