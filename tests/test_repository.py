"""The repository stands on its own: its docs point only inside it, the layers import downwards
only (docs/architecture.md), the license file says what pyproject.toml says, and examples/ is
what tools/make_examples.py writes."""

import ast
import importlib.util
import re
import runpy
import tomllib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READER_DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_docs_send_readers_nowhere_outside_the_repository():
    outside = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in READER_DOCS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "../shared" in line or re.search(r"\b00[0-4]_[0-9a-f]{16}\.txt\b", line)
    ]
    assert not outside, "\n".join(outside)


def test_architecture_page_exists_and_the_entry_pages_link_it():
    assert (ROOT / "docs" / "architecture.md").is_file()
    for page in ("README.md", "CONTRIBUTING.md"):
        assert "docs/architecture.md" in (ROOT / page).read_text(encoding="utf-8"), page


def test_license_file_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["license"]["text"] == "MIT"
    assert text.startswith("MIT License\n")
    assert "the domino scoreboard authors" in text


def imported_packages(path: Path) -> set[str]:
    """The top-level names a module imports, wherever the import statement is."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def layer_violations(folder: str, forbidden: set[str], allowed: dict[str, set[str]]) -> list[str]:
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = str(path.relative_to(ROOT))
        bad = imported_packages(path) & forbidden - allowed.get(name, set())
        found += [f"{name} imports {package}" for package in sorted(bad)]
    return found


def test_the_rules_core_imports_no_app_board_host_or_hardware():
    forbidden = {"scoreboard", "boards", "dominoboard", "machine", "framebuf", "ssd1306"}
    assert layer_violations("firmware/domino", forbidden, {}) == []


def test_the_firmware_never_imports_the_host():
    assert layer_violations("firmware", {"dominoboard"}, {}) == []


def imported_modules(path: Path) -> set[str]:
    """The dotted names a module imports (``from a import b``: a.b), wherever the import is."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.update(node.module + "." + alias.name for alias in node.names)
    return names


def test_the_app_reaches_hardware_only_through_the_board_object():
    # The one exception: the link reads the Pico's unique id for `hello`. The pin map
    # (boards/pins.py, plain numbers and names) is read by the buttons, keypad and app too.
    allowed = {"firmware/scoreboard/link.py": {"machine"}}
    forbidden = {"machine", "ssd1306"}
    assert layer_violations("firmware/scoreboard", forbidden, allowed) == []
    found = []
    for path in sorted((ROOT / "firmware" / "scoreboard").glob("*.py")):
        for name in sorted(imported_modules(path)):
            if name.split(".")[0] == "boards" and not name.startswith("boards.pins"):
                found.append(f"{path.name} imports {name}")
    assert found == []


def test_the_boards_import_nothing_from_the_app():
    # The pin map lives with the boards (boards/pins.py), and so do the decoders of the
    # encoder's and the keypad's pins (boards.encoder, boards.keypad) the boards build.
    found = []
    for path in sorted((ROOT / "firmware" / "boards").glob("*.py")):
        for name in sorted(imported_modules(path)):
            if name.split(".")[0] == "scoreboard":
                found.append(f"boards/{path.name} imports {name}")
    assert found == []
    assert not (ROOT / "firmware" / "scoreboard" / "pins.py").exists()  # one pin map


def lifetimes() -> dict:
    import runpy

    return runpy.run_path(str(ROOT / "firmware" / "scoreboard" / "lifetimes.py"))


def test_every_device_module_is_declared_always_loaded_or_on_demand():
    import runpy
    import sys

    manifest = runpy.run_path(str(ROOT / "firmware" / "manifest.py"))
    listed = {m[: -len(".py")].replace("/", ".") for m in manifest["modules"]()}
    listed = {m[: -len(".__init__")] if m.endswith(".__init__") else m for m in listed}
    listed |= set(manifest["REQUIRE"])
    sys.path.insert(0, str(ROOT / "firmware"))
    try:
        from domino import registry  # the games: loaded by name, one at a time
    finally:
        sys.path.remove(str(ROOT / "firmware"))
    table = lifetimes()
    demand = [name for name, _when in table["ON_DEMAND"]]
    declared = list(table["ALWAYS"]) + demand + list(registry.MODULES)
    assert len(declared) == len(set(declared)), "a module declared twice"
    assert sorted(listed - set(declared)) == [], "listed in manifest.py, not in lifetimes.py"
    assert sorted(set(declared) - listed) == [], "declared in lifetimes.py, not on the device"


