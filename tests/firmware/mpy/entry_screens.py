# The screens of the predictable play entry, by presses on the simulated board: Doble 12's lead
# (who leads, then the doubles a group of 3 first) and Mexican Train's station and own train
# (its tiles in pip order, a group of 3 first). Snapshots go to OUT for the goldens.
# Prints a RESULT line (JSON) for tests/firmware/test_presses.py.
#
#   micropython tests/firmware/mpy/entry_screens.py STORAGE OUT

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

storage, out = sys.argv[1], sys.argv[2]
seen = []


def snap_until_played(op, name, pick):
    """Snap each screen after OK on the table's entry until the play is recorded; ``pick``
    says which item to choose on each (by the screen's items)."""
    m = op.match()
    before = len(m.log)
    k = 0
    while len(m.log) == before and k < 6:
        s = op.screen
        k += 1
        op.snap(out, "%s-%d" % (name, k))
        seen.append([name, k, d.kind(s), list(s.items), s.cursor])
        try:
            op.choose(pick(s))
        except ValueError:
            raise d.Stuck("%r" % seen)
    return k


# Doble 12: the tiles decide who leads (a double): who, then the 13 doubles in groups of 3.
op = d.Operator(storage + "/a", seed=3)
op.new_match("doble12", 2)
session = d.Session(op, seed=3)
session.table_action("lead")


def lead_4_4(s):
    if d.kind(s).endswith("Leader"):
        return 0
    k = [c.tile for c in s.choices].index((4, 4))
    return k // 3 if d.kind(s) == "Groups" else k


snap_until_played(op, "entry-doble12-lead", lead_4_4)
lead = op.match().log[-1]

# Mexican Train: the station's holder opens, then his own train (12 tiles fit): in groups.
op = d.Operator(storage + "/b", seed=4)
op.new_match("mexican", 4)
session = d.Session(op, seed=4)
session.table_action("lead")


def station(s):
    if d.kind(s).endswith("Leader"):
        return 0
    if d.kind(s) == "HighHalf":
        return s.index_of(12)
    return [c.tile for c in s.choices].index((12, 12))


snap_until_played(op, "entry-mexican-lead", station)
m = op.match()
table = op.screen
if table.seen_log != len(m.log):
    table.refresh(op.app)
ends = [a for a in table.actions if a[0] == "end"]
session.table_action("end", ends[0][1])


def tile_12_5(s):
    k = [c.tile for c in s.choices].index((12, 5))
    return k // 3 if d.kind(s) == "Groups" else k


snap_until_played(op, "entry-mexican-train", tile_12_5)
d.emit({"lead": lead, "train": op.match().log[-1], "seen": seen, "errors": op.app.errors})
