"""The coach at Ultimate Texas Hold'em's river: Raise 1x and Fold are worth exactly what every
deal of the dealer's two cards settles to through the engine, and a hint reads only the
player's own cards and the face-up board."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations
from random import Random

import numpy as np
import pytest

from bot.coach import uth, uth_preflop
from bot.games.uth import figures, moves
from bot.games.uth.rules import UTHOptions
from bot.games.uth.state import UTHState, dealer_qualified
from bot.i18n import words
from bot.poker import HandValue, evaluate_rank, parse_cards

SEAT, OTHER = 7, 8


def at_river(hole: list[int], dealer: tuple[int, ...], board: list[int], ante: int, options: UTHOptions,
             other: tuple[int, ...] = ()) -> UTHState:
    """A round through the engine to the river: the seat (and ``other``, a second player) checked
    pre-flop and on the flop."""
    state = at_flop(hole, dealer, board, ante, options, other)
    for seat in state.pending_seats():
        state.apply(seat, moves.Check())
    return state


def at_flop(hole: list[int], dealer: tuple[int, ...], board: list[int], ante: int, options: UTHOptions,
            other: tuple[int, ...] = ()) -> UTHState:
    state = UTHState(options)
    state.apply(SEAT, moves.Ante(ante))
    if other:
        state.apply(OTHER, moves.Ante(ante))
    state.close_betting()
    used = {*hole, *dealer, *board, *other}
    state.deal([*hole, *other, *dealer, *board, *(card for card in range(52) if card not in used)])
    for seat in state.pending_seats():
        state.apply(seat, moves.Check())
    return state


def brute_force(hole: list[int], board: list[int], move: str, ante: int, options: UTHOptions) -> Fraction:
    """The Ante, Blind and Play's mean net over every dealer hand, each a round through the engine."""
    unseen = [card for card in range(52) if card not in {*hole, *board}]
    total = count = 0
    for dealer in combinations(unseen, 2):
        state = at_river(hole, dealer, board, ante, options)
        state.apply(SEAT, moves.Raise(1) if move == "raise 1x" else moves.Fold())
        assert state.settlement is not None
        total += state.settlement.summary[SEAT].net
        count += 1
    return Fraction(total, count * ante)


@pytest.mark.parametrize(("hole", "board", "ante", "max_payout", "best"), [
    ("As Kd", "7h 8h 9c 2d 3s", 1, None, "raise 1x"),  # ace-king high beats most of the dealer's hands
    ("2s 3d", "7h 8h 9c Jd Qs", 1, None, "fold"),      # the board plays: the dealer's ties and better
    ("Ah Kh", "Qh Jh 2h 5c 9d", 10, 25, "raise 1x"),   # a flush: the Blind's 3:2, cut by the table's cap
])
def test_each_river_option_is_worth_exactly_what_every_deal_settles_to(
        hole: str, board: str, ante: int, max_payout: int | None, best: str) -> None:
    options = UTHOptions(min_bet=1, max_bet=100, max_payout=max_payout)
    cards, shown = parse_cards(hole), parse_cards(board)
    hint = uth.river_hint(cards, shown, ante, options)
    assert hint.method == "exact" and hint.best.name == best
    for option in hint.options:
        assert option.ev == brute_force(cards, shown, option.name, ante, options), option


@pytest.mark.parametrize(("hole", "board"), [("As Kd", "7h 8h 9c 2d 3s"), ("Ah Kh", "Qh Jh 2h 5c 9d")])
def test_each_board_of_the_flops_hint_is_worth_what_every_deal_settles_to(hole: str, board: str) -> None:
    """The flop's figure is the mean over every turn and river of one board's values: raised 2x,
    or checked and then raised 1x or folded on the river. Each of them, on sample boards, is
    what every dealer hand played through the engine settles to."""
    options = UTHOptions(min_bet=1, max_bet=100, max_payout=25)
    cards, shown = parse_cards(hole), parse_cards(board)
    unseen = [card for card in range(52) if card not in {*cards, *shown}]
    plays = (lambda state: state.apply(SEAT, moves.Raise(2)),
             lambda state: (state.apply(SEAT, moves.Check()), state.apply(SEAT, moves.Raise(1))),
             lambda state: (state.apply(SEAT, moves.Check()), state.apply(SEAT, moves.Fold())))
    for value, play in zip(uth.board_values(cards, shown, 10, options), plays, strict=True):
        total = count = 0
        for dealer in combinations(unseen, 2):
            state = at_flop(cards, dealer, shown, 10, options)
            play(state)
            assert state.settlement is not None
            total += state.settlement.summary[SEAT].net
            count += 1
        assert value == Fraction(total, count * 10)


