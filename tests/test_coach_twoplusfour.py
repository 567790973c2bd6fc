"""The coach at 2 Plus 4 Poker: Buy, Bet (with and without insurance), Fold, and after a Buy Bet,
Fold, Go on or Insure, each worth exactly what every deal settles to through whole rounds of the
engine, the dealer's exchange taken where it pays; and a hint reads only what the player sees.

A brute force over the full deck's unseen cards plays about 18,000 rounds for one Bet and a Buy
forty times that, so most cases hold all but eleven cards in the player's sight (``seen``: as a
player's other box would): the same computation over a smaller deck, every round played."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from random import Random

import pytest

from bot.coach import twoplusfour
from bot.coach.review import Decision, option_name
from bot.coach.values import parse_option
from bot.games.boxed import BoxedOptions, BoxedState, Phase
from bot.games.boxed import moves as m
from bot.games.moves import Move
from bot.games.twoplusfour import new_round
from bot.games.twoplusfour.figures import COACH_GAIN, RTP, coach_return
from bot.poker import Card, parse_cards
from tests.boxed_decks import FixedDecks, settled_net

SEAT = 1
OPTIONS = BoxedOptions(min_ante=1)
DECKS = FixedDecks(new_round, dealer_cards=6, default_options=OPTIONS)


def dealt(hand: Sequence[int], pair: Sequence[int], up: Sequence[int], draws: Sequence[int], ante: int,
          moves: Sequence[Move]) -> BoxedState:
    """One box with ``ante`` dealt ``hand``, the dealer ``pair`` face down and ``up`` face up,
    then ``draws`` for a Buy and the exchange in that order; ``moves`` made."""
    used = {*hand, *pair, *up, *draws}
    state = new_round(OPTIONS)
    state.place_ante(SEAT, 1, ante)
    state.close_betting()
    state.deal([*hand, *pair, *up, *draws, *(card for card in range(52) if card not in used)])
    for move in moves:
        state.apply(SEAT, move)
    return state


def played(hand: Sequence[int], up: Sequence[int], pool: Sequence[int], moves: Sequence[Move], ante: int,
           bought: int | None = None) -> Fraction:
    """The box's mean net in Antes with ``moves`` over every dealer pair from ``pool`` (less
    the ``bought`` card), each a whole round; where the dealer does not qualify, the better of
    keeping the Ante's win and the exchange's mean over every replacing card."""
    rest = [card for card in pool if card != bought]
    first = [bought] if bought is not None else []
    scale = len(rest) - 2
    total = count = 0
    for pair in combinations(rest, 2):
        count += 1
        state = dealt(hand, pair, up, first, ante, moves)
        exchangeable = state.phase is Phase.EXCHANGE and 1 in state.exchange_boxes(SEAT)
        kept = settled_net(state, False) * scale
        if not exchangeable:
            total += kept
            continue
        exchanged = sum(settled_net(dealt(hand, pair, up, [*first, card], ante, moves), True)
                        for card in rest if card not in pair)
        total += max(kept, exchanged)
    return Fraction(total, count * scale * ante)


def later_options(state: BoxedState) -> list[list[Move]]:
    """What the engine offers the box after a Buy (insurance at its least and most), or nothing
    left to decide."""
    if SEAT not in state.pending_seats():
        return [[]]
    later: list[list[Move]] = []
    for option in state.legal_moves(SEAT):
        if option.kind == "bet":
            later += [[m.Bet()]] + ([[m.Bet(option.least)], [m.Bet(option.most)]] if option.least else [])
        elif option.kind == "insure":
            assert option.least is not None and option.most is not None
            later += [[m.Insure(1, option.least)], [m.Insure(1, option.most)]]
        elif option.kind in ("fold", "goon"):
            later.append([m.Fold() if option.kind == "fold" else m.GoOn()])
    return later


def bought(hand: Sequence[int], up: Sequence[int], pool: Sequence[int], ante: int) -> Fraction:
    """A Buy: every sixth card from ``pool``, each followed by the best the engine offers."""
    total = Fraction(0)
    for card in pool:
        others = [other for other in pool if other != card]
        probe = dealt(hand, others[:2], up, [card], ante, [m.Buy()])
        total += max(played(hand, up, pool, [m.Buy(), *later], ante, card) for later in later_options(probe))
    return total / len(pool)


def option_moves(name: str) -> list[Move]:
    move, _, amount, box, _ = parse_option(name)
    return {"bet": [m.Bet()], "fold": [m.Fold()], "goon": [m.GoOn()],
            "bet+insure": [m.Bet(amount or 0)], "insure": [m.Insure(box or 1, amount or 0)]}[move]


CASES = [
    # Ace-King, nothing showing: a Buy places the BET (no kings up).
    ("As Kd 7d 4c 2h", "Qd 9c 6s 3h", "Ac Kh Qs Jh 8d 8h 5c 5s 4d 3c 2s", 1),
    # Three sevens: insurance with the Bet, and after the Buy's forced BET; the exchange pays.
    ("7s 7d 7c 4c 2h", "Qd 9c 6s 3h", "7h 4s 2d Ah Kc Jd Tc 9s 8s 5d 3s", 5),
    # Three queens against a pair of kings showing: after a Buy, Bet or Fold (insured or not).
    ("Qs Qd Qc 5h 2h", "Kd Kc 6s 3h", "Qh 5s 2d Ah Ks Jd Tc 9s 8s 5d 3s", 2),
]


@pytest.mark.parametrize(("hand", "up", "pool", "ante"), CASES)
def test_each_opening_option_is_worth_what_every_whole_round_settles_to(hand: str, up: str, pool: str,
                                                                       ante: int) -> None:
    cards, shown, rest = parse_cards(hand), parse_cards(up), parse_cards(pool)
    seen = [card for card in range(52) if card not in {*cards, *shown, *rest}]
    hint = twoplusfour.hint(cards, shown, ante, OPTIONS, seen)
    assert hint.method == "exact"
    assert {option.move for option in hint.options} >= {"bet", "fold", "buy"}
    for option in hint.options:
        expected = (bought(cards, shown, rest, ante) if option.move == "buy"
                    else played(cards, shown, rest, option_moves(option.name), ante))
        assert option.ev == expected, option


@pytest.mark.parametrize(("hand", "up", "pool", "ante"), CASES[1:])
def test_each_option_after_a_buy_is_worth_what_every_whole_round_settles_to(hand: str, up: str, pool: str,
                                                                           ante: int) -> None:
    cards, shown, rest = parse_cards(hand), parse_cards(up), parse_cards(pool)
    sixth, rest = rest[0], rest[1:]
    seen = [card for card in range(52) if card not in {*cards, sixth, *shown, *rest}]
    hint = twoplusfour.hint([*cards, sixth], shown, ante, OPTIONS, seen)
    probe = dealt(cards, rest[:2], shown, [sixth], ante, [m.Buy()])
    assert sorted(option.name for option in hint.options) == sorted(
        option_name(later[0]) for later in later_options(probe))
    for option in hint.options:
        assert option.ev == played(cards, shown, [sixth, *rest], [m.Buy(), *option_moves(option.name)], ante,
                                   sixth), option


def test_the_bet_is_worth_what_every_deal_of_the_full_deck_settles_to() -> None:
    """The full deck: 903 dealer pairs, and where the dealer does not qualify every one of the
    44 cards the exchange may bring."""
    cards, shown = parse_cards("Ah Ad 9c 5s 3h"), parse_cards("Jd 8c 6s 2h")
    rest = [card for card in range(52) if card not in {*cards, *shown}]
    hint = twoplusfour.hint(cards, shown, 10, OPTIONS)
    assert hint.value_of("bet").ev == played(cards, shown, rest, [m.Bet()], 10)
    assert hint.value_of("fold").ev == -1


def test_a_hint_reads_only_what_the_player_sees() -> None:
    """Two deals that differ only in the dealer's face-down cards, another player's box and the
    player's second box (not yet turned) ask the same hint of the first box, whose options are
    the engine's legal moves; the second box's hint then counts the first box's cards as seen."""
    asked = []
    for down, second, other in (("2c 3d", "Kc Kh 9d 8d 6h", "Ac Ah Ad As Ks"),
                                ("Ac Ah", "2s 3s 4s 5d 6d", "Kc Kh 9d 8d 6h")):
        state = DECKS.play({SEAT: {1: (10, 0), 2: (10, 0)}, 2: {1: (10, 0)}},
                           ["Qs Qd Qc 7h 2h", second, other], f"{down} Jd 8c 5s 4h")
        request = twoplusfour.request(state, SEAT)
        assert request is not None and request.ante == 10
        legal = {option.kind for option in state.legal_moves(SEAT)}
        assert {option.move.partition("+")[0] for option in request.run().options} == legal
        asked.append(request.args)
        state.apply(SEAT, m.Bet())
        later = twoplusfour.request(state, SEAT)
        assert later is not None and set(later.args[4]) == set(parse_cards("Qs Qd Qc 7h 2h"))
    assert asked[0] == asked[1]


