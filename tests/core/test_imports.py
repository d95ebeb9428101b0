# The rules core's modules import one another without a cycle, counting the imports made inside
# functions (the ones loaded on demand): each module can be read, loaded and dropped on its own.
import os

HERE = __file__[: __file__.rfind("/")] if "/" in __file__ else "."
CORE = HERE + "/../../firmware/domino"


def imported(path):
    """The core modules a source file imports, anywhere in it: ``from .x import``,
    ``from . import x``, ``from domino.x import`` and ``import domino.x``."""
    out = []
    with open(path) as f:
        for line in f:
            words = line.strip().split()
            if len(words) < 2 or words[0] not in ("from", "import"):
                continue
            where = words[1]
            if where == "." and len(words) > 3:
                names = [w.strip(",()") for w in words[3:]]
            elif where.startswith("."):
                names = [where[1:]]
            elif where.startswith("domino."):
                names = [where[7:]]
            else:
                continue
            for n in names:
                if n and n not in out:
                    out.append(n)
    return out


def graph():
    g = {}
    for f in os.listdir(CORE):
        if f.endswith(".py"):
            g[f[:-3]] = imported(CORE + "/" + f)
    return g


def cycle(g):
    """A cycle of the graph as a list of modules (the first repeated last), or None."""
    state = {}  # module -> 1 on the current path, 2 done

    def visit(m, path):
        state[m] = 1
        path.append(m)
        for n in g.get(m, ()):
            if state.get(n) == 1:
                return path[path.index(n) :] + [n]
            if n not in state:
                found = visit(n, path)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(g):
        if m not in state:
            found = visit(m, [])
            if found:
                return found
    return None


def test_the_core_imports_no_module_that_imports_it_back():
    g = graph()
    assert "match" in g and "ending" in g["match"] and "corrections" in g["match"]
    assert cycle(g) is None, cycle(g)


def test_a_cycle_is_found():
    assert cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert cycle({"a": ["b"], "b": []}) is None
