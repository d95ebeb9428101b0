"""Bots play the booklets' games on the shared rules core (``dominoboard simulate``).

Every move a bot makes is an event folded by ``domino.match.Match`` — the very code the device
runs — so legality and scoring are never re-implemented here. Modules:

- ``strategies``: how a bot picks among the legal moves the core allows.
- ``table``: deals real tiles, asks the bots, feeds the events to ``Match``.
- ``engines``: the fast engines (line games, Mexican Train, Muggins and All Fives: one call a
  hand, the same bots as the fold), one ``FastMatch`` interface and one ``Hand`` shape each;
  ``engines.run`` picks the engine for a setup and plays an experiment's games on it.
- ``seating``: bots rotate round the table (or duplicate deals), from a canonical order, so
  the order they were named in cannot change the answer.
- ``experiment``: seeds, local worker processes and Dask; at most a few chunks in flight.
- ``records``: a chunk of games packed as ints, read back as dicts; the ``--records`` CSV.
- ``tally``: a chunk folded into integer counts and histograms on the worker, added up by the
  client (memory independent of the games).
- ``stats`` / ``report``: Wilson intervals, the seat test, paired differences; JSON, CSV, PNG.
- ``solitaires`` / ``squares``: the one-player games of booklets 000 and 003.
"""

