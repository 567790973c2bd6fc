"""Chinese Poker's decision valued by the coach, sampled: how to set the thirteen cards.

The options: the best arrangement the auto-arrange finds, the player's own draft once front and
middle are chosen (fouled or not), and declaring the automatic win the cards hold. Each is
worth the points it scores, on average, against the other players at the table, whose hands are
drawn from the 39 cards the player does not see and set by the auto-arrange as a player who lets
the timer run would (a natural declared). The engine's :func:`bot.games.chinese.scoring.
score_hands` scores every showdown, super bonus and naturals included. The opponents' hands
are too many to count (8.1e15 ways to deal three), so a hint draws them, the same draws for
every option, and shows each figure's standard error; the draws are seeded from what the player
sees, so the same question always gets the same answer (a review repeats its hint).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from random import Random

from bot.coach.values import Estimate, Hint, HintRequest, OptionValue
from bot.games.chinese import moves
from bot.games.chinese.arrange import auto_arrange
from bot.games.chinese.hands import HAND_SIZE, Arrangement
from bot.games.chinese.scoring import PlayerHand, score_hands
from bot.games.chinese.state import Phase
from bot.games.chinese.table import ChineseTable
from bot.games.common import SeatId
from bot.poker import Card

DECK = range(52)
OPPONENT_HANDS = 60
"""Opponents' hands a hint draws and sets (about 11 ms each): a second or less."""
ME = "me"


def hint(cards: Sequence[int], draft: tuple[Sequence[int], Sequence[int]] | None, opponents: int,
         seed: int, hands: int = OPPONENT_HANDS) -> Hint:
    """Each way to set ``cards`` (the auto-arrange's, the ``draft`` front and middle, declaring
    a natural) with its mean points against ``opponents`` players, over about ``hands``
    opponents' hands drawn with ``seed``."""
    if len(cards) != HAND_SIZE or not 1 <= opponents <= 3:
        raise ValueError("Chinese Poker's hint takes the player's thirteen cards and 1 to 3 opponents")
    hand = tuple(Card(card) for card in cards)
    ways = _ways(hand, draft)
    unseen = [Card(card) for card in DECK if card not in set(cards)]
    rng = Random(seed)
    scored: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(max(2, -(-hands // opponents))):
        rng.shuffle(unseen)
        others = {seat: _auto_set(unseen[seat * HAND_SIZE:(seat + 1) * HAND_SIZE])
                  for seat in range(opponents)}
        for name, mine in ways.items():
            scored[name].append(score_hands({ME: mine, **others}).points[ME])
    return Hint(tuple(_option(name, Estimate.of_samples(points)) for name, points in scored.items()),
                "sampled", unit="point")


def _ways(hand: tuple[Card, ...], draft: tuple[Sequence[int], Sequence[int]] | None) -> dict[str, PlayerHand]:
    """The options by name: the draft first, so it is the one marked best when the auto-arrange
    finds the same; the auto-arrange's proposal; declaring the natural the cards hold."""
    ways: dict[str, PlayerHand] = {}
    if draft is not None:
        front, middle = draft
        drafted = Arrangement.from_choice(hand, front, middle)
        # Named as the move that sets it: a fouled draft is set only by Confirm foul.
        confirm = moves.ConfirmFoul if drafted.foul_reason() is not None else moves.Confirm
        ways[confirm.kind] = PlayerHand.set_as(drafted)
    auto = auto_arrange(hand)
    ways[moves.AutoArrange.kind] = PlayerHand.set_as(auto.arrangement)
    if auto.natural is not None:
        ways[moves.Declare.kind] = PlayerHand(hand, auto.arrangement, declare_natural=True)
    return ways


def _auto_set(cards: Sequence[Card]) -> PlayerHand:
    """An opponent's hand as the auto-arrange sets it when time runs out (a natural declared)."""
    auto = auto_arrange(cards)
    return PlayerHand(tuple(cards), auto.arrangement, declare_natural=auto.natural is not None)


def _option(name: str, points: Estimate) -> OptionValue:
    return OptionValue(name, points.mean, points.stderr)


def request(table: ChineseTable, seat: SeatId) -> HintRequest | None:
    """The hint for setting ``seat``'s hand, from its own cards and draft (None: its hand is set,
    or no hand is being set)."""
    hand = table.hand
    if hand is None or hand.phase is not Phase.SETTING or seat not in hand.pending_seats():
        return None
    cards = tuple(sorted(hand.hand_of(seat)))
    draft = hand.draft(seat)
    parts = None if draft is None else (tuple(sorted(draft.front)), tuple(sorted(draft.middle)))
    opponents = len(hand.players) - 1
    seed = zlib.crc32(bytes([*cards, *(card for part in parts or () for card in part), opponents]))
    return HintRequest(hint, (cards, parts, opponents, seed), hand.options.point_value,
                       frozenset({moves.Confirm.kind, moves.ConfirmFoul.kind, moves.Declare.kind}))
