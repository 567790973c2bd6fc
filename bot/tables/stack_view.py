"""Table stacks on the public table picture: every seated player's chips at the table.

Pure functions from what the adapter drew plus the runtime's stacks to a new snapshot, so every
stack-funded game shows stacks the same way without drawing them itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from bot.i18n import SOURCE_LANGUAGE, Words, words
from render import SeatView, TableSnapshot

ENGLISH = words(SOURCE_LANGUAGE)


def stack_label(amount: int, w: Words = ENGLISH) -> str:
    return w.chips(amount)


def with_stacks(snapshot: TableSnapshot, seats: Mapping[int, str], stacks: Mapping[int, int], *,
                waiting_status: str, w: Words = ENGLISH) -> TableSnapshot:
    """``snapshot`` with each seated player's stack on their seat.

    A seat view is matched to its player by ``SeatView.seat`` when the adapter set it, else by
    a name that only one seated player has; views that already carry a stack keep it. Seated
    players with no view (between rounds, or not in the round) get a plain seat with
    ``waiting_status``, so nobody's chips are missing from the picture.
    """
    by_name: dict[str, int | None] = {}
    for seated, name in seats.items():
        by_name[name] = None if name in by_name else seated  # a shared name matches nobody
    shown: set[int] = set()
    views = []
    for view in snapshot.seats:
        user = view.seat if view.seat is not None else by_name.get(view.name)
        if user is not None and user in seats:
            shown.add(user)
            if not view.stack:
                view = dataclasses.replace(view, stack=stack_label(stacks.get(user, 0), w), seat=user)
        views.append(view)
    views += [SeatView(name, stack=stack_label(stacks.get(user, 0), w), status=waiting_status,
                       seat=user) for user, name in seats.items() if user not in shown]
    return dataclasses.replace(snapshot, seats=tuple(views))


def seated_with_stacks(seats: Mapping[int, str], stacks: Mapping[int, int], w: Words = ENGLISH) -> str:
    """``"Alice (1,250), Bob (0)"`` for the table embed's Seated field."""
    return ", ".join(f"{name} ({w.number(stacks.get(user, 0))})" for user, name in seats.items())
