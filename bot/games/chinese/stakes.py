"""Money at a Chinese Poker table: paying points between table stacks, the button, the buy-in.

RULES.md, "Chinese Poker", and the seed's "Auszahlungen" and "Tischbedingungen":

* Players pay each other directly, points x point value; no house, no rake.
* Table stakes: a player wins from each opponent at most their own stack at the start of the
  hand ("Sie können nur bis zu dem Geldbetrag gewinnen, der sich zu Beginn des Blattes in Ihrem
  Stapel befindet").
* "Alle Auszahlungen beginnen im Uhrzeigersinn vom Button aus": a loser pays creditors clockwise
  from the button until the stack is empty; what remains unpaid is forfeited, never a debt.
* The button moves clockwise each hand; a new player does not get it on their first hand.
* The buy-in is 20 points' worth of chips; a short buy is allowed after a full buy.

Decisions where the rules are silent:

* "Clockwise from the button" starts with the first player after the button; the button's
  player comes last. Losers pay in that order, and each loser pays their creditors in that order.
* "Naturals are settled first" (RULES.md): a declared natural is paid before the hands are
  compared, so the claims of naturals (``paid_first``) are paid before every other claim.
* Chips won in the hand may pay the hand's debts: payment goes round in passes until nobody who
  still owes has chips left, so a debt is forfeited only by a player whose stack ends empty.
* A short buy is any amount from 1 chip to just under the full buy-in, and is allowed only when
  the player's previous buy was a full one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from bot.games.common import P, RuleError, SeatId, clockwise_turn

BUY_IN_POINTS = 20
TABLE_POSITIONS = 4


@dataclass(frozen=True)
class Transfer(Generic[P]):
    """``amount`` chips from ``payer``'s stack to ``payee``'s (or, in ``forfeited``, not paid)."""

    payer: P
    payee: P
    amount: int


@dataclass(frozen=True)
class StackSettlement(Generic[P]):
    """A hand's chips between the players' stacks.

    ``claims``: what each winner may take from each loser (points x value, capped by the winner's
    starting stack), in payment order. ``transfers``: the payments, in the order made (a debt can
    be paid in parts when a loser pays from chips won later in the settlement). ``forfeited``:
    the part of each claim left unpaid. ``stacks``: every stack after the hand.
    """

    claims: tuple[Transfer[P], ...]
    transfers: tuple[Transfer[P], ...]
    forfeited: tuple[Transfer[P], ...]
    stacks: Mapping[P, int]

    def paid(self) -> dict[tuple[P, P], int]:
        """Chips paid per (payer, payee), in the order of the first payment."""
        totals: dict[tuple[P, P], int] = {}
        for transfer in self.transfers:
            key = (transfer.payer, transfer.payee)
            totals[key] = totals.get(key, 0) + transfer.amount
        return totals

    def net(self, start: Mapping[P, int]) -> dict[P, int]:
        """Each stack's change over the hand, given the stacks at its start."""
        return {player: self.stacks[player] - start[player] for player in self.stacks}

    def to_dict(self) -> dict[str, Any]:
        """JSON-able (player ids become text keys in ``stacks``)."""
        return {
            "claims": [_transfer_dict(claim) for claim in self.claims],
            "transfers": [_transfer_dict(transfer) for transfer in self.transfers],
            "forfeited": [_transfer_dict(unpaid) for unpaid in self.forfeited],
            "stacks": {str(player): stack for player, stack in self.stacks.items()},
        }


def _transfer_dict(transfer: Transfer[P]) -> dict[str, Any]:
    return {"payer": transfer.payer, "payee": transfer.payee, "amount": transfer.amount}


def clockwise_from_button(clockwise: Sequence[P], button: P) -> list[P]:
    """The players in payment order: the first after the button first, the button last."""
    if button not in clockwise:
        raise ValueError(f"the button {button!r} is not one of the players")
    return list(clockwise_turn(clockwise, button))


