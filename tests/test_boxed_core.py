"""The boxed dealer games' core: hand classes, pay tables, caps and the settlement function, and
the state machine under game data other than 2 Plus 4's (the settings Imperial Poker will use:
five dealer cards with the last face up, a Buy with free choice, open boxes by position, the
open Ante returned on a win, the exchange on open boxes only with free repeats and no Ante paid
after it, a bonus only with an Ante, a BET payout hook).

The 2 Plus 4 rulings themselves are proven in ``test_twoplusfour_engine.py``.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from bot.games.boxed import rules
from bot.games.boxed.bonus import FIVE_CARD_CLASS_COUNTS, FIVE_CARD_HANDS
from bot.games.boxed.rules import (
    AK_HIGH_MIN,
    BoxedGame,
    BoxedOptions,
    BoxKind,
    BoxShowdown,
    BoxStakes,
    HandClass,
    PayTable,
    Phase,
    cap_round,
    class_minimum,
    hand_class,
    settle_box,
    shows_pair_of,
)
from bot.games.boxed.state import BoxedState
from bot.games.common import RuleError
from bot.poker import FULL_DECK, Card, evaluate_rank, evaluate_rank5, parse_cards

BET_TABLE = PayTable(
    "BET",
    ((HandClass.FULL_HOUSE, 7, 1), (HandClass.THREE_OF_A_KIND, 3, 1), (HandClass.TWO_PAIR, 2, 1),
     (HandClass.PAIR, 1, 1), (HandClass.ACE_KING, 1, 1)),
    miss="push",
)
BONUS_TABLE = PayTable("Bonus", ((HandClass.THREE_OF_A_KIND, 25, 1),))


@dataclasses.dataclass(frozen=True)
class AceKingAlsoPays:
    """A stand-in for Imperial's second combination: an ace and a king beside a better hand pay
    1:1 more. Proves the BET goes through the game's hook, the insurance maximum too."""

    table: PayTable

    def winnings(self, cards: Sequence[Card], value: int, stake: int) -> int:
        ranks = {card.rank for card in cards}
        extra = stake if {14, 13} <= ranks and hand_class(value) > HandClass.ACE_KING else 0
        return self.table.winnings(hand_class(value), stake) + extra


IMPERIAL_LIKE = BoxedGame(
    name="imperial_like",
    display_name="Imperial-like test game",
    dealer=rules.DealerRule(cards=5, face_up=1),
    bet_pays=AceKingAlsoPays(BET_TABLE),
    bonus_pays=BONUS_TABLE,
    exchange=rules.ExchangeRule(boxes="open", pays_ante_on_win=False, max_exchanges=3,
                          repeat_on_same_rank=True),
    buy=rules.BuyRule(cost_antes=1, free_choice_pair=None),
    bonus_needs_ante=True,
    larger_open_box_first=False,
    open_ante_on_win="push",
    blind_ante_on_win="even",
)

NOT_QUALIFIED = "As Qh 9h 6h 3h"  # the seed's example: the ace of spades and four hearts
QUEENS = "Qc Qd 9c 8d 4s"


def arrange(hands: Sequence[str], dealer: str, draws: str = "") -> list[Card]:
    """Boxes in dealing order, then the dealer's five (the last face up), then the draws."""
    named = [card for hand in hands for card in parse_cards(hand)]
    named += parse_cards(dealer) + parse_cards(draws)
    assert len(set(named)) == len(named)
    return named + [card for card in FULL_DECK if card not in named]


def play(antes: Sequence[int], hands: Sequence[str], dealer: str, draws: str = "",
         game: BoxedGame = IMPERIAL_LIKE) -> BoxedState:
    state = BoxedState(game, BoxedOptions(min_ante=1))
    for box, ante in enumerate(antes, start=1):
        state.place_ante(1, box, ante)
    state.close_betting()
    state.deal(arrange(hands, dealer, draws))
    return state


def returned(state: BoxedState) -> dict[str, int]:
    assert state.settlement is not None
    return {line.bet: line.returned for line in state.settlement.lines}


# ------------------------------------------------------------------------- hands and tables


