"""The coach at High Card Flush: each Raise and Fold is worth exactly what every bank hand
settles to through the engine (counted by flush key, checked hand by hand where the unseen
cards are few enough to deal every bank hand), the hint reads only the player's own cards,
and the coach's strategy returns at least the documented one's on the same hands."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from random import Random

import pytest

from bot.coach import hcf
from bot.games.hcf import HCFOptions, HCFRound, HCFState, Phase
from bot.games.hcf import moves as hcf_moves
from bot.games.hcf.figures import COACH_RETURNS
from bot.poker import FULL_DECK, parse_cards

SEAT, OTHER = 7, 8
STACK = 10_000


def settled(hand: list[int], bank: tuple[int, ...], ante: int, times: int, options: HCFOptions) -> int:
    """The seat's net (Ante and Raise) in one round through the engine, the house banking: it
    antes, is dealt ``hand`` and the bank ``bank``, then raises ``times`` Antes (0 folds)."""
    state = HCFState.new(options, (SEAT,), {SEAT: STACK}, None)
    state.place_ante(SEAT, ante)
    state.close_betting()
    rest = [card for card in FULL_DECK if card not in {*hand, *bank}]
    state.deal([*hand, *bank, *rest])
    if times:
        state.raise_bet(SEAT, times)
    else:
        state.fold(SEAT)
    assert state.phase is Phase.SETTLED and state.settlement is not None
    return state.settlement.summary[SEAT].net


def brute_force(hand: list[int], unseen: list[int], ante: int, times: int, options: HCFOptions) -> Fraction:
    """The mean net in Antes over every bank hand from ``unseen``, each a round through the engine."""
    nets = [settled(hand, bank, ante, times, options) for bank in combinations(unseen, 7)]
    return Fraction(sum(nets), len(nets) * ante)


@pytest.mark.parametrize(("hand", "unseen"), [
    # a 3-card flush near the line, against a bank that may qualify, tie or beat it
    ("Th 9h 2h 3c 5d 7s Ks", "Jh 8h 4h 9d 2d Ad 6c Kc 3s 4s Qs Ts 8c"),
    # a 5-card flush (Raise up to 2x), the bank's cards rich in hearts and clubs
    ("Ah 9h 7h 5h 2h Kc 3d", "Qh Jh Th 8h 6h 4h Ac Qc Jc 9c 2s 5s 8d 7d"),
    # a 3-card 8-high flush: the bank may not qualify with the same flush
    ("8c 5c 3c Ad Kh 9s 2d", "7c 6c 4c 2c Qd 8d 5d Ah 3h Js 7s 4s 6h"),
])
def test_each_option_is_worth_exactly_what_every_bank_hand_settles_to(hand: str, unseen: str) -> None:
    """Where the unseen cards are few enough (C(14, 7) = 3,432 bank hands), every one is dealt
    and settled through the engine; the counting by flush key gives the same fractions."""
    options = HCFOptions(min_ante=1, max_ante=100)
    cards, rest = parse_cards(hand), parse_cards(unseen)
    ante = 5
    hint = hcf.hint(cards, ante, options=options, unseen=rest)
    assert hint.method == "exact"
    assert {option.name for option in hint.options} == {
        "fold", *(f"raise {times}x" for times in range(1, hcf.raise_cap(hcf.hand_keys(cards)[0] >> 13) + 1))}
    for option in hint.options:
        assert option.ev == brute_force(cards, rest, ante, option.choice or 0, options), option


def test_the_counts_cover_every_bank_hand_of_the_full_deck() -> None:
    """Against the 45 unseen cards the intervals hold all C(45, 7) bank hands, and the share
    below the qualifier is the known 75.36% qualification rate's complement (near it: the
    player's own cards change it a little)."""
    cards = parse_cards("Ah 9h 7h 5c 2d Kc 3s")
    unseen = [card for card in FULL_DECK if card not in cards]
    player_key = hcf.hand_keys(cards)[0]
    intervals = hcf.bank_intervals(player_key, unseen)
    assert sum(count for _, count in intervals) == 45_379_620
    not_qualified = intervals[0][1] / 45_379_620
    assert 0.23 < not_qualified < 0.26


