"""The players' side of the local Discord: build interactions as Discord would, send them over
the gateway, read the answers, and find a table's message and buttons.

Slash commands are built from the commands the bot synced (the fake keeps their JSON with the
ids it handed out), as Discord's client would from the same schema; components are clicked on
the message as the fake stores it, with that message embedded in the interaction.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.local_discord import GuildSpec, LocalDiscord
from tests.harness.driver import (
    ADMIN_PERMISSIONS,
    PLAYER_PERMISSIONS,
    DiscordHarness,
    FakeUser,
    Reply,
    walk_components,
)
from tests.harness.fake_discord import EPHEMERAL_FLAG, InteractionRecord

ANSWER_TIMEOUT = 5.0
USER_OPTION_TYPES = (6, 9)  # USER, MENTIONABLE
TABLE_BUTTON = re.compile(r"tbl:(?P<table>\d+):(?P<round>\d+):(?P<version>\d+):(?P<action>[a-z]+):")
STALE_CONTROL = "no longer active"
UNEXPECTED = "Something went wrong on our side"

_next_user_id = iter(range(710_000_000_000_000_001, 10**19)).__next__
_next_guild_id = iter(range(820_000_000_000_000_001, 10**19, 1_000_000)).__next__


def make_user(name: str, *, admin: bool = False, bot: bool = False) -> FakeUser:
    permissions = ADMIN_PERMISSIONS if admin else PLAYER_PERMISSIONS
    return FakeUser(_next_user_id(), name, bot=bot, permissions=permissions.value)


def new_guild(fake: LocalDiscord, channels: int, players: int, *, name: str = "casino",
              shard: tuple[int, int] = (0, 1)) -> GuildSpec:
    """A server with ``channels`` text channels, an admin (first member) and ``players``, whose
    id puts it on ``shard`` (shard id, shard count) as Discord shards guilds."""
    guild_id = _next_guild_id()
    while (guild_id >> 22) % shard[1] != shard[0]:
        guild_id = _next_guild_id()
    members = [make_user(f"{name}-admin", admin=True)]
    members += [make_user(f"{name}-p{index}") for index in range(players)]
    guild = GuildSpec(guild_id, name, [guild_id + 1 + index for index in range(channels)], members)
    fake.add_guild(guild)
    return guild


@dataclass
class Answer(Reply):
    """The harness's Reply, plus whether the bot answered in time at all."""

    answered: bool = True

    @property
    def ok(self) -> bool:
        return self.answered and bool(self.record.callbacks)

    @property
    def text(self) -> str:
        return super().text if self.record.callbacks else ""


class Casino:
    """Acts as members of one guild."""

    def __init__(self, fake: LocalDiscord, guild: GuildSpec) -> None:
        self.fake = fake
        self.guild = guild
        self._builder = DiscordHarness(bot=None, fake=fake, guild_id=guild.id,
                                       channel_id=guild.channel_ids[0])

    @property
    def admin(self) -> FakeUser:
        return self.guild.members[0]

    @property
    def players(self) -> list[FakeUser]:
        return self.guild.members[1:]

    # -- payloads -----------------------------------------------------------------------------
    def command_payload(self, user: FakeUser, channel_id: int, command: str,
                        **options: Any) -> dict[str, Any]:
        """A CHAT_INPUT interaction for ``command`` (e.g. ``"uth ante"``) from the synced schema."""
        names = command.split()
        schema = self.fake.commands.get(names[0])
        assert schema is not None, f"/{names[0]} was never synced; synced: {sorted(self.fake.commands)}"
        node: dict[str, Any] | None = schema
        for name in names[1:]:
            assert node is not None
            node = next((o for o in node.get("options") or [] if o["name"] == name and o["type"] in (1, 2)),
                        None)
            assert node is not None, f"/{command} is not a synced command"
        assert node is not None
        declared = {o["name"]: o for o in node.get("options") or [] if o["type"] not in (1, 2)}
        resolved: dict[str, dict[str, Any]] = {}
        leaf = []
        for name, value in options.items():
            option = declared.get(name)
            assert option is not None, f"/{command} has no option {name!r}; it has {sorted(declared)}"
            if option["type"] in USER_OPTION_TYPES:
                assert isinstance(value, FakeUser)
                resolved.setdefault("users", {})[str(value.id)] = value.user_json()
                resolved.setdefault("members", {})[str(value.id)] = value.member_json(with_user=False)
                value = str(value.id)
            leaf.append({"type": option["type"], "name": name, "value": value})
        nested: list[dict[str, Any]] = leaf
        for depth in range(len(names) - 1, 0, -1):
            kind = 1 if depth == len(names) - 1 else 2
            nested = [{"type": kind, "name": names[depth], "options": nested}]
        data: dict[str, Any] = {"id": schema["id"], "name": names[0], "type": 1, "options": nested,
                                "guild_id": str(self.guild.id)}
        if resolved:
            data["resolved"] = resolved
        payload = self._builder._base_payload(user, 2, guild_id=self.guild.id, channel_id=channel_id)
        payload["data"] = data
        return payload

    def component_payload(self, user: FakeUser, message: dict[str, Any], custom_id: str, *,
                          values: list[str] | None = None, copy_message: bool = True) -> dict[str, Any]:
        """``copy_message=False`` when the message will not change before the payload is sent."""
        component_type = 2 if values is None else 3
        message = copy.deepcopy(message) if copy_message else message
        return self._builder.component_payload(user, message, custom_id,
                                               component_type=component_type, values=values,
                                               guild_id=self.guild.id)

    # -- sending ------------------------------------------------------------------------------
    async def send(self, payload: dict[str, Any], *, timeout: float = ANSWER_TIMEOUT) -> Answer:
        record = await self.fake.deliver(payload)
        return await self.answer(record, timeout=timeout)

    async def answer(self, record: InteractionRecord, *, timeout: float = ANSWER_TIMEOUT) -> Answer:
        answered = await self.fake.answered(record, timeout)
        if answered and record.callbacks and record.callbacks[0]["type"] == DEFERRED_CHANNEL_MESSAGE:
            answered = await _followed_up(record, FOLLOWUP_TIMEOUT)  # /leaderboard, /stats
        return Answer(record, self.fake, answered)

    async def slash(self, user: FakeUser, channel_id: int, command: str, **options: Any) -> Answer:
        return await self.send(self.command_payload(user, channel_id, command, **options))

    async def click(self, user: FakeUser, message: dict[str, Any], custom_id: str) -> Answer:
        return await self.send(self.component_payload(user, message, custom_id))

    async def select(self, user: FakeUser, message: dict[str, Any], custom_id: str,
                     values: list[str]) -> Answer:
        return await self.send(self.component_payload(user, message, custom_id, values=values))

    def table(self, channel_id: int) -> TableClient:
        return TableClient(self, channel_id)


