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


def standings(m):
    """Standings and per-hand scores: what ``replay`` prints, identical on every interpreter."""
    hands = []
    running = [0] * len(m.sides)
    for r in m.records:
        pts = r.points()
        running = [a + b for a, b in zip(running, pts)]
        hands.append(
            {
                "hand": r.number + 1,
                "play": list(r.play),
                "tally": list(r.tally),
                "points": pts,
                "totals": running,
                "out": r.out,
            }
        )
        if r.end is not None and m.game.entry is None and not r.hand.played_out():
            hands[-1]["declared"] = True  # the table ended it: the record could not check it
    out = {
        "game": m.game.key,
        "players": list(m.players),
        "sides": [[m.players[p] for p in side] for side in m.sides],
        "totals": list(m.totals),
        "hands": hands,
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
        status = m.game.status(m.hand)
        if status:
            out["current"]["status"] = status
    return out


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