def test_the_hint_matches_a_long_sample_of_whole_rounds() -> None:
    """Against the full deck (too many bank hands to deal each): 20,000 random bank hands
    through the engine land within 3.5 standard errors of the exact figure."""
    options = HCFOptions(min_ante=1, max_ante=100)
    cards = parse_cards("Jd 8d 3d Ah 6c 4s 2h")
    hint = hcf.hint(cards, 1, options=options)
    unseen = [card for card in FULL_DECK if card not in cards]
    rng = Random(5)
    nets = [settled(cards, tuple(rng.sample(unseen, 7)), 1, 1, options) for _ in range(20_000)]
    mean = sum(nets) / len(nets)
    stderr = (sum((net - mean) ** 2 for net in nets) / (len(nets) - 1) / len(nets)) ** 0.5
    assert abs(mean - float(hint.value_of("raise 1x").ev)) < 3.5 * stderr


def at_decision(hand: list[int], bank: list[int], other: list[int]) -> HCFRound:
    """A round of two players through the engine to the decisions, the house banking."""
    options = HCFOptions(min_ante=1, max_ante=100, bank_minimum=100_000)
    round_ = HCFRound.open(options, (SEAT, OTHER), {SEAT: 40, OTHER: STACK})
    round_.apply(SEAT, hcf_moves.Ante(10))
    round_.apply(OTHER, hcf_moves.Ante(10))
    round_.game.close_betting()
    rest = [card for card in FULL_DECK if card not in {*hand, *bank, *other}]
    round_.game.deal([*hand, *other, *bank, *rest])
    return round_


def test_a_hint_reads_only_the_players_own_cards_and_offers_its_legal_moves() -> None:
    """Two deals that differ only in the bank's and the other player's cards give the same
    hint; its options are the seat's legal moves (a 6-card flush: every Raise to 3x)."""
    hand = parse_cards("Ah Kh 9h 7h 4h 2h 3c")
    hints = []
    for bank, other in ((parse_cards("Qs Js Ts 9s 8s 7s 6s"), parse_cards("2d 3d 4d 5d 6d 7d 8d")),
                        (parse_cards("2c 4c 5d 6d 8s 9c Jd"), parse_cards("Qh Jh Th 8h 6h 5h Ac"))):
        round_ = at_decision(hand, bank, other)
        asked = hcf.request(round_, SEAT)
        assert asked is not None and asked.ante == 10
        hint = asked.run()
        legal = {option.kind: option for option in round_.legal_moves(SEAT)}
        assert {option.name for option in hint.options} == {
            "fold", *(f"raise {times}x" for times in legal["raise"].choices)}
        hints.append(hint)
    assert hints[0] == hints[1]


def test_no_hint_without_a_decision() -> None:
    round_ = at_decision(parse_cards("Ah Kh 9h 7h 4h 2h 3c"), parse_cards("2c 4c 5d 6d 8d 9c Jd"),
                         parse_cards("Qs Js Ts 9s 8s 7s 6s"))
    round_.apply(SEAT, hcf_moves.Fold())
    assert hcf.request(round_, SEAT) is None


def test_the_coachs_strategy_returns_at_least_the_documented_ones() -> None:
    """On the same sampled hands the coach's choice is worth at least the documented
    strategy's, hand by hand, so on average too."""
    figures = hcf.strategy_return(300, Random(3))
    assert figures.coach.samples == figures.simple.samples == 300
    assert figures.coach.mean >= figures.simple.mean
    assert 0 < figures.coach.stderr < 0.2


def test_the_command_line_prints_the_hint_as_json() -> None:
    shown = subprocess.run([sys.executable, "-m", "bot", "hint", "hcf", "--hand", "Ah Kh Qh Jh Th 2c 3d",
                            "--max-raise", "1"], capture_output=True, text=True, check=True)
    answer = json.loads(shown.stdout)
    assert answer["best"] == "raise 1x" and answer["method"] == "exact" and answer["stderr"] == 0
    assert [option["move"] for option in answer["options"]] == ["raise 1x", "fold"]
    exact = hcf.hint(parse_cards("Ah Kh Qh Jh Th 2c 3d"), raises=(1,))
    assert answer["options"][0]["ev"] == float(exact.value_of("raise 1x").ev)


def test_the_rules_pages_figures_agree_with_a_fresh_sample() -> None:
    """The published returns (150,000 hands, seed 1) against 2,000 other hands: within 3.5
    standard errors of the two samples together."""
    fresh = hcf.strategy_return(2_000, Random(11))
    for name, estimate in (("coach", fresh.coach), ("strategy", fresh.simple)):
        published, stderr = COACH_RETURNS[name]
        assert 0 < stderr < 0.005, "the published figure is the long run's"
        assert abs(1 + float(estimate.mean) - published) < 3.5 * (stderr ** 2 + estimate.stderr ** 2) ** 0.5
    assert COACH_RETURNS["coach"][0] > COACH_RETURNS["strategy"][0]
