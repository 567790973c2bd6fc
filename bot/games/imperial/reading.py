"""How Imperial Poker reads a box's hand: the primary combination, the second one, and the
Imperial Flush (seed ``imperial-poker.de.txt``, Table 1 and its notes; RULES.md "Imperial Poker").

* The primary combination is what the best five cards make (Ace-King counts: a high card that
  holds an ace and a king).
* The second combination (RULES.md): "besides the best (primary) combination, the cards form
  another paying combination (Ace-King counts) whose own cards include at least one card not
  used by the primary combination". A combination's own cards are the cards that make it
  (:func:`bot.poker.find_combinations`): a pair's two, two pair's four, trips' three, quads'
  four, all five of a straight, flush, full house or straight flush, the A and K of Ace-King;
  kickers are never used. The best such combination is paid, on the BET, per Table 2.
* When the best five can be made from more than one set of cards (J-10-9-8-7 with a second
  nine), the primary is read from the set that leaves the best second combination: the player
  is paid for the best reading of the cards.
* The Imperial Flush: six cards of one suit from 9 to ace (a royal flush with the suited nine).
  It is one combination, 1000:1 on the BET, with no second combination (Table 1, last row).

Readings of the seed's Table 1 examples (each one is a test in
``tests/test_imperial_combinations.py``): 9999JJ reads four nines + full house 999JJ; QQQ444
reads full house QQQ44 + a second full house holding the four QQQ44 leaves out (444QQ pays the
same); QQ5533 two pair + two pair; J-10-9-8-7-9 two straights; a straight flush J-10-9-8-7
with an off-suit Q or 9, and a royal flush with an off-suit 9 or J, + a straight; AAKKx has no
second Ace-King (both its cards belong to the two pair).
"""

from __future__ import annotations

from typing import NamedTuple

from bot.games.boxed import HandClass
from bot.i18n import Text
from bot.poker import Card, describe_value, evaluate_rank, find_combinations, parse_cards
from bot.poker.evaluator import CardsInput
from bot.poker.hand_value import CATEGORY_SHIFT
from bot.poker.helpers import Combo, ComboKind, primary_combination

IMPERIAL_RANKS = frozenset(range(9, 15))
"""9, 10, J, Q, K, A: the Imperial Flush's six ranks."""

IMPERIAL_FLUSH_VALUE = int(HandClass.IMPERIAL_FLUSH) << CATEGORY_SHIFT
"""The Imperial Flush as a packed hand value: above every five-card value, royal flush included
(Table 2 ranks it first), so it beats a dealer's royal flush instead of tying it."""


class Reading(NamedTuple):
    """A hand as Imperial Poker pays it. ``HandClass.NOTHING`` (and no cards) where there is no
    paying combination, or no second one."""

    primary: HandClass
    primary_cards: tuple[Card, ...]
    second: HandClass
    second_cards: tuple[Card, ...]


NOTHING = Reading(HandClass.NOTHING, (), HandClass.NOTHING, ())


def is_imperial_flush(cards: CardsInput) -> bool:
    """Six cards of one suit from 9 to ace."""
    hand = parse_cards(cards)
    return (len(hand) == 6 and len({card.suit for card in hand}) == 1
            and {card.rank for card in hand} == IMPERIAL_RANKS)


def hand_value(cards: CardsInput) -> int:
    """The box's hand against the dealer's: :data:`IMPERIAL_FLUSH_VALUE` for the Imperial Flush,
    otherwise the best five as a packed value (:func:`bot.poker.evaluate_rank`)."""
    hand = parse_cards(cards)
    return IMPERIAL_FLUSH_VALUE if is_imperial_flush(hand) else evaluate_rank(hand)


def read_hand(cards: CardsInput) -> Reading:
    """The primary and the best second combination of 5 or 6 cards (module docstring)."""
    hand = parse_cards(cards)
    if is_imperial_flush(hand):
        return Reading(HandClass.IMPERIAL_FLUSH, tuple(sorted(hand, reverse=True)),
                       HandClass.NOTHING, ())
    primary = primary_combination(hand)
    if primary is None:
        return NOTHING
    found = find_combinations(hand)  # strongest first
    ranks = sorted(primary.ranks)
    best: tuple[Combo, Combo] | None = None
    for used in (combo for combo in found if combo.kind is primary.kind and sorted(combo.ranks) == ranks):
        second = next((combo for combo in found if combo.uses_card_outside(used.cards)), None)
        if second is not None and (best is None or second.kind > best[1].kind):
            best = (used, second)
    if best is None:
        return Reading(_class(primary.kind), primary.cards, HandClass.NOTHING, ())
    used, second = best
    return Reading(_class(used.kind), used.cards, _class(second.kind), second.cards)


def combinations(cards: CardsInput) -> tuple[str | None, str | None]:
    """``(primary, second)`` as names: ``ACE_KING``, ``PAIR``, ``TWO_PAIR``,
    ``THREE_OF_A_KIND``, ``STRAIGHT``, ``FLUSH``, ``FULL_HOUSE``, ``FOUR_OF_A_KIND``,
    ``STRAIGHT_FLUSH``, ``ROYAL_FLUSH``, ``IMPERIAL_FLUSH``; ``None`` for no paying combination
    (or no second one). ``combinations("9s 9d Ah Kc 6s") == ("PAIR", "ACE_KING")``."""
    reading = read_hand(cards)
    return _name(reading.primary), _name(reading.second)


def hand_text(cards: CardsInput) -> str:
    """``"Pair of Nines + Ace-King"``, ``"Imperial Flush"``, ``"Queen high"``: for the views."""
    hand = parse_cards(cards)
    reading = read_hand(hand)
    if reading.primary is HandClass.IMPERIAL_FLUSH:
        return HandClass.IMPERIAL_FLUSH.label
    text = (HandClass.ACE_KING.label if reading.primary is HandClass.ACE_KING
            else describe_value(evaluate_rank(hand)))
    return Text("{hand} + {second}", hand=text, second=reading.second.label) if reading.second else text


def _class(kind: ComboKind) -> HandClass:
    # ComboKind and HandClass number the paying combinations alike: Ace-King 1 .. royal flush 10.
    return HandClass(int(kind))


def _name(cls: HandClass) -> str | None:
    return cls.name if cls else None


__all__ = [
    "IMPERIAL_FLUSH_VALUE",
    "NOTHING",
    "Reading",
    "combinations",
    "hand_text",
    "hand_value",
    "is_imperial_flush",
    "read_hand",
]
