"""Cards, the deck, the provably fair shuffle and hand evaluation. Pure code: no I/O."""

from bot.poker.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from bot.poker.evaluator import (
    evaluate,
    evaluate_front,
    evaluate_rank,
    evaluate_rank5,
    evaluate_rank6,
    evaluate_rank7,
)
from bot.poker.hand_value import Category, HandValue, describe_value, value_category
from bot.poker.helpers import (
    Combo,
    ComboKind,
    find_combinations,
    has_ace_king,
    longest_flush,
    longest_straight_flush_run,
    primary_combination,
)
from bot.poker.shuffle import (
    DeckExhaustedError,
    ShuffledDeck,
    commitment,
    deck_from_seed,
    new_seed,
    verify,
)

__all__ = [
    "FULL_DECK",
    "Card",
    "CardError",
    "Category",
    "Combo",
    "ComboKind",
    "DeckExhaustedError",
    "HandValue",
    "ShuffledDeck",
    "commitment",
    "deck_from_seed",
    "describe_value",
    "evaluate",
    "evaluate_front",
    "evaluate_rank",
    "evaluate_rank5",
    "evaluate_rank6",
    "evaluate_rank7",
    "find_combinations",
    "format_cards",
    "has_ace_king",
    "longest_flush",
    "longest_straight_flush_run",
    "new_seed",
    "parse_cards",
    "primary_combination",
    "value_category",
    "verify",
]