@pytest.mark.parametrize(("cards", "expected"), [
    ("As Kd 9h 6c 2s", HandClass.ACE_KING),
    ("As Qd 9h 6c 2s", HandClass.NOTHING),
    ("Ks Qd 9h 6c 2s 3d", HandClass.NOTHING),
    ("2s 2d 9h 6c 3s", HandClass.PAIR),
    ("2s 2d 9h 9c 3s", HandClass.TWO_PAIR),
    ("2s 2d 2h 9c 3s", HandClass.THREE_OF_A_KIND),
    ("As 2d 3h 4c 5s", HandClass.STRAIGHT),
    ("As 9s 3s 4s 6s", HandClass.FLUSH),
    ("2s 2d 2h 9c 9s", HandClass.FULL_HOUSE),
    ("2s 2d 2h 2c 9s", HandClass.FOUR_OF_A_KIND),
    ("9s 8s 7s 6s 5s", HandClass.STRAIGHT_FLUSH),
    ("As Ks Qs Js Ts", HandClass.ROYAL_FLUSH),
])
def test_hand_class_puts_ace_king_between_high_card_and_a_pair(cards: str, expected: HandClass) -> None:
    assert hand_class(evaluate_rank(parse_cards(cards))) is expected


def test_ace_king_is_the_lowest_qualifying_value() -> None:
    assert evaluate_rank(parse_cards("As Kd 4h 3c 2s")) == AK_HIGH_MIN
    assert evaluate_rank(parse_cards("As Qd Jh 9c 8s")) < class_minimum(HandClass.ACE_KING)
    assert evaluate_rank(parse_cards("2s 2d 4h 3c 5d")) >= class_minimum(HandClass.PAIR)
    assert class_minimum(HandClass.PAIR) > class_minimum(HandClass.ACE_KING) > class_minimum(
        HandClass.NOTHING)
    with pytest.raises(ValueError):
        class_minimum(HandClass.IMPERIAL_FLUSH)


@pytest.mark.parametrize(("up", "shows"), [
    ("Kh Ks 4c 3d", True), ("Ah As 4c 3d", True), ("5h 5s 4c 4d", True), ("7h 7s 7c 3d", True),
    ("Qh Qs 4c 3d", False), ("Ah Ks 4c 3d", False), ("2h 3s 4c 5d", False),
])
def test_face_up_cards_show_a_pair_of_kings_or_better(up: str, shows: bool) -> None:
    assert shows_pair_of(parse_cards(up), 13) is shows


def test_pay_table_rounds_down_to_the_chip_and_applies_its_miss_rule() -> None:
    table = PayTable("odd", ((HandClass.FLUSH, 3, 2),), miss="push")
    assert table.returned(HandClass.FLUSH, 11) == 11 + 16
    assert table.returned(HandClass.PAIR, 11) == 11
    assert BONUS_TABLE.returned(HandClass.PAIR, 11) == 0
    assert BONUS_TABLE.odds(HandClass.PAIR) is None and BONUS_TABLE.text() == "Three of a Kind 25:1"
    with pytest.raises(ValueError):
        PayTable("bad", ((HandClass.PAIR, 1, 0),))


def test_round_cap_scales_winnings_down_and_leaves_stakes_and_losses_alone() -> None:
    assert cap_round([30, 0, 10], [10, 10, 10], 100) == [30, 0, 10]
    assert cap_round([310, 0, 110, 10], [10, 10, 10, 10], 100) == [10 + 75, 0, 10 + 25, 10]
    assert sum(cap_round([1010, 1010, 1010], [10, 10, 10], 100)) - 30 <= 100


def test_game_and_options_refuse_impossible_settings() -> None:
    with pytest.raises(ValueError):
        rules.DealerRule(cards=8, face_up=1)
    with pytest.raises(ValueError):
        rules.ExchangeRule(max_exchanges=0)
    with pytest.raises(ValueError):
        dataclasses.replace(IMPERIAL_LIKE, max_open_boxes=5)
    with pytest.raises(ValueError):
        BoxedOptions(min_ante=0)
    with pytest.raises(ValueError):
        BoxedOptions(min_ante=10, max_ante=5)
    with pytest.raises(ValueError):
        BoxedOptions(max_round_payout=0)


# -------------------------------------------------------------------- settlement as data