def test_the_flops_hint_weighs_every_board() -> None:
    """Raise 2x and Check, each the exact mean over the 1,081 turns and rivers, the river played
    best after a Check; with ace-king high on 7-8-9, Check is worth more."""
    hole, flop = parse_cards("As Kd"), parse_cards("7h 8h 9c")
    hint = uth.flop_hint(hole, flop)
    unseen = [card for card in range(52) if card not in {*hole, *flop}]
    boards = [uth.board_values(hole, (*flop, *rest), 1, uth.STANDARD) for rest in combinations(unseen, 2)]
    assert len(boards) == 1081 and hint.best.name == "check"
    assert hint.value_of("raise 2x").ev == sum(board[0] for board in boards) / 1081
    assert hint.value_of("check").ev == sum(max(board[1:]) for board in boards) / 1081


def test_a_hint_reads_only_the_players_cards_and_the_face_up_board() -> None:
    """Two deals that differ only in the dealer's cards and another player's give the same hint,
    whose options are the seat's legal moves; the flop's hint sees the flop alone."""
    options = UTHOptions(min_bet=1, max_bet=100)
    hole, board = parse_cards("Kd 9s"), parse_cards("2c 7d Jh 4s 4c")
    hints = []
    for dealer, other in (("Ah Ac", "5d 6d"), ("3h 8c", "As Ad")):
        state = at_river(hole, tuple(parse_cards(dealer)), board, 10, options, tuple(parse_cards(other)))
        asked = uth.request(state, SEAT)
        assert asked is not None and asked.ante == 10
        hint = asked.run()
        legal = {(option.kind, choice) for option in state.legal_moves(SEAT)
                 for choice in (option.choices or (None,))}
        assert {(option.move, option.choice) for option in hint.options} == legal
        hints.append(hint)
    assert hints[0] == hints[1]
    flop = at_flop(hole, tuple(parse_cards("Ah Ac")), board, 10, options)
    asked = uth.request(flop, SEAT)
    assert asked is not None and asked.args[1] == tuple(board[:3]), "the flop's hint sees three board cards"


def test_the_command_line_prints_the_river_hint() -> None:
    shown = subprocess.run([sys.executable, "-m", "bot", "hint", "uth", "--hand", "As Kd", "--board",
                            "7h 8h 9c 2d 3s"], capture_output=True, text=True, check=True)
    answer = json.loads(shown.stdout)
    assert answer["best"] == "raise 1x" and answer["method"] == "exact"
    assert {option["move"] for option in answer["options"]} == {"raise 1x", "fold"}
    assert dict((option["move"], option["ev"]) for option in answer["options"])["fold"] == -2.0


@pytest.mark.parametrize("qualifier", ["pair_of_fours", "pair"])
def test_the_dealers_hands_are_counted_as_the_engine_reads_each_one(qualifier: str) -> None:
    """Counting by bisection over sorted values (qualifying is monotone in a hand's value) gives
    what asking the engine of every dealer hand gives, on random boards."""
    options = UTHOptions(min_bet=1, max_bet=1, dealer_qualifier=qualifier)
    rng = Random(5)
    for _ in range(60):
        cards = rng.sample(range(52), 7)
        hole, board = cards[:2], cards[2:]
        unseen = [card for card in range(52) if card not in cards]
        player = evaluate_rank([*hole, *board])
        direct: Counter[tuple[bool, int]] = Counter()
        for dealer in combinations(unseen, 2):
            value = evaluate_rank([*dealer, *board])
            direct[(dealer_qualified(HandValue(value), options), (player > value) - (player < value))] += 1
        assert uth._outcome_counts(player, board, unseen, options) == dict(direct)


@pytest.mark.parametrize("qualifier", ["pair_of_fours", "pair"])
def test_the_flop_counted_at_once_is_every_board_counted_alone(qualifier: str) -> None:
    """The flop's hint (a million showdowns valued at once) against each of its 1,081 boards
    valued alone (:func:`board_values`), at a table whose max payout caps the Blind, under
    either qualifier."""
    options = UTHOptions(min_bet=1, max_bet=100, max_payout=25, dealer_qualifier=qualifier)
    cards = Random(qualifier).sample(range(52), 5)
    hole, flop = cards[:2], cards[2:]
    unseen = [card for card in range(52) if card not in cards]
    boards = [uth.board_values(hole, (*flop, *rest), 10, options) for rest in combinations(unseen, 2)]
    hint = uth.flop_hint(hole, flop, 10, options)
    assert hint.value_of("raise 2x").ev == sum(board[0] for board in boards) / 1081
    assert hint.value_of("check").ev == sum(max(board[1:]) for board in boards) / 1081


def test_the_flops_strata_weigh_each_set_of_ranks_by_how_many_flops_show_it() -> None:
    """The pre-flop table draws flops by their ranks: each set of ranks weighs what counting
    every one of the 19,600 flops gives (here beside a pocket pair, which leaves two of its
    rank)."""
    hole = tuple(parse_cards("7s 7d"))
    rest = [card for card in range(52) if card not in hole]
    counted = Counter(tuple(sorted(card >> 2 for card in flop)) for flop in combinations(rest, 3))
    strata = dict(uth.flop_ranks(hole))
    assert set(strata) == set(counted) and len(strata) == 454
    assert all(abs(strata[ranks] - count / 19_600) < 1e-12 for ranks, count in counted.items())


