"""High Card Flush engine: every ruling of RULES.md and the seed settled from a fixed deck, the
betting and decision rules, and the round's record and save format.

Each test is named after the rule it proves (seed ``high-card-flush.de.txt``, RULES.md "High
Card Flush"). The banking side (funds, dead hands, rake, who paid whom) is in
``test_hcf_banking.py``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from bot.games.common import ChipFlow, RuleError, chips_of
from bot.games.hcf import (
    Deal,
    Fold,
    HCFOptions,
    HCFState,
    Phase,
    RakeMode,
    Showdown,
    dp_qualifies,
    flush_of,
    raise_cap,
    required_stack,
)
from bot.poker import FULL_DECK, Card, parse_cards

PLAYER, DP = 1, 100
ANTE = 10


def deck_of(hands: Sequence[str]) -> list[Card]:
    """A deck dealing ``hands[i]`` as the i-th hand of seven (players in dealing order, the
    bank's last); the unnamed cards follow in index order."""
    named = [card for hand in hands for card in parse_cards(hand)]
    assert len(named) == 7 * len(hands) and len(set(named)) == len(named)
    return named + [card for card in FULL_DECK if card not in named]


def heads_up(
    player: str, bank: str, raise_by: int, *, ante: int = ANTE, straight_flush: int = 0,
    flush: int = 0, options: HCFOptions | None = None, house: bool = False,
) -> HCFState:
    """One player against a DP (or the house); ``raise_by`` 0 folds, else raises that many Antes."""
    options = options or HCFOptions(bank_minimum=100, bonus_min=1)
    clockwise = [PLAYER] if house else [PLAYER, DP]
    state = HCFState.new(options, clockwise, {PLAYER: 100_000, DP: 100_000}, None if house else DP)
    state.place_ante(PLAYER, ante)
    if straight_flush:
        state.place_bonus(PLAYER, "straight_flush", straight_flush)
    if flush:
        state.place_bonus(PLAYER, "flush", flush)
    state.close_betting()
    state.deal(deck_of([player, bank]))
    if raise_by:
        state.raise_bet(PLAYER, raise_by)
    else:
        state.fold(PLAYER)
    assert state.phase is Phase.SETTLED
    return state


def returned(state: HCFState, seat: int = PLAYER) -> dict[str, int]:
    assert state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines_of(seat)}


def outcomes(state: HCFState, seat: int = PLAYER) -> dict[str, str]:
    assert state.settlement is not None
    return {line.bet: line.outcome for line in state.settlement.lines_of(seat)}


# Hands used below (7 cards; the flush and the run noted).
WEAK = "Ks 2s 7c 3d 5h 9d Jc"         # 2-card flush K-2, no run
NINE_HIGH = "9h 4h 2h Kc 5c Qd Js"    # 3-card 9-4-2: the weakest qualifying hand class
EIGHT_HIGH = "8h 4h 2h Kc 5c Qd Js"   # 3-card 8-4-2: does not qualify


# ------------------------------------------------------------------------------ qualifier


def test_dp_with_a_3_card_9_high_flush_qualifies_and_beats_a_weaker_hand() -> None:
    state = heads_up(WEAK, NINE_HIGH, 1)
    assert state.dp_qualified is True
    assert returned(state) == {"ante": 0, "raise": 0}
    assert outcomes(state) == {"ante": "lose", "raise": "lose"}


def test_dp_with_a_3_card_8_high_flush_does_not_qualify_ante_pays_raise_pushes() -> None:
    state = heads_up(WEAK, EIGHT_HIGH, 1)
    assert state.dp_qualified is False
    assert returned(state) == {"ante": 2 * ANTE, "raise": ANTE}
    assert outcomes(state) == {"ante": "win", "raise": "push"}


