"""Cards, the deck, the provably fair shuffle and hand evaluation. Pure code: no I/O."""

from bot.poker.cards import FULL_DECK, Card, CardError, format_cards, parse_cards

__all__ = ["FULL_DECK", "Card", "CardError", "format_cards", "parse_cards"]