def test_the_preflop_table_holds_every_hand_at_both_qualifiers() -> None:
    """169 starting hands, each with Raise 4x, Raise 3x and Check at either qualifier, each a
    sampled figure with its error; a pair of aces raises, seven-deuce offsuit checks."""
    hands = uth.preflop_table()["hands"]
    assert set(hands) == {name for name, _ in uth_preflop.starting_hands()}
    for values in hands.values():
        assert set(values) == {"pair_of_fours", "pair"}
        for options in values.values():
            assert set(options) == {"raise 4x", "raise 3x", "check"}
            assert all(0 < error < 0.2 for _, error in options.values())
    assert uth.preflop_hint(parse_cards("As Ad")).best.name == "raise 4x"
    assert uth.preflop_hint(parse_cards("7s 2d")).best.name == "check"


def test_a_preflop_figure_is_within_its_error_of_a_fresh_sample() -> None:
    """Two pair of sixes' Check and Raise 4x from the table, against the mean over 60 other
    random flops, each valued exactly: within 3.5 combined standard errors."""
    hole = tuple(parse_cards("6s 6d"))
    rng = Random(36)
    rest = [card for card in range(52) if card not in hole]
    raised, checked = [], []
    for _ in range(60):
        (totals,), scale = uth.flop_boards(hole, rng.sample(rest, 3), uth_preflop.ANTE, (uth.STANDARD,),
                                          (4, 2, 1, 0))
        raised.append(int(totals[4].sum()) / scale)
        checked.append(max(int(totals[2].sum()), int(np.maximum(totals[1], totals[0]).sum())) / scale)
    hint = uth.preflop_hint(hole)
    for name, fresh in (("raise 4x", raised), ("check", checked)):
        option = hint.value_of(name)
        mean = sum(fresh) / len(fresh)
        error = (sum((value - mean) ** 2 for value in fresh) / (len(fresh) - 1) / len(fresh)) ** 0.5
        assert abs(float(option.ev) - mean) <= 3.5 * (option.stderr ** 2 + error ** 2) ** 0.5, (name, mean)


def test_the_preflop_hint_is_asked_with_the_players_hole_cards_alone() -> None:
    options = UTHOptions(min_bet=1, max_bet=100, dealer_qualifier="pair")
    state = UTHState(options)
    state.apply(SEAT, moves.Ante(10))
    state.close_betting()
    state.deal(list(range(52)))
    asked = uth.request(state, SEAT)
    assert asked is not None and asked.args == (tuple(state.private_view(SEAT).hole), (), 10, options)
    hint = asked.run()
    legal = {(option.kind, choice) for option in state.legal_moves(SEAT)
             for choice in (option.choices or (None,))}
    assert {(option.move, option.choice) for option in hint.options} == legal
    assert hint.method == "sampled" and all(option.stderr > 0 for option in hint.options)


def test_the_coachs_return_weighs_each_starting_hands_best_option_by_its_two_card_hands() -> None:
    """The coach's figure is the table's best option of every starting hand, weighed by how many
    of the 1,326 two-card hands it stands for; `strategy uth` prints it beside the basic
    strategy, simulated."""
    hands = uth.preflop_table()["hands"]
    combos = {name: 6 if len(name) == 2 else 4 if name.endswith("s") else 12 for name in hands}
    assert sum(combos.values()) == 1326
    for qualifier in ("pair_of_fours", "pair"):
        figure = uth.preflop_return(qualifier)
        best = {name: max(values[qualifier].values()) for name, values in hands.items()}
        assert figure.mean == pytest.approx(sum(combos[name] * best[name][0] for name in hands) / 1326)
        assert 0 < figure.stderr < 0.01 and figure.method == "sampled"
    figures = uth.strategy_return(4000, Random(1), "pair")
    assert figures.coach == uth.preflop_return("pair") and figures.simple.samples == 4000
    assert "any pair" in figures.simple_strategy


@pytest.mark.parametrize("qualifier", ["pair_of_fours", "pair"])
def test_the_rules_pages_figures_are_the_tables_and_the_simulators(qualifier: str) -> None:
    """The rules page quotes the coach's return as the table gives it, and the basic strategy's
    as the simulator measures it: a fresh run of 40,000 rounds lies within 3.5 standard errors;
    the coach's best play is no worse than the basic strategy beyond their errors."""
    coach = uth.preflop_return(qualifier)
    assert figures.COACH[qualifier] == (pytest.approx(float(coach.mean)), pytest.approx(coach.stderr))
    published = figures.BASIC[qualifier]
    published_error = (published.ci95[1] - published.ci95[0]) / (2 * 1.96)
    fresh = uth.strategy_return(40_000, Random(7), qualifier).simple
    fresh_error = (fresh.stderr ** 2 + published_error ** 2) ** 0.5
    assert abs(1 + float(fresh.mean) - published.value) < 3.5 * fresh_error
    assert 1 + float(coach.mean) > published.value - 3.5 * (coach.stderr ** 2 + published_error ** 2) ** 0.5
    assert "±" in figures.summary(qualifier) and "±" in figures.summary(qualifier, words("de"))