@pytest.mark.parametrize(("hand", "qualifies"), [
    ("9h 3h 2h Kc 5c Qd Js", True),    # 9-3-2: the lowest qualifying hand
    ("8h 7h 6h Kc 5c Qd Js", False),   # 8-7-6: the best non-qualifying 3-card flush
    ("6h 4h 3h 2h Kc Qd Js", True),    # any 4-card flush qualifies, even 6-high
    ("Ah Kh Qc Jc Td 9d 8s", False),   # 2-card flushes never qualify, however high
])
def test_qualifier_is_a_3_card_9_high_flush_or_any_longer_flush(hand: str, qualifies: bool) -> None:
    assert dp_qualifies(flush_of(hand)) is qualifies


def test_unqualified_dp_pays_the_ante_even_to_a_worse_hand() -> None:
    # The player's 2-card flush is worse than the DP's 8-high 3-card flush: the Ante still wins.
    state = heads_up(WEAK, "8h 7h 6h Ac 5c Qd Js", 1)
    assert returned(state) == {"ante": 2 * ANTE, "raise": ANTE}


# ---------------------------------------------------------------------------- hand order


def test_player_better_than_a_qualified_dp_wins_ante_and_raise_even_money() -> None:
    # A 4-card flush 7-5-4-2 beats the DP's 3-card A-K-Q: more cards first.
    state = heads_up("7h 5h 4h 2h 9c Td 3s", "Ad Kd Qd 9s 8c 6c 3c", 1)
    assert returned(state) == {"ante": 2 * ANTE, "raise": 2 * ANTE}


def test_ties_in_length_are_broken_card_by_card_down_to_the_last() -> None:
    # A-J-8-3 against A-J-8-2: the first three cards are equal, the fourth decides.
    won = heads_up("Ah Jh 8h 3h Kc 5d 2s", "Ad Jd 8d 2d Qc 6s 4c", 1)
    assert outcomes(won) == {"ante": "win", "raise": "win"}
    lost = heads_up("Ad Jd 8d 2d Qc 6s 4c", "Ah Jh 8h 3h Kc 5d 2s", 1)
    assert outcomes(lost) == {"ante": "lose", "raise": "lose"}


def test_equal_flushes_card_for_card_push_ante_raise_and_flush_bonus() -> None:
    state = heads_up("Ah Jh 8h 3h Kc 5d 2s", "As Js 8s 3s Qc 6d 4c", 1, flush=5)
    assert returned(state) == {"ante": ANTE, "raise": ANTE, "flush": 5}
    assert set(outcomes(state).values()) == {"push"}


def test_a_player_folding_loses_ante_and_both_bonuses() -> None:
    state = heads_up("5s 6s 7s 8s 9s 2c 3d", NINE_HIGH, 0, straight_flush=5, flush=5)
    assert returned(state) == {"ante": 0, "straight_flush": 0, "flush": 0}
    assert set(outcomes(state).values()) == {"fold"}


# ------------------------------------------------------------------------------- raising


@pytest.mark.parametrize(("length", "cap"), [(2, 1), (3, 1), (4, 1), (5, 2), (6, 3), (7, 3)])
def test_raise_cap_follows_the_flush_length(length: int, cap: int) -> None:
    assert raise_cap(length) == cap


def test_raise_above_the_flush_cap_is_refused_with_the_reason() -> None:
    state = _dealt("Kd Td 7d 4d 3d Qc 6s", NINE_HIGH)  # a 5-card flush: up to 2x
    assert state.raise_cap(PLAYER) == 2
    assert not state.can_raise_bet(PLAYER, 3)
    with pytest.raises(RuleError, match="5-card flush you can raise 1x to 2x"):
        state.raise_bet(PLAYER, 3)
    with pytest.raises(RuleError):
        state.raise_bet(PLAYER, 0)
    assert state.raise_cost(PLAYER, 2) == 2 * ANTE
    action = state.raise_bet(PLAYER, 2)
    assert action.flows == (ChipFlow(PLAYER, "raise", 2 * ANTE),)
    assert returned(state) == {"ante": 2 * ANTE, "raise": 4 * ANTE}


def test_a_short_flush_may_raise_only_1x() -> None:
    state = _dealt(WEAK, NINE_HIGH)
    with pytest.raises(RuleError, match="2-card flush you can raise 1x your Ante"):
        state.raise_bet(PLAYER, 2)


