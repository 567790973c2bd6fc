"""The Discord client: loads the extensions, owns the store, syncs commands, handles errors."""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import catalog, workers
from bot.config import Config
from bot.errors import reply_with_error
from bot.gc_tuning import tune_for_latency
from bot.i18n import N_, words_for
from bot.i18n.commands import CommandTranslator
from bot.shards import EVERY_GUILD
from bot.store import Store
from bot.tables.runtime import TableRuntime

log = logging.getLogger(__name__)

# Loaded in this order in setup_hook; one failing extension is logged and the rest still load.
# The bot's own, then every declared game's (bot.catalog).
OWN_EXTENSIONS: tuple[str, ...] = ("cogs.economy", "cogs.standings", "cogs.admin", "cogs.tables",
                                   "cogs.help", "cogs.coach", "cogs.events")
EXTENSIONS: tuple[str, ...] = (*OWN_EXTENSIONS, *catalog.extensions())


# Interaction ids remembered to drop repeated deliveries (far more than arrive in minutes).
RECENT_INTERACTION_IDS = 50_000

STALE_CONTROL_MESSAGE = N_(
    "That control is no longer active (the message has moved on). Use the latest message."
)


class CasinoTree(app_commands.CommandTree["CasinoBot"]):
    """Command tree whose error handler always answers the user (never "interaction failed")."""

    async def on_error(
        self, interaction: discord.Interaction[CasinoBot], error: app_commands.AppCommandError
    ) -> None:
        await reply_with_error(interaction, error)


class CasinoBot(commands.Bot):
    """The bot. ``store`` is open and migrated before any cog's ``setup`` runs."""

    store: Store
    tables: TableRuntime

    def __init__(self, config: Config, *, extensions: Sequence[str] = EXTENSIONS, **sharding: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and permissions; no privileged intent is needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=CasinoTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **sharding,
        )
        self.config = config
        self.extension_names = tuple(extensions)
        self.failed_extensions: list[str] = []
        # Wall-clock source for cooldowns and timers; tests replace it with a fake clock.
        self.clock: Callable[[], float] = time.time
        self._dynamic_templates: list[re.Pattern[str]] = []
        self.guild_locales: dict[int, str] = {}
        """Each server's language as its latest interaction reported it (``guild_locale``): the
        public messages' language when no admin chose one and the guild is not cached."""
        self._tuned = False  # the garbage collector, once start-up is done (on_ready)
        self._install_interaction_dedupe()

    def _install_interaction_dedupe(self) -> None:
        """Drop a second delivery of an interaction before anything handles it.

        Discord may deliver one INTERACTION_CREATE twice (a gateway resume replays events).
        Table actions are also deduplicated in the database, but a command such as
        /chips grant would otherwise run twice. Every interaction passes the connection
        state's parser, so one bounded memory of recent ids guards them all.
        """
        state = self._connection
        parse = state.parse_interaction_create
        seen: OrderedDict[str, None] = OrderedDict()

        def parse_once(data: Any) -> None:
            interaction_id = str(data.get("id"))
            if interaction_id in seen:
                log.warning("Interaction %s delivered again; ignored", interaction_id)
                return
            seen[interaction_id] = None
            if len(seen) > RECENT_INTERACTION_IDS:
                seen.popitem(last=False)
            parse(data)

        state.parse_interaction_create = parse_once  # type: ignore[method-assign]  # the one choke point
        state.parsers["INTERACTION_CREATE"] = parse_once

    async def setup_hook(self) -> None:
        shards = self.config.shards or EVERY_GUILD
        self.store = await Store.open(self.config.db_path, shards=shards)
        log.info("Store open (%s)%s", self.store.backend,
                 "" if shards.every_guild else f"; serving shards {list(shards.ids)} of {shards.count}")
        # The tables cog attaches its publisher and resumes unfinished rounds when it loads.
        self.tables = TableRuntime(self.store, catalog.adapters(), clock=lambda: self.clock())
        for name in self.extension_names:
            try:
                await self.load_extension(name)
            except Exception:
                self.failed_extensions.append(name)
                log.exception("Extension %s failed to load; the others carry on", name)
        # Every command's names, descriptions and choices go to Discord in each language the bot
        # speaks: a German client shows the German ones.
        await self.tree.set_translator(CommandTranslator())
        await self.sync_commands()

    async def sync_commands(self) -> None:
        guild_id = self.config.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
            log.info("Synced %d global commands (may take up to an hour to appear)", len(synced))
            return
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("Synced %d commands to dev guild %s", len(synced), guild_id)

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self._dynamic_templates.extend(item.__discord_ui_compiled_template__ for item in items)

    async def on_ready(self) -> None:
        """Connected and set up (tables resumed): from here on, answers must come fast."""
        if not self._tuned:
            tune_for_latency()
            self._tuned = True

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click that no handler will take (a button that is no longer on its message,
        or one this bot does not know) so the user never sees "This interaction failed".

        discord.py silently drops a click on a DynamicItem whose button is missing from the
        message it arrived with; this decides the same thing up front, so a handled click is
        never answered twice and an unhandled one is answered at once.
        """
        if interaction.guild_id is not None and interaction.guild_locale is not None:
            self.guild_locales[interaction.guild_id] = interaction.guild_locale.value
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if self._will_be_handled(custom_id, interaction.message):
            return
        log.info("No handler takes component %r; sending the stale-control reply", custom_id)
        try:
            w = words_for(interaction.locale)
            await interaction.response.send_message(w(STALE_CONTROL_MESSAGE), ephemeral=True)
        except discord.HTTPException:
            log.debug("Stale-control reply could not be sent", exc_info=True)

    def _will_be_handled(self, custom_id: str, message: discord.Message | None) -> bool:
        if not any(template.fullmatch(custom_id) for template in self._dynamic_templates):
            return False
        return message is not None and custom_id in _custom_ids(message.components)

    async def close(self) -> None:
        """Stop taking events, let cogs finish their writes, then close the database."""
        await super().close()  # unloads cogs: their cog_unload waits for pending work
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()
            log.info("Store closed")
        workers.close_all()  # the coach's, the pictures' and the store's reads


class ShardedCasinoBot(CasinoBot, commands.AutoShardedBot):
    """The bot running some of Discord's shards (discord.py's sharded client): one gateway
    connection per shard, and only those shards' guilds' tables, timers and recaps."""


def make_bot(config: Config, *, extensions: Sequence[str] = EXTENSIONS) -> CasinoBot:
    """The unsharded bot, or the sharded one when the configuration names shards."""
    if config.shards is None:
        return CasinoBot(config, extensions=extensions)
    return ShardedCasinoBot(config, extensions=extensions, shard_count=config.shards.count,
                            shard_ids=list(config.shards.ids))


def _custom_ids(components: Sequence[Any]) -> set[str]:
    """Every custom id among a message's components, rows included."""
    found: set[str] = set()
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            found.add(custom_id)
        found |= _custom_ids(getattr(component, "children", ()) or ())
    return found
