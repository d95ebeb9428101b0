"""What the live boards say about the hand in play, per game: only what means something there.

- **ends**: the open ends of games laid in a line, from a spinner, a star of legs or a wall.
  Not for trains (each train is listed instead), Italian (any tile fits) or the games scored
  from the hand's outcome (nothing is laid on the board's account).
- **count**: the ends' total, for the games whose plays score it (Muggins, All Fives);
  Italian's running **total** of pips, which scores at 30, 50, 70 and 100.
- **trains**: Mexican Train and Cardinal Mexican Train: each train's open number, the markers
  that open a personal train to everyone, and the double to satisfy.
- **last bid**: Four-Hand Texas: who bid what in the last hand, and whether it was made.

The numbers are the core's (layouts, ``Game.status``, the fold's hand scores): nothing is
scored here.
"""

from domino import Match
from domino.fives import Muggins
from domino.italian import Italian
from domino.outcome import end_event
from domino.texas import Texas


def hand_facts(m: Match) -> list[tuple[str, str]]:
    """(label, value) pairs for the board's footer, in the order they are shown."""
    if isinstance(m.game, Texas):
        return _last_bid(m)
    hand = m.hand
    if hand is None or m.game.entry is not None:
        return []
    layout = hand.layout
    if layout.kind == "trains":
        return _trains(m)
    if isinstance(m.game, Italian):
        return [("total", str(layout.count()))]
    facts = [("ends", " · ".join(str(end) for end in layout.ends()) or "—")]
    if isinstance(m.game, Muggins):
        facts.append(("count", str(layout.count())))
    return facts


def _trains(m: Match) -> list[tuple[str, str]]:
    assert m.hand is not None
    status = m.game.status(m.hand)
    trains = []
    for open_end, owner, marker, _length in status.trains or ():
        whose = "Mexican" if owner is None else m.players[owner]
        trains.append(f"{whose} {open_end}" + (" (marker)" if marker else ""))
    facts = [("trains", ", ".join(trains) or "none yet")]
    if status.double is not None:
        facts.append(("double to satisfy", str(status.double)))
    return facts


def _last_bid(m: Match) -> list[tuple[str, str]]:
    if not m.records:
        return []
    end = end_event(m, m.records[-1])
    if end is None:
        return []
    side = m.side_of[end["bidder"]]
    made = m.records[-1].tally[side] > 0  # a set bidder's side scores nothing
    verdict = "made" if made else "set"
    bid = f" {end['bid']}" if "bid" in end else ""  # a hand entered as scored names no bid
    return [("last bid", f"{m.players[end['bidder']]}{bid}, {verdict}")]
