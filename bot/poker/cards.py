"""Playing cards: the 52-card deck, parsing and formatting.

A card is an ``int`` from 0 to 51 (``rank_index * 4 + suit_index``) so that the hand evaluator
can index lookup tables with it directly, while still printing as ``"As"``.
Ranks run 2..14 (ace high); suits are ``c d h s`` (clubs, diamonds, hearts, spades).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.i18n import N_, Refusal

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RANK_NAMES = {
    2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"), 7: N_("Seven"),
    8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King"),
    14: N_("Ace"),
}


class CardError(Refusal, ValueError):
    """A card or a list of cards could not be read; the message says why, for a person."""


class Card(int):
    """One card. ``Card("As")``, ``Card("10d")`` or ``Card(51)``; compares and hashes as its index."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return _parse_card(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
            raise CardError("a card index must be an int from 0 to 51, not {value!r}", value=value)
        return _CARDS[value]

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @property
    def rank(self) -> int:
        """2..14, ace high."""
        return int(self) // 4 + 2

    @property
    def suit(self) -> str:
        """One of ``c d h s``."""
        return SUIT_CHARS[int(self) % 4]

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[int(self) // 4]

    def __str__(self) -> str:
        return RANK_CHARS[int(self) // 4] + SUIT_CHARS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def pretty(self) -> str:
        """``A♠``: for embeds and logs, where a symbol reads better than a letter."""
        return self.rank_char.replace("T", "10") + SUIT_SYMBOLS[self.suit]


_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
FULL_DECK: tuple[Card, ...] = _CARDS
"""The 52 cards in index order: 2c 2d 2h 2s 3c ... As. The shuffle starts from this order."""


def _parse_card(text: str) -> Card:
    raw = text.strip()
    if len(raw) < 2:
        raise CardError("'{text}' is not a card: write a rank and a suit, like 'As' or '10d'", text=text)
    rank_text, suit_text = raw[:-1].upper(), raw[-1].lower()
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise CardError("'{text}' is not a card: the rank must be one of 2-10, J, Q, K, A", text=text)
    if suit_text not in SUIT_CHARS:
        raise CardError("'{text}' is not a card: the suit must be one of c, d, h, s", text=text)
    return _CARDS[RANK_CHARS.index(rank_text) * 4 + SUIT_CHARS.index(suit_text)]


def parse_cards(cards: str | Iterable[Card | int | str], *, allow_duplicates: bool = False) -> list[Card]:
    """Read cards from ``"As Kd 10h"``, ``"AsKd"`` or a list of cards/strings/indices.

    Raises :class:`CardError` on a bad card, and on a repeated card unless allowed.
    """
    if isinstance(cards, str):
        items: list[Card | int | str] = list(_split_card_text(cards))
    else:
        items = list(cards)
    # Cards passed in as Card objects (the common case in game code) need no conversion.
    result = [item if type(item) is Card else Card(item) for item in items]
    if not allow_duplicates and len(set(result)) != len(result):
        seen: set[int] = set()
        for card in result:
            if card in seen:
                raise CardError("{card} appears twice: a deck holds each card once", card=card)
            seen.add(card)
    return result


def _split_card_text(text: str) -> Iterable[str]:
    compact = text.replace(",", " ").split()
    for chunk in compact:
        # "AsKd" and "10h9c" are accepted too: split after each suit letter.
        start = 0
        for position, char in enumerate(chunk):
            if char.lower() in SUIT_CHARS and position > start:
                yield chunk[start : position + 1]
                start = position + 1
        if start != len(chunk):
            yield chunk[start:]


def format_cards(cards: Sequence[int]) -> str:
    """``"As Kd Th"``: the canonical text form, which :func:`parse_cards` reads back."""
    return " ".join(str(Card(card)) for card in cards)
