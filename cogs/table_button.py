"""Every button under a table's message or a player's private message: :class:`TableButton`.

Its custom id names the table, round and rendering it belongs to, and the action with its
argument as text, so a button keeps working after a restart and a press on an old one is
recognised as stale. A press goes to the cog that handles tables (``Tables``, found by name
when the press arrives: this module does not import it, so the cogs form no import cycle).
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from bot.errors import UserError
from bot.tables.controls import Control
from bot.tables.table import Table
from cogs.common import guarded

BUTTON_STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
                 "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}

TABLES_COG = "Tables"


@runtime_checkable
class TableButtonHandler(Protocol):
    """What the ``Tables`` cog does with a press (cogs/tables.py)."""

    async def on_table_button(self, interaction: discord.Interaction[Any], button: TableButton) -> None: ...


def _handler(interaction: discord.Interaction[Any]) -> TableButtonHandler:
    cog = interaction.client.get_cog(TABLES_COG)
    if not isinstance(cog, TableButtonHandler):
        raise UserError("Tables are restarting; try again in a moment.")
    return cog


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=(
    r"tbl:(?P<table>\d+):(?P<round>\d+):(?P<version>\d+):(?P<action>[a-z]+):(?P<arg>[\w.:|]*)"
)):
    """Every table button. The table, round and rendering it belongs to are in its custom id,
    so it keeps working after a restart and a click on an old one is recognised as stale. Its
    argument is in the id as text (``arg_text``); the game reads it back when it is pressed."""

    def __init__(self, table_id: int, round_id: int, version: int, action: str, arg_text: str,
                 label: str = "", style: str = "secondary", row: int | None = None) -> None:
        self.table_id, self.round_id, self.version = table_id, round_id, version
        self.action, self.arg_text = action, arg_text
        super().__init__(discord.ui.Button(
            label=label, style=BUTTON_STYLES[style], row=row,
            custom_id=f"tbl:{table_id}:{round_id}:{version}:{action}:{arg_text}",
        ))

    @classmethod
    def of(cls, table_id: int, round_id: int, version: int, control: Control) -> TableButton:
        return cls(table_id, round_id, version, control.action, control.arg.encode(),
                   control.label, control.style, control.row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TableButton:
        groups = match.groupdict()
        return cls(int(groups["table"]), int(groups["round"]), int(groups["version"]),
                   groups["action"], groups["arg"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, _handler(interaction).on_table_button(interaction, self))


def table_view(table: Table, controls: list[Control]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for control in controls[:25]:  # Discord's limit: 5 rows of 5
        view.add_item(TableButton.of(table.id, table.round_id, table.version, control))
    return view