def test_the_setup_drops_what_the_old_list_of_play_modules_dropped():
    # App.unload_play dropped these ten before the table was declared: the same code now,
    # under its new names. The screens moved into scoreboard/screens (screens → common, and
    # home, which its caller drops; picks → tiles; hand_end → tally and result; screens_games
    # → moves and extras, the rest in the one table, tally and menus; the layouts' text from
    # plays → views, a package of one view per layout kind), so the list is longer.
    table = lifetimes()
    setup = {name for name, when in table["ON_DEMAND"] if when & table["SETUP"]}
    play = "pips plays views"
    screens = "common home match_menu entry extras moves tiles tally result table pad"
    views = "base line trains hub pile wall"
    assert setup == (
        {"scoreboard." + name for name in play.split()}
        | {"scoreboard.screens." + name for name in screens.split()}
        | {"scoreboard.views." + name for name in views.split()}
    )


def test_the_layer_check_sees_an_import_inside_a_function(tmp_path):
    # Lazy imports are the norm on the device: the check must not miss them.
    module = tmp_path / "lazy.py"
    module.write_text("def f():\n    import machine\n    from boards.pico import PicoBoard\n")
    assert imported_packages(module) == {"machine", "boards"}


def test_the_examples_are_what_tools_make_examples_writes(tmp_path, capsys):
    # examples/*.jsonl are seeded matches played through the rules core; a change to the core
    # or to the tool that alters them must come with the regenerated files
    # (`python tools/make_examples.py`), or the committed ones would no longer be reproducible.
    tool_path = ROOT / "tools" / "make_examples.py"
    spec = importlib.util.spec_from_file_location("make_examples", tool_path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.main(tmp_path)
    capsys.readouterr()  # the tool's one line per file
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(p.name for p in (ROOT / "examples").glob("*.jsonl"))
    stale = [
        name
        for name in written
        if (tmp_path / name).read_bytes() != (ROOT / "examples" / name).read_bytes()
    ]
    assert not stale, f"examples/{stale} differ from the tool's output: run tools/make_examples.py"


def test_the_figures_page_is_what_tools_make_figures_writes():
    # docs/figures.md carries bench/results/ whole: a bench run (or a results file changed by
    # hand) must come with the page regenerated, or the docs would quote other figures
    tool_path = ROOT / "tools" / "make_figures.py"
    spec = importlib.util.spec_from_file_location("make_figures", tool_path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = (ROOT / "docs" / "figures.md").read_text(encoding="utf-8")
    assert page == tool.page(), "docs/figures.md is stale: run python tools/make_figures.py"


# --- the device app's shape (docs/architecture.md, "The device app") ------------------------

FIRMWARE = ROOT / "firmware"
# What a layout calls its kind (domino.layouts and the games' own layouts): the screens choose a
# view from the layout's kind in one table, never by comparing it.
LAYOUT_KINDS = {"layout", "line", "spinner", "hub", "trains", "pile", "wall"}
# Game keys that are also words of the events and actions ("draw", "pass"): compared against
# an action's kind they are no game key, so only a comparison that mentions a game counts.
EVENT_WORDS = {"draw", "block", "pass"}


def firmware_modules(top: Path = FIRMWARE) -> dict[str, Path]:
    """Every module under ``top`` (firmware/ unless told), by its dotted name (a package by its
    own)."""
    found = {}
    for path in sorted(top.rglob("*.py")):
        parts = list(path.relative_to(top).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            found[".".join(parts)] = path
    return found


def module_imports(name: str, path: Path, known) -> set[str]:
    """The firmware modules ``name`` imports, at the top or inside a function, relative or not;
    a package's lazy name table (``LAZY = {"Name": "module"}``) counts as importing each."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + [base] * bool(base))
            for alias in node.names:
                full = base + "." + alias.name
                found.add(full if full in known else base)
        elif isinstance(node, ast.Assign) and path.name == "__init__.py":
            targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if targets == ["LAZY"] and isinstance(node.value, ast.Dict):
                found.update(name + "." + ast.literal_eval(v) for v in node.value.values if v)
    return (found & set(known)) - {name}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while not group or group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def private_reaches(source: str) -> list[str]:
    """``other._name`` and ``from m import _name``: a module using what another keeps private
    (``self._name`` and ``cls._name`` are a class's own)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [a.name for a in node.names if a.name[:1] == "_" and a.name[:2] != "__"]
        elif isinstance(node, ast.Attribute) and node.attr[:1] == "_" and node.attr[:2] != "__":
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = node.args
            if node.func.id in ("getattr", "hasattr", "setattr") and len(args) > 1:
                if isinstance(args[1], ast.Constant) and str(args[1].value)[:1] == "_":
                    found.append(ast.unparse(node))
    return found


def literal_strings(node) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for element in node.elts for s in literal_strings(element)]
    return []


def choices_by_name(source: str, game_keys: set[str]) -> list[str]:
    """Behaviour chosen by a game's key or a layout's kind: a comparison with one, a key's
    prefix tested, a list of game keys."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            text = ast.unparse(node)
            names = "key" in text or "game" in text
            for side in [node.left, *node.comparators]:
                for s in literal_strings(side):
                    if s in LAYOUT_KINDS or (s in game_keys and (s not in EVENT_WORDS or names)):
                        found.append(text)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "startswith" and "key" in ast.unparse(node.func.value):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.Assign):
            words = literal_strings(node.value)
            if len(words) > 1 and set(words) <= game_keys:
                found.append(ast.unparse(node))
    return found


def game_keys() -> set[str]:
    import sys

    sys.path.insert(0, str(FIRMWARE))
    try:
        from domino import registry
    finally:
        sys.path.remove(str(FIRMWARE))
    return set(registry.keys())


def test_the_firmware_has_no_import_cycle():
    known = firmware_modules()
    graph = {name: module_imports(name, path, known) for name, path in known.items()}
    assert import_cycles(graph) == []


def top_level_names(tree: ast.Module) -> set[str]:
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def lazy_tables() -> dict[Path, dict[str, str]]:
    """Each package's lazy name table (``LAZY`` in its ``__init__``): name -> module."""
    found = {}
    for init in sorted(FIRMWARE.rglob("__init__.py")):
        for node in ast.parse(init.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "LAZY":
                found[init.parent] = ast.literal_eval(node.value)
    return found


def test_a_lazy_table_names_what_its_modules_define():
    tables = lazy_tables()
    assert FIRMWARE / "scoreboard" / "screens" in tables  # the screens' table
    for package, table in tables.items():
        for name, module in table.items():
            tree = ast.parse((package / (module + ".py")).read_text(encoding="utf-8"))
            assert name in top_level_names(tree), f"{package.name}.{module} has no {name}"


def test_no_firmware_module_reaches_into_another():
    found = [
        f"{path.relative_to(ROOT)}: {reach}"
        for path in sorted(FIRMWARE.rglob("*.py"))
        for reach in private_reaches(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_app_never_chooses_by_game_key_or_layout_kind():
    keys = game_keys()
    found = [
        f"{path.relative_to(ROOT)}: {choice}"
        for path in sorted((FIRMWARE / "scoreboard").rglob("*.py"))
        for choice in choices_by_name(path.read_text(encoding="utf-8"), keys)
    ]
    assert found == []


def override_probes(source: str) -> list[str]:
    """``type(g).hook is Game.hook``: the app asking whether a game overrides a hook of the
    core's, where the game declares a flag (``Game.scores_in_play``, ``Game.owes_draws``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and {type(op) for op in node.ops} & {ast.Is, ast.IsNot}:
            sides = [node.left, *node.comparators]
            if any(ast.unparse(side).startswith("Game.") for side in sides):
                found.append(ast.unparse(node))
    return found


def test_the_app_reads_declared_flags_not_overridden_hooks():
    found = [
        f"{path.relative_to(ROOT)}: {probe}"
        for path in sorted((FIRMWARE / "scoreboard").rglob("*.py"))
        for probe in override_probes(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# --- the harness's home (docs/development.md, "Tests") -----------------------------------------


def path_edits_into_tests(source: str) -> list[str]:
    """A ``sys.path`` edit that names the tests' folder, directly or through a module-level
    name built from it: a bench reaching into tests/ instead of importing harness/."""
    tree = ast.parse(source)
    names = {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign) and "tests" in literal_words(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        edits = isinstance(node, (ast.Expr, ast.Assign, ast.AugAssign))
        if edits and "sys.path" in ast.unparse(node):
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            if "tests" in literal_words(node) or used & names:
                found.append(ast.unparse(node))
    return found


def literal_words(node) -> set[str]:
    """The path parts its string constants name ("tests/firmware/mpy": tests, firmware, mpy)."""
    return {
        part
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
        for part in n.value.split("/")
    }


def test_no_bench_puts_the_tests_on_its_path():
    found = [
        f"{path.relative_to(ROOT)}: {edit}"
        for path in sorted((ROOT / "bench").glob("*.py"))
        for edit in path_edits_into_tests(path.read_text(encoding="utf-8"))
    ]
    assert found == []


# --- the host's shape (docs/architecture.md, "Adding a host command") ------------------------

HOST = ROOT / "host"


def test_the_host_has_no_import_cycle():
    # The command table (cli.py) imports the commands by name; they import the options they
    # share (options.py), never the table; the follow engine (follow.py) is below `live`.
    known = firmware_modules(HOST)
    assert "dominoboard.options" in known and "dominoboard.follow" in known
    graph = {name: module_imports(name, path, known) for name, path in known.items()}
    assert import_cycles(graph) == []


def private_names(source: str) -> set[str]:
    """The ``_names`` a module defines: functions, classes, methods, attributes it assigns."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
            found.add(node.id if isinstance(node, ast.Name) else node.attr)
    return {name for name in found if name[:1] == "_" and name[:2] != "__"}


def cross_module_reaches(sources: dict[str, str]) -> list[str]:
    """A module using a ``_name`` another of these modules defines and it does not: a reach
    into another's privates (a class's own, ``self._x`` or ``other._x`` of its kind, is its
    module's own; the standard library's, as ``argparse._SubParsersAction``, is not ours)."""
    defined = {name: private_names(source) for name, source in sources.items()}
    found = []
    for name, source in sources.items():
        others = set().union(*(d for other, d in defined.items() if other != name))
        for reach in private_reaches(source):
            private = reach.rpartition(".")[2].partition("(")[0]
            if private in others - defined[name]:
                found.append(f"{name}: {reach}")
    return found


def test_no_host_module_reaches_into_another():
    known = firmware_modules(HOST)
    sources = {name: path.read_text(encoding="utf-8") for name, path in known.items()}
    assert cross_module_reaches(sources) == []


def test_the_shape_checks_see_what_they_forbid():
    # each check fails on the thing it forbids, so a green run means something
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_cycles({"a": {"b"}, "b": set()}) == []
    assert private_reaches("store._path('x')\nself._x = 1\n") == ["store._path"]
    assert private_reaches("from scoreboard.store import _admin\n") == ["_admin"]
    db = "class Database:\n    def _error(self): pass\n"
    assert cross_module_reaches({"db": db, "sync": "db._error()\n"}) == ["sync: db._error"]
    assert cross_module_reaches({"db": db, "sync": "from .db import _error\n"}) != []
    assert cross_module_reaches({"db": db + "    def same(self, o): o._error()\n"}) == []
    keys = {"italian", "draw"}
    assert choices_by_name("if lay.kind == 'pile': pass\n", keys) == ["lay.kind == 'pile'"]
    assert choices_by_name("if m.game.key == 'italian': pass\n", keys) != []
    assert choices_by_name("if kind == 'draw': pass\n", keys) == []  # an action's kind
    assert choices_by_name("if g.key.startswith('berg'): pass\n", keys) != []
    assert choices_by_name("OWN = ('italian', 'draw')\n", keys) != []
    probe = "scores = type(g).play_points is not Game.play_points\n"
    assert override_probes(probe) == ["type(g).play_points is not Game.play_points"]
    assert override_probes("if g.base is not None: pass\n") == []
    assert override_probes("if type(g).owing is Game.owing: pass\n") != []
    assert path_edits_into_tests('sys.path[:0] = ["firmware", "tests/firmware/mpy"]\n') != []
    tests = 'TESTS = ROOT / "tests"\nsys.path.insert(0, str(TESTS / "host"))\n'
    assert path_edits_into_tests(tests) != []
    assert path_edits_into_tests('sys.path[:0] = ["firmware", "harness"]\n') == []


# Where the words a screen shows are written: every one comes from scoreboard.words (the
# chosen language's module), never a literal in the code that draws it.
SHOWN = ["scoreboard/screens", "scoreboard/views", "scoreboard/rule_words.py",
         "scoreboard/pips.py", "scoreboard/numbers.py", "scoreboard/plays.py"]  # fmt: skip
# prose: two words, a capitalised word ("Pass") or a word beside a value ("%s claims %d"); a
# key or an action's kind is one lowercase word ("pass"), a tile or a format has no word at all
# ("%d-%d", "H%d")
PROSE = re.compile(
    r"[A-Za-z]{2,}[^A-Za-z%_.]+[A-Za-z]{2,}|^[A-Z][a-z]{2,}|%[sd][^%]*[a-z]{3,}|[a-z]{3,} ?%[sd]"
)


def english_literals(source: str, names: Iterable[str] = ()) -> list[str]:
    """The string literals of ``source`` that read as prose: not a docstring, an annotation,
    a developer's exception (``raise``) or one of ``names`` (the screens' names)."""
    tree = ast.parse(source)
    skip = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Raise) and node.exc is not None:
            skip.update(id(n) for n in ast.walk(node.exc))
        if isinstance(node, ast.FunctionDef) and node.returns is not None:
            skip.update(id(n) for n in ast.walk(node.returns))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and node.value not in names
        and PROSE.search(node.value)
    ]


def test_screens_and_views_show_no_literal_english():
    screens = runpy.run_path(str(FIRMWARE / "scoreboard" / "screens" / "__init__.py"))
    names = frozenset(screens["LAZY"]) | {"scoreboard.screens.tiles"}
    paths = []
    for where in SHOWN:
        path = FIRMWARE / where
        paths += sorted(path.glob("*.py")) if path.is_dir() else [path]
    found = [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in paths
        for text in english_literals(path.read_text(encoding="utf-8"), names)
    ]
    assert found == []


def test_the_english_check_sees_english():
    assert english_literals('row(fb, 1, "table empty")\n') == ["table empty"]
    assert english_literals('x = "Pass"\n') == ["Pass"]
    assert english_literals('x = "%s drew %d" % (a, b)\n') == ["%s drew %d"]
    assert english_literals('x = "%s claims %d" % (a, b)\n') == ["%s claims %d"]
    assert english_literals('if kind == "pass": x = "%d-%d" % t\n') == []
    assert english_literals('raise KeyError("no field %r" % k)\n') == []
    assert english_literals('app.open("MatchMenu")\n', {"MatchMenu"}) == []


# --- tests wait on a link for an event (docs/development.md, "Waiting in a test") -----------


def impatient_links(source: str) -> list[str]:
    """Where ``source`` opens a link on the default 3 s of silence: a ``DeviceLink`` without
    a timeout, or a command's ``--port`` device without a ``--timeout`` beside it (a literal
    port is one no link opens: /dev/null, a missing node)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            named = node.func.id if isinstance(node.func, ast.Name) else ""
            given = len(node.args) > 1 or any(k.arg == "timeout" for k in node.keywords)
            if named == "DeviceLink" and not given:
                found.append(f"line {node.lineno}: DeviceLink without a timeout")
            items = node.args
        elif isinstance(node, ast.List):
            items = node.elts
        else:
            continue
        words = [i.value if isinstance(i, ast.Constant) else None for i in items]
        for k, word in enumerate(words[:-1]):
            port = items[k + 1]
            if word == "--port" and "--timeout" not in words and not isinstance(port, ast.Constant):
                found.append(f"line {node.lineno}: --port without --timeout")
    return found


def test_every_test_link_waits_for_the_failure_guard():
    found = [
        f"{path.relative_to(ROOT)}: {where}"
        for folder in ("host", "firmware")
        for path in sorted((ROOT / "tests" / folder).glob("test_*.py"))
        for where in impatient_links(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "open it with patient_link(port), give a command *port_args(port)"


def test_the_patience_check_sees_an_impatient_link():
    assert impatient_links(
        'DeviceLink(p)\nDeviceLink(p, timeout=1)\nmain(["sync", "--port", p])\n'
        'cli("names", "--port", p, "--timeout", "9")\nmain(["sync", "--port", "/dev/null"])\n'
        "main([*port_args(p)])\n"
    ) == ["line 1: DeviceLink without a timeout", "line 3: --port without --timeout"]
