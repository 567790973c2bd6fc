"""Which guilds a bot process serves: Discord's shards.

Discord splits a bot's guilds into ``count`` shards, guild ``g`` going to shard
``(g >> 22) % count`` (https://discord.com/developers/docs/events/gateway#sharding). A process
runs some of them (``ids``); its tables, timers, recovery and recaps are those of its shards'
guilds, so several processes can share one PostgreSQL database without touching each other's
tables. One process with every shard (the default: one shard of one) serves every guild.
A table's rounds and sittings are its guild's shard's whatever economy they play in (a practice
table's, ``bot.tables.config.practice_economy``, or an event's, ``bot.events.event_economy``):
the store reads the shard from the table's guild.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids or any(not 0 <= shard < self.count for shard in self.ids):
            raise ValueError(f"shard ids must be between 0 and {self.count - 1}")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError("a shard id is listed twice")

    @property
    def every_guild(self) -> bool:
        return set(self.ids) == set(range(self.count))

    def shard_of(self, guild_id: int) -> int:
        return (abs(guild_id) >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids

    def sql_condition(self, column: str) -> tuple[str, list[int]]:
        """A WHERE condition (with its ``?`` parameters) true for the rows of ``column``'s
        guilds that these shards own; both databases shift and take remainders alike."""
        if self.every_guild:
            return "TRUE", []
        marks = ", ".join("?" * len(self.ids))
        return f"((abs({column}) >> 22) % ?) IN ({marks})", [self.count, *self.ids]


EVERY_GUILD = Shards()