def test_a_missed_decision_folds() -> None:
    state = _dealt("Kd Td 7d 4d 3d Qc 6s", NINE_HIGH, straight_flush=5)
    action = state.timeout(PLAYER)
    assert isinstance(action, Fold) and action.auto and action.label == "AUTO FOLDED"
    assert returned(state) == {"ante": 0, "straight_flush": 0}


def test_decisions_only_after_the_deal_and_once() -> None:
    state = HCFState.new(HCFOptions(bank_minimum=100), [PLAYER, DP], {PLAYER: 500, DP: 500}, DP)
    state.place_ante(PLAYER, ANTE)
    with pytest.raises(RuleError, match="not been dealt"):
        state.fold(PLAYER)
    state.close_betting()
    state.deal(deck_of([WEAK, NINE_HIGH]))
    with pytest.raises(RuleError, match="no hand"):
        state.fold(DP)
    state.fold(PLAYER)
    with pytest.raises(RuleError, match="over"):
        state.raise_bet(PLAYER, 1)


def test_the_round_waits_for_every_player_then_settles() -> None:
    state = HCFState.new(HCFOptions(bank_minimum=100), [1, 2, DP], {1: 500, 2: 500, DP: 500}, DP)
    state.place_ante(1, ANTE)
    state.place_ante(2, ANTE)
    state.close_betting()
    state.deal(deck_of([WEAK, "7h 6h 4h 2h 9c Td 3s", "Ad Kd Qd 9s 8c 6c 3c"]))
    state.raise_bet(2, 1)
    assert state.pending_seats() == (1,) and state.phase is Phase.DECISIONS
    state.fold(1)
    assert state.phase is Phase.SETTLED and state.pending_seats() == ()


# ------------------------------------------------------------------ Straight Flush bonus

STRAIGHT_9 = "7s 8s 9s Kd 2c 4h Jc"   # run 7-8-9 of spades


def test_straight_flush_bonus_wins_8_to_1_over_a_shorter_run() -> None:
    state = heads_up(STRAIGHT_9, "Ah Qh 5h 2d 6c Ts 3d", 1, straight_flush=5)  # DP's run: 2 cards
    assert returned(state)["straight_flush"] == 5 + 8 * 5


def test_straight_flush_bonus_pushes_on_the_same_run_length_and_top_card() -> None:
    state = heads_up(STRAIGHT_9, "7h 8h 9h Ac 3d 5c Qd", 1, straight_flush=5)
    assert returned(state) == {"ante": ANTE, "raise": ANTE, "straight_flush": 5}


def test_straight_flush_bonus_loses_to_a_run_as_long_with_a_higher_top_card() -> None:
    state = heads_up(STRAIGHT_9, "8d 9d Td Ac 3h 5c Qh", 1, straight_flush=5)
    assert outcomes(state)["straight_flush"] == "lose"


def test_straight_flush_bonus_loses_to_a_longer_run() -> None:
    state = heads_up(STRAIGHT_9, "2d 3d 4d 5d Ac Th Qh", 1, straight_flush=5)
    assert returned(state)["straight_flush"] == 0


def test_straight_flush_bonus_compares_with_an_unqualified_dp() -> None:
    # DP: 8-7-6 of hearts, an 8-high 3-card flush (not qualified) but a run topped by 8.
    bank = "6h 7h 8h Kc 2d 4s Jd"
    lost = heads_up("5s 6s 7s Ac 9d Qh 3c", bank, 1, straight_flush=5)
    assert lost.dp_qualified is False
    assert returned(lost) == {"ante": 2 * ANTE, "raise": ANTE, "straight_flush": 0}
    won = heads_up(STRAIGHT_9, bank, 1, straight_flush=5)
    assert returned(won)["straight_flush"] == 45


def test_ace_low_run_a_2_3_counts_and_has_top_card_3() -> None:
    won = heads_up("As 2s 3s Kd 9c 7h 5d", "Ah Qh 5h 2d 6c Ts 8c", 1, straight_flush=5)
    assert returned(won)["straight_flush"] == 45
    lost = heads_up("As 2s 3s Kd 9c 7h 5d", "2h 3h 4h Ac Qd Tc 8s", 1, straight_flush=5)
    assert returned(lost)["straight_flush"] == 0  # 2-3-4 tops A-2-3