def _settle(game: BoxedGame, kind: BoxKind, exchanged: bool, player: str, dealer: str,
            final: str | None = None) -> tuple[int, int]:
    value = evaluate_rank(parse_cards(player))
    dealt = evaluate_rank(parse_cards(dealer))
    bet_win = game.bet_pays.winnings(parse_cards(player), value, 20)
    final_value = evaluate_rank(parse_cards(final or dealer))
    back = settle_box(game, BoxedOptions(), BoxStakes(kind, 10, 20, exchanged=exchanged),
                      BoxShowdown(value, bet_win, HandClass.NOTHING, dealt, final_value))
    return back.ante, back.bet


def test_open_ante_is_returned_not_paid_when_the_game_says_push_and_a_blind_ante_is_paid() -> None:
    assert _settle(IMPERIAL_LIKE, "open", False, "Kc Kd 7s 5h 2d", QUEENS) == (10, 40)
    assert _settle(IMPERIAL_LIKE, "blind", False, "Kc Kd 7s 5h 2d", QUEENS) == (20, 40)


def test_exchange_win_pays_no_ante_when_the_game_says_so() -> None:
    result = _settle(IMPERIAL_LIKE, "open", True, "Kc Kd 7s 5h 2d", NOT_QUALIFIED, QUEENS)
    assert result == (0, 40)


def test_bet_payout_goes_through_the_games_hook() -> None:
    assert _settle(IMPERIAL_LIKE, "open", False, "Kc Kd As 5h 2d", QUEENS) == (10, 20 + 20 + 20)


# -------------------------------------------------------------------- the state machine


def test_five_dealer_cards_with_the_last_face_up() -> None:
    state = play([10], ["Kc Kd 7s 5h 2d"], QUEENS)
    assert state.dealer_up == (Card("4s"),)
    assert state.public_view().dealer == (None, None, None, None, Card("4s"))


def test_open_boxes_are_played_by_position_when_the_game_does_not_put_the_larger_first() -> None:
    state = play([10, 30], ["Kc Kd 7s 5h 2d", "Jc Jd 8s 5d 2h"], QUEENS)
    assert state.seats[1].order == (1, 2) and state.current_box(1) == 1


def test_buy_with_free_choice_always_leaves_bet_or_fold() -> None:
    state = play([10], ["Jc Jd 7s 5h 2d"], QUEENS, draws="3s")
    assert not state.buy_forces_bet()
    state.buy(1)
    assert state.can_bet(1) and state.can_fold(1) and not state.can_buy(1)


def test_a_game_without_buy_refuses_it() -> None:
    state = play([10], ["Jc Jd 7s 5h 2d"], QUEENS, game=dataclasses.replace(IMPERIAL_LIKE, buy=None))
    with pytest.raises(RuleError, match="has no Buy"):
        state.buy(1)
    assert state.buy_cost(1) == 0 and not state.buy_forces_bet()


def test_bonus_needs_an_ante_when_the_game_says_so() -> None:
    state = BoxedState(IMPERIAL_LIKE, BoxedOptions(min_ante=10))
    with pytest.raises(RuleError, match="the bonus needs an Ante"):
        state.place_bonus(1, 1, 5)
    state.place_ante(1, 1, 5)
    state.place_bonus(1, 1, 5)
    state.place_ante(1, 2, 10)
    state.place_ante(1, 3, 5)
    closed = state.close_betting()
    assert [(r.bet, r.reason) for r in closed.rejected] == [
        ("box1 ante", "Ante below the table minimum of 10"),
        ("box1 bonus", "the bonus needs an Ante"),
        ("box3 ante", "Ante below the table minimum of 10"),
        ("box3 bet", "Ante below the table minimum of 10"),
    ]
    assert sorted((flow.bet, flow.amount) for flow in closed.flows) == [
        ("box1 ante", -5), ("box1 bonus", -5), ("box3 ante", -5), ("box3 bet", -10)]
    assert list(state.seats[1].boxes) == [2]


