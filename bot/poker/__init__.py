"""Cards, the deck, the provably fair shuffle and hand evaluation. Pure code: no I/O.

The package names what the games and the bot import from it; the rest stays in its module
(``bot.poker.shuffle``, ``bot.poker.helpers``, the six- and seven-card ranks of
``bot.poker.evaluator``)."""

from bot.poker.cards import FULL_DECK, Card, CardError, format_cards, parse_cards
from bot.poker.evaluator import evaluate, evaluate_front, evaluate_rank, evaluate_rank5, strongest_hand
from bot.poker.hand_value import Category, HandValue, describe_value, value_category
from bot.poker.helpers import find_combinations, longest_flush, longest_straight_flush_run
from bot.poker.shuffle import verify

__all__ = [
    "FULL_DECK", "Card", "CardError", "Category", "HandValue", "describe_value", "evaluate",
    "evaluate_front", "evaluate_rank", "evaluate_rank5", "strongest_hand",
    "find_combinations", "format_cards", "longest_flush", "longest_straight_flush_run",
    "parse_cards", "value_category", "verify",
]
