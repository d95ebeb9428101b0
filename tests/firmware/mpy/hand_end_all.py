# Every game and house-rule combination the setup menu offers, each hand led and then ended by
# button presses with nothing else recorded: the lead, then the match menu > End the hand >
# Blocked (or a player went out) > the tally the game declares (Game.tally_fields) > Score the
# hand. Games scored from the outcome (Game.entry) have no lead and no tally: their entry is
# tests/firmware/mpy/games_outcome.py's. Prints a RESULT line (JSON) for
# tests/firmware/test_hand_end_ui.py.
#
#   micropython tests/firmware/mpy/hand_end_all.py STORAGE GAME [GAME ...]

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
import mpy_games_driver as g  # noqa: E402

from domino import DominoError, registry  # noqa: E402
from domino.tiles import full_set  # noqa: E402

NAMES = ["Ana", "Ben", "Cai", "Dee", "Eve", "Fay", "Gil", "Hal", "Ivo", "Jo"]
# Answers the rules accept, cheap to enter: the pips are the least the seats can hold together
# (Match.end_bounds: the lightest tiles off the table dealt out in seat order); the first player
# asked holds a double and 0-0, 1 pip without doubles (0 if he holds 0 pips). What is tested
# is that the form asks all the core needs to score the hand, whatever the hands.
ANSWERS = {"d": (1, 0), "w": (1, 1), "z": (1, 0)}


def combinations(op, cls):
    """Every combination of the house-rule values the setup form offers, for the fewest players
    it offers; combinations that make the same game (``top`` std is the game's own set) once.
    Returns (combinations, players, the setup's refusals)."""
    from scoreboard.screens.menus import SetupForm

    form = SetupForm(op.app, cls)
    n = form.field("players").value()
    combos = [{}]
    for f in form.fields:
        if f.key[:2] != "o:":
            continue
        grown = []
        for c in combos:
            for v in f.values:
                c2 = dict(c)
                if v is not None:
                    c2[f.key[2:]] = v
                grown.append(c2)
        combos = grown
    games = {}
    refused = []
    for opts in combos:
        try:
            game = registry.create(cls.key, opts, n)
        except DominoError as e:
            refused.append([cls.key, opts, str(e)])
            continue
        rules = [kv for kv in game.opts.items() if kv[0] != "top"]
        same = repr(sorted(rules)) + repr(game.top)  # top std: the game's own set
        if same not in games:
            games[same] = opts
    return list(games.values()), n, refused


def lead(op, seed):
    """Deal real tiles and lay the hand's first tile by presses (the draws or passes of a
    player without a double before it); the device records owed draws itself."""
    session = g.Layout(op, seed=seed)
    table = d.Table(op.match(), seed)
    m = op.match()
    for _ in range(50):
        table.deal()
        if m.hand.turn is not None or session.leader(table) is not None:
            if session.can_lead(table):
                break  # else nobody can lead (the station double is not dealt): deal again
    while m.hand.layout.is_empty():
        session.opening(table)


def least_pips(m, out):
    """Pips per seat the core accepts for this end: each seat's share, in seat order, of the
    lightest tiles off the table, as many as ``Match.end_bounds`` says it holds at least, or,
    where the tally asks the tiles left (``n``, kept as the record counts them, as the Tally
    fills it in), that many: an entered count bounds the pips."""
    hand = m.hand
    w = sorted(t[0] + t[1] for t in full_set(m.game.top) if t not in hand.seen)
    counted = "n" in m.game.tally_fields(hand, out is None)
    pips, k = [], 0
    for p, (lo, hi, _least, _most) in enumerate(m.end_bounds(out)):
        if counted and p != out:
            lo = max(lo, min(hi, hand.counts[p]))
        pips.append(sum(w[k : k + lo]))
        k += lo
    return pips


def claimable(op, out):
    """Keep the lead when the core accepts this end of a hand followed tile by tile
    (``Match.outs``, ``may_block``): else UNDO back to a hand with nothing laid, whose end is
    the table's word."""
    m = op.match()
    while m.hand.played and not (m.may_block() if out is None else out in m.outs()):
        op.tap("UNDO")


def end_by_buttons(op, out):
    """Match menu > End the hand > Blocked or "<name> went out" > the tally > Score."""
    m = op.match()
    claimable(op, out)
    pips = least_pips(m, out)
    op.tap("BACK")  # the table's BACK opens the match menu
    op.choose_label("End the hand")
    records = len(m.records)
    op.choose_label("Blocked" if out is None else "%s went out" % m.players[out])
    last = None
    if d.shows(op.screen, "LastTile"):  # Game.asks_last: Peruvian blocked with nothing laid
        last = len(m.players) - 1
        op.choose_label(m.players[last])
    s = op.screen
    if len(m.records) == records + 1:
        return ()  # nothing to ask (a Bergen domino): scored once the end was chosen
    if not d.shows(s, "Tally"):
        raise d.Stuck("expected the tally, got %r (%r)" % (s, op.app.message))
    first = None
    while s.cursor < len(s.rows()):  # the rows the game asks for, as they come
        p, key, num = s.rows()[s.cursor]
        if first is None:
            first = p
        if key == "p":
            op.set_number(num, pips[p])
        elif key != "n":  # the tiles left stay as the record counts them
            answer = ANSWERS[key][p != first]
            op.set_number(num, min(answer, pips[p]) if key == "w" else answer)
        op.tap("OK")
    op.tap("OK")  # Score the hand
    if len(m.records) != records + 1:
        raise d.Stuck("refused: %s" % (op.app.message[0] if op.app.message else "?"))
    said = m.log[m.records[-1].end].get("last")
    if said != last:
        raise d.Stuck("the hand's end says last=%r, not %r" % (said, last))
    return s.need + (("last",) if last is not None else ())


def main(storage, keys):
    op = d.Operator(storage, seed=1, step_ms=10, hold_ms=30, gap_ms=30)
    done = []
    refused = []  # combinations the setup itself refuses (the core's message)
    failed = []
    asked = {}
    skipped = {}
    for key in keys:
        cls = registry.game_class(key)
        combos, n, no = combinations(op, cls)
        refused += no
        for opts in combos:
            if registry.create(key, opts, n).entry is not None:
                skipped[key] = 1  # scored from the outcome: no lead, no tally
                continue
            for out in (None, 1):
                setup = {"v": 1, "game": key, "players": NAMES[:n], "opts": opts}
                if key == "teamblock":
                    setup["teams"] = [[0, 1], [2, 3]]  # as the team draw screen would set
                op.app.new_match(setup)
                op.app.home()
                try:
                    lead(op, len(done) + 1)
                    need = end_by_buttons(op, out)
                    asked["%s %s" % (key, " ".join(need))] = 1
                    done.append([key, opts, out])
                except Exception as e:
                    why = "%s: %s" % (type(e).__name__, e)
                    failed.append([key, opts, out, why])
                    op.app.errors = 0
                mid = op.app.match_id
                op.app.park()
                try:
                    op.app.store.delete(mid)
                except Exception:
                    pass
    d.emit(
        {
            "done": len(done),
            "failed": failed,
            "refused": refused,
            "asked": sorted(asked),
            "skipped": sorted(skipped),
            "presses": op.presses,
        }
    )


main(sys.argv[1], sys.argv[2:])
