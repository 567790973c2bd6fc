"""The coach's Hint: under a player's own cards at a decision (and ``/<game> hint``), what each
option is worth, privately. The figures come from :mod:`bot.coach`, computed in a worker
process below the bot's priority, from what the player can see."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.coach.requests import COACHED_GAMES, hint_request
from bot.coach.values import Hint
from bot.errors import UserError
from bot.i18n import N_, Command, Words
from bot.tables.table import Table
from bot.tables.wording import Vocabulary
from bot.workers import Worker
from cogs.common import answer, game_table, guarded, reader

if TYPE_CHECKING:
    from bot.client import CasinoBot

COACH = Worker("coach", niceness=10)
"""Hints wait behind nothing a table waits on: the coach's worker runs at a lower priority."""
HINT = N_("\U0001f4a1 Hint")


def offers_hints(table: Table, user_id: int) -> bool:
    """Whether ``user_id`` may ask for a hint now: the table allows them, the coach knows the
    game, and the player has a decision to make."""
    round_ = table.round
    return (table.config.hints and table.adapter.info.key in COACHED_GAMES and round_ is not None
            and hint_request(round_.state, user_id) is not None)


class HintButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=(
    r"hint:(?P<table>\d+):(?P<round>\d+)"
)):
    """The Hint button under a player's cards: its custom id names the table and the round."""

    def __init__(self, table_id: int, round_id: int, label: str = "") -> None:
        self.table_id, self.round_id = table_id, round_id
        super().__init__(discord.ui.Button(label=label or "Hint", style=discord.ButtonStyle.secondary,
                                           custom_id=f"hint:{table_id}:{round_id}", row=4))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["table"]), int(match["round"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, show_hint(interaction, self.table_id, self.round_id))


def hint_button(table: Table, w: Words) -> HintButton:
    return HintButton(table.id, table.round_id, w(HINT))


async def show_hint(interaction: discord.Interaction[CasinoBot], table_id: int, round_id: int) -> None:
    """The Hint button: the player's decision at the button's table and round."""
    table = interaction.client.tables.table_by_id(table_id)
    if table is None or table.channel_id != interaction.channel_id:
        raise UserError("This table is closed.")
    await answer_hint(interaction, table, round_id)


async def hint_here(interaction: discord.Interaction[CasinoBot], game: str) -> None:
    """``/<game> hint``: the player's decision at this channel's table."""
    await answer_hint(interaction, game_table(interaction.client, interaction.channel_id or 0, game), 0)


async def answer_hint(interaction: discord.Interaction[CasinoBot], table: Table, round_id: int) -> None:
    """Each option of the player's decision now, privately; refused friendly when hints are off,
    the round is over or the player has no decision."""
    round_ = table.round
    if round_ is None or (round_id and round_.id != round_id):
        raise UserError("That round is over: hints are for a decision still open.")
    if not table.config.hints:
        raise UserError("Hints are off at this table (an admin may turn them on with {config}).",
                        config=Command("table config"))
    asked = hint_request(round_.state, interaction.user.id)
    if asked is None:
        raise UserError("You have no decision to make right now.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    hint = await COACH.run(asked.function, *asked.args)
    await answer(interaction, content=hint_text(hint, asked.ante, table.adapter.info.vocabulary,
                                                reader(interaction)), ephemeral=True)


def hint_text(hint: Hint, ante: int, vocabulary: Vocabulary, w: Words) -> str:
    """``**Play**: −0.993 Antes (−9.9 chips) · best``, one line per option, best first."""
    how = (w("exact: every way the unseen cards can fall, counted") if hint.method == "exact"
           else w("sampled"))
    lines = [w("What each option is worth, as this hand's expected net result from here "
               "(side bets aside; {how}):", how=how)]
    for option in hint.options:
        move = vocabulary.button(w, option.move, times=option.choice)
        line = w("**{move}**: {antes} Antes ({chips} chips)", move=move,
                 antes=w.signed(float(option.ev)), chips=w.signed(option.chips(ante), 1))
        if option.stderr:
            line += w(" ±{error}", error=w.signed(option.stderr).lstrip("+"))
        lines.append(f"{line} \u2b50 {w('best')}" if option is hint.best else line)
    return "\n".join(lines)


async def setup(bot: CasinoBot) -> None:
    bot.add_dynamic_items(HintButton)
