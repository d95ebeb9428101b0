"""The device manifest (firmware/manifest.py) lists exactly what the Pico can import.

The imports are followed in the source, not by running it: from main.py through every
`import` statement wherever it stands (the app imports screens inside the functions that show
them), plus the games domino.registry loads by name from its table. A `sys.platform == "rp2"`
test is decided as on the Pico, so `boards.load()` reaches the Pico's board and not the
simulated one. Modules the firmware does not hold (micropython's `sys`, `machine`, ...) end
the walk; micropython-lib's drivers are the manifest's REQUIRE.
"""

import ast
import runpy
from pathlib import Path

from domino.registry import games
from dominoboard.deploy import precompile
from harness.pty_device import ROOT

FIRMWARE = ROOT / "firmware"
MPY_LIB = ROOT / "build" / "mpy-lib"
MANIFEST = runpy.run_path(str(FIRMWARE / "manifest.py"))


def source(name: str) -> Path | None:
    """The file a module name imports on the device, or None if the firmware has none."""
    for base in (FIRMWARE, MPY_LIB):
        path = base.joinpath(*name.split("."))
        if (path / "__init__.py").exists():
            return path / "__init__.py"
        if path.with_suffix(".py").exists():
            return path.with_suffix(".py")
    return None


def on_pico(test: ast.expr) -> bool | None:
    """True/False for `sys.platform == "rp2"` (or !=) as the Pico decides it, else None."""
    if (
        isinstance(test, ast.Compare)
        and ast.unparse(test.left) == "sys.platform"
        and len(test.ops) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and isinstance(test.ops[0], ast.Eq | ast.NotEq)
    ):
        equal = test.comparators[0].value == "rp2"
        return equal if isinstance(test.ops[0], ast.Eq) else not equal
    return None


def imported_names(tree: ast.Module, package: str) -> list[str]:
    """Every module name an import statement in `tree` may load, the package's parents too."""
    names: list[str] = []

    def block(statements: list[ast.stmt]) -> None:
        for statement in statements:
            decided = isinstance(statement, ast.If) and on_pico(statement.test)
            if isinstance(statement, ast.If) and decided is not None:
                taken = statement.body if decided else statement.orelse
                block(taken)
                if taken and isinstance(taken[-1], ast.Return | ast.Raise):
                    return  # the rest of this block never runs on the Pico
                continue
            node(statement)

    def node(tree: ast.AST) -> None:
        if isinstance(tree, ast.Import):
            names.extend(alias.name for alias in tree.names)
        elif isinstance(tree, ast.ImportFrom):
            base = tree.module or ""
            if tree.level:
                parent = package.rsplit(".", tree.level - 1)[0]
                base = parent + "." + base if base else parent
            names.append(base)
            names.extend(base + "." + alias.name for alias in tree.names)  # `from p import m`
        for value in ast.iter_fields(tree):
            field = value[1]
            if isinstance(field, list) and field and isinstance(field[0], ast.stmt):
                block(field)
            elif isinstance(field, list):
                for item in field:
                    if isinstance(item, ast.AST):
                        node(item)
            elif isinstance(field, ast.AST):
                node(field)

    block(tree.body)
    out = []
    for name in names:
        parts = name.split(".")
        out += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    return out


def lazy_names(tree: ast.Module, package: str) -> list[str]:
    """The modules a package's lazy name table loads (``LAZY = {"Name": "module"}`` in its
    __init__, as scoreboard/screens has it; or its languages, ``CODES = ("en", ...)`` in
    scoreboard/words): each is imported when its name is asked for."""
    out = []
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and any(
                isinstance(t, ast.Name) and t.id in ("LAZY", "CODES") for t in statement.targets
            )
            and isinstance(statement.value, (ast.Dict, ast.Tuple))
        ):
            values = (
                statement.value.values
                if isinstance(statement.value, ast.Dict)
                else statement.value.elts
            )
            for value in values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    out.append(package + "." + value.value)
    return out


def device_imports() -> set[Path]:
    """The files the device can import, main.py included."""
    todo = [("__main__", FIRMWARE / MANIFEST["MAIN"])]
    todo += [("domino." + module, source("domino." + module)) for _k, module, _c in games()]
    seen: set[Path] = set()
    while todo:
        name, path = todo.pop()
        assert path is not None, f"{name}: no such module in the firmware"
        if path in seen:
            continue
        seen.add(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text())
        lazy = lazy_names(tree, package) if path.name == "__init__.py" else []
        for imported in imported_names(tree, package) + lazy:
            found = source(imported)
            if found is not None and found not in seen:
                todo.append((imported, found))
    return seen


def listed() -> set[Path]:
    files = {FIRMWARE / MANIFEST["MAIN"]}
    files |= {FIRMWARE / module for module in MANIFEST["modules"]()}
    return files | {MPY_LIB / (name + ".py") for name in MANIFEST["REQUIRE"]}


def test_every_listed_module_exists():
    missing = [str(p.relative_to(ROOT)) for p in sorted(listed()) if not p.exists()]
    assert not missing, f"the manifest lists modules that do not exist: {missing}"


def test_the_manifest_lists_everything_the_device_imports_and_nothing_else():
    device, manifest = device_imports(), listed()
    assert not device - manifest, "the device imports these, add them to firmware/manifest.py: " + (
        ", ".join(str(p.relative_to(ROOT)) for p in sorted(device - manifest))
    )
    assert not manifest - device, "nothing on the device imports these: " + (
        ", ".join(str(p.relative_to(ROOT)) for p in sorted(manifest - device))
    )


def test_the_walk_follows_lazy_imports_and_the_pico_branch():
    """The walk itself: screens imported inside functions, the games by name, the Pico's
    board and its driver are reached; the simulated board is not."""
    device = {p.relative_to(ROOT).as_posix() for p in device_imports()}
    assert "firmware/scoreboard/screens/tiles.py" in device  # imported where it is shown
    assert "firmware/scoreboard/screens/match_menu.py" in device  # by name, from screens.LAZY
    assert "firmware/domino/texas.py" in device  # by name, from the registry's table
    assert {"firmware/boards/pico.py", "build/mpy-lib/ssd1306.py"} <= device
    assert "firmware/boards/sim.py" not in device and "firmware/boards/png.py" not in device


def test_deploy_precompiles_exactly_the_manifest(tmp_path):
    precompile(tmp_path)
    built = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    want = {module[: -len(".py")] + ".mpy" for module in MANIFEST["modules"]()}
    want |= {"lib/" + name + ".mpy" for name in MANIFEST["REQUIRE"]}
    assert built == want
    assert not any("fast" in name or "sim" in name for name in built)
