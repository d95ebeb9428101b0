# Every game's new-match form: the cursor on each row, every value of each house rule shown,
# then BACK to the game list. Prints RESULT JSON (each form's rows as the glass reads them);
# writes golden screens of two forms to OUT ("-": none).
#
#   micropython tests/firmware/mpy/app_rules_forms.py STORAGE OUT

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

storage, out = sys.argv[1], sys.argv[2]
out = None if out == "-" else out
op = d.Operator(storage, seed=2)
op.choose_label("New match")
keys = list(op.screen.keys)
forms = {}
for i, key in enumerate(keys):
    op.choose(i)
    form = op.screen
    rows = []
    for k, f in enumerate(form.fields):
        op.goto(k)
        if f.number is None:
            for _ in range(len(f.values)):  # every value once, back to the default
                rows.append(f.row_text())
                op.tap("OK")
        else:
            rows.append(f.row_text())
        if out and key in ("muggins", "texas") and k == 1:
            op.snap(out, "rules-" + key)
    forms[key] = {
        "rows": rows,
        "teams": form.field("teams").values,
        "back": None,
    }
    op.tap("BACK")
    forms[key]["back"] = [d.kind(op.screen), op.screen.cursor == i]
d.emit({"forms": forms, "errors": op.app.errors})
