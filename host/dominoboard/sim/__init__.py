"""Bots play the booklets' games on the shared rules core (``dominoboard simulate``).

Every move a bot makes is an event folded by ``domino.match.Match`` — the very code the device
runs — so legality and scoring are never re-implemented here. Modules:

- ``strategies``: how a bot picks among the legal moves the core allows.
- ``table``: deals real tiles, asks the bots, feeds the events to ``Match``.
- ``fastline`` / ``fasttrains``: fast engines for line games scored at the hand's end and for
  Mexican Train (one call a hand, the same bots as the fold), both a ``fastbase.FastMatch``
  (one interface, tables and hand's end shared); ``fast`` runs them.
- ``experiment``: seeds, local worker processes and Dask; results merged in game order.
- ``records``: a chunk of games packed as ints (what workers send back), read back as dicts.
- ``stats`` / ``report``: win rates with Wilson intervals, JSON, CSV, PNG plots.
- ``solitaires`` / ``squares``: the one-player games of booklets 000 and 003.
"""

