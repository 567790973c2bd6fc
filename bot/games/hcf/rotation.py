"""Who is offered the designated player (DP) role, in which order: the pure part of the rotation.

RULES.md: "The DP role is offered in turn, hand by hand; a player may decline it. A player
qualifies to bank when their table stack is at least a table-set amount. If nobody banks, the
house banks with unlimited funds." Issue #8: "offered in turn each round to the next player whose
stack qualifies". The seed: the button "bewegt sich, wenn es mehrere designierte Spieler gibt".

The table asks the seats of :func:`dp_offer_order` one after another (a timer counts as a
decline) and the first to accept banks; when all decline, the house banks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.common import SeatId, clockwise_turn


def dp_offer_order(
    clockwise: Sequence[SeatId],
    stacks: Mapping[SeatId, int],
    minimum: int,
    previous: SeatId | None,
    previous_order: Sequence[SeatId] = (),
) -> tuple[SeatId, ...]:
    """The seats to offer the DP role to this round, in order.

    ``clockwise``: the seated players in clockwise order; ``stacks``: their table stacks now;
    ``minimum``: the stack that qualifies to bank; ``previous``: last round's DP (``None`` when
    the house banked or at a new table), who sat in ``previous_order`` (last round's clockwise
    order).

    The turn moves clockwise from the previous DP (:func:`bot.games.common.clockwise_turn`):
    first the seat to their left, and so on around the table; the previous DP comes last, so
    they bank again only if everyone else declines or cannot. When they have left, the turn
    goes on from their place. Seats whose stack is below ``minimum`` are skipped.
    """
    turn = clockwise_turn(clockwise, previous, previous_order)
    return tuple(seat for seat in turn if stacks.get(seat, 0) >= minimum)
