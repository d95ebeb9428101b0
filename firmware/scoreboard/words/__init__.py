"""The app's words in the language the players chose: one module per language, each naming
the same constants (``en`` lists them all), and only the chosen one is loaded, as the views of
the layouts are (scoreboard.views). A screen reads ``words.PASS``; the package finds it in the
chosen module (``__getattr__``), so a language costs the heap what English does.

Longer tables stay one string each in flash until asked (the house rules' words, the games'
names, the words the core gives): ``line`` finds a key's line without splitting the table.
The choice is the app's setting ``language`` (App.apply_language), "en" until one is made.
"""

# the languages, in the order the Language menu lists them: code, and the name in itself
CODES = ("en", "es", "de", "fr", "nl", "it")
NAMES = ("English", "Español", "Deutsch", "Français", "Nederlands", "Italiano")

code = "en"
_chosen = None  # the chosen language's module, once asked for


def choose(new):
    """Speak ``new`` (a code of CODES; any other: English) from the next word on."""
    global code, _chosen
    if new not in CODES:
        new = "en"
    if new != code:
        from scoreboard.lifetimes import unload

        unload("scoreboard.words." + code)  # the old language's words leave the heap
        code = new
        _chosen = None


def chosen():
    global _chosen
    if _chosen is None:
        _chosen = __import__("scoreboard.words." + code, None, None, ("TITLE",))
    return _chosen


def __getattr__(name):
    return getattr(_chosen or chosen(), name)  # one call a word once the language is loaded


def line(table, key):
    """The rest of ``key``'s line in ``table`` ("key|rest" lines), or None."""
    head = key + "|"
    if table.startswith(head):
        at = 0
    else:
        at = table.find("\n" + head) + 1
        if not at:
            return None
    at += len(head)
    end = table.find("\n", at)
    return table[at:end] if end >= 0 else table[at:]


def say(word):
    """A word the core gives (a house rule's value, a play's announcement) in the language."""
    return line(chosen().SAY, word) or word


def game(key, title):
    """A game's name as the language's booklets print it; else its registry title."""
    return line(chosen().GAMES, key) or title


def rule(key):
    """(label, sentence) of a house rule or a form row, or None."""
    text = line(chosen().RULES, key)
    if text is None:
        return None
    bar = text.find("|")
    return text[:bar], text[bar + 1 :]


def error(e):
    """A refusal of the rules core (DominoError) said in the language, its values in place;
    any other error as it says itself."""
    text = getattr(e, "text", None)
    if text is None:
        return str(e)
    return said(text, e.values)


def said(text, values):
    """The core's English ``text % values`` in the language (``CORE``: "English|said" lines); a
    value that is a phrase of its own (domino.errors.Said) is said too."""
    if code != "en":
        text = line(chosen().CORE, text) or text
    if not values:
        return text
    return text % tuple(said(v.text, v.values) if hasattr(v, "values") else v for v in values)
