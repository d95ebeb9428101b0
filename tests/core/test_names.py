# Player names (issues 13, 14): what the scoreboard's font draws, counted in characters.
from check import raises
from domino.errors import DominoError
from domino.names import MAX_NAME, check_name, drawable


def test_names_of_our_players_are_accepted_whole():
    for name in ("María José", "Jürgen", "François", "Tío", "Cœur", "Ëlla ß", "Lucía"):
        assert check_name(name) == name


def test_length_is_counted_in_characters_not_bytes():
    name = "é" * MAX_NAME  # 32 bytes in UTF-8, 16 characters
    assert check_name(name) == name
    err = raises(DominoError, check_name, name + "é")
    assert "1 to 16 characters" in str(err)


def test_undrawable_characters_are_named_by_code_point():
    for name, code in (("Ana\U0001f600", "U+1F600"), ("\u202eabc", "U+202E"),
                       ("a\x01", "U+0001"), ("e\u0301", "U+0301"), ("a\u00adb", "U+00AD")):
        err = raises(DominoError, check_name, name)
        assert code in str(err), str(err)


def test_blank_and_non_text_names_are_refused():
    assert "spaces" in str(raises(DominoError, check_name, "   "))
    assert "text" in str(raises(DominoError, check_name, 7))
    assert "1 to 16" in str(raises(DominoError, check_name, ""))


def test_drawable_covers_printable_latin1_only():
    assert drawable("a") and drawable("ÿ") and drawable("€") and drawable("œ")
    assert not drawable("\x7f") and not drawable("\x9f") and not drawable("Ā")
