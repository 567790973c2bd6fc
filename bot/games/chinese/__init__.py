"""Chinese Poker, settled between players: the pure rules engine.

Rules: seed ``chinese-poker.de.txt`` and the "Chinese Poker" section of RULES.md (its rulings
win). No discord, no database, no clock, no randomness: a shuffled deck is passed in.

Modules
-------
``hands``    :class:`Arrangement` (front 3, middle 5, back 5), fouls (:func:`foul_reason`),
             royalties (:data:`ROYALTIES`), naturals (:func:`find_natural`, :class:`Natural`).
``scoring``  the showdown: :func:`score_showdown` (the issue's interface), :func:`score_hands`
             and :class:`Showdown` with every pairwise :class:`PairResult`.
``stakes``   chips between table stacks (:func:`settle_stacks`), the button
             (:func:`choose_button`) and the buy-in (:func:`verify_buy_in`).
``arrange``  :func:`auto_arrange`: the best legal arrangement by a stated objective, and the
             natural the cards hold; :func:`naive_arrangement` as a baseline.
``state``    :class:`ChineseRound`: one hand at a table (deal, set, timeout, showdown), JSON-able.
``calibrate`` offline tool that regenerates ``_strength`` (the auto-arrange's data).

Scoring a showdown
------------------
``score_showdown(players)``: ``players`` maps a name to ``{"front": "As Kd Qh", "middle":
"...", "back": "...", "declare_natural": bool}``; returns ``{name: net points}`` summing to 0.
``showdown_breakdown(players)`` returns the :class:`Showdown` behind it: ``readings[name]``
(declared :class:`Natural`, foul reason, or segment values and royalties), ``pairs`` (one
:class:`PairResult` per pair: ``matchup`` (play / foul / both fouled / natural / natural push),
``segments`` +1/0/-1 for front, middle, back, ``sweep`` (+-3, +-6 with the super bonus),
``royalties`` per segment, ``natural`` points, ``total``), ``between(a, b)`` from ``a``'s side,
``super_bonus`` (who swept all three opponents), ``pair_points()`` for the chips and
``to_dict()`` (JSON, segment values named like "Pair of Queens") for the showdown image.
:func:`score_hands` does the same for ``{player id: PlayerHand}`` (cards, arrangement or ``None``
for a hand never set, declared natural).

Rules decided here where the texts are silent:

* Three flushes / three straights include the FRONT: its 3 cards must be one suit / three
  consecutive ranks (A-2-3 and Q-K-A count; a straight flush counts as either). The seed says
  front straights and flushes do not count "except for an automatic win".
* A natural is a property of the 13 cards (some split into 3/5/5 shows it): the seed lets it be
  shown without setting the hand, so the arrangement set need not be that split, nor legal.
* A declared natural the cards do not hold is refused (:class:`RuleError`); the round state
  refuses the declaration when it is made. A timeout under "auto-set" declares a held natural.
* Two different naturals: a dragon collects 13 from the other; any other pair of naturals push.

Driving a hand at a table
-------------------------
::

    hand = ChineseRound.start(ChineseOptions(point_value=10, on_timeout="auto-set"),
                              positions={alice: 0, bob: 2}, stacks={alice: 200, bob: 150},
                              button=positions[choose_button(dealt_in, seated, previous_button,
                                                             previous_order, newcomers)])
    hand.deal(deck)                                  # 52 cards; four hands, empty seats dead
    hand.hand_of(alice)                              # her 13 cards (private)
    hand.auto_arrangement(alice)                     # AutoArrangement: proposal + natural
    hand.choose(alice, front="As Ad 2c")             # draft, redrawn by the UI
    hand.choose(alice, middle="Kd Kh 7c 7d 3s")
    hand.foul_warning(alice)                         # str to warn with, or None
    hand.confirm(alice, declare_natural=False)       # RuleError if confirmed twice
    hand.timeout(bob)                                # auto-set or fouled, by the option
    hand.phase is Phase.SETTLED
    hand.showdown.points                             # {seat: net points}
    hand.payments.transfers                          # Transfer(payer, payee, chips), in order
    hand.payments.stacks                             # table stacks after the hand
    hand.payments.to_dict()                          # JSON: claims, transfers, forfeited, stacks

Every action has ``verify_x`` / ``can_x`` / ``x``; refusals are :class:`RuleError` with a
reason a player can read. ``to_dict()`` / ``ChineseRound.from_dict()`` save and restore it.

Money (:mod:`.stakes`): a winner takes from each loser at most the winner's own stack at the
start of the hand; each loser pays creditors clockwise from the button (first player after the
button first, the button last) until empty, paying on from chips won in the same settlement;
what stays unpaid is forfeited. Naturals are settled first: their claims are paid before the
others. ``choose_button`` moves the button clockwise past players on their first hand.
"""

from bot.games.chinese.arrange import (
    auto_arrange,
    expected_points,
    naive_arrangement,
)
from bot.games.chinese.hands import (
    SEGMENTS,
    Arrangement,
    Natural,
    NaturalKind,
    find_natural,
    foul_reason,
    naturals_of,
)
from bot.games.chinese.scoring import (
    Matchup,
    PlayerHand,
    score_hands,
    score_showdown,
    showdown_breakdown,
)
from bot.games.chinese.stakes import (
    BUY_IN_POINTS,
    Transfer,
    full_buy_in,
    verify_buy_in,
)
from bot.games.chinese.state import (
    ChineseOptions,
    ChineseRound,
    Phase,
)

__all__ = [
    "BUY_IN_POINTS",
        "SEGMENTS",
        "Arrangement",
            "ChineseOptions",
        "ChineseRound",
            "Matchup",
    "Natural",
    "NaturalKind",
        "Phase",
    "PlayerHand",
                    "Transfer",
    "auto_arrange",
            "expected_points",
    "find_natural",
    "foul_reason",
    "full_buy_in",
    "naive_arrangement",
    "naturals_of",
            "score_hands",
    "score_showdown",
        "showdown_breakdown",
    "verify_buy_in",
]
