"""Monte Carlo simulator: ``python -m bot simulate GAME --rounds N --seed S [--json]``.

The frame plays N rounds of a rules engine with a fixed, documented strategy and reports, per
bet, the chips wagered and returned, the return to player (RTP) with its 95% confidence
interval, and how often the game's key events happened.

How a game plugs in
-------------------
1. Write a class that satisfies :class:`bot.sim.game.SimGame`::

       class UthSim:
           name = "uth"
           strategy = "Raise 4x with any pair or ace ... (the text shown in every report)"
           bets = ("ante+blind+play", "trips")       # report order; undeclared names raise
           events = ("dealer qualifies", "royal")    # reported even when they never happen
           cards_needed = 9                          # or None for the whole shuffled deck

           def play_round(self, deck: Sequence[Card], record: Recorder) -> None:
               ...                                   # drive the engine with deck[0], deck[1]...
               record.bet("trips", 1, 0)             # wagered, returned (stake included)
               record.event("royal")

2. Name it in the game's declaration in :mod:`bot.catalog`:
   ``simulator="bot.games.uth.sim:UthSim"``. The module is imported only when that game is
   simulated. (``tests/sim_highcard.py`` is the smallest example: high card, exact RTP 1.)

The frame owns the randomness: one ``random.Random(seed)`` per run deals every round, so the
same seed gives the same report and engines stay free of random numbers. With ``cards_needed``
set, each round gets a uniformly random ordered draw of that many cards (``rng.sample``), which
has the same distribution as the top cards of a full shuffle and costs a quarter of it; with
``None`` the frame shuffles a fresh copy of the 52-card deck.

``returned`` counts everything handed back, stake included: a lost bet of 1 returns 0, a push
returns 1, an even-money win returns 2. RTP = total returned / total wagered; see
:func:`bot.sim.stats.ratio_ci95` for the interval.
"""
