# The registry: every game by key, its title read without loading its rules. In a module of its
# own, so that on MicroPython (tests/mpy_run.py, 180K heap) loading each game's rules in turn
# starts from a heap the other core tests have not filled with their matches and names.


def test_registry_titles_are_the_games_own():
    """The device's game menu reads titles from the registry, without importing the rules."""
    import gc
    import sys

    from domino import registry

    titles = list(registry.titles())
    assert [k for k, _t in titles] == registry.keys() and len(titles) == 30
    loaded = list(sys.modules)
    for key, title in titles:
        game = registry.game_class(key)
        assert game.key == key and game.title == title, key
        for name in list(sys.modules):  # one game's rules at a time, as on the device
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
