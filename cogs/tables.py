"""Table commands: /table open|config|close|join|leave, /round, and the table's buttons."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot import catalog
from bot.errors import UserError
from bot.events import NAME_LENGTH, EventInfo
from bot.i18n import N_, Command, Refusal, Words, restored
from bot.poker.shuffle import verify
from bot.tables.actions import NO_ARG, ActionArg
from bot.tables.config import MAX_CHIPS, PRACTICE_CHIPS, TIMER_RANGE, TableConfig
from bot.tables.controls import MY_CARDS
from bot.tables.table import ActionRequest, ActionResult, Table
from cogs.channel_access import cannot_open_text, missing_permissions, trouble_text
from cogs.common import (
    DISCORD_MAX_INTEGER,
    EMBED_DESCRIPTION_LIMIT,
    casino_embed,
    chips,
    guild_id_of,
    left_table_text,
    practice_mark,
    reader,
    server_words,
    signed_chips,
    split_lines,
)
from cogs.drawing import TABLE_PICTURES
from cogs.private_cards import CardSelect, is_private, private_message, refresh_after_action, send_private
from cogs.table_button import TableButton
from cogs.table_messages import TableMessages, table_name
from cogs.table_options import chosen_options, options_text, with_game_options

if TYPE_CHECKING:
    from bot.client import CasinoBot

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=game.name, value=game.key) for game in catalog.GAMES]
MaxBet = app_commands.Range[int, 0, MAX_CHIPS]
"""A maximum Ante; 0 means none (only games without a required maximum accept that)."""
Chips = app_commands.Range[int, 1, MAX_CHIPS]
Seconds = app_commands.Range[int, TIMER_RANGE[0], TIMER_RANGE[1]]


def tables_cog(interaction: discord.Interaction[CasinoBot]) -> Tables:
    cog = interaction.client.get_cog("Tables")
    if not isinstance(cog, Tables):
        raise UserError("Tables are restarting; try again in a moment.")
    return cog


def display_name(user: discord.abc.User) -> str:
    return getattr(user, "display_name", None) or user.name


def action_request(interaction: discord.Interaction, action: str, arg: ActionArg = NO_ARG, *,
                   round_id: int | None = None, version: int | None = None) -> ActionRequest:
    """The one way the cogs turn a click or a command into a runtime action."""
    if interaction.channel_id is None:
        raise UserError("Tables live in server text channels.")
    return ActionRequest(guild_id_of(interaction), interaction.channel_id, interaction.user.id,
                         display_name(interaction.user), action, arg, round_id, version,
                         interaction.id)


def rules_text_here(bot: CasinoBot, interaction: discord.Interaction, game: str) -> str:
    """The game's rules page for this channel: with this table's limits and options when it
    plays ``game``, else with a new table's defaults."""
    table = bot.tables.table_in(interaction.channel_id or 0)
    if table is not None and table.adapter.info.key == game:
        config = table.config
    else:
        config = new_table_config(game)
    return bot.tables.adapters[game].rules_text(config, reader(interaction))


async def send_rules(bot: CasinoBot, interaction: discord.Interaction, game: str) -> None:
    """``/<game> rules``: the game's rules page for this channel, privately, in as many embeds
    as it needs."""
    name, w = bot.tables.adapters[game].info.name, reader(interaction)
    parts = split_lines(rules_text_here(bot, interaction, game), EMBED_DESCRIPTION_LIMIT)
    embeds = [casino_embed(name if index == 0 else w("{game} (continued)", game=name), part)
              for index, part in enumerate(parts)]
    await interaction.response.send_message(embeds=embeds, ephemeral=True)


def new_table_config(game: str) -> TableConfig:
    """A new table's configuration when the admin changes nothing: the game's declared
    defaults."""
    return catalog.declared(game).new_table_config()


