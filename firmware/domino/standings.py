"""Standings and per-hand scores of a match, as ``dominoboard replay`` prints them: identical on
every interpreter. The host and the tests ask for them; the device shows its own screens, so
this code loads only where it is asked for (Match.standings)."""


def notes(m):
    """The texts of the note events in force."""
    notes = []
    for i in m.effective:
        ev = m.log[i]
        if ev.get("k") == "note":
            notes.append(ev["text"])
    return notes


def _hand(m, r, running):
    """Hand ``r``'s row of the standings; adds its points to ``running``."""
    pts = r.points()
    for s in range(len(running)):
        running[s] += pts[s]
    row = {
        "hand": r.number + 1,
        "play": r.play,
        "tally": r.tally,
        "points": pts,
        "totals": list(running),
        "out": r.out,
    }
    if r.end is not None and m.game.entry is None and not r.ended:
        row["declared"] = True  # the table ended it: the record could not check it
    return row


def _head(m):
    """The standings less their hands."""
    out = {
        "game": m.game.key,
        "players": list(m.players),
        "sides": [[m.players[p] for p in side] for side in m.sides],
        "totals": list(m.totals),
        "over": m.over,
        "winners": [[m.players[p] for p in m.sides[s]] for s in m.winners()],
        "events": len(m.log),
    }
    if m.hand is not None:
        out["current"] = {
            "hand": m.hand.number + 1,
            "turn": None if m.hand.turn is None else m.players[m.hand.turn],
            "ends": m.hand.layout.ends(),
            "count": m.hand.layout.count(),
            "points": list(m.hand.points),
        }
        status = m.game.status(m.hand).as_dict()
        if status:
            out["current"]["status"] = status
    return out


def standings(m):
    """Standings and per-hand scores: what ``replay`` prints, identical on every interpreter."""
    running = [0] * len(m.sides)
    out = _head(m)
    out["hands"] = [_hand(m, r, running) for r in m.records]
    return out


def write(m, stream):
    """Write ``dumps(standings(m))`` to ``stream`` (anything with ``write(str)``) a hand at a
    time: the same bytes, but the heap never holds more than one hand's row, where the whole
    text of a 150-hand match (and the list of its rows) did not fit the Pico's."""
    from .events import dumps

    head = _head(m)
    head["hands"] = None  # its place among the sorted keys
    keys = sorted(head)
    stream.write("{")
    for i in range(len(keys)):
        k = keys[i]
        stream.write('%s"%s":' % ("," if i else "", k))  # the keys are plain words
        if k != "hands":
            stream.write(dumps(head[k]))
            continue
        stream.write("[")
        running = [0] * len(m.sides)
        for j in range(len(m.records)):
            stream.write(("," if j else "") + dumps(_hand(m, m.records[j], running)))
        stream.write("]")
    stream.write("}")


def places(m):
    """Each side's place in a finished match, 1 for the winners: the core's winners first, then
    the others ranked the game's own way (the lowest total first where the lowest wins), equal
    totals sharing a place (1, 2, 2, 4). None while the match is being played. The host's
    all-games statistics average these, never the scores of games scored in opposite senses."""
    if not m.over:
        return None
    won = m.winners()
    totals = m.totals
    lowest = m.game.lowest_wins
    out = []
    for s in range(len(totals)):
        if s in won:
            out.append(1)
            continue
        ahead = len(won)
        for o in range(len(totals)):
            if o in won or o == s:
                continue
            if (totals[o] < totals[s]) if lowest else (totals[o] > totals[s]):
                ahead += 1
        out.append(ahead + 1)
    return out
