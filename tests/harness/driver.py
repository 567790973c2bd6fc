"""Drive the real bot through discord.py with no network.

The bot logs in against :class:`FakeDiscord` on loopback (``Route.BASE`` points there), then
raw INTERACTION_CREATE payloads, built as Discord would send them, go to the connection
state's ``parse_interaction_create``: discord.py's own parsing, command tree, views and
dynamic items do the rest. Assertions read what the bot sent back through the fake.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.http
from discord import AppCommandOptionType

from tests.harness.fake_discord import (
    APPLICATION_ID,
    CHANNEL_MESSAGE,
    EPHEMERAL_FLAG,
    FakeDiscord,
    InteractionRecord,
)

PLAYER_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True,
    read_message_history=True, use_application_commands=True,
)
ADMIN_PERMISSIONS = PLAYER_PERMISSIONS | discord.Permissions(manage_guild=True, manage_channels=True)
INTERACTION_TIMEOUT = 10.0

_user_ids = itertools.count(700000000000000001)


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    permissions: int = PLAYER_PERMISSIONS.value
    locale: str = "en-US"
    """The language of the user's Discord client (the interaction's ``locale``)."""

    def user_json(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0",
                "global_name": self.name, "avatar": None, "bot": self.bot, "public_flags": 0}

    def member_json(self, *, with_user: bool = True) -> dict[str, Any]:
        member: dict[str, Any] = {
            "nick": None, "roles": [], "joined_at": "2025-01-01T00:00:00.000000+00:00",
            "deaf": False, "mute": False, "flags": 0, "pending": False, "avatar": None,
            "permissions": str(self.permissions), "communication_disabled_until": None,
        }
        if with_user:
            member["user"] = self.user_json()
        return member


@dataclass
class Reply:
    """Everything the bot sent in answer to one interaction."""

    record: InteractionRecord
    fake: FakeDiscord

    @property
    def callback(self) -> dict[str, Any]:
        assert self.record.callbacks, "the bot never answered this interaction"
        return self.record.callbacks[0]

    @property
    def type(self) -> int:
        return int(self.callback["type"])

    @property
    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = self.callback["data"]
        return data

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & EPHEMERAL_FLAG)

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.data.get("components") or []

    @property
    def files(self) -> list[dict[str, Any]]:
        files: list[dict[str, Any]] = self.callback["files"]
        return files

    @property
    def message(self) -> dict[str, Any]:
        """The message the response created (or, for a component, the message it updated)."""
        message_id = self.record.response_message_id or self.record.message_id
        assert message_id is not None, "this response created no message"
        return self.fake.messages[message_id]

    @property
    def followups(self) -> list[dict[str, Any]]:
        return [self.fake.messages[i] for i in self.record.followup_ids if i in self.fake.messages]

    @property
    def text(self) -> str:
        """Content and embed text of the response, its edits and followups, for assertions."""
        parts = [message_text(self.data)]
        parts += [message_text(edit["data"] or {}) for edit in self.record.edits]
        parts += [message_text(message) for message in self.followups]
        return "\n".join(part for part in parts if part)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.message.get("components") or [])
                if "custom_id" in c]

    def button(self, label: str) -> str:
        for component in walk_components(self.message.get("components") or []):
            if component.get("label") == label:
                return str(component["custom_id"])
        raise AssertionError(f"no button {label!r} in {self.custom_ids()}")


def message_text(message: dict[str, Any]) -> str:
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for embed_field in embed.get("fields") or []:
            parts += [embed_field.get("name", ""), embed_field.get("value", "")]
        parts.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(part for part in parts if part)


def walk_components(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])


@dataclass
class DiscordHarness:
    """A logged-in bot plus helpers to act as users in guild channels."""

    bot: Any
    fake: FakeDiscord
    guild_id: int = 800000000000000001
    channel_id: int = 810000000000000001
    users: list[FakeUser] = field(default_factory=list)
    guild_locale: str = "en-US"
    """The server's preferred language as Discord reports it (the interaction's ``guild_locale``)."""
    threads: set[int] = field(default_factory=set)
    """Channels that are threads (of the default channel) in the payloads."""

    def user(self, name: str, *, admin: bool = False, bot: bool = False, locale: str = "en-US") -> FakeUser:
        permissions = ADMIN_PERMISSIONS if admin else PLAYER_PERMISSIONS
        user = FakeUser(next(_user_ids), name, bot=bot, permissions=permissions.value, locale=locale)
        self.users.append(user)
        return user

    # -- payloads ---------------------------------------------------------------------------
    def _base_payload(self, user: FakeUser, interaction_type: int, *, guild_id: int | None,
                      channel_id: int | None) -> dict[str, Any]:
        guild = self.guild_id if guild_id is None else guild_id
        channel = self.channel_id if channel_id is None else channel_id
        return {
            "id": str(self.fake.snowflake()), "application_id": str(APPLICATION_ID),
            "type": interaction_type, "token": secrets.token_urlsafe(24), "version": 1,
            "guild_id": str(guild), "channel_id": str(channel),
            "channel": self._channel_json(channel, guild),
            "member": user.member_json(), "app_permissions": str(self.fake.app_permissions(channel)),
            "locale": user.locale, "guild_locale": self.guild_locale, "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild)}, "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    def _channel_json(self, channel: int, guild: int) -> dict[str, Any]:
        if channel in self.threads:  # a public thread (type 11) in the default channel
            return {"id": str(channel), "type": 11, "guild_id": str(guild), "name": "table-talk",
                    "parent_id": str(self.channel_id), "owner_id": "1", "flags": 0,
                    "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
                    "total_message_sent": 0, "thread_metadata": {
                        "archived": False, "auto_archive_duration": 1440, "locked": False,
                        "archive_timestamp": "2026-01-01T00:00:00.000000+00:00"}}
        return {"id": str(channel), "type": 0, "guild_id": str(guild), "name": "casino",
                "position": 0, "permission_overwrites": [], "nsfw": False,
                "parent_id": None, "rate_limit_per_user": 0, "flags": 0}

    def command_payload(self, user: FakeUser, command: str, *, guild_id: int | None = None,
                        channel_id: int | None = None, **options: Any) -> dict[str, Any]:
        """A CHAT_INPUT command; ``command`` is its full name, e.g. ``"chips grant"``."""
        names = command.split()
        synced = self.fake.commands.get(names[0])
        assert synced is not None, f"/{names[0]} was never synced; synced: {list(self.fake.commands)}"
        leaf = self.bot.tree.get_command(names[0])
        for name in names[1:]:
            leaf = leaf.get_command(name)
        assert leaf is not None, f"no command /{command}"
        resolved: dict[str, dict[str, Any]] = {}
        leaf_options = [_option(leaf, name, value, resolved) for name, value in options.items()]
        nested = leaf_options
        for depth in range(len(names) - 1, 0, -1):
            kind = 1 if depth == len(names) - 1 else 2
            nested = [{"type": kind, "name": names[depth], "options": nested}]
        data: dict[str, Any] = {"id": synced["id"], "name": names[0], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        payload = self._base_payload(user, 2, guild_id=guild_id, channel_id=channel_id)
        payload["data"] = data
        return payload

    def component_payload(self, user: FakeUser, message: dict[str, Any], custom_id: str, *,
                          component_type: int = 2, values: list[str] | None = None,
                          guild_id: int | None = None) -> dict[str, Any]:
        payload = self._base_payload(user, 3, guild_id=guild_id,
                                     channel_id=int(message["channel_id"]))
        payload["message"] = message
        payload["data"] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            payload["data"]["values"] = values
        return payload

    def modal_payload(self, user: FakeUser, custom_id: str, fields: dict[str, str], *,
                      message: dict[str, Any] | None = None) -> dict[str, Any]:
        payload = self._base_payload(user, 5, guild_id=None, channel_id=None)
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
                for key, value in fields.items()]
        payload["data"] = {"custom_id": custom_id, "components": rows}
        if message is not None:
            payload["message"] = message
        return payload

    # -- delivery ---------------------------------------------------------------------------
    async def deliver(self, *payloads: dict[str, Any]) -> list[Reply]:
        """Feed payloads to discord.py together (as a burst) and wait for their handlers."""
        before = asyncio.all_tasks()
        records = [self.fake.register_interaction(payload) for payload in payloads]
        for payload in payloads:
            self.bot._connection.parse_interaction_create(payload)
        spawned = asyncio.all_tasks() - before
        if spawned:
            done, pending = await asyncio.wait(spawned, timeout=INTERACTION_TIMEOUT)
            assert not pending, f"handlers still running after {INTERACTION_TIMEOUT}s: {pending}"
            for task in done:
                if task.exception() is not None:
                    raise task.exception()  # type: ignore[misc]  # surfaced for the test
        return [Reply(record, self.fake) for record in records]

    async def slash(self, user: FakeUser, command: str, **options: Any) -> Reply:
        (reply,) = await self.deliver(self.command_payload(user, command, **options))
        return reply

    async def autocomplete(self, user: FakeUser, command: str, focused: str, typed: str,
                           **options: Any) -> list[dict[str, Any]]:
        """The choices the bot offers for option ``focused`` of ``/command`` while ``typed`` is
        in it (``options``: the others already filled in)."""
        filled: dict[str, Any] = {**options, focused: typed}
        payload = self.command_payload(user, command, **filled)
        payload["type"] = 4  # APPLICATION_COMMAND_AUTOCOMPLETE
        _focus(payload["data"]["options"], focused)
        (reply,) = await self.deliver(payload)
        assert reply.type == 8, f"autocomplete answered with type {reply.type}"
        choices: list[dict[str, Any]] = reply.data["choices"]
        return choices

    async def click(self, user: FakeUser, message: dict[str, Any], custom_id: str) -> Reply:
        (reply,) = await self.deliver(self.component_payload(user, message, custom_id))
        return reply

    async def select(self, user: FakeUser, message: dict[str, Any], custom_id: str,
                     values: list[str]) -> Reply:
        payload = self.component_payload(user, message, custom_id, component_type=3,
                                         values=values)
        (reply,) = await self.deliver(payload)
        return reply

    async def submit_modal(self, user: FakeUser, custom_id: str, fields: dict[str, str], *,
                           message: dict[str, Any] | None = None) -> Reply:
        (reply,) = await self.deliver(self.modal_payload(user, custom_id, fields, message=message))
        return reply

    async def audit_ok(self, guild_id: int | None = None) -> None:
        report = await self.bot.store.audit(self.guild_id if guild_id is None else guild_id)
        assert report.ok, f"audit failed: {report}"

    async def wallet(self, user: FakeUser) -> int:
        """``user``'s wallet in the harness's server (a new player's starting chips first)."""
        return int(await self.bot.store.ensure_wallet(self.guild_id, user.id))

    def use_deck(self, seed: bytes) -> None:
        """Every round from now on is shuffled from ``seed``: a fixed deck."""
        self.bot.tables.seed_source = lambda: seed


def _focus(options: list[dict[str, Any]], name: str) -> None:
    """Mark option ``name`` (in a subcommand's options too) as the one being typed."""
    for option in options:
        if option["type"] in (1, 2):
            _focus(option["options"], name)
        elif option["name"] == name:
            option["focused"] = True


def _option(command: Any, name: str, value: Any, resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
    parameter = next((p for p in command.parameters if p.name == name), None)
    assert parameter is not None, f"/{command.qualified_name} has no option {name!r}"
    option_type = parameter.type
    if option_type in (AppCommandOptionType.user, AppCommandOptionType.mentionable):
        assert isinstance(value, FakeUser)
        resolved.setdefault("users", {})[str(value.id)] = value.user_json()
        resolved.setdefault("members", {})[str(value.id)] = value.member_json(with_user=False)
        value = str(value.id)
    elif option_type is AppCommandOptionType.channel:  # a text channel of the server, by id
        resolved.setdefault("channels", {})[str(value)] = {
            "id": str(value), "name": f"channel-{str(value)[-4:]}", "type": 0,
            "permissions": str(ADMIN_PERMISSIONS.value), "parent_id": None}
        value = str(value)
    return {"type": option_type.value, "name": name, "value": value}


def assert_refused(reply: Reply, *fragments: str) -> None:
    """A refusal is one ephemeral message that says why (each of ``fragments``, any case)."""
    assert reply.type == CHANNEL_MESSAGE, reply.text
    assert reply.ephemeral, f"refusal was public: {reply.text}"
    for fragment in fragments:
        assert fragment.lower() in reply.text.lower(), f"{fragment!r} not in {reply.text!r}"
