# Run dual-interpreter core tests under MicroPython (the unix port), without pytest.
#
#   micropython -X heapsize=180K tests/mpy_run.py [--compiled DIR] tests/core/test_tiles.py [...]
#
# --compiled DIR puts mpy-cross output of the firmware (as deploy builds it) ahead of the
# sources, so the core under test is the bytecode the Pico runs, not compiled in the heap.
#
# Imports each module, calls every function named test_* (no arguments), prints each
# failure with its traceback, and ends with the line "N passed, N failed". The exit status
# is 1 if anything failed or a module could not be imported. Also runs on CPython.

import sys


def _parent(path):
    i = path.rfind("/")
    if i < 0:
        return "."
    return path[:i] if i else "/"


def _module_name(path):
    name = path[path.rfind("/") + 1 :]
    return name[:-3] if name.endswith(".py") else name


def _print_exception(exc):
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc)  # type: ignore[attr-defined]  # MicroPython
    else:
        import traceback  # pyright: ignore[reportMissingImports]  # CPython only

        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stdout)


def _set_path(root, compiled=None):
    # Only the project's own code: nothing from ~/.micropython/lib leaks into a test run.
    paths = [root + "/firmware", root + "/tests/core", root + "/build/mpy-lib"]
    if compiled:
        paths.insert(0, compiled)
    keep = [p for p in sys.path if p and not p.endswith("/.micropython/lib")]
    while sys.path:
        sys.path.pop()
    sys.path.extend(paths + keep)


def run_module(path):
    """Run one test module; return (passed, failed)."""
    name = _module_name(path)
    directory = _parent(path)
    if directory not in sys.path:
        sys.path.insert(0, directory)
    try:
        module = __import__(name)
    except Exception as exc:
        print("ERROR importing", path)
        _print_exception(exc)
        return 0, 1
    passed = failed = 0
    # Module dicts are unordered on MicroPython: sort for a stable, repeatable order.
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        fn = getattr(module, attr)
        if not callable(fn) or isinstance(fn, type):
            continue
        try:
            fn()
        except Exception as exc:
            failed += 1
            print("FAIL", name + "." + attr)
            _print_exception(exc)
        else:
            passed += 1
            print("ok  ", name + "." + attr)
    return passed, failed


def main(argv):
    if not argv:
        print("usage: micropython tests/mpy_run.py tests/core/test_*.py ...")
        return 2
    compiled = None
    if argv[0] == "--compiled":
        compiled, argv = argv[1], argv[2:]
    _set_path(_parent(_parent(sys.argv[0])), compiled)
    if compiled:
        import domino.match

        where = getattr(domino.match, "__file__", "")
        if not where.startswith(compiled):
            print("ERROR: domino.match came from %s, not from %s" % (where, compiled))
            print("0 passed, 1 failed")
            return 1
    passed = failed = 0
    for path in argv:
        p, f = run_module(path)
        passed += p
        failed += f
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def _absolute(path):
    if path.startswith("/"):
        return path
    import os

    return os.getcwd() + "/" + path


if __name__ == "__main__":
    sys.argv[0] = _absolute(sys.argv[0])
    sys.exit(main(sys.argv[1:]))
