# Tiles and sets: parsing, pips, doubles, set sizes.
from check import raises
from domino.errors import DominoError
from domino.tiles import SET_SIZES, full_set, is_double, name, parse, pips, set_pips


def test_set_sizes_match_the_booklets():
    # 000: double-six, -nine, -twelve, -fifteen; 001: "136 fichas"; 002: "91 fichas"
    for top, size in ((6, 28), (9, 55), (12, 91), (15, 136)):
        assert SET_SIZES[top] == size
        tiles = full_set(top)
        assert len(tiles) == size
        assert len(set(tiles)) == size


def test_set_pips_is_the_sum_of_every_tile():
    for top in (6, 9, 12, 15):
        assert set_pips(top) == sum(pips(t) for t in full_set(top))
    assert set_pips(6) == 168


def test_parse_accepts_the_usual_spellings():
    for text in ("6-4", "4-6", "6:4", "[6|4]", " [4|6] ", "6/4", (4, 6), [6, 4]):
        assert parse(text) == (6, 4)
    assert parse("12-12", 12) == (12, 12)
    assert name(parse("0:3")) == "3-0"


def test_parse_rejects_with_a_message_naming_the_value():
    err = raises(DominoError, parse, "7-9", 6)
    assert "7-9" in str(err) and "0..6" in str(err)
    err = raises(DominoError, parse, "six-four")
    assert "six-four" in str(err) and "6-4" in str(err)
    raises(DominoError, parse, "6-4-2")
    raises(DominoError, parse, "-1-3")
    raises(DominoError, parse, (1, 2, 3))
    raises(DominoError, parse, "16-0", 15)


def test_doubles_and_pips():
    assert is_double((5, 5)) and not is_double((5, 4))
    assert pips((15, 15)) == 30


def test_unknown_set_is_rejected():
    err = raises(DominoError, full_set, 8)
    assert "double-8" in str(err) and "double-6" in str(err)


def test_tileset_holds_every_tile_of_the_biggest_set():
    from domino.tiles import TileSet, index

    tiles = full_set(15)
    assert sorted(index(t) for t in tiles) == list(range(136))
    ts = TileSet(tiles[::3])
    assert len(ts) == len(tiles[::3])
    assert sorted(ts) == sorted(tiles[::3])
    assert (15, 15) in ts and (15, 14) not in ts
    ts.add((15, 15))
    assert len(ts) == len(tiles[::3])
