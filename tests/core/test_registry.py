# The registry: every game by key, its title read without loading its rules. In a module of its
# own, so that on MicroPython (tests/mpy_run.py, 180K heap) loading each game's rules in turn
# starts from a heap the other core tests have not filled with their matches and names.


def each_game():
    """(key, title, class) of every game, one game's rules in the heap at a time, as on the
    device."""
    import gc
    import sys

    from domino import registry

    loaded = list(sys.modules)
    for key, title in list(registry.titles()):
        game = registry.game_class(key)
        yield key, title, game
        del game
        for name in list(sys.modules):
            if name not in loaded:
                del sys.modules[name]
                package, _, attr = name.rpartition(".")
                if package in sys.modules and hasattr(sys.modules[package], attr):
                    delattr(sys.modules[package], attr)
        gc.collect()


def test_registry_modules_are_the_tables():
    """MODULES (what the device looks up to drop other games' rules) names every module of
    the table once, and nothing else."""
    from domino import registry

    table = []
    for _key, module, _cls in registry.games():
        if "domino." + module not in table:
            table.append("domino." + module)
    assert sorted(registry.MODULES) == sorted(table)
    assert len(set(registry.MODULES)) == len(registry.MODULES)


def test_registry_titles_are_the_games_own():
    """The device's game menu reads titles from the registry, without importing the rules."""
    from domino import registry

    titles = list(registry.titles())
    assert [k for k, _t in titles] == registry.keys() and len(titles) == 30
    for key, title, game in each_game():
        assert game.key == key and game.title == title, key


def test_each_game_declares_its_way_of_keeping_a_hand_as_data():
    """Game.way, beside tally_fields: a score pad where only the tallies at the end score,
    tracked where plays score from the layout; the device reads it, never a game's key."""
    ways = ("tracked", "pad")
    declared = {}
    for key, _title, game in each_game():
        assert game.way in ways, key
        assert isinstance(game.points_unit, int) and game.points_unit >= 1, key
        declared[key] = (game.way, game.points_unit)
    for key in ("muggins", "allfives"):
        assert declared[key] == ("tracked", 5), key  # the counts, in fives
    for key in ("bergen", "bergen-schmidt", "italian"):
        assert declared[key] == ("tracked", 1), key  # headers, milestones: from the layout
    for key in ("mexican", "cardinal", "doble12", "super", "doble15", "block", "draw"):
        assert declared[key][0] == "pad", key  # only the tallies at the end score
