"""High Card Flush banking: settlement order against the DP's funds, dead hands, every rake mode,
the house as bank, who paid whom, the DP offer order, and chip conservation over random rounds.

Rulings: RULES.md "High Card Flush" (settlement counter-clockwise from the right of the button,
paid up to the DP's funds, a dead hand when the DP cannot cover a win in full; rake options) and
the seed's "Alle Einsätze werden in dem Maße ausgezahlt, wie das Geld des designierten Spielers
in Aktion ist".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.games.common import SettlementLine, chips_of
from bot.games.hcf import (
    HOUSE,
    HandResult,
    HCFOptions,
    HCFState,
    Phase,
    RakeMode,
    Transfer,
    dp_offer_order,
    hand_keys,
    settle_against_bank,
    settle_hand,
)
from bot.poker import FULL_DECK, Card, parse_cards

DP = 4
ANTE = 10


def deck_for(state: HCFState, hands: Mapping[int, str], bank: str) -> list[Card]:
    """A deck that deals ``hands[seat]`` to each player (in the state's dealing order), then
    ``bank`` to the bank; the unnamed cards follow in index order."""
    named = [card for seat in state.players for card in parse_cards(hands[seat])] + parse_cards(bank)
    assert len(set(named)) == len(named) == 7 * (len(state.players) + 1)
    return named + [card for card in FULL_DECK if card not in named]


def play(
    clockwise: Sequence[int], banker: int | None, bank_stack: int, hands: Mapping[int, str],
    bank: str, raises: Mapping[int, int], *, straight_flush: int = 0,
    rake_mode: str = RakeMode.NONE, rake: int = 0,
) -> HCFState:
    """A whole round: every player antes (and the Straight Flush bonus when asked), then raises
    ``raises[seat]`` Antes (0 folds)."""
    options = HCFOptions(bank_minimum=50, bonus_min=1, rake_mode=rake_mode, rake=rake)
    stacks = {seat: (bank_stack if seat == banker else 1_000) for seat in clockwise}
    state = HCFState.new(options, clockwise, stacks, banker)
    for seat in hands:
        state.place_ante(seat, ANTE)
        if straight_flush:
            state.place_bonus(seat, "straight_flush", straight_flush)
    state.close_betting()
    state.deal(deck_for(state, hands, bank))
    for seat, multiple in raises.items():
        if multiple:
            state.raise_bet(seat, multiple)
        else:
            state.fold(seat)
    assert state.phase is Phase.SETTLED and state.result is not None
    return state


def returned(state: HCFState, seat: int) -> dict[str, int]:
    assert state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines_of(seat)}


# --------------------------------------------------------------- the DP's funds and order

BANK = "9c 5c 2c Kd 7h 4s Jd"              # 3-card 9-5-2: qualifies, no run
BIG_WINNER_A = "Th Jh Qh 2d 5d 8s 3s"      # Q-J-T run: Ante, Raise and an 8:1 bonus win = +100
BIG_WINNER_B = "Ts Js Qs 3d 6h 2h 4d"      # the same in spades
FOLDER = "Ac Ad As 3c 4c 6c 8h"            # folds: Ante and bonus lost = -20


def test_a_win_the_dp_cannot_cover_is_a_dead_hand_and_a_later_one_is_paid_from_collected_chips() -> None:
    # Clockwise 1, 2, 3, DP: dealt 1, 2, 3; settled 3, 2, 1. The bank holds 90.
    state = play([1, 2, 3, DP], DP, 90, {1: BIG_WINNER_B, 2: FOLDER, 3: BIG_WINNER_A}, BANK,
                 {1: 1, 2: 0, 3: 1}, straight_flush=ANTE)
    result = state.result
    assert result is not None
    assert state.settlement_order == (3, 2, 1)
    assert result.hands == (
        HandResult(3, 0, True, 90, 90),       # +100 > 90: dead
        HandResult(2, -20, False, 90, 110),   # the DP collects 20
        HandResult(1, 100, False, 110, 10),   # +100 <= 110: paid
    )
    assert returned(state, 3) == {"ante": 10, "raise": 10, "straight_flush": 10}  # all back
    assert {line.outcome for line in result.settlement.lines_of(3)} == {"dead"}
    assert returned(state, 1) == {"ante": 20, "raise": 20, "straight_flush": 90}
    assert returned(state, DP) == {"bank": 10}
    assert result.transfers == (Transfer(2, DP, 20, "lost"), Transfer(DP, 1, 100, "won"))
    assert result.dead == (3,) and result.settlement.house_net == 0


def test_the_order_of_settlement_decides_which_hand_is_dead() -> None:
    # The same three hands seated so that both winners come before the loser: both are dead.
    state = play([2, 1, 3, DP], DP, 90, {1: BIG_WINNER_B, 2: FOLDER, 3: BIG_WINNER_A}, BANK,
                 {1: 1, 2: 0, 3: 1}, straight_flush=ANTE)
    assert state.result is not None
    assert state.settlement_order == (3, 1, 2)
    assert state.result.dead == (3, 1)
    assert returned(state, DP) == {"bank": 110}


def test_a_win_exactly_equal_to_the_funds_is_paid_in_full() -> None:
    state = play([1, DP], DP, 100, {1: BIG_WINNER_A}, BANK, {1: 1}, straight_flush=ANTE)
    assert state.result is not None and state.result.dead == ()
    assert returned(state, DP) == {"bank": 0}


def test_losses_net_against_wins_within_one_hand_before_the_funds_are_checked() -> None:
    # Ante and Raise lose 20 to a better flush, the bonus wins 8:1 = 80: the DP owes 60 net.
    lines = (
        SettlementLine(1, "ante", 10, 0, "lose"),
        SettlementLine(1, "raise", 10, 0, "lose"),
        SettlementLine(1, "straight_flush", 10, 90, "win"),
    )
    paid = settle_against_bank([lines], DP, 60, 0)
    assert paid.hands == (HandResult(1, 60, False, 60, 0),)
    dead = settle_against_bank([lines], DP, 59, 0)
    assert dead.dead == (1,) and dead.settlement.lines_of(DP)[0].returned == 59


# ---------------------------------------------------------------------------------- rake

RAKE_BANK = "Ah Kh 9h 3c 5d 7s Jc"          # A-K-9: qualifies
LOSER = "8c 6d 4h 2s Tc Qd Ks"               # raises 1x and loses 20
WINNER = "2d 4d 8d Td 3s 6c Qh"              # 4-card flush: raises 1x and wins 20


def rake_round(mode: str, banker: int | None = DP, bank_stack: int = 500) -> HCFState:
    clockwise = [1, 2, DP] if banker is not None else [1, 2]
    return play(clockwise, banker, bank_stack, {1: LOSER, 2: WINNER}, RAKE_BANK, {1: 1, 2: 1},
                rake_mode=mode, rake=3)


@pytest.mark.parametrize(("mode", "players_pay", "dp_pays"), [
    (RakeMode.NONE, False, False),
    (RakeMode.EVERY_PLAYER, True, True),
    (RakeMode.ALL_BUT_DP, True, False),
    (RakeMode.DP_ONLY, False, True),
])
def test_each_rake_mode_takes_from_the_seats_it_names(mode: str, players_pay: bool, dp_pays: bool) -> None:
    state = rake_round(mode)
    result = state.result
    assert result is not None
    player_rake = 3 if players_pay else 0
    for seat in (1, 2):
        staked_by_flows = sum(chips_of(action.flows, seat) for action in state.history)
        assert staked_by_flows == 20 + player_rake  # the rake is staked with the Ante
    assert returned(state, 1).get("rake", 0) == 0
    assert returned(state, DP) == {"bank": 500 + 20 - 20 - (3 if dp_pays else 0)}
    rake = [t for t in result.transfers if t.payee is HOUSE]
    # In settlement order: seat 2 (right of the button) first, then seat 1.
    expected = [Transfer(2, HOUSE, 3, "rake"), Transfer(1, HOUSE, 3, "rake")] if players_pay else []
    expected += [Transfer(DP, HOUSE, 3, "rake")] if dp_pays else []
    assert rake == expected
    assert result.settlement.house_net == result.rake == 3 * len(expected)


def test_the_dp_rake_is_taken_last_and_never_more_than_the_bank_holds() -> None:
    # The bank of 50 pays the winner 20 and collects 20 from the loser: it holds 50, rake 3.
    assert returned(rake_round(RakeMode.DP_ONLY, bank_stack=50), DP) == {"bank": 47}
    # A bank that paid out everything pays no rake.
    state = play([1, DP], DP, 100, {1: BIG_WINNER_A}, BANK, {1: 1}, straight_flush=ANTE,
                 rake_mode=RakeMode.DP_ONLY, rake=3)
    assert state.result is not None and state.result.dp_rake == 0
    assert returned(state, DP) == {"bank": 0}
    # And one left with 1 chip pays 1 of its 3.
    state = play([1, DP], DP, 101, {1: BIG_WINNER_A}, BANK, {1: 1}, straight_flush=ANTE,
                 rake_mode=RakeMode.DP_ONLY, rake=3)
    assert state.result is not None and state.result.dp_rake == 1


def test_a_dead_hand_gets_its_rake_back_and_a_dp_with_only_dead_hands_pays_none() -> None:
    state = play([1, DP], DP, 60, {1: BIG_WINNER_A}, BANK, {1: 1}, straight_flush=ANTE,
                 rake_mode=RakeMode.EVERY_PLAYER, rake=3)
    result = state.result
    assert result is not None and result.dead == (1,)
    assert returned(state, 1) == {"ante": 10, "raise": 10, "straight_flush": 10, "rake": 3}
    assert returned(state, DP) == {"bank": 60}
    assert result.transfers == () and result.settlement.house_net == 0


def test_a_folded_hand_still_pays_its_rake() -> None:
    state = play([1, DP], DP, 500, {1: LOSER}, RAKE_BANK, {1: 0}, rake_mode=RakeMode.ALL_BUT_DP, rake=3)
    assert state.result is not None
    assert state.result.transfers == (Transfer(1, DP, 10, "lost"), Transfer(1, HOUSE, 3, "rake"))


# ---------------------------------------------------------------------- the house as bank


def test_the_house_banks_with_unlimited_funds_and_pays_any_win() -> None:
    seven_run = "5s 6s 7s 8s 9s Ts Js"
    state = play([1], None, 0, {1: seven_run}, "Ac Qc 9c 4d Td 3h 6h", {1: 3}, straight_flush=ANTE)
    result = state.result
    assert result is not None and result.dead == ()
    assert returned(state, 1) == {"ante": 20, "raise": 60, "straight_flush": 10 + 10_000}
    assert result.transfers == (Transfer(HOUSE, 1, 10_040, "won"),)
    assert result.settlement.house_net == -10_040
    assert not any(line.bet == "bank" for line in result.settlement.lines)


@pytest.mark.parametrize(("mode", "rake"), [
    (RakeMode.EVERY_PLAYER, 6), (RakeMode.ALL_BUT_DP, 6), (RakeMode.DP_ONLY, 0), (RakeMode.NONE, 0),
])
def test_with_the_house_banking_only_player_rake_modes_take_a_rake(mode: str, rake: int) -> None:
    state = rake_round(mode, banker=None)
    assert state.result is not None
    assert state.result.rake == rake
    # The loser's 20 and the winner's 20 cancel: the house keeps exactly the rake.
    assert state.result.settlement.house_net == rake


# ------------------------------------------------------------------------ DP offer order


def test_dp_offer_moves_clockwise_from_the_previous_dp_who_comes_last() -> None:
    stacks = {1: 500, 2: 500, 3: 500, 4: 500}
    assert dp_offer_order([1, 2, 3, 4], stacks, 500, previous=2) == (3, 4, 1, 2)
    assert dp_offer_order([1, 2, 3, 4], stacks, 500, previous=4) == (1, 2, 3, 4)


def test_dp_offer_skips_stacks_below_the_minimum() -> None:
    stacks = {1: 500, 2: 499, 3: 1_000, 4: 0}
    assert dp_offer_order([1, 2, 3, 4], stacks, 500, previous=1) == (3, 1)
    assert dp_offer_order([1, 2, 3, 4], stacks, 2_000, previous=1) == ()


def test_dp_offer_starts_at_the_first_seat_without_a_seated_previous_dp() -> None:
    stacks = {1: 500, 2: 500, 3: 500}
    assert dp_offer_order([1, 2, 3], stacks, 100, previous=None) == (1, 2, 3)
    assert dp_offer_order([1, 2, 3], stacks, 100, previous=9) == (1, 2, 3)


# ------------------------------------------------------------------ conservation of chips


@st.composite
def rounds(draw: st.DrawFn) -> tuple[HCFState, dict[int, int]]:
    """A random round played to the end: 1-6 players, a player DP with a small bank (dead hands
    happen) or the house, any rake mode, random bets and decisions, a random deck."""
    count = draw(st.integers(1, 6))
    house = draw(st.booleans())
    seats = list(range(1, count + 1)) + ([] if house else [DP + 10])
    banker = None if house else DP + 10
    mode = draw(st.sampled_from(RakeMode.ALL))
    options = HCFOptions(min_ante=5, max_ante=50, bonus_min=1, bonus_max=20, bank_minimum=1,
                         rake_mode=mode, rake=0 if mode == RakeMode.NONE else draw(st.integers(1, 5)))
    # A small bank against up to six players makes dead hands common.
    stacks = {seat: draw(st.integers(1, 60 if seat == banker else 400)) for seat in seats}
    stacks[1] = max(stacks[1], 200)  # somebody can always bet, so most rounds are dealt
    state = HCFState.new(options, seats, stacks, banker)
    for seat in seats:
        if seat == banker or (seat != 1 and draw(st.integers(0, 3)) == 0):
            continue
        ante = draw(st.integers(5, 50))
        if state.can_place_ante(seat, ante):
            state.place_ante(seat, ante)
            for bonus in ("straight_flush", "flush"):
                amount = draw(st.integers(0, 20))
                if amount and state.can_place_bonus(seat, bonus, amount):
                    state.place_bonus(seat, bonus, amount)
    state.close_betting()
    if state.phase is Phase.DEALING:
        state.deal(draw(st.permutations(FULL_DECK)))
        for seat in state.pending_seats():
            choice = draw(st.integers(-1, 3))  # mostly raises, which is where chips move
            if choice == -1:
                state.timeout(seat)
            elif choice == 0:
                state.fold(seat)
            else:
                state.raise_bet(seat, min(choice, state.raise_cap(seat)))
    return state, stacks


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds())
def test_chips_are_conserved_and_every_transfer_adds_up(played: tuple[HCFState, dict[int, int]]) -> None:
    state, stacks = played
    assert state.phase is Phase.SETTLED and state.result is not None
    result, settlement = state.result, state.result.settlement
    event("house banks" if state.banker is None else "a player banks")
    event("a dead hand" if result.dead else "no dead hand")
    summary = settlement.summary
    # What went into play through the actions is what the settlement says was staked.
    for seat in stacks:
        flows = sum(chips_of(action.flows, seat) for action in state.history)
        assert flows == (summary[seat].staked if seat in summary else 0)
        assert flows <= stacks[seat]
    # Nothing is created or lost: returned + house_net (rake included) == staked.
    rake = result.rake
    assert settlement.total_returned + settlement.house_net == settlement.total_staked
    assert all(line.returned >= 0 for line in settlement.lines)
    # Who paid whom adds up to each seat's result and to the house's.
    for seat, seat_summary in summary.items():
        received = sum(t.amount for t in result.transfers if t.payee == seat)
        paid = sum(t.amount for t in result.transfers if t.payer == seat)
        assert seat_summary.net == received - paid
    to_house = sum(t.amount for t in result.transfers if t.payee is HOUSE)
    from_house = sum(t.amount for t in result.transfers if t.payer is HOUSE)
    assert settlement.house_net == to_house - from_house
    if state.banker is not None and state.players:
        assert settlement.house_net == rake >= 0
        assert summary[state.banker].staked == stacks[state.banker]
    # Each hand: dead exactly when its unlimited-funds win exceeds the funds at its turn.
    bank_flush, bank_run = hand_keys(state.bank_cards) if state.bank_cards else (0, 0)
    for hand in result.hands:
        player = state.players[hand.seat]
        flush, run = hand_keys(player.cards)
        back = settle_hand(player.ante, player.raised, player.straight_flush, player.flush,
                           flush, run, bank_flush, bank_run, state.options)
        win = back.total - (player.staked - player.rake)
        if hand.funds_before is None:
            assert not hand.dead and hand.net == win
        else:
            assert hand.dead == (win > hand.funds_before)
            assert hand.funds_after == hand.funds_before - hand.net >= 0
            if hand.dead:
                assert all(line.returned == line.staked for line in settlement.lines_of(hand.seat))
            else:
                assert hand.net == win
