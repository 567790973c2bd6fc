"""The provably fair shuffle: a secret seed, its published hash, and a deck anyone can re-derive.

The algorithm, exactly (docs/provably-fair.md says the same for players, with a verifier):

1. ``seed`` is 32 random bytes from :func:`secrets.token_bytes`. Before the deal, only
   ``commitment = SHA-256(seed)`` (hex) is published; the seed is revealed after settlement.
2. A byte stream is ``HMAC-SHA256(key=seed, msg=counter)`` for ``counter = 0, 1, 2, ...``, each
   counter as 8 bytes big-endian, the 32-byte digests concatenated. It is read as successive
   4-byte big-endian unsigned integers ``u``.
3. Start from the deck in index order (2c 2d 2h 2s 3c ... As). Fisher-Yates: for ``i`` from 51
   down to 1, with ``n = i + 1`` and ``limit = 2**32 - 2**32 % n``, take the next ``u`` from the
   stream, skipping any ``u >= limit`` (so every ``j`` is equally likely), set ``j = u % n``
   and swap positions ``i`` and ``j``.
4. Cards are dealt from position 0 upward.

This module is the only place the project creates randomness (in :func:`new_seed`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count

from bot.poker.cards import FULL_DECK, Card, parse_cards

SEED_BYTES = 32
_WORD = 2**32
_EIGHT_WORDS = struct.Struct(">8I")  # one 32-byte HMAC block, read big-endian
_FISHER_YATES_STEPS = tuple((i, i + 1, _WORD - _WORD % (i + 1)) for i in range(51, 0, -1))
"""``(i, n, limit)`` per step: swap position ``i`` with ``j = u % n`` for the first ``u < limit``.

Words at or above ``limit`` are skipped (rejection sampling): keeping them would make the
``2**32 % n`` smallest values of ``j`` slightly more likely. Precomputed because the big-number
arithmetic costs more than the shuffle itself.
"""


class DeckExhaustedError(ValueError):
    """More cards were asked for than the deck has left."""


def new_seed() -> bytes:
    """A fresh secret seed: 32 bytes from the operating system's secure random source."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The published commitment to a seed: its SHA-256, as 64 lowercase hex digits."""
    return hashlib.sha256(seed).hexdigest()


def _random_words(seed: bytes) -> Iterator[int]:
    """The seed's stream of 32-bit words: HMAC-SHA256 blocks of a counter, 4 bytes at a time."""
    for counter in count():
        block = hmac.new(seed, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        yield from _EIGHT_WORDS.unpack(block)


def deck_from_seed(seed: bytes) -> list[Card]:
    """The shuffled deck a seed gives; ``deck[0]`` is the first card dealt."""
    deck = list(FULL_DECK)
    words = _random_words(seed)
    for i, n, limit in _FISHER_YATES_STEPS:
        for word in words:
            if word < limit:
                break
        j = word % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def verify(seed_hex: str, commitment_hex: str, dealt: Sequence[Card | int | str]) -> bool:
    """True when the seed hashes to the commitment and its deck starts with exactly ``dealt``.

    ``dealt`` is the run of cards the table dealt, in dealing order. A seed or commitment that is
    not hex simply fails; unreadable card text raises :class:`~bot.poker.cards.CardError`.
    """
    cards = parse_cards(dealt)
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        return False
    if not hmac.compare_digest(commitment(seed), commitment_hex.strip().lower()):
        return False
    return deck_from_seed(seed)[: len(cards)] == cards


@dataclass
class ShuffledDeck:
    """One round's deck: the seed, the order it gives, and how many cards are dealt so far.

    Saved as ``{"seed": hex, "dealt": n}`` (:meth:`to_dict`); the order is re-derived on load, so
    a saved round can never hold a deck that its seed does not give.
    """

    seed: bytes
    dealt: int = 0
    cards: tuple[Card, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not 0 <= self.dealt <= len(FULL_DECK):
            raise ValueError(f"dealt must be 0..52, not {self.dealt}")
        self.cards = tuple(deck_from_seed(self.seed))

    @classmethod
    def new(cls) -> ShuffledDeck:
        """A deck shuffled from a fresh secret seed."""
        return cls(new_seed())

    @property
    def seed_hex(self) -> str:
        """The seed as hex: reveal it only after the round is settled."""
        return self.seed.hex()

    @property
    def commitment(self) -> str:
        """SHA-256 of the seed, hex: publish it when the cards are dealt."""
        return commitment(self.seed)

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.dealt

    def deal(self, count: int = 1) -> list[Card]:
        """The next ``count`` cards, in order; raises :class:`DeckExhaustedError` if too few."""
        if count < 0:
            raise ValueError(f"cannot deal {count} cards")
        if count > self.remaining:
            raise DeckExhaustedError(f"asked for {count} cards, {self.remaining} left")
        dealt = list(self.cards[self.dealt : self.dealt + count])
        self.dealt += count
        return dealt

    def dealt_cards(self) -> list[Card]:
        """Every card dealt so far, in order: what :func:`verify` checks against."""
        return list(self.cards[: self.dealt])

    def to_dict(self) -> dict[str, str | int]:
        return {"seed": self.seed_hex, "dealt": self.dealt}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> ShuffledDeck:
        seed, dealt = data["seed"], data["dealt"]
        if not isinstance(seed, str) or not isinstance(dealt, int) or isinstance(dealt, bool):
            raise ValueError(f"not a saved deck: {dict(data)!r}")
        return cls(bytes.fromhex(seed), dealt)
