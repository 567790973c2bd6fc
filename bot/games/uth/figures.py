"""Ultimate Texas Hold'em's strategy figures as the rules page quotes them: the basic strategy's
Ante, Blind and Play per Ante, measured by the simulator, and the coach's best play (each
starting hand's best pre-flop option of the coach's table, the flop and river then played
best), each at both dealer qualifiers, as ``python -m bot strategy uth [--qualifier pair]``
printed them."""

from __future__ import annotations

from typing import Final

from bot.games.figures import Measured
from bot.i18n import N_, SOURCE_LANGUAGE, Words, words

BASIC_ROUNDS: Final = 2_000_000
BASIC_SEED: Final = 1
BASIC: Final[dict[str, Measured]] = {
    "pair_of_fours": Measured(0.9427395, (0.935636, 0.949843)),
    "pair": Measured(0.976202, (0.969046, 0.983358)),
}
"""The basic strategy's return per Ante (``"ante+blind+play per ante"``) and its 95% interval
(``python -m bot strategy uth --json [--qualifier pair]``: 166 s and 224 s on this machine)."""
COACH: Final[dict[str, tuple[float, float]]] = {
    "pair_of_fours": (-0.05394551003711127, 0.0018042789759943085),
    "pair": (-0.02071760010335791, 0.0018111487991008812),
}
"""The coach's net per Ante and its standard error, from the pre-flop table
(:func:`bot.coach.uth.preflop_return`; the table took 5,184 s on two cores): 94.61% ± 0.35% and
97.93% ± 0.35% returned (95%), 0.33% and 0.31% of the Ante above the basic strategy."""

STRATEGY_COMMAND = "python -m bot strategy uth"  # not prose

FIGURES = N_(
    "**The best play**, as the coach's hints give it (the best pre-flop option of its table, then "
    "the flop and river counted exactly), per Ante: {coach} ± {error} (95%); the basic strategy "
    "(raise 4x with a pair of threes or better, any ace and the strong kings, queens and jacks; "
    "2x on the flop with a hidden pair or better; 1x on the river with a hidden pair or few dealer "
    "outs): {basic}, over {rounds} simulated rounds (`{command}`).")


def summary(qualifier: str, w: Words | None = None) -> str:
    """The figures at a table whose dealer qualifies with ``qualifier``, in the reader's
    language."""
    w = w or words(SOURCE_LANGUAGE)
    coach, error = COACH[qualifier]
    return w(FIGURES, coach=w.percent(1 + coach), error=w.percent(1.96 * error),
             basic=BASIC[qualifier].percent(w), rounds=BASIC_ROUNDS,
             command=STRATEGY_COMMAND + ("" if qualifier == "pair_of_fours" else f" --qualifier {qualifier}"))
