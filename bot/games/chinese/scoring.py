"""The showdown: every pair of players scored against each other, in points.

RULES.md, "Chinese Poker" (the rulings over the seed):

* Pairwise, each segment won is 1 point; a tied segment scores nothing. Winning all three
  against an opponent (a sweep) is 6 points instead of 3; 2 won and 1 tied is 2 points.
* Royalties: the winner of a segment collects that segment's royalty from that opponent
  (:data:`bot.games.chinese.hands.ROYALTIES`). Seed examples: 2 of 3 with a back straight flush
  is 6 points (2 - 1 + 5), 3 of 3 with it is 11 (6 + 5).
* Super bonus: with four players, one who sweeps all three opponents scores 9 instead of 6
  from each. Sweeping a fouled opponent counts as a sweep; an opponent with a declared natural
  is never swept (no segments are compared with a natural).
* A fouled hand loses every segment to every hand that is not fouled: it pays 6 (9 against a
  super bonus) plus the opponent's royalties. Two fouled hands push.
* Naturals are settled first: a declared natural collects its points (dragon 13, the others 4)
  from every player without a natural, fouled or not, instead of any segment scoring between
  them, and earns no royalties. A dragon beats every other natural (13 points); two dragons
  push, two non-dragon naturals push.

Decisions where the rules are silent: a declared natural the cards do not hold is refused
(:class:`RuleError`) instead of being scored; a natural needs no legal arrangement (see
:mod:`bot.games.chinese.hands`), so a natural hand set out of order is not fouled.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations
from typing import Any, Generic, TypeVar

from bot.games.chinese.hands import SEGMENTS, Arrangement, Natural, find_natural
from bot.games.common import RuleError
from bot.i18n import Text
from bot.poker import Card, describe_value

P = TypeVar("P", bound=Hashable)
"""Whatever identifies a player: a name in :func:`score_showdown`, a seat id at a table."""

SWEEP_BONUS = 3
"""Extra points for winning all three segments against one opponent: 6 instead of 3."""
SUPER_SWEEP_BONUS = 6
"""Extra points per opponent with the super bonus: 9 instead of 3."""
SUPER_BONUS_OPPONENTS = 3


@dataclass(frozen=True)
class PlayerHand:
    """A player's hand at the showdown.

    ``cards`` are the player's 13 cards; ``arrangement`` is how they were set, or ``None`` for a
    hand never set (a timeout under the table option "foul"), which is fouled.
    """

    cards: tuple[Card, ...]
    arrangement: Arrangement | None
    declare_natural: bool = False

    @classmethod
    def set_as(cls, arrangement: Arrangement, declare_natural: bool = False) -> PlayerHand:
        return cls(arrangement.cards, arrangement, declare_natural)


@dataclass(frozen=True)
class HandReading:
    """What a hand counts as at the showdown.

    ``natural`` is the declared automatic win (``None`` when none was declared); otherwise the
    hand plays its segments: ``foul`` says why it is fouled, or ``values`` are the packed values
    of front, middle and back and ``royalties`` their royalty points.
    """

    natural: Natural | None
    foul: str | None
    values: tuple[int, int, int] | None
    royalties: tuple[int, int, int]

    @property
    def fouled(self) -> bool:
        return self.natural is None and self.foul is not None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, for the showdown image: segment values as names like "Pair of Queens"."""
        return {
            "natural": None if self.natural is None else self.natural.label,
            "foul": self.foul,
            "segments": None if self.values is None else [describe_value(value) for value in self.values],
            "royalties": list(self.royalties),
        }


def read_hand(hand: PlayerHand) -> HandReading:
    """Read one hand: its declared natural, or its foul, or its segment values and royalties."""
    if hand.declare_natural:
        natural = find_natural(hand.cards)
        if natural is None:
            raise RuleError("An automatic win was declared, but these 13 cards hold none.")
        return HandReading(natural, None, None, (0, 0, 0))
    arrangement = hand.arrangement
    if arrangement is None:
        return HandReading(None, Text("The hand was not set in time."), None, (0, 0, 0))
    foul = arrangement.foul_reason()
    if foul is not None:
        return HandReading(None, foul, None, (0, 0, 0))
    front, middle, back = (value.value for value in arrangement.values())
    return HandReading(None, None, (front, middle, back), arrangement.royalties())


class Matchup(Enum):
    """How a pair of hands was settled."""

    PLAY = "play"
    """Both hands legal: segment by segment."""
    FOUL = "foul"
    """One hand fouled: it loses every segment to the other."""
    BOTH_FOULED = "both fouled"  # not prose
    NATURAL = "natural"
    """One natural collects its points (a dragon against any other hand)."""
    NATURAL_PUSH = "natural push"  # not prose
    """Two naturals that push: two dragons, or two non-dragon naturals."""


