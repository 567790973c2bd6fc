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

from bot.games.common import SeatId


def dp_offer_order(
    clockwise: Sequence[SeatId],
    stacks: Mapping[SeatId, int],
    minimum: int,
    previous: SeatId | None,
) -> tuple[SeatId, ...]:
    """The seats to offer the DP role to this round, in order.

    ``clockwise``: the seated players in clockwise order; ``stacks``: their table stacks now;
    ``minimum``: the stack that qualifies to bank; ``previous``: last round's DP (``None`` when
    the house banked or at a new table).

    The turn moves clockwise from the previous DP: first the seat to their left, and so on
    around the table; the previous DP comes last, so they bank again only if everyone else
    declines or cannot. Seats whose stack is below ``minimum`` are skipped. With no previous DP
    or one who has left, the offer starts at the first seat of ``clockwise`` (a table that wants
    the turn to go on from a departed DP's place passes ``clockwise`` starting there).
    """
    if len(set(clockwise)) != len(clockwise):
        raise ValueError("a seat appears twice in the clockwise order")
    start = clockwise.index(previous) + 1 if previous is not None and previous in clockwise else 0
    turn = [*clockwise[start:], *clockwise[:start]]
    return tuple(seat for seat in turn if stacks.get(seat, 0) >= minimum)


def turn_after_departure(
    clockwise: Sequence[SeatId],
    previous: SeatId | None,
    previous_order: Sequence[SeatId],
) -> tuple[tuple[SeatId, ...], SeatId | None]:
    """``(clockwise, previous)`` to pass to :func:`dp_offer_order` so that the turn goes on
    from the previous DP's place even when that player has left.

    ``previous_order`` is last round's clockwise order. When ``previous`` is still seated, or
    unknown, nothing changes. When they left, the turn passes to the first player after them
    in last round's order who is still seated: ``clockwise`` is returned starting there, with
    no previous DP. When nobody from last round is left, the offer starts at the first seat.
    """
    seats = tuple(clockwise)
    if previous is None or previous in seats or previous not in previous_order:
        return seats, previous if previous in seats else None
    at = list(previous_order).index(previous)
    after = [*previous_order[at + 1:], *previous_order[:at]]
    for seat in after:
        if seat in seats:
            start = seats.index(seat)
            return seats[start:] + seats[:start], None
    return seats, None