def test_exchange_repeats_for_free_on_a_same_rank_card_until_the_dealer_qualifies() -> None:
    # Seed (Imperial, point 17): the ace of spades gives way to the ace of clubs, the exchange
    # repeats for free, the ace of hearts makes the dealer's flush.
    state = play([10], ["Kc Kd 7s 5d 2d"], NOT_QUALIFIED, draws="Ac Ah")
    state.bet(1)
    assert state.phase is Phase.EXCHANGE
    state.pick_exchange(1, 1)
    state.go_on(1)
    exchange = state.public_view().exchange
    assert exchange is not None and exchange.qualified
    assert exchange.replaced == (Card("As"), Card("Ac")) and exchange.drawn == (Card("Ac"), Card("Ah"))
    assert returned(state) == {"box1 ante": 0, "box1 bet": 0}  # the flush beats the kings


def test_exchange_repeats_at_most_three_times_in_all() -> None:
    state = play([10], ["Kc Kd 7s 5d 2d"], "As Qc 9h 6d 3h", draws="Ac Ad Ah")
    state.bet(1)
    state.pick_exchange(1, 1)
    state.go_on(1)
    exchange = state.public_view().exchange
    assert exchange is not None and len(exchange.drawn) == 3 and not exchange.qualified
    assert returned(state) == {"box1 ante": 0, "box1 bet": 20}


def test_exchange_on_open_boxes_only_when_the_game_says_so() -> None:
    state = play([10, 10, 10], ["Kc Kd 7s 5d 2d", "Jc Jd 8s 5h 2h", "Tc Td 8c 6s 2s"],
                 NOT_QUALIFIED)
    state.bet(1)
    state.bet(1)
    assert state.seats[1].boxes[3].kind == "blind"
    assert state.exchange_boxes(1) == (1, 2)
    with pytest.raises(RuleError, match="Box 3 is played blind, and only open boxes take part"):
        state.pick_exchange(1, 3)
    with pytest.raises(RuleError, match="nothing to decide in the exchange"):
        state.go_on(9)


def test_insurance_maximum_follows_the_bet_payout_hook() -> None:
    state = play([10], ["6c 6d 6h As Kd"], QUEENS)  # trips 3:1 and the hook's Ace-King 1:1
    assert state.insurance_range(1, 1) == (10, 80)


def test_a_player_who_leaves_is_timed_out_through_every_remaining_step() -> None:
    state = play([10, 10], ["Kc Kd 7s 5d 2d", "Jc Jd 8s 5h 2h"], QUEENS)
    records = state.timeout_seat(1)
    assert [record.label for record in records] == ["box 1: AUTO FOLDED", "box 2: AUTO FOLDED"]
    assert state.phase is Phase.SETTLED


def test_out_of_phase_requests_are_refused_with_a_reason() -> None:
    state = BoxedState(IMPERIAL_LIKE)
    assert state.deadline_kind() == "betting"
    with pytest.raises(RuleError, match="only when the dealer does not qualify"):
        state.pick_exchange(1, 1)
    with pytest.raises(RuleError, match="no bets from your last round"):
        state.rebet(1, {})
    with pytest.raises(RuleError, match="whole number of chips"):
        state.place_ante(1, 1, 0)
    with pytest.raises(RuleError, match="not been dealt"):
        state.go_on(1)
    with pytest.raises(RuleError, match="no box 3"):
        play([10], ["Kc Kd 7s 5d 2d"], QUEENS).insure(1, 3, 10)


def test_the_deck_budget_counts_every_exchange_a_game_may_need() -> None:
    state = play([10], ["Kc Kd 7s 5d 2d"], QUEENS)
    assert state.cards_needed() == 5 + 1 + 5 + 3


def test_a_saved_round_needs_its_own_game_to_restore() -> None:
    state = play([10], ["Kc Kd 7s 5d 2d"], QUEENS)
    data = json.loads(json.dumps(state.to_dict()))
    assert BoxedState.from_dict(data, IMPERIAL_LIKE).to_dict() == data
    with pytest.raises(ValueError, match="not a saved Imperial-like test game round"):
        BoxedState.from_dict({**data, "version": 2}, IMPERIAL_LIKE)


def test_the_bonus_class_counts_are_those_of_every_five_card_hand() -> None:
    counts = Counter(hand_class(evaluate_rank5(hand)) for hand in combinations(range(52), 5))
    assert {cls: counts[cls] for cls in FIVE_CARD_CLASS_COUNTS} == FIVE_CARD_CLASS_COUNTS
    assert counts.total() == FIVE_CARD_HANDS == 2_598_960
