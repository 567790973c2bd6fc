"""The Chinese Poker hand at a table: dealing four hands from a fixed deck, setting hands with
every refusal, timeouts (auto-set or foul), nothing revealed before all are set, the showdown and
the chips between stacks, and saving/restoring as JSON at every step.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.chinese import (
    Arrangement,
    ChineseOptions,
    ChineseRound,
    Matchup,
    NaturalKind,
    Phase,
    Transfer,
)
from bot.games.common import RuleError
from bot.poker import FULL_DECK, Card, parse_cards

# Hands for positions 0..3 (written front / middle / back where it matters).
ALICE = "Qh Qd 2c  Kc Kd 7c 7d 4h  5s 6s 7s 8s 9s"  # sweeps BOB with a back straight flush
BOB = "Jh Jd 3c  Qc Qs 8c 8d 2d  Ah Kh 9h 6h 3h"
CAROL = "2h 3d 4d  5c 6c 9c Tc Jc  5d 6d 9d Td Ad"  # two flushes; holds no natural
ALICE_ID, BOB_ID, CAROL_ID = 11, 22, 33


def deck(*hands: str) -> list[Card]:
    """A deck dealing ``hands[p]`` to position p (13 cards each), then the unnamed cards."""
    named = [card for hand in hands for card in parse_cards(hand)]
    assert len(set(named)) == len(named) and all(len(parse_cards(hand)) == 13 for hand in hands)
    return named + [card for card in FULL_DECK if card not in named]


def dealt(options: ChineseOptions | None = None, stacks: dict[int, int] | None = None,
          hands: Sequence[str] = (ALICE, BOB, CAROL), button: int = 0) -> ChineseRound:
    """Alice at position 0, Bob at 1, Carol at 2 (when three hands are given), 3 empty."""
    seats = [ALICE_ID, BOB_ID, CAROL_ID][: len(hands)]
    positions = {seat: index for index, seat in enumerate(seats)}
    stacks = stacks or dict.fromkeys(seats, 1000)
    state = ChineseRound.start(options or ChineseOptions(point_value=10), positions, stacks, button)
    filler = [card for card in FULL_DECK if str(card) not in " ".join(hands).split()]
    extra = [" ".join(str(card) for card in filler[13 * i : 13 * i + 13]) for i in range(4 - len(hands))]
    state.deal(deck(*hands, *extra))
    return state


def roundtrip(state: ChineseRound) -> ChineseRound:
    data = json.loads(json.dumps(state.to_dict()))
    restored = ChineseRound.from_dict(data)
    assert restored.to_dict() == state.to_dict()
    return restored


def split(hand: str) -> tuple[str, str]:
    cards = hand.split()
    return " ".join(cards[:3]), " ".join(cards[3:8])


# ------------------------------------------------------------------------------- dealing


def test_four_hands_are_always_dealt_and_empty_seats_hands_are_dead() -> None:
    state = dealt(hands=(ALICE, BOB))
    assert state.phase is Phase.SETTING
    assert sorted(state.hand_of(ALICE_ID)) == sorted(parse_cards(ALICE))
    assert sorted(state.hand_of(BOB_ID)) == sorted(parse_cards(BOB))
    assert set(state.dead_hands) == {2, 3}
    assert all(len(hand) == 13 for hand in state.dead_hands.values())
    every_card = [card for player in state.players.values() for card in player.cards]
    every_card += [card for hand in state.dead_hands.values() for card in hand]
    assert sorted(every_card) == sorted(FULL_DECK)


def test_a_deal_needs_fifty_two_distinct_cards() -> None:
    state = ChineseRound.start(ChineseOptions(), {1: 0, 2: 1}, {1: 50, 2: 50}, 0)
    with pytest.raises(ValueError, match="52 distinct cards"):
        state.deal(list(FULL_DECK[:51]))
    state.deal(list(FULL_DECK))
    with pytest.raises(RuleError, match="already been dealt"):
        state.deal(list(FULL_DECK))


@pytest.mark.parametrize(("positions", "stacks", "button", "message"), [
    ({1: 0}, {1: 10}, 0, "2 to 4 players"),
    ({1: 0, 2: 0}, {1: 10, 2: 10}, 0, "distinct position"),
    ({1: 0, 2: 4}, {1: 10, 2: 10}, 0, "distinct position"),
    ({1: 0, 2: 1}, {1: 10, 2: 0}, 0, "at least 1 chip"),
    ({1: 0, 2: 1}, {1: 10, 2: 10}, 3, "button"),
])
def test_a_hand_needs_two_to_four_seated_players_with_chips(
    positions: dict[int, int], stacks: dict[int, int], button: int, message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        ChineseRound.start(ChineseOptions(), positions, stacks, button)


# ------------------------------------------------------------------------------- setting


def test_setting_a_hand_by_choosing_front_and_middle_then_confirming() -> None:
    state = dealt()
    front, middle = split(ALICE)
    state.choose(ALICE_ID, front=front)
    assert state.draft(ALICE_ID) is None
    state.choose(ALICE_ID, middle=middle)
    draft = state.draft(ALICE_ID)
    assert draft is not None and set(draft.back) == set(parse_cards("5s 6s 7s 8s 9s"))
    assert state.foul_warning(ALICE_ID) is None
    state = roundtrip(state)
    state.confirm(ALICE_ID)
    assert state.pending_seats() == (BOB_ID, CAROL_ID)
    assert state.players[ALICE_ID].set_by == "player"


def test_choosing_a_part_that_overlaps_the_other_clears_the_other() -> None:
    state = dealt()
    state.choose(ALICE_ID, front="Qh Qd 2c", middle="Kc Kd 7c 7d 4h")
    state.choose(ALICE_ID, middle="Qh Kd 7c 7d 4h")
    assert state.players[ALICE_ID].front is None
    assert state.draft(ALICE_ID) is None


@pytest.mark.parametrize(("front", "middle", "message"), [
    ("Qh Qd", "Kc Kd 7c 7d 4h", "front takes 3 cards, not 2"),
    ("Qh Qd 2c", "Kc Kd 7c 7d", "middle takes 5 cards, not 4"),
    ("Qh Qd As", "Kc Kd 7c 7d 4h", "As is not one of your cards"),
    ("Qh Qd 2c", "Kc Kd 7c 7d Qh", "cannot be in your front and your middle"),
    ("Qh Qd 2x", "Kc Kd 7c 7d 4h", "not a card"),
])
def test_bad_choices_are_refused_and_change_nothing(front: str, middle: str, message: str) -> None:
    state = dealt()
    before = state.to_dict()
    assert not state.can_set_hand(ALICE_ID, front, middle)
    with pytest.raises(RuleError, match=message):
        state.set_hand(ALICE_ID, front, middle)
    with pytest.raises(RuleError, match=message):
        state.choose(ALICE_ID, front=front, middle=middle)
    assert state.to_dict() == before


def test_confirming_twice_is_refused() -> None:
    state = dealt()
    state.set_hand(ALICE_ID, *split(ALICE))
    assert not state.can_confirm(ALICE_ID)
    with pytest.raises(RuleError, match="already set your hand"):
        state.confirm(ALICE_ID)
    with pytest.raises(RuleError, match="already set your hand"):
        state.choose(ALICE_ID, front="Qh Qd 2c")
    with pytest.raises(RuleError, match="already set your hand"):
        state.timeout(ALICE_ID)


def test_confirm_needs_a_complete_draft_and_only_players_in_the_hand_act() -> None:
    state = dealt()
    with pytest.raises(RuleError, match="Choose your front 3 and middle 5"):
        state.confirm(ALICE_ID)
    state.choose(ALICE_ID, front="Qh Qd 2c")
    with pytest.raises(RuleError, match="Choose your front 3 and middle 5"):
        state.confirm(ALICE_ID)
    with pytest.raises(RuleError, match="no hand in this round"):
        state.choose(999, front="Qh Qd 2c")


def test_acting_with_another_players_cards_is_refused() -> None:
    # Bob cannot set Alice's cards as his own: they are not in his hand.
    state = dealt()
    with pytest.raises(RuleError, match="not one of your cards"):
        state.set_hand(BOB_ID, *split(ALICE))


def test_nothing_is_acted_on_before_the_deal() -> None:
    state = ChineseRound.start(ChineseOptions(), {1: 0, 2: 1}, {1: 50, 2: 50}, 0)
    with pytest.raises(RuleError, match="not been dealt"):
        state.choose(1, front="2c 3c 4c")


def test_a_fouled_draft_warns_and_may_still_be_confirmed() -> None:
    state = dealt()
    # Alice's straight flush in the middle and two pair behind: fouled.
    state.choose(ALICE_ID, front="Qh Qd 2c", middle="5s 6s 7s 8s 9s")
    warning = state.foul_warning(ALICE_ID)
    assert warning == "Your middle (Straight Flush, Nine high) beats your back (Two Pair, Kings and Sevens)."
    state.confirm(ALICE_ID)
    state.set_hand(BOB_ID, *split(BOB))
    state.set_hand(CAROL_ID, *split(CAROL))
    assert state.showdown is not None and state.showdown.readings[ALICE_ID].fouled


def test_declaring_a_natural_the_cards_do_not_hold_is_refused() -> None:
    state = dealt()
    with pytest.raises(RuleError, match="no automatic win"):
        state.set_hand(ALICE_ID, *split(ALICE), declare_natural=True)
    with pytest.raises(RuleError, match="no automatic win"):
        state.confirm(ALICE_ID, declare_natural=True)


def test_a_natural_is_declared_without_setting_the_hand() -> None:
    six_pairs = "2c 2d 4c 4d 6c 6d 8h 8s Tc Td Qh Qs Ac"
    bob = "Jh Jd 3c Kc Ks 8c 8d 2h Ah Kh 9h 6h 3h"
    state = dealt(hands=(six_pairs, bob))
    natural = state.natural_of(ALICE_ID)
    assert natural is not None and natural.kind is NaturalKind.SIX_PAIRS
    assert state.natural_of(BOB_ID) is None
    state.confirm(ALICE_ID, declare_natural=True)
    state.timeout(BOB_ID)
    assert state.showdown is not None
    assert state.showdown.between(ALICE_ID, BOB_ID).matchup is Matchup.NATURAL
    assert state.showdown.points == {ALICE_ID: 4, BOB_ID: -4}


# ------------------------------------------------------------------------------ timeouts


def test_a_timeout_sets_the_hand_by_the_auto_arrange_by_default() -> None:
    state = dealt()
    state.timeout(CAROL_ID)
    player = state.players[CAROL_ID]
    assert player.set_by == "auto-set"
    assert player.arrangement == state.auto_arrangement(CAROL_ID).arrangement
    assert player.arrangement is not None and not player.arrangement.fouled
    assert [event.kind for event in state.history] == ["deal", "auto-set"]


def test_a_timeout_fouls_the_hand_under_the_foul_option() -> None:
    state = dealt(ChineseOptions(point_value=10, on_timeout="foul"), hands=(ALICE, BOB))
    state.set_hand(ALICE_ID, *split(ALICE))
    state.timeout(BOB_ID)
    assert state.players[BOB_ID].set_by == "timeout-foul"
    assert state.showdown is not None
    assert state.showdown.between(ALICE_ID, BOB_ID).matchup is Matchup.FOUL
    assert state.showdown.points == {ALICE_ID: 6 + 5, BOB_ID: -11}  # 6 plus Alice's back royalty


# ------------------------------------------------------------------------------ showdown


def test_nothing_is_revealed_until_every_hand_is_set() -> None:
    state = dealt()
    state.set_hand(ALICE_ID, *split(ALICE))
    state.set_hand(BOB_ID, *split(BOB))
    assert state.revealed() == {}
    assert state.showdown is None and state.payments is None
    public = json.dumps([event.to_dict() for event in state.history])
    assert not any(str(card) in public.split('"') for card in FULL_DECK)
    state.set_hand(CAROL_ID, *split(CAROL))
    assert state.phase is Phase.SETTLED
    assert set(state.revealed()) == {ALICE_ID, BOB_ID, CAROL_ID}
    assert state.history[-1].kind == "showdown"


def test_the_showdown_scores_every_pair_and_moves_chips_between_stacks() -> None:
    state = dealt(stacks={ALICE_ID: 1000, BOB_ID: 1000, CAROL_ID: 1000}, button=2)
    for seat, hand in ((ALICE_ID, ALICE), (BOB_ID, BOB), (CAROL_ID, CAROL)):
        state.set_hand(seat, *split(hand))
        state = roundtrip(state)
    assert state.showdown is not None and state.payments is not None
    assert state.showdown.between(ALICE_ID, BOB_ID).total == 11  # the seed's 3-of-3 example
    points = state.showdown.points
    assert sum(points.values()) == 0
    assert state.payments.net(state.stacks()) == {seat: 10 * total for seat, total in points.items()}
    assert sum(state.payments.stacks.values()) == 3000
    showdown = json.loads(json.dumps(state.showdown.to_dict()))
    assert showdown["readings"][str(ALICE_ID)]["segments"] == [
        "Pair of Queens", "Two Pair, Kings and Sevens", "Straight Flush, Nine high",
    ]
    assert showdown["readings"][str(ALICE_ID)]["royalties"] == [0, 0, 5]
    assert {"first": ALICE_ID, "second": BOB_ID, "total": 11}.items() <= showdown["pairs"][0].items()
    payments = json.loads(json.dumps(state.payments.to_dict()))
    assert sum(payments["stacks"].values()) == 3000


def test_a_short_stacked_loser_pays_clockwise_from_the_button() -> None:
    # Bob (position 1) loses to Alice and to Carol with 30 chips; the button is at Alice (0),
    # so clockwise from it Carol (2) is paid before Alice.
    stacks = {ALICE_ID: 1000, BOB_ID: 30, CAROL_ID: 1000}
    state = dealt(stacks=stacks, button=0)
    state.set_hand(ALICE_ID, *split(ALICE))
    state.set_hand(BOB_ID, "Jh Jd 3c", "Ah Kh 9h 6h 3h")  # back two pair < middle flush: fouled
    state.set_hand(CAROL_ID, *split(CAROL))
    assert state.payments is not None
    bob_pays = [transfer for transfer in state.payments.transfers if transfer.payer == BOB_ID]
    assert bob_pays[0] == Transfer(BOB_ID, CAROL_ID, 30)
    assert state.payments.stacks[BOB_ID] == 0
    assert any(t.payer == BOB_ID and t.payee == ALICE_ID for t in state.payments.forfeited)


def test_a_natural_is_paid_before_the_segment_results() -> None:
    # Bob (position 1, 40 chips) loses to Carol's hands (paid first, clockwise from the button at
    # Alice) and to Alice's declared six pairs: the natural is paid first all the same.
    six_pairs = "2c 2d 4c 4d 6c 6d 8h 8s Tc Td Qh Qs Ac"
    bob = "Jh Jd 3c Kc Ks 8c 8d 2h Ah Kh 9h 6h 3h"
    carol = "3d 3s 5c 5d 7c 7d 9c 9d Jc Js Kd As Ad"  # six pairs too, but played as set
    state = dealt(stacks={ALICE_ID: 1000, BOB_ID: 40, CAROL_ID: 1000}, hands=(six_pairs, bob, carol))
    state.confirm(ALICE_ID, declare_natural=True)
    state.set_hand(BOB_ID, "Jh Jd 3c", "Ah Kh 9h 6h 3h")  # fouled: pays Carol 6
    state.set_hand(CAROL_ID, "3d 3s Kd", "5c 5d 7c 7d 9c")
    assert state.showdown is not None and state.showdown.between(CAROL_ID, BOB_ID).total == 6
    assert state.payments is not None
    assert state.payments.transfers[0] == Transfer(BOB_ID, ALICE_ID, 40)
    assert state.payments.stacks[BOB_ID] == 0


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.permutations(FULL_DECK), st.lists(st.sampled_from(["set", "auto", "foul"]),
                                                                min_size=4, max_size=4))
def test_any_hand_settles_with_chips_conserved_and_survives_json_at_every_step(
    players: int, shuffled: list[Card], ways: list[str],
) -> None:
    seats = list(range(1, players + 1))
    positions = {seat: position for seat, position in zip(seats, [0, 1, 2, 3][-players:], strict=True)}
    stacks = {seat: 40 * seat for seat in seats}
    options = ChineseOptions(point_value=3, on_timeout="foul" if "foul" in ways else "auto-set")
    state = ChineseRound.start(options, positions, stacks, positions[seats[-1]])
    state.deal(shuffled)
    for seat, way in zip(seats, ways, strict=False):
        state = roundtrip(state)
        if way == "set":
            cards = [str(card) for card in state.hand_of(seat)]
            state.set_hand(seat, " ".join(cards[:3]), " ".join(cards[3:8]))
        else:
            state.timeout(seat)
    state = roundtrip(state)
    assert state.phase is Phase.SETTLED and state.payments is not None and state.showdown is not None
    assert sum(state.showdown.points.values()) == 0
    assert sum(state.payments.stacks.values()) == sum(stacks.values())
    assert all(stack >= 0 for stack in state.payments.stacks.values())


def test_a_saved_hand_of_another_game_is_refused() -> None:
    with pytest.raises(ValueError, match="not a saved Chinese Poker hand"):
        ChineseRound.from_dict({"game": "uth", "version": 1})


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="at least 1 chip"):
        ChineseOptions(point_value=0)
    with pytest.raises(ValueError, match="on_timeout"):
        ChineseOptions.from_dict({"point_value": 1, "on_timeout": "fold"})
    assert ChineseOptions.from_dict(ChineseOptions(5, "foul").to_dict()) == ChineseOptions(5, "foul")


def test_arrangement_cards_shown_at_the_showdown_are_the_ones_set() -> None:
    state = dealt(hands=(ALICE, BOB))
    state.set_hand(ALICE_ID, *split(ALICE))
    state.set_hand(BOB_ID, *split(BOB))
    shown = state.revealed()[ALICE_ID].arrangement
    assert shown is not None
    expected = Arrangement.parse("Qh Qd 2c", "Kc Kd 7c 7d 4h", "9s 8s 7s 6s 5s")
    assert [sorted(part) for part in shown.parts] == [sorted(part) for part in expected.parts]