def settle_stacks(
    pair_points: Mapping[tuple[P, P], int], point_value: int, stacks: Mapping[P, int],
    clockwise: Sequence[P], button: P, paid_first: Collection[frozenset[P]] = (),
) -> StackSettlement[P]:
    """Move a hand's points between table stacks.

    ``pair_points`` maps ``(a, b)`` to the net points ``a`` won from ``b`` (negative: ``b`` won;
    each pair at most once, e.g. :meth:`bot.games.chinese.Showdown.pair_points`). ``stacks`` are
    the stacks at the start of the hand; ``clockwise`` lists the players in seat order clockwise
    and holds ``button``; the pairs in ``paid_first`` (e.g. :meth:`bot.games.chinese.Showdown.
    natural_pairs`) are paid before the others. Chips are conserved and no stack goes below zero.
    """
    _verify_settlement_input(pair_points, point_value, stacks, clockwise, button)
    order = clockwise_from_button(clockwise, button)
    owed: dict[tuple[P, P], int] = {}
    for (first, second), points in pair_points.items():
        winner, loser = (first, second) if points > 0 else (second, first)
        if points:
            owed[(loser, winner)] = min(abs(points) * point_value, stacks[winner])
    in_order = [(loser, winner) for loser in order for winner in order if owed.get((loser, winner))]
    in_order.sort(key=lambda pair: frozenset(pair) not in paid_first)  # stable: clockwise within each
    claims = [Transfer(loser, winner, owed[(loser, winner)]) for loser, winner in in_order]
    transfers, unpaid, final = _pay(claims, dict(stacks))
    forfeited = tuple(Transfer(c.payer, c.payee, unpaid[i]) for i, c in enumerate(claims) if unpaid[i])
    return StackSettlement(tuple(claims), tuple(transfers), forfeited, final)


def _pay(
    claims: list[Transfer[P]], stacks: dict[P, int],
) -> tuple[list[Transfer[P]], list[int], dict[P, int]]:
    """Pay ``claims`` in order, in passes, until no debtor with chips still owes."""
    unpaid = [claim.amount for claim in claims]
    transfers: list[Transfer[P]] = []
    progress = True
    while progress:
        progress = False
        for index, claim in enumerate(claims):
            amount = min(unpaid[index], stacks[claim.payer])
            if amount <= 0:
                continue
            stacks[claim.payer] -= amount
            stacks[claim.payee] += amount
            unpaid[index] -= amount
            transfers.append(Transfer(claim.payer, claim.payee, amount))
            progress = True
    return transfers, unpaid, stacks


def _verify_settlement_input(
    pair_points: Mapping[tuple[P, P], int], point_value: int, stacks: Mapping[P, int],
    clockwise: Sequence[P], button: P,
) -> None:
    """A caller's bug, not a player's: raise ``ValueError``."""
    if point_value < 1:
        raise ValueError(f"a point is worth at least 1 chip, not {point_value}")
    if len(set(clockwise)) != len(clockwise) or set(clockwise) != set(stacks):
        raise ValueError("clockwise must list every player with a stack exactly once")
    if button not in stacks:
        raise ValueError(f"the button {button!r} is not one of the players")
    if any(stack < 0 for stack in stacks.values()):
        raise ValueError("a stack cannot be negative")
    pairs = set()
    for first, second in pair_points:
        if first not in stacks or second not in stacks or first == second:
            raise ValueError(f"points between {first!r} and {second!r}: not two of the players")
        if frozenset((first, second)) in pairs:
            raise ValueError(f"the pair {first!r}, {second!r} is given twice")
        pairs.add(frozenset((first, second)))


def choose_button(dealt_in: Collection[SeatId], seated: Sequence[SeatId], previous: SeatId | None,
                  previous_order: Sequence[SeatId] = (), newcomers: Collection[SeatId] = ()) -> SeatId:
    """Who holds the button this hand.

    It moves clockwise from ``previous`` (last hand's holder, who sat in ``previous_order``)
    to the next player dealt in (``dealt_in``; ``seated`` is everyone seated now, clockwise),
    passing over ``newcomers`` (players on their first hand), and goes on from a departed
    holder's place (:func:`bot.games.common.clockwise_turn`). If every other player is new,
    the button stays; when every player is new (a fresh table), the first one dealt in takes it.
    """
    if not dealt_in:
        raise ValueError("nobody is dealt in")
    walk = clockwise_turn(seated, previous, previous_order, newcomers)
    playing = [seat for seat in walk if seat in dealt_in]
    veterans = [seat for seat in playing if seat not in newcomers]
    return veterans[0] if veterans else playing[0]


def verify_buy_in(amount: int, point_value: int, *, previous_was_full: bool) -> None:
    """A buy-in is the full 20 points' worth or more; a short buy only after a full buy."""
    full = BUY_IN_POINTS * point_value
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise RuleError("A buy-in is a whole number of chips, at least 1.")
    if amount < full and not previous_was_full:
        raise RuleError(
            "The buy-in is {full} chips ({buy_in_points} points); a short buy is allowed only "
            "after a full buy.", full=full, buy_in_points=BUY_IN_POINTS
        )


def full_buy_in(point_value: int) -> int:
    return BUY_IN_POINTS * point_value


__all__ = [
    "BUY_IN_POINTS",
    "StackSettlement",
    "Transfer",
    "clockwise_from_button",
    "full_buy_in",
    "choose_button",
    "settle_stacks",
    "verify_buy_in",
]
