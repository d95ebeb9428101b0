"""``fix``: the tally of an earlier hand corrected, and everything after it recomputed.

Rare at the table, so its code loads only when a correction is made (Match._fix)."""

from .errors import DominoError


def fix(m, ev):
    """Check the corrected tally of hand ``h`` against every hand after it, then apply it.

    ``h`` counts from 0, as every index in an event does; the messages say "hand 1" for
    ``h`` 0, as the screens do (the device shows them to the scorer whole, wrapped)."""
    h = ev.get("h")
    n = len(m.records)
    if not isinstance(h, int) or isinstance(h, bool) or not 0 <= h < n:
        if not n:
            raise DominoError("fix h=%r: no hand has finished yet" % (h,))
        raise DominoError("fix h=%r: a finished hand, 0..%d (hands 1..%d)" % (h, n - 1, n))
    rec = m.records[h]
    if rec.end is None:
        raise DominoError("hand %d ended at the target without a tally; nothing to fix", h + 1)
    tally, _ = m.read_end(rec.hand, ev, rec.out)
    totals = [0] * len(m.sides)
    for k in range(n):  # the hands are packed (Match.records): one unpacked at a time
        pts = [a + b for a, b in zip(rec.play, tally)] if k == h else m.records.points(k)
        for s in range(len(totals)):
            totals[s] += pts[s]
        if k < n - 1 and over_at(m, totals, k + 1):
            raise DominoError(
                "this correction ends the match at hand %d; undo back to it instead",
                m.records[k].number + 1,
            )
    last = m.records[n - 1]
    ended = over_at(m, totals, n)
    hand = m.hand
    if ended and hand is not None and len(m.effective) > m.marks[-1]:
        raise DominoError(
            "this correction ends the match at hand %d, before the hand in progress; "
            "undo back to it instead",
            last.number + 1,
        )
    if hand is not None and not ended:
        for s in range(len(totals)):
            totals[s] += hand.points[s]
    # Checked: apply.
    rec.tally = tally
    rec.end = m.at
    m.records.put(h, rec)
    m.totals = totals
    was_over, m.over = m.over, ended
    if was_over and not ended:
        m.hand = m.new_hand(len(m.records))
        m.marks[-1] = len(m.effective) + 1
    elif ended:
        m.hand = None
    elif hand is not None and m.game.stop_at_target and m.game.is_over(m):
        m.close_hand(hand, [0] * len(m.sides), None, None)  # as _score would
    return {"hand": tally, "totals": list(m.totals), "over": m.over}


def over_at(m, totals, hands):
    """Would the match be over after its first ``hands`` hands with these totals?"""
    saved = m.totals, m.records
    m.totals = totals
    m.records = m.records.head(hands)
    try:
        return m.game.is_over(m)
    finally:
        m.totals, m.records = saved