async def act_at_game_table(bot: CasinoBot, interaction: discord.Interaction, game: str,
                            action: str, arg: ActionArg = NO_ARG) -> None:
    """A game command's action at this channel's table, confirmed privately."""
    request = action_request(interaction, action, arg)
    table = bot.tables.table_in(request.channel_id)
    if table is None or table.adapter.info.key != game:
        name = bot.tables.adapters[game].info.name
        raise UserError("There is no {game} table in this channel.", game=name)
    result = await act_at_table(bot, interaction, table, request)
    await interaction.response.send_message(confirmation(interaction, table, result), ephemeral=True)


async def act_at_table(bot: CasinoBot, interaction: discord.Interaction, table: Table,
                       request: ActionRequest) -> ActionResult:
    """Every player action at a table goes through here: a paused table explains itself (from
    the permissions this interaction shows) instead of starting a round, and a press that
    shows the permissions are back resumes it (Discord's word on them is final; should posting
    still fail, the table pauses again) and has it post what waits at once."""
    if table.paused is not None and not missing_permissions(interaction):
        bot.tables.unpause(table)
        cog = bot.get_cog("Tables")
        if isinstance(cog, Tables):
            cog.messages.retry_now(table)
    if table.paused is not None and table.round is None:
        raise UserError(trouble_text(interaction, table.paused) or table.paused)
    return await bot.tables.act(request)


def confirmation(interaction: discord.Interaction, table: Table, result: ActionResult) -> str:
    """"Ante 10 · round #3" in the player's language, and under it what is wrong with the
    table's channel, if anything."""
    w = reader(interaction)
    text = w("{action} · round #{round}", action=result.label, round=str(result.round_id))
    trouble = trouble_text(interaction, table.paused)
    return f"{text}\n{trouble}" if trouble else text