def test_ace_high_run_q_k_a_beats_j_q_k() -> None:
    state = heads_up("Qs Ks As 2d 5c 7h 9d", "Jh Qh Kh 3c 6d 8s Tc", 1, straight_flush=5)
    assert returned(state)["straight_flush"] == 45


def test_straight_flush_bonus_needs_a_3_card_run_even_against_nothing() -> None:
    state = heads_up("Ah Qh 5h 2d 6c Ts 3d", NINE_HIGH, 1, straight_flush=5)  # a 2-card run only
    assert outcomes(state)["straight_flush"] == "lose"


@pytest.mark.parametrize(("player", "odds"), [
    ("5s 6s 7s 8s 9s Ts Js", 1000),
    ("5s 6s 7s 8s 9s Ts 2d", 500),
    ("5s 6s 7s 8s 9s 2h 2d", 100),
    ("5s 6s 7s 8s Kh 2h 2d", 60),
    ("5s 6s 7s Kd Kh 2h 2c", 8),
])
def test_straight_flush_bonus_pays_by_the_players_run_length(player: str, odds: int) -> None:
    state = heads_up(player, "Ac Qc 9c 4d Td 3h 6h", 1, straight_flush=2)
    assert returned(state)["straight_flush"] == 2 + 2 * odds


# --------------------------------------------------------------------------- Flush bonus


def test_flush_bonus_wins_2_to_1_with_four_cards_over_a_shorter_flush() -> None:
    state = heads_up("7h 5h 4h 2h 9c Td 3s", "Ad Kd Qd 9s 8c 6c 3c", 1, flush=5)
    assert returned(state)["flush"] == 15


def test_flush_bonus_loses_to_a_longer_flush() -> None:
    state = heads_up("Ah Jh 8h 3h Kc 5d 2s", "Kd Td 7d 4d 3d Qc 6s", 1, flush=5)
    assert returned(state) == {"ante": 0, "raise": 0, "flush": 0}


def test_flush_bonus_loses_to_an_equal_length_flush_higher_card_by_card() -> None:
    state = heads_up("Ad Jd 8d 2d Qc 6s 4c", "Ah Jh 8h 3h Kc 5d 2s", 1, flush=5)
    assert outcomes(state)["flush"] == "lose"


def test_flush_bonus_needs_four_cards_even_when_the_hand_wins() -> None:
    state = heads_up("Td 9d 2d Ac 4h 6s 8c", "8h 5h 2h Kc 7s Qs Jd", 1, flush=5)
    assert outcomes(state) == {"ante": "win", "raise": "push", "flush": "lose"}


@pytest.mark.parametrize(("player", "odds"), [
    ("2s 4s 6s 8s Ts Qs As", 200),
    ("2s 4s 6s 8s Ts Qs Ad", 50),
    ("2s 4s 6s 8s Ts Qh Ad", 10),
    ("2s 4s 6s 8s Kh Qh Ad", 2),
])
def test_flush_bonus_pays_by_the_players_flush_length(player: str, odds: int) -> None:
    state = heads_up(player, "3c 5c 9c 3d Td 3h 6h", raise_cap(flush_of(player).length), flush=2)
    assert returned(state)["flush"] == 2 + 2 * odds


def test_max_payout_caps_the_hands_total_winnings_bonuses_first() -> None:
    options = HCFOptions(bank_minimum=100, bonus_min=1, max_payout=100)
    state = heads_up("5s 6s 7s 8s 9s 2h 2d", "Ac Qc 9c 4d Td 3h 6h", 2, straight_flush=10, flush=10,
                     options=options)
    # Uncapped: Ante +10, Raise +20, Straight Flush +1000, Flush +100: the bonuses give way.
    assert returned(state) == {"ante": 20, "raise": 40, "straight_flush": 80, "flush": 10}


# ------------------------------------------------------------------------------- betting


