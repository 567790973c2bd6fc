"""Whose chips a round moves: an economy is a guild id as the store keys accounts and rounds.

A server's own economy is its guild id. A practice table plays in the server's id negated, an
event in one of its own (:func:`event_economy`), so no chip crosses between them and the
server's wallets, and its leaderboards, /stats and /history (which read the server's economy)
never see their rounds. Each has wallets, a house, escrows and a mint of its own.
"""

from __future__ import annotations

EVENT_ECONOMIES = 1 << 40
"""Event economies are -(this + the event's id): below any practice economy's (a Discord id
negated: every id made since Discord's epoch in 2015 is above 4 * 10**15), so never one of them."""


def practice_economy(guild_id: int) -> int:
    """The economy a practice table of ``guild_id`` plays in: the server's id negated (Discord's
    ids are positive)."""
    return -abs(guild_id)


def is_practice_economy(guild_id: int) -> bool:
    """Whether a guild id read back from the store is a practice table's economy."""
    return guild_id < 0 and not is_event_economy(guild_id)


def event_economy(event_id: int) -> int:
    """The economy event ``event_id`` plays in (wallets: the entrants' event stacks). Negative
    like a practice table's and apart from them (:data:`EVENT_ECONOMIES`); its tables' guild says
    which shard serves its rounds (bot.shards)."""
    if not 1 <= event_id < EVENT_ECONOMIES:
        raise ValueError("an event's id is from 1 to 2**40")
    return -(EVENT_ECONOMIES + event_id)


def is_event_economy(economy: int) -> bool:
    """Whether a guild id read back from the store is an event's economy."""
    return -2 * EVENT_ECONOMIES < economy <= -EVENT_ECONOMIES