def test_no_hint_without_a_decision() -> None:
    """Another seat's, or once the exchange is confirmed (the round settled)."""
    state = DECKS.one_box("Qs Qd Qc 7h 2h", "2c 3d Jd 8c 5s 4h", ante=10)
    assert twoplusfour.request(state, 2) is None
    state.apply(SEAT, m.Bet())
    assert state.phase is Phase.EXCHANGE and twoplusfour.request(state, SEAT) is not None
    state.apply(SEAT, m.GoOn())
    assert state.phase is Phase.SETTLED and twoplusfour.request(state, SEAT) is None


def test_the_coachs_choice_is_worth_at_least_the_strategys_deal_by_deal() -> None:
    """The documented strategy's value on a deal is one of the coach's options (or its Buy
    with its own rule after it), so never above the best; on these deals it gives some up."""
    deals = [tuple(Random(seed).sample(range(52), 9)) for seed in range(40)]
    values = [twoplusfour.deal_values(deal) for deal in deals]
    assert all(best >= simple - 1e-12 for best, simple in values)
    assert any(best > simple for best, simple in values)


def test_the_rules_pages_figures_agree_with_a_fresh_sample() -> None:
    """The published gain (100,000 deals, seed 1) against 500 other deals, and the strategy's
    exact values on them against the simulator's long run: within 3.5 standard errors."""
    fresh = twoplusfour.strategy_return(500, Random(11), workers=2)
    gain, stderr = COACH_GAIN
    assert 0 < stderr < 0.001, "the published gain is the long run's"
    assert fresh.gain is not None
    assert abs(fresh.gain.mean - gain) < 3.5 * (stderr ** 2 + fresh.gain.stderr ** 2) ** 0.5
    simulated = RTP["ante+bet per ante"].value
    assert abs(1 + fresh.simple.mean - simulated) < 3.5 * fresh.simple.stderr
    published = coach_return()
    assert published.value == simulated + gain and published.ci95[1] - published.ci95[0] < 0.01
    assert fresh.anchored is not None
    assert abs(1 + fresh.anchored.mean - published.value) < 3.5 * fresh.anchored.stderr


