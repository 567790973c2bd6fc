"""What a public table picture shows: the one check that hidden cards stay hidden until the showdown.

The Discord tests of every game record the snapshots the public table image is drawn from (the
``snapshots`` fixture); :func:`assert_only_these_cards_shown` holds each one before the round's
result to the cards that are public then (UTH's board, nothing at HCF). The e2e suite checks the
same of the real process's images and texts (tests/e2e/privacy.py).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from bot.poker import Card
from render import TableSnapshot

RESULT_TITLE = re.compile(r"Result( \(\d+/\d+\))?$")
"""A result picture's title (a big table's result is in several pictures, "Result (1/2)")."""


def cards_shown(snapshot: TableSnapshot) -> set[str]:
    """Every card face on a table picture: the dealer's, the board's and every seat's."""
    cards = [*snapshot.dealer, *snapshot.community, *(card for seat in snapshot.seats for card in seat.cards)]
    return {str(Card(card)) for card in cards if card is not None}


def assert_only_these_cards_shown(snapshots: Iterable[TableSnapshot], public: Collection[object]) -> None:
    """No picture before a round's result shows a card outside ``public``."""
    allowed = {str(Card(card)) for card in public}
    checked = 0
    for snapshot in snapshots:
        if RESULT_TITLE.search(snapshot.title):
            continue
        checked += 1
        hidden = cards_shown(snapshot) - allowed
        assert not hidden, f"{snapshot.title} shows {sorted(hidden)} before the showdown"
    assert checked, "no public picture before the showdown was drawn"