def _opened(stack: int = 1_000, **options: Any) -> HCFState:
    merged = {"bank_minimum": 100, "bonus_min": 1, **options}
    return HCFState.new(HCFOptions(**merged), [PLAYER, DP], {PLAYER: stack, DP: 1_000}, DP)


def _dealt(player: str, bank: str, *, straight_flush: int = 0) -> HCFState:
    state = _opened()
    state.place_ante(PLAYER, ANTE)
    if straight_flush:
        state.place_bonus(PLAYER, "straight_flush", straight_flush)
    state.close_betting()
    state.deal(deck_of([player, bank]))
    return state


def test_a_bonus_needs_an_ante_first() -> None:
    state = _opened()
    with pytest.raises(RuleError, match="Place an Ante first"):
        state.place_bonus(PLAYER, "flush", 5)
    state.place_ante(PLAYER, ANTE)
    assert state.can_place_bonus(PLAYER, "flush", 5)
    with pytest.raises(RuleError, match="bonuses are"):
        state.place_bonus(PLAYER, "trips", 5)


def test_the_stack_must_cover_ante_a_3x_raise_and_the_bonuses() -> None:
    assert required_stack(10, 5, 5) == 50
    state = _opened(stack=39)
    with pytest.raises(RuleError, match="need 40 chips.*you have 39"):
        state.place_ante(PLAYER, ANTE)
    state = _opened(stack=45)
    state.place_ante(PLAYER, ANTE)
    state.place_bonus(PLAYER, "straight_flush", 5)
    with pytest.raises(RuleError, match="need 50 chips"):
        state.place_bonus(PLAYER, "flush", 5)
    with pytest.raises(RuleError, match="need 53 chips"):
        state.place_ante(PLAYER, 12)


def test_ante_and_bonus_limits_are_the_tables() -> None:
    state = _opened(min_ante=10, max_ante=50, bonus_min=1, bonus_max=20)
    with pytest.raises(RuleError, match="10 to 50"):
        state.place_ante(PLAYER, 9)
    with pytest.raises(RuleError, match="10 to 50"):
        state.place_ante(PLAYER, 51)
    with pytest.raises(RuleError, match="whole number"):
        state.place_ante(PLAYER, True)
    state.place_ante(PLAYER, 10)
    with pytest.raises(RuleError, match="Flush bonus at this table is 1 to 20"):
        state.place_bonus(PLAYER, "flush", 21)


def test_the_dp_and_strangers_cannot_bet() -> None:
    state = _opened()
    with pytest.raises(RuleError, match="designated player"):
        state.place_ante(DP, ANTE)
    with pytest.raises(RuleError, match="not seated"):
        state.place_ante(7, ANTE)


def test_placing_a_bet_again_sets_it_and_moves_only_the_difference() -> None:
    state = _opened()
    assert state.place_ante(PLAYER, 10).flows == (ChipFlow(PLAYER, "ante", 10),)
    assert state.place_ante(PLAYER, 25).flows == (ChipFlow(PLAYER, "ante", 15),)
    assert state.place_bonus(PLAYER, "flush", 5).flows == (ChipFlow(PLAYER, "flush", 5),)
    assert state.place_bonus(PLAYER, "flush", 2).flows == (ChipFlow(PLAYER, "flush", -3),)
    assert state.staked(PLAYER) == 27


def test_clear_bets_takes_everything_back_including_the_staked_rake() -> None:
    state = _opened(rake_mode=RakeMode.ALL_BUT_DP, rake=1)
    first = state.place_ante(PLAYER, ANTE)
    assert first.flows == (ChipFlow(PLAYER, "ante", ANTE), ChipFlow(PLAYER, "rake", 1))
    state.place_bonus(PLAYER, "straight_flush", 4)
    cleared = state.clear_bets(PLAYER)
    assert chips_of(cleared.flows, PLAYER) == -(ANTE + 4 + 1)
    assert state.players == {}
    with pytest.raises(RuleError, match="no bets"):
        state.clear_bets(PLAYER)


def test_a_round_nobody_bets_on_ends_undealt_and_takes_nothing_from_the_bank() -> None:
    state = _opened()
    state.close_betting()
    assert state.phase is Phase.SETTLED
    assert state.settlement is not None and state.settlement.lines == ()
    assert not state.can_deal() and state.bank_cards == ()