def test_the_command_line_prints_the_hint_as_json() -> None:
    """After a Buy that placed the BET: Go on, or insure for the least or the most."""
    shown = subprocess.run([sys.executable, "-m", "bot", "hint", "twoplusfour", "--hand", "7s 7d 7c 4c 2h",
                            "--dealer-up", "Qd 9c 6s 3h", "--bought", "4s"], capture_output=True, text=True,
                           check=True)
    answer = json.loads(shown.stdout)
    assert answer["method"] == "exact" and answer["stderr"] == 0 and answer["best"] == "goon"
    assert [option["move"] for option in answer["options"]] == ["goon", "insure 1 box1", "insure 14 box1"]
    exact = twoplusfour.hint(parse_cards("7s 7d 7c 4c 2h 4s"), parse_cards("Qd 9c 6s 3h"))
    assert answer["options"][0]["ev"] == float(exact.best.ev)


def test_the_exchange_is_worth_what_every_card_it_may_bring_settles_to() -> None:
    """Four queens, the dealer without Ace-King: keeping the Ante's win, or the exchange with
    each of the 41 cards the player does not see, each a whole round through the engine."""
    hand, down_up = "Qs Qd Qc Qh 2h", "2c 3d Jd 8c 5s 4h"
    state = DECKS.one_box(hand, down_up, ante=10)
    state.apply(SEAT, m.Bet())
    asked = twoplusfour.request(state, SEAT)
    assert asked is not None and asked.moves == frozenset(), "the picks are toggles: not reviewed"
    hint = asked.run()
    assert {option.name for option in hint.options} == {"keep box1", "exchange box1"}
    kept = DECKS.one_box(hand, down_up, ante=10)
    kept.apply(SEAT, m.Bet())
    assert hint.value_of("keep box1").ev == Fraction(settled_net(kept, False), 10)
    shown = {*parse_cards(hand), *parse_cards(down_up)}
    nets = []
    for card in (card for card in range(52) if card not in shown):
        round_ = DECKS.one_box(hand, down_up, str(Card(card)), ante=10)
        round_.apply(SEAT, m.Bet())
        nets.append(settled_net(round_, True))
    assert hint.value_of("exchange box1").ev == Fraction(sum(nets), len(nets) * 10)
    assert hint.best.name == "exchange box1", "20:1 on the BET is worth the Ante's sure win"


