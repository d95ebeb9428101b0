"""The fast engines: a whole hand in one call on small ints and bit sets, the same bots as the
event fold (``sim.table``), for the games whose flow they know. Each is a ``base.FastMatch``
(made once per setup, ``reset()`` per match, ``play_hand(x)`` per hand from one random
integer) whose ``play_hand`` deals and hands the table to a ``Hand`` of its own, which plays it
out and gives the hand's end to the game's own ``hand_points``:

- ``base``: ``FastMatch`` (the interface, the house rules an engine declares, the deal from
  a hand's integer), the tables of a set (``Tables``), the hand's end as the core reads it
  (``HeldEnd``), the bots' meanings;
- ``line``: ``LineMatch``, line games scored at the hand's end (Draw, Block, Domino doble 12);
- ``trains``: ``TrainsMatch``, Mexican Train (booklet 002);
- ``fives``: ``FivesMatch``, Muggins and All Fives (counts scored in play);
- ``run``: which engine plays a setup (or why none does), and the games of an experiment
  played on it, as the records ``table`` gives.

``base``, ``line`` and ``trains`` are written in the subset MicroPython also runs (a test plays
them on both). A test replays every engine's moves through ``Match.apply`` and checks both agree.
"""