DEFERRED_CHANNEL_MESSAGE = 5
FOLLOWUP_TIMEOUT = 15.0
"""Discord keeps a deferred interaction's token for 15 minutes; a picture takes far less."""


async def _followed_up(record: InteractionRecord, timeout: float) -> bool:
    """Wait for the first followup of a deferred answer (what the player then sees)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not record.followup_ids:
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


class TableClient:
    """A table as its players see it: the newest table message in the channel."""

    def __init__(self, casino: Casino, channel_id: int) -> None:
        self.casino = casino
        self.fake = casino.fake
        self.channel_id = channel_id

    def message(self) -> dict[str, Any] | None:
        for message in reversed(self.fake.messages_in(self.channel_id)):
            if (message.get("flags") or 0) & EPHEMERAL_FLAG:
                continue  # a player's private message (Imperial's card menu has table buttons)
            if any(str(c.get("custom_id", "")).startswith("tbl:")
                   for c in walk_components(message.get("components") or [])):
                found: dict[str, Any] = message
                return found
        return None

    def controls(self, message: dict[str, Any] | None = None) -> dict[str, str]:
        message = message if message is not None else self.message()
        if message is None:
            return {}
        return {c["label"]: c["custom_id"] for c in walk_components(message.get("components") or [])
                if c.get("type") == 2 and c.get("custom_id")}

    def round_id(self, message: dict[str, Any] | None = None) -> int:
        """The round the table message's buttons belong to (0 between rounds)."""
        for custom_id in self.controls(message).values():
            match = TABLE_BUTTON.match(custom_id)
            if match:
                return int(match["round"])
        return 0

    def version(self, message: dict[str, Any] | None = None) -> int:
        """The rendering the buttons belong to: two clicks of one action on one rendering are
        one click for the bot, so a player clicks again only on a newer one."""
        for custom_id in self.controls(message).values():
            match = TABLE_BUTTON.match(custom_id)
            if match:
                return int(match["version"])
        return 0

    async def newer_than(self, message: dict[str, Any], *, timeout: float) -> dict[str, Any]:
        """The table message once it shows a rendering after ``message``'s (same round)."""
        round_id, version = self.round_id(message), self.version(message)
        return await self.wait_for(lambda _, shown_round: shown_round != round_id
                                   or self.version() > version, timeout=timeout)

    def phase(self) -> str:
        message = self.message()
        embeds = (message or {}).get("embeds") or []
        return str(embeds[0].get("description") or "") if embeds else ""

    async def wait_for(self, condition: Callable[[dict[str, str], int], bool], *,
                       timeout: float) -> dict[str, Any]:
        """Until the table message's controls and round satisfy ``condition``."""
        async with asyncio.timeout(timeout):
            while True:
                message = self.message()
                if message is not None and condition(self.controls(message), self.round_id(message)):
                    return copy.deepcopy(message)
                await asyncio.sleep(0.05)

    async def wait_for_control(self, round_id: int, label: str, *, timeout: float) -> dict[str, Any] | None:
        """The table message once round ``round_id`` shows the control ``label``; None when the
        round finished first (everyone folded, a timeout played it out)."""

        def ready(controls: dict[str, str], shown_round: int) -> bool:
            return (shown_round == round_id and label in controls) or round_id in self.results()

        message = await self.wait_for(ready, timeout=timeout)
        return None if round_id in self.results() else message

    async def press(self, user: FakeUser, label: str, message: dict[str, Any] | None = None) -> Answer:
        message = message if message is not None else self.message()
        assert message is not None, "the table message was never posted"
        controls = self.controls(message)
        assert label in controls, f"no button {label!r}; the table shows {list(controls)}"
        return await self.casino.click(user, message, controls[label])

    async def command(self, user: FakeUser, command: str, **options: Any) -> Answer:
        return await self.casino.slash(user, self.channel_id, command, **options)

    def results(self) -> dict[int, dict[str, Any]]:
        """Result messages posted in the channel, by round number."""
        found = {}
        for message in self.fake.messages_in(self.channel_id):
            if any(str(c.get("custom_id", "")).startswith("tbl:")
                   for c in walk_components(message.get("components") or [])):
                continue  # the table message (a result has at most its Review my play button)
            for embed in message.get("embeds") or []:
                match = re.match(r"Round #(\d+) ·", embed.get("title") or "")
                if match:
                    found[int(match.group(1))] = message
        return found

    async def wait_result(self, round_id: int, *, timeout: float) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            while round_id not in self.results():  # noqa: ASYNC110 - the message arrives over HTTP
                await asyncio.sleep(0.05)
        return self.results()[round_id]