BLIND_HANDS = ("9s 8d 6c 4h 3h", "Ks Kd Kc 7h 2h")
"""An open box that bets, and a blind box of three kings."""


def blind_turned(down: Sequence[int], up: Sequence[int]) -> BoxedState:
    """Box 1 open, box 2 blind, the dealer dealt ``down`` and ``up``; box 1 bets, so box 2 turns."""
    state = new_round(OPTIONS)
    state.place_ante(SEAT, 1, 10)
    state.place_ante(SEAT, 2, 10)
    state.choose_open_boxes(SEAT, 1)
    state.close_betting()
    named = [*parse_cards(" ".join(BLIND_HANDS)), *down, *up]
    state.deal([*named, *(card for card in range(52) if card not in named)])
    state.apply(SEAT, m.Bet())
    return state


def blind_round(down: Sequence[int], up: Sequence[int], blind_move: Move) -> BoxedState:
    """``blind_move`` on the turned blind box, and the round played out."""
    state = blind_turned(down, up)
    state.apply(SEAT, blind_move)
    if SEAT in state.pending_seats():
        state.apply(SEAT, m.GoOn())
    return state


def test_a_turned_blind_box_is_insured_as_every_deal_settles_it() -> None:
    """The dealer shows a pair of aces (it always qualifies): the blind box's Go on and its
    least and most insurance, each worth the box's mean net over every dealer pair, each a whole
    round through the engine; an Insure there is a decision the review reads."""
    up = parse_cards("Ah Ac 6s 3d")
    asked = twoplusfour.request(blind_turned(parse_cards("2c 3c"), up), SEAT)
    assert asked is not None and asked.moves == frozenset({"insure"})
    hint = asked.run()
    assert {option.name for option in hint.options} == {"goon box2", "insure 10 box2", "insure 60 box2"}
    shown = {*parse_cards(" ".join(BLIND_HANDS)), *up}
    rest = [card for card in range(52) if card not in shown]
    for option, move in (("goon box2", m.GoOn()), ("insure 10 box2", m.Insure(2, 10)),
                         ("insure 60 box2", m.Insure(2, 60))):
        total = count = 0
        for down in combinations(rest, 2):
            settled = blind_round(down, up, move).settlement
            assert settled is not None
            total += sum(line.returned - line.staked for line in settled.lines_of(SEAT)
                         if line.bet.startswith("box2"))
            count += 1
        assert hint.value_of(option).ev == Fraction(total, count * 10), option
    assert Decision.made_with(SEAT, asked, m.Insure(2, 35)) is not None