class Tables(commands.Cog):
    """Opening, configuring and closing tables; seats; round records; every table button."""

    table = app_commands.Group(name="table", description="Casino tables in this channel.",
                               guild_only=True)

    def __init__(self, bot: CasinoBot) -> None:
        self.bot = bot
        self.messages = TableMessages(bot)

    async def cog_load(self) -> None:
        self.bot.tables.publisher = self.messages
        self.messages.invalid_requests.watch_discord()
        await TABLE_PICTURES.draw(render.warm_cache)  # starts the worker: the first table is not slow
        await self.bot.tables.start()

    async def cog_unload(self) -> None:
        await self.bot.tables.stop()
        await self.messages.stop()
        self.messages.invalid_requests.unwatch_discord()

    # -- the channels ------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.messages.channel_deleted(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.messages.channel_deleted(payload.thread_id)

    # -- admin -------------------------------------------------------------------------------
    @table.command(  # type: ignore[arg-type]  # mypy cannot match Concatenate with **game_options
        name="open", description="Admin: open a casino table in this channel.")
    @app_commands.describe(game="Which game", min_bet="Smallest Ante",
                           max_bet="Largest Ante (0: none; Imperial and 2 Plus 4 have none unless set)",
                           max_payout="Largest payout of one bet",
                           betting_seconds="Betting window length",
                           decision_seconds="Time for each decision",
                           practice="Practice chips only: no wallet, leaderboard or stats is touched",
                           event="Play for this event with its stacks (default: this channel's event)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.checks.has_permissions(manage_channels=True)
    @with_game_options
    async def open(self, interaction: discord.Interaction[Any], game: str, min_bet: Chips = 10,
                   max_bet: MaxBet | None = None, max_payout: Chips | None = None,
                   betting_seconds: Seconds = 30, decision_seconds: Seconds | None = None,
                   practice: bool = False, event: app_commands.Range[str, 1, NAME_LENGTH[1]] | None = None,
                   **game_options: Any) -> None:
        guild_id = guild_id_of(interaction)
        missing = missing_permissions(interaction)
        if missing:
            raise UserError(cannot_open_text(missing, reader(interaction)))
        if game not in catalog.BY_KEY:  # Discord checks choices, but a forged request may not
            names = ", ".join(f"`{known.key}`" for known in catalog.GAMES)
            raise UserError("There is no such game here; choose one of {games}.", games=names)
        declared, defaults = catalog.declared(game), new_table_config(game)
        assert interaction.channel_id is not None
        channel_id = interaction.channel_id
        # A practice table in an event's channel is no event table; naming both is refused below.
        wanted = event is not None or not practice
        played_for = await self._event_for(guild_id, channel_id, event, game) if wanted else None
        try:
            options = declared.options(**chosen_options(declared, game_options))
            config = TableConfig(
                game, min_bet, defaults.max_bet if max_bet is None else (max_bet or None),
                max_payout or defaults.max_payout, betting_seconds,
                decision_seconds or defaults.decision_seconds, options, practice,
                event=None if played_for is None else played_for.id,
                event_name=None if played_for is None else played_for.spec.name).validated()
            self.bot.tables.adapters[game].new_round(config)  # the game checks its own limits
        except Refusal:
            raise  # a table's or an engine's refusal of the options, in the admin's language
        except ValueError as error:  # a check of the code's own (no catalogue text)
            raise UserError(str(error)) from None
        table = await self.bot.tables.open_table(guild_id, channel_id, config)
        w = await server_words(interaction)  # announced to the channel
        text = w("Bets {bets}. The table message below shows the game. {hint}", bets=config.bets_in(w),
                 hint=w(table.adapter.terms(config).idle_hint))
        if played_for is not None:
            text = "\n".join((w("This table plays for **{name}**: bets come from event stacks ({join}).",
                                name=played_for.spec.name, join=Command("event join")), text))
        if practice:
            text = "\n".join((practice_mark(w), w(
                "Everyone plays with {chips} practice chips; `{refill}` tops them up again. Your wallet, "
                "the leaderboards and your stats are not touched.", chips=PRACTICE_CHIPS,
                refill=Command("table refill")), text))
        await interaction.response.send_message(embed=casino_embed(
            w("{game} table open", game=table_name(table, w)), text))

    async def _event_for(self, guild_id: int, channel_id: int, name: str | None,
                         game: str) -> EventInfo | None:
        """The event a new table plays for: the one named, else the one running in this channel
        (None: the server's wallets). Refused: an unknown or ended event, a game it does not play."""
        now, store = self.bot.clock(), self.bot.store
        if name is not None:
            found = await store.event_named(guild_id, name)
            if found is None:
                raise UserError("There is no event named {name} here; {results} lists them.", name=name,
                                results=Command("event results"))
        else:
            found = next((known for known in await store.guild_events(guild_id)
                          if known.spec.channel_id == channel_id and known.ended_at is None
                          and now < known.spec.ends_at), None)
            if found is None:
                return None
        if found.ended_at is not None or now >= found.spec.ends_at:
            raise UserError("{name} is over.", name=found.spec.name)
        if game not in found.spec.games:
            raise UserError("{name} is played at {games} tables: open one of those for it.",
                            name=found.spec.name,
                            games=", ".join(catalog.game_name(key) for key in found.spec.games))
        return found

    @table.command(  # type: ignore[arg-type]  # mypy cannot match Concatenate with **game_options
        name="config", description="Admin: show or change this table between rounds.")
    @app_commands.describe(max_bet="Largest Ante (0: no maximum, at Imperial and 2 Plus 4)",
                           hints="Players may ask the coach what each option is worth")
    @app_commands.checks.has_permissions(manage_channels=True)
    @with_game_options
    async def config(self, interaction: discord.Interaction[Any], min_bet: Chips | None = None,
                     max_bet: MaxBet | None = None, max_payout: Chips | None = None,
                     betting_seconds: Seconds | None = None,
                     decision_seconds: Seconds | None = None, hints: bool | None = None,
                     **game_options: Any) -> None:
        guild_id = guild_id_of(interaction)
        assert interaction.channel_id is not None
        table = self.bot.tables.table_in(interaction.channel_id)
        if table is None or table.guild_id != guild_id:
            raise UserError("There is no table in this channel.")
        changes: dict[str, object] = {key: value for key, value in {
            "min_bet": min_bet, "max_payout": max_payout,
            "betting_seconds": betting_seconds, "decision_seconds": decision_seconds, "hints": hints,
        }.items() if value is not None}
        if max_bet is not None:
            changes["max_bet"] = max_bet or None  # 0 clears the maximum
        options = chosen_options(catalog.declared(table.adapter.info.key), game_options)
        if options:
            changes["options"] = options
        current = table.config
        if changes:
            try:
                current = await self.bot.tables.configure(guild_id, interaction.channel_id, **changes)
            except Refusal:
                raise
            except ValueError as error:
                raise UserError(str(error)) from None
        w = reader(interaction)
        embed = casino_embed(w("Table {table} configuration updated", table=str(table.id)) if changes
                             else w("Table {table} configuration", table=str(table.id)))
        embed.add_field(name=w("Bets"), value=current.bets_in(w))
        embed.add_field(name=w("Max payout"), value=w.number(current.max_payout))
        embed.add_field(name=w("Timers"), value=w("betting {betting} s · decisions {decisions} s",
                                                  betting=current.betting_seconds,
                                                  decisions=current.decision_seconds))
        embed.add_field(name=w("Hints"), value=w("on") if current.hints else w("off"))
        for label, value in options_text(current.options, w):
            embed.add_field(name=label, value=value)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @table.command(name="close", description="Admin: close this table (stakes in play are returned).")
    @app_commands.checks.has_permissions(manage_channels=True)
    async def close(self, interaction: discord.Interaction) -> None:
        guild_id = guild_id_of(interaction)
        assert interaction.channel_id is not None
        refunds = await self.bot.tables.close_table(guild_id, interaction.channel_id)
        w = reader(interaction)
        text = w("Table closed.")
        if refunds:
            text += " " + w("Returned: {refunds}", refunds=", ".join(
                f"<@{user}> {chips(amount, w)}" for user, amount in refunds.items()))
        await interaction.response.send_message(text, ephemeral=True)

    # -- players -----------------------------------------------------------------------------
    @table.command(name="refill", description="Practice tables: top your practice chips up again.")
    async def refill(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        have = await self.bot.tables.refill(guild_id_of(interaction), interaction.channel_id,
                                            interaction.user.id)
        w = reader(interaction)
        await interaction.response.send_message(w("You have {chips} practice chips.", chips=have),
                                                ephemeral=True)

    @table.command(name="join", description="Take a seat at this channel's table.")
    async def join(self, interaction: discord.Interaction) -> None:
        request = action_request(interaction, "join")
        await self.bot.store.ensure_wallet(request.guild_id, request.user_id)
        await self.bot.tables.join(request.guild_id, request.channel_id, request.user_id,
                                   request.user_name)
        w = reader(interaction)
        await interaction.response.send_message(w("You are seated. Place an Ante to play."), ephemeral=True)

    @table.command(name="leave", description="Leave this channel's table.")
    async def leave(self, interaction: discord.Interaction) -> None:
        request = action_request(interaction, "leave")
        left = await self.bot.tables.leave(request.guild_id, request.channel_id, request.user_id)
        await interaction.response.send_message(left_table_text(left, reader(interaction)), ephemeral=True)

    # -- round records -----------------------------------------------------------------------
    @app_commands.command(name="round", description="Show a finished round: cards, bets, payouts, seed.")
    @app_commands.describe(number="The round's game number")
    @app_commands.guild_only()
    async def round(self, interaction: discord.Interaction,
                    number: app_commands.Range[int, 1, DISCORD_MAX_INTEGER]) -> None:
        guild_id = guild_id_of(interaction)
        info = await self.bot.store.server_round(guild_id, number)
        if info is None:
            raise UserError("There is no round #{round} on this server.", round=str(number))
        if info.status == "open":
            raise UserError("Round #{round} is still being played; its seed is revealed when it ends.",
                            round=str(number))
        w = reader(interaction)
        record = dict(info.state or {})
        status = w(ROUND_STATUS.get(info.status, info.status))
        title = w("Round #{round} · {game} · {status}", round=str(number),
                  game=str(record.get("game", info.game)), status=status)
        # Kept as catalogue texts with their values (older rounds: as English), so each reader
        # reads the headline, the void's reason and the log in their own language.
        embed = casino_embed(title, w(restored(record.get("headline") or record.get("void_reason") or "")))
        names = record.get("names", {})
        for user_id, (wagered, returned) in info.players.items():
            name = names.get(str(user_id), f"<@{user_id}>")
            embed.add_field(name=name, value=w("wagered {wagered}, returned {returned} ({net})",
                                               wagered=wagered, returned=returned,
                                               net=signed_chips(returned - wagered, w)))
        dealt = list(record.get("dealt", []))
        if dealt:
            embed.add_field(name=w("Cards dealt (in deck order)"), value=" ".join(dealt)[:1024],
                            inline=False)
        actions = await self.bot.store.round_actions(number)
        if actions:
            log_lines = [f"{names.get(str(a.user_id), a.user_id or w('dealer'))}: {w(restored(a.label))}"
                         for a in actions]
            embed.add_field(name=w("Actions"), value="\n".join(log_lines)[-1024:], inline=False)
        fairness = fairness_text(info.seed, info.commitment, dealt, w)
        embed.add_field(name=w("Provably fair"), value=fairness, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- buttons -----------------------------------------------------------------------------
    async def on_table_button(self, interaction: discord.Interaction, button: TableButton) -> None:
        table = self.bot.tables.table_by_id(button.table_id)
        if table is None or table.channel_id != interaction.channel_id:
            raise UserError("This table is closed.")
        own = {MY_CARDS: self.send_private_cards}.get(button.action)  # the table's own, not a move
        if own is not None:
            await own(interaction, button.round_id)
            return
        arg = table.adapter.actions.read_arg(button.action, button.arg_text)
        request = action_request(interaction, button.action, arg,
                                 round_id=button.round_id, version=button.version)
        result = await act_at_table(self.bot, interaction, table, request)
        said = confirmation(interaction, table, result)
        if is_private(interaction.message):  # a player's own cards message (Imperial's Draw)
            await refresh_after_action(interaction, table, said)
            return
        await interaction.response.send_message(said, ephemeral=True)

    async def send_private_cards(self, interaction: discord.Interaction, round_id: int) -> None:
        assert interaction.channel_id is not None
        table = self.bot.tables.table_in(interaction.channel_id)
        if table is None:
            raise UserError("There is no table in this channel.")
        await send_private(interaction, await private_message(table, interaction.user.id, round_id,
                                                              reader(interaction)))


ROUND_STATUS = {"settled": N_("settled"), "void": N_("void")}
"""A finished round's status as /round shows it."""


def fairness_text(seed: str | None, commitment: str | None, dealt: list[str], w: Words) -> str:
    if not seed or not commitment or not dealt:
        return w("No cards were dealt in this round.")
    verdict = ("\u2705 " + w("the seed hashes to the commitment and re-creates every dealt card")
               if verify(seed, commitment, dealt) else "\u274c " + w("the seed does NOT match"))
    return w("Seed `{seed}`\nCommitment `{commitment}`\n{verdict}", seed=seed, commitment=commitment,
             verdict=verdict)


async def setup(bot: CasinoBot) -> None:
    bot.add_dynamic_items(TableButton, CardSelect)
    await bot.add_cog(Tables(bot))