@dataclass(frozen=True)
class PairResult(Generic[P]):
    """The score between two players, from ``first``'s side (``second`` gets the negative).

    ``segments`` holds +1 / 0 / -1 per segment (front, middle, back) for segment scoring;
    ``sweep`` the extra for a sweep (+-3, +-6 with the super bonus); ``royalties`` the royalty
    points per segment, signed; ``natural`` the points of an automatic win, signed.
    """

    first: P
    second: P
    matchup: Matchup
    segments: tuple[int, int, int] = (0, 0, 0)
    sweep: int = 0
    royalties: tuple[int, int, int] = (0, 0, 0)
    natural: int = 0

    @property
    def total(self) -> int:
        """Net points ``first`` wins from ``second`` (negative: ``first`` pays)."""
        return sum(self.segments) + self.sweep + sum(self.royalties) + self.natural

    def flipped(self) -> PairResult[P]:
        """The same result seen from ``second``'s side."""
        front, middle, back = self.segments
        royal_front, royal_middle, royal_back = self.royalties
        return PairResult(
            self.second, self.first, self.matchup, (-front, -middle, -back), -self.sweep,
            (-royal_front, -royal_middle, -royal_back), -self.natural,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first, "second": self.second, "matchup": self.matchup.value,
            "segments": list(self.segments), "sweep": self.sweep, "royalties": list(self.royalties),
            "natural": self.natural, "total": self.total,
        }


@dataclass(frozen=True)
class Showdown(Generic[P]):
    """Every hand's reading, every pair's result and each player's net points (sum zero)."""

    players: tuple[P, ...]
    readings: Mapping[P, HandReading]
    pairs: tuple[PairResult[P], ...]
    """One per pair, in player order: (0, 1), (0, 2), ..., (1, 2), ..."""
    super_bonus: frozenset[P]
    points: Mapping[P, int]

    def between(self, player: P, opponent: P) -> PairResult[P]:
        """The result of ``player`` against ``opponent``, from ``player``'s side."""
        for pair in self.pairs:
            if (pair.first, pair.second) == (player, opponent):
                return pair
            if (pair.first, pair.second) == (opponent, player):
                return pair.flipped()
        raise KeyError(f"{player!r} and {opponent!r} did not play each other")

    def to_dict(self) -> dict[str, Any]:
        """JSON-able (player ids become text keys in ``readings`` and ``points``)."""
        return {
            "players": list(self.players),
            "readings": {str(player): reading.to_dict() for player, reading in self.readings.items()},
            "pairs": [pair.to_dict() for pair in self.pairs],
            "super_bonus": [player for player in self.players if player in self.super_bonus],
            "points": {str(player): points for player, points in self.points.items()},
        }

    def natural_pairs(self) -> set[frozenset[P]]:
        """The pairs settled by a natural: their chips are paid before the others'."""
        naturals = (pair for pair in self.pairs if pair.matchup is Matchup.NATURAL)
        return {frozenset((pair.first, pair.second)) for pair in naturals}

    def pair_points(self) -> dict[tuple[P, P], int]:
        """Net points per pair, keyed (winner, loser), pushes left out: what the chips follow."""
        owed: dict[tuple[P, P], int] = {}
        for pair in self.pairs:
            if pair.total > 0:
                owed[(pair.first, pair.second)] = pair.total
            elif pair.total < 0:
                owed[(pair.second, pair.first)] = -pair.total
        return owed


def score_hands(hands: Mapping[P, PlayerHand]) -> Showdown[P]:
    """Score a showdown of 2 to 4 hands (see the module docstring for the rules)."""
    players = tuple(hands)
    if not 2 <= len(players) <= 4:
        raise RuleError("Chinese Poker is played by 2 to 4 players, not {count}.", count=len(players))
    _verify_distinct_cards(hands)
    readings = {player: read_hand(hands[player]) for player in players}
    pairs = [_score_pair(a, b, readings[a], readings[b]) for a, b in combinations(players, 2)]
    super_bonus = _super_bonus(players, pairs)
    pairs = [_with_super_bonus(pair, super_bonus) for pair in pairs]
    points = dict.fromkeys(players, 0)
    for pair in pairs:
        points[pair.first] += pair.total
        points[pair.second] -= pair.total
    return Showdown(players, readings, tuple(pairs), frozenset(super_bonus), points)


def showdown_breakdown(players: Mapping[str, Mapping[str, Any]]) -> Showdown[str]:
    """:func:`score_showdown` with every pairwise result kept (for the showdown image)."""
    return score_hands({name: _hand_from_text(spec) for name, spec in players.items()})


