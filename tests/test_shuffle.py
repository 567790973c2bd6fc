"""The provably fair shuffle: determinism, a golden deck, the published verifier, uniformity."""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Callable, Iterator, Sequence
from itertools import count
from pathlib import Path

import pytest

from bot.poker import shuffle
from bot.poker.cards import FULL_DECK, Card, format_cards, parse_cards
from bot.poker.shuffle import (
    DeckExhaustedError,
    ShuffledDeck,
    commitment,
    deck_from_seed,
    new_seed,
    verify,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "provably-fair.md"

GOLDEN_SEED = bytes(range(32))
GOLDEN_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
# Computed once from the algorithm in docs/provably-fair.md. If this test fails, the shuffle
# changed and every published round would stop verifying: fix the code, not this line.
GOLDEN_DECK = (
    "Qs Ah Ks 4d Td 9s Jh 2h Ad Jc 9d Qh 7h 4h Jd 3s 3d 7d 6c Th 9h 8d 2c 4s Kh Qd "
    "4c Kc Qc Ts 2s 5c 8h 7c 6h 7s 6d 3c 3h 5h 6s 8s 8c 5d Ac Js 9c 2d As 5s Tc Kd"
)


def test_same_seed_gives_same_deck() -> None:
    seed = b"\x07" * 32
    assert deck_from_seed(seed) == deck_from_seed(seed)


def test_different_seeds_give_different_decks() -> None:
    assert deck_from_seed(b"\x01" * 32) != deck_from_seed(b"\x02" * 32)


def test_deck_is_a_permutation_of_the_52_cards() -> None:
    deck = deck_from_seed(b"permutation")
    assert sorted(deck) == list(FULL_DECK)
    assert all(type(card) is Card for card in deck)


def test_golden_seed_gives_the_published_deck() -> None:
    assert format_cards(deck_from_seed(GOLDEN_SEED)) == GOLDEN_DECK


def test_commitment_is_hex_sha256_of_the_seed() -> None:
    assert commitment(GOLDEN_SEED) == GOLDEN_COMMITMENT
    seed = b"any seed at all"
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()


def test_new_seed_is_32_fresh_bytes() -> None:
    first, second = new_seed(), new_seed()
    assert len(first) == len(second) == 32
    assert first != second


def test_rejected_words_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    # For n = 52, 2**32 % 52 == 48, so the words 2**32 - 48 and up must be thrown away.
    rejected = 2**32 - 48
    assert 2**32 % 52 == 48

    def stream(first: list[int]) -> Callable[[bytes], Iterator[int]]:
        return lambda seed: iter([*first, *([5] * 60)])

    monkeypatch.setattr(shuffle, "_random_words", stream([rejected, 2**32 - 1]))
    with_rejections = deck_from_seed(b"")
    monkeypatch.setattr(shuffle, "_random_words", stream([]))
    assert with_rejections == deck_from_seed(b"")
    monkeypatch.setattr(shuffle, "_random_words", stream([rejected - 1]))
    # The largest accepted word is used: (2**32 - 49) % 52 == 51, so position 51 stays put.
    assert deck_from_seed(b"")[51] == Card("As")


def test_verify_accepts_the_dealt_prefix() -> None:
    dealt = deck_from_seed(GOLDEN_SEED)[:9]
    assert verify(GOLDEN_SEED.hex(), GOLDEN_COMMITMENT, dealt)
    assert verify(GOLDEN_SEED.hex(), GOLDEN_COMMITMENT.upper(), [str(card) for card in dealt])
    assert verify(GOLDEN_SEED.hex(), GOLDEN_COMMITMENT, [])


def test_verify_rejects_wrong_cards_seed_or_commitment() -> None:
    dealt = deck_from_seed(GOLDEN_SEED)[:5]
    swapped = [dealt[1], dealt[0], *dealt[2:]]
    assert not verify(GOLDEN_SEED.hex(), GOLDEN_COMMITMENT, swapped)
    assert not verify(GOLDEN_SEED.hex(), "0" * 64, dealt)
    assert not verify((b"\x01" * 32).hex(), GOLDEN_COMMITMENT, dealt)
    assert not verify("not hex", GOLDEN_COMMITMENT, dealt)


def test_shuffled_deck_deals_in_order_and_round_trips() -> None:
    deck = ShuffledDeck(GOLDEN_SEED)
    assert deck.commitment == GOLDEN_COMMITMENT
    assert deck.deal(2) + deck.deal() == parse_cards(GOLDEN_DECK)[:3]
    assert deck.remaining == 49
    saved = deck.to_dict()
    assert saved == {"seed": GOLDEN_SEED.hex(), "dealt": 3}
    restored = ShuffledDeck.from_dict(saved)
    assert restored == deck
    assert restored.deal(1) == parse_cards(GOLDEN_DECK)[3:4]
    assert verify(restored.seed_hex, restored.commitment, restored.dealt_cards())


def test_shuffled_deck_refuses_to_overdeal() -> None:
    deck = ShuffledDeck.new()
    deck.deal(50)
    with pytest.raises(DeckExhaustedError):
        deck.deal(3)
    assert deck.remaining == 2
    with pytest.raises(ValueError):
        ShuffledDeck.from_dict({"seed": "00", "dealt": 53})
    with pytest.raises(ValueError):
        ShuffledDeck.from_dict({"seed": 5, "dealt": 0})


# --- The verifier published in docs/provably-fair.md -------------------------------------------


def _doc_namespace() -> dict[str, object]:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 1, "the doc should hold exactly one Python verifier"
    namespace: dict[str, object] = {}
    exec(blocks[0], namespace)  # running the published code is the point of the test
    return namespace


def test_doc_verifier_rebuilds_the_same_decks() -> None:
    shuffled_deck = _doc_namespace()["shuffled_deck"]
    assert callable(shuffled_deck)
    rng = random.Random(7)
    for seed in [GOLDEN_SEED, bytes(32), b"\xff" * 32, *(rng.randbytes(32) for _ in range(20))]:
        assert shuffled_deck(seed.hex()) == format_cards(deck_from_seed(seed)).split()


def test_doc_verifier_checks_commitment_and_cards() -> None:
    check = _doc_namespace()["check"]
    assert callable(check)
    dealt = format_cards(deck_from_seed(GOLDEN_SEED)[:6])
    assert check(GOLDEN_SEED.hex(), GOLDEN_COMMITMENT, dealt)
    assert not check(GOLDEN_SEED.hex(), "0" * 64, dealt)
    assert not check(GOLDEN_SEED.hex(), GOLDEN_COMMITMENT, "As " + dealt)


def test_readme_carries_the_same_algorithm_text_as_the_doc() -> None:
    """The README documents the algorithm too; the two copies may not drift apart."""
    readme = (DOC.parent.parent / "README.md").read_text(encoding="utf-8")

    def section(text: str) -> str:
        body = text.split("<!-- section: shuffle algorithm", 1)[1].split("<!-- end section", 1)[0]
        return re.sub(r"#+ ", "# ", body)  # heading levels differ between the two files

    assert section(readme) == section(DOC.read_text(encoding="utf-8"))


def test_doc_worked_example_matches_the_code() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert f"the seed `{GOLDEN_SEED.hex()}`" in text
    assert f"the commitment `{GOLDEN_COMMITMENT}`" in text
    assert f"starts `{' '.join(GOLDEN_DECK.split()[:10])}`" in text


# --- Uniformity ----------------------------------------------------------------------------------

SHUFFLES = 20_000


def _position_table(shuffler: Callable[[bytes], Sequence[int]]) -> list[list[int]]:
    """table[card][position]: how often each card lands at each position over SHUFFLES seeds."""
    rng = random.Random(20_240_601)
    table = [[0] * 52 for _ in range(52)]
    for _ in range(SHUFFLES):
        for position, card in enumerate(shuffler(rng.randbytes(32))):
            table[card][position] += 1
    return table


def _chi_square_against_uniform(table: list[list[int]]) -> float:
    expected = SHUFFLES / 52
    return sum((observed - expected) ** 2 / expected for row in table for observed in row)


def _chi_square_upper_quantile(degrees: int, z: float) -> float:
    """Wilson-Hilferty: the chi-square value exceeded with the normal tail probability of z."""
    scale = 2 / (9 * degrees)
    return float(degrees * (1 - scale + z * scale**0.5) ** 3)


# Each row and each column of the table sums to SHUFFLES, so (52 - 1)**2 degrees of freedom.
# z = 6 is a one-in-a-billion tail: a fair shuffle essentially never crosses it.
THRESHOLD = _chi_square_upper_quantile((52 - 1) ** 2, z=6.0)


def _biased_shuffle(seed: bytes) -> list[int]:
    """The classic mistake: one byte per draw and ``u % n`` with no rejection."""
    stream = (
        byte
        for counter in count()
        for byte in hmac.new(seed, counter.to_bytes(8, "big"), hashlib.sha256).digest()
    )
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = next(stream) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_every_card_lands_in_every_position_uniformly() -> None:
    statistic = _chi_square_against_uniform(_position_table(deck_from_seed))
    assert statistic < THRESHOLD


def test_the_uniformity_test_rejects_a_biased_shuffle() -> None:
    statistic = _chi_square_against_uniform(_position_table(_biased_shuffle))
    assert statistic > THRESHOLD