def test_at_most_six_players_a_round() -> None:
    seats = list(range(1, 8))
    state = HCFState.new(HCFOptions(), seats, dict.fromkeys(seats, 1_000), None)
    for seat in seats[:6]:
        state.place_ante(seat, ANTE)
    with pytest.raises(RuleError, match="full"):
        state.place_ante(7, ANTE)


# ------------------------------------------------------------------------- deal and order


def test_cards_go_clockwise_from_the_left_of_the_button_and_the_dp_last() -> None:
    # Clockwise 1, 2, 3, DP, 5: the button is the DP's, so 5 is dealt first, then 1, 2, 3.
    seats = [1, 2, 3, DP, 5]
    state = HCFState.new(HCFOptions(bank_minimum=100), seats, dict.fromkeys(seats, 1_000), DP)
    assert state.order == (5, 1, 2, 3)
    for seat in (3, 1, 5):  # bets in any order; dealing order is the table's
        state.place_ante(seat, ANTE)
    state.close_betting()
    hands = [WEAK, "9h 4h 2h Ac 5c Qd Js", "7h 6h 3h 8h 9c Td 3s", "6d 7d Qh 8s As Ad 6c"]
    deal = state.deal(deck_of(hands))
    assert isinstance(deal, Deal) and deal.seats == (5, 1, 3)
    assert deal.flows == (ChipFlow(DP, "bank", 1_000),)
    assert state.players[5].cards == tuple(parse_cards(hands[0]))
    assert state.players[3].cards == tuple(parse_cards(hands[2]))
    assert state.bank_cards == tuple(parse_cards(hands[3]))
    assert state.settlement_order == (3, 1, 5)  # counter-clockwise from the right of the button
    assert state.dealt_cards() == deck_of(hands)[:28]


def test_the_bank_is_hidden_until_the_showdown() -> None:
    state = _dealt(WEAK, NINE_HIGH)
    assert state.bank_flush() is None and state.dp_qualified is None
    assert all("cards" not in action.to_dict() for action in state.history)
    state.fold(PLAYER)
    showdown = state.history[-1]
    assert isinstance(showdown, Showdown) and showdown.cards == tuple(parse_cards(NINE_HIGH))
    assert state.bank_flush() == flush_of(NINE_HIGH)


def test_a_round_saves_and_restores_through_json_at_every_step() -> None:
    state = _opened(rake_mode=RakeMode.EVERY_PLAYER, rake=2)
    steps = [
        lambda: state.place_ante(PLAYER, ANTE),
        lambda: state.place_bonus(PLAYER, "straight_flush", 5),
        lambda: state.close_betting(),
        lambda: state.deal(deck_of([STRAIGHT_9, "9h 5h 2h Kc 6c Qd Ts"])),
        lambda: state.raise_bet(PLAYER, 1),
    ]
    for step in steps:
        step()
        restored = HCFState.from_dict(json.loads(json.dumps(state.to_dict())))
        assert restored == state
    assert state.result is not None and state.result.rake == 4


def test_bad_arguments_to_open_a_round_are_the_callers_bug() -> None:
    options = HCFOptions(bank_minimum=500)
    with pytest.raises(ValueError, match="bank minimum"):
        HCFState.new(options, [PLAYER, DP], {PLAYER: 1_000, DP: 499}, DP)
    with pytest.raises(ValueError, match="one of the seats"):
        HCFState.new(options, [PLAYER], {PLAYER: 1_000, DP: 1_000}, DP)
    with pytest.raises(ValueError, match="twice"):
        HCFState.new(options, [PLAYER, PLAYER], {PLAYER: 1_000}, None)
    with pytest.raises(ValueError, match="rake"):
        HCFOptions(rake_mode=RakeMode.DP_ONLY, rake=0)
    state = _opened()
    state.place_ante(PLAYER, ANTE)
    state.close_betting()
    with pytest.raises(ValueError, match="need 14 cards"):
        state.deal(deck_of([WEAK])[:7])