def score_showdown(players: Mapping[str, Mapping[str, Any]]) -> dict[str, int]:
    """Net points per player; the values sum to zero.

    ``players`` maps a name to ``{"front": "As Kd Qh", "middle": "...", "back": "...",
    "declare_natural": bool}`` (``declare_natural`` may be left out: False). Wrong segment sizes
    are a foul; a card that cannot be read or appears twice is a :class:`RuleError`.
    """
    return dict(showdown_breakdown(players).points)


# ----------------------------------------------------------------------------------- pairs


def _score_pair(first: P, second: P, one: HandReading, two: HandReading) -> PairResult[P]:
    if one.natural is not None or two.natural is not None:
        return _natural_pair(first, second, one.natural, two.natural)
    if one.fouled and two.fouled:
        return PairResult(first, second, Matchup.BOTH_FOULED)
    if one.fouled or two.fouled:
        winner = two if one.fouled else one
        sign = -1 if one.fouled else 1
        royalties = tuple(sign * points for points in winner.royalties)
        return PairResult(first, second, Matchup.FOUL, (sign, sign, sign), sign * SWEEP_BONUS,
                          _triple(royalties))
    assert one.values is not None and two.values is not None
    segments = tuple((a > b) - (a < b) for a, b in zip(one.values, two.values, strict=True))
    royalties = tuple(
        one.royalties[i] if won > 0 else -two.royalties[i] if won < 0 else 0
        for i, won in enumerate(segments)
    )
    sweep = SWEEP_BONUS * segments[0] if abs(sum(segments)) == len(SEGMENTS) else 0
    return PairResult(first, second, Matchup.PLAY, _triple(segments), sweep, _triple(royalties))


def _natural_pair(first: P, second: P, one: Natural | None, two: Natural | None) -> PairResult[P]:
    if one is not None and two is not None:
        if one.points == two.points:
            return PairResult(first, second, Matchup.NATURAL_PUSH)
        # Only a dragon outranks another natural, and it collects its full 13.
        sign = 1 if one.points > two.points else -1
        return PairResult(first, second, Matchup.NATURAL, natural=sign * max(one.points, two.points))
    if one is not None:
        return PairResult(first, second, Matchup.NATURAL, natural=one.points)
    assert two is not None
    return PairResult(first, second, Matchup.NATURAL, natural=-two.points)


def _super_bonus(players: tuple[P, ...], pairs: list[PairResult[P]]) -> set[P]:
    """Players who swept every one of three opponents (fouled opponents included)."""
    if len(players) != SUPER_BONUS_OPPONENTS + 1:
        return set()
    sweeps: dict[P, int] = dict.fromkeys(players, 0)
    for pair in pairs:
        if pair.sweep > 0:
            sweeps[pair.first] += 1
        elif pair.sweep < 0:
            sweeps[pair.second] += 1
    return {player for player, count in sweeps.items() if count == SUPER_BONUS_OPPONENTS}


def _with_super_bonus(pair: PairResult[P], super_bonus: set[P]) -> PairResult[P]:
    if pair.sweep > 0 and pair.first in super_bonus:
        return replace(pair, sweep=SUPER_SWEEP_BONUS)
    if pair.sweep < 0 and pair.second in super_bonus:
        return replace(pair, sweep=-SUPER_SWEEP_BONUS)
    return pair


def _triple(values: tuple[int, ...]) -> tuple[int, int, int]:
    front, middle, back = values
    return front, middle, back


# ----------------------------------------------------------------------------------- input


def _hand_from_text(spec: Mapping[str, Any]) -> PlayerHand:
    try:
        front, middle, back = spec["front"], spec["middle"], spec["back"]
    except KeyError as error:
        raise RuleError("A hand needs a front, a middle and a back; {part} is missing.",
                        part=error.args[0]) from error
    arrangement = Arrangement.parse(front, middle, back)
    return PlayerHand.set_as(arrangement, bool(spec.get("declare_natural", False)))


def _verify_distinct_cards(hands: Mapping[P, PlayerHand]) -> None:
    seen: dict[Card, P] = {}
    for player, hand in hands.items():
        for card in hand.cards:
            if card in seen:
                raise RuleError("{card} is in two hands ({first} and {second}).",
                                card=card, first=seen[card], second=player)
            seen[card] = player


__all__ = [
    "SUPER_SWEEP_BONUS",
    "SWEEP_BONUS",
    "HandReading",
    "Matchup",
    "PairResult",
    "PlayerHand",
    "Showdown",
    "read_hand",
    "score_hands",
    "score_showdown",
    "showdown_breakdown",
]
