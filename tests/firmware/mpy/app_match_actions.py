# Matches -> one match -> Abandon / Delete, each asked twice naming the match, by presses only:
# abandoning records the ABANDONED note and keeps every event; deleting the match on the table
# takes it off the table first; a power cycle finds both done. Prints RESULT JSON.
#
#   micropython tests/firmware/mpy/app_match_actions.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

from domino.events import ABANDONED  # noqa: E402

storage = sys.argv[1]
r = {}
op = d.Operator(storage, seed=4)
op.new_match("muggins", 2)
op.new_match("bergen", 3)  # m0002 on the table, m0001 left
app = op.app
r["ids"] = app.store.list()
r["playing"] = app.match_id
first_events = app.store.count("m0001")


def open_matches():
    op.tap("BACK")  # the table's menu (or the start menu)
    op.choose_label("Matches")
    return list(op.screen.items)


def screen():
    s = op.screen
    return [d.kind(s), getattr(s, "heading", None), list(getattr(s, "items", []))]


rows = open_matches()
r["rows"] = rows
op.choose(rows.index(rows[1]))  # m0001, the older one
r["actions"] = screen()
op.choose_label("Abandon")
r["ask1"] = screen()
r["ask1_cursor"] = op.screen.cursor
op.choose_label("No")  # changed their mind: back to the match, nothing recorded
r["after_no"] = screen()
r["after_no_events"] = app.store.count("m0001") - first_events
op.choose_label("Abandon")
op.choose_label("Yes")
r["ask2"] = screen()
r["ask2_cursor"] = op.screen.cursor
op.choose_label("Yes")
r["abandoned_screen"] = screen()
r["abandoned_message"] = app.message[0] if app.message else None
lines = list(app.store.read("m0001"))
r["abandoned_last"] = lines[-1]
r["abandoned_kept"] = len(lines) == first_events + 1
r["table_kept"] = app.match_id

# delete the match on the table
rows = list(op.screen.items)
op.choose(0)  # m0002, newest first
op.choose_label("Delete")
r["del_ask1"] = screen()
op.choose_label("Yes")
r["del_ask2"] = screen()
op.choose_label("Yes")
r["deleted_screen"] = screen()
r["deleted_message"] = app.message[0] if app.message else None
r["left"] = app.store.list()
r["table_after"] = [app.match_id, app.match is None, app.settings["current"]]
op.tap("BACK")
r["home"] = screen()
r["errors"] = app.errors

op2 = d.Operator(storage, seed=5)  # power off and on
r["after_power"] = [d.kind(op2.screen), op2.app.match_id, op2.app.store.list()]
op2.new_match("muggins", 2)  # the next match: never the deleted one's id
r["next_id"] = op2.app.match_id
r["errors2"] = op2.app.errors
r["note"] = ABANDONED
d.emit(r)
