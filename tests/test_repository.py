"""The repository stands on its own: its docs point only inside it, the layers import downwards
only (docs/architecture.md), the license file says what pyproject.toml says, and examples/ is
what tools/make_examples.py writes."""

import ast
import importlib.util
import re
import tomllib
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
    # plays → views), so the list is longer.
    table = lifetimes()
    setup = {name for name, when in table["ON_DEMAND"] if when & table["SETUP"]}
    play = "pips plays views"
    screens = "common match_menu entry extras moves tiles tally result table pad"
    assert setup == {"scoreboard." + name for name in play.split()} | {
        "scoreboard.screens." + name for name in screens.split()
    }


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
