"""A player's private cards message ("My cards"), and for games where players choose some of
their own cards for an action (Imperial's Draw) the menu of those cards and the button that
acts on the choice.

The menu lives only in the player's ephemeral message, so the cards never reach the table.
Choosing cards changes nothing at the table: it redraws the message with the chosen cards
ringed and what the action would cost (paid only when the button is pressed). The button is a
:class:`TableButton` carrying the chosen cards, so a click acts once and a stale menu can only
ever name cards, never positions: a card no longer held is refused.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import discord

import render
from bot import catalog
from bot.errors import UserError
from bot.games.common import RuleError
from bot.i18n import Words
from bot.poker import Card, CardError, parse_cards
from bot.tables.actions import CardList
from bot.tables.adapter import CardPick, PickPreview, PrivateRows
from bot.tables.controls import Control
from bot.tables.errors import TableError
from bot.tables.table import Table
from cogs.coaching import hint_button, offers_hints
from cogs.common import guarded, practice_mark, reader
from cogs.drawing import TABLE_PICTURES
from cogs.table_button import TableButton

if TYPE_CHECKING:
    from bot.client import CasinoBot

MAX_OPTIONS = 25  # Discord's limit for one select menu


@dataclass(frozen=True)
class PrivateMessage:
    content: str
    png: bytes
    view: discord.ui.View | None


GamePrivateMessage = Callable[[Table, int, int, Words, str], Awaitable[PrivateMessage]]
"""A game's own private message (its declaration's ``private_message``: Chinese Poker's hand
setting, with two menus): ``builder(table, user_id, round_id, w, note)``. "My cards" and the
refresh after a button on the private message then go through it."""


class CardSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=(
    r"tbp:(?P<table>\d+):(?P<round>\d+):(?P<action>[a-z]+)"
)):
    """The menu of a player's cards in their private message. Its custom id names the table,
    round and action; the options are the cards (value ``"Ks"``)."""

    def __init__(self, table_id: int, round_id: int, action: str,
                 select: discord.ui.Select[Any] | None = None) -> None:
        self.table_id, self.round_id, self.action = table_id, round_id, action
        super().__init__(select or discord.ui.Select(
            custom_id=f"tbp:{table_id}:{round_id}:{action}", options=[discord.SelectOption(label="-")]))

    @classmethod
    def for_pick(cls, table_id: int, round_id: int, pick: CardPick,
                 chosen: Sequence[Card]) -> CardSelect:
        cards = pick.cards[:MAX_OPTIONS]
        options = [discord.SelectOption(label=card.pretty, value=str(card), default=card in chosen)
                   for card in cards]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"tbp:{table_id}:{round_id}:{pick.action}", placeholder=pick.placeholder,
            min_values=1, max_values=max(1, min(pick.most, len(options))), options=options, row=0)
        return cls(table_id, round_id, pick.action, select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CardSelect:
        groups = match.groupdict()
        select = item if isinstance(item, discord.ui.Select) else None
        return cls(int(groups["table"]), int(groups["round"]), groups["action"], select)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, on_card_select(interaction, self))


async def on_card_select(interaction: discord.Interaction[CasinoBot], select: CardSelect) -> None:
    """Cards chosen: redraw the private message with them ringed and the action's cost."""
    table = interaction.client.tables.table_by_id(select.table_id)
    if table is None or table.channel_id != interaction.channel_id:
        raise UserError("This table is closed.")
    try:
        chosen = parse_cards(list(select.item.values))
    except CardError:
        raise UserError("Choose cards from the menu.") from None
    message = await private_message(table, interaction.user.id, select.round_id, reader(interaction),
                                    chosen=chosen)
    await edit_private(interaction, message)


async def private_message(table: Table, user_id: int, round_id: int, w: Words, *,
                          chosen: Sequence[Card] = (), note: str = "") -> PrivateMessage:
    """The player's cards now: a line about them, the image, and the card menu when the game
    offers one. With ``chosen`` cards, what the menu's action with them would cost. At a
    practice table, marked as practice."""
    message = await _private_message(table, user_id, round_id, w, chosen=chosen, note=note)
    if not table.config.practice:
        return message
    return dataclasses.replace(message, content=f"{practice_mark(w)}\n{message.content}")


async def _private_message(table: Table, user_id: int, round_id: int, w: Words, *,
                           chosen: Sequence[Card] = (), note: str = "") -> PrivateMessage:
    builder = cast(GamePrivateMessage | None, catalog.own_private_message(table.adapter.info.key))
    if builder is not None:
        return await builder(table, user_id, round_id, w, note)
    round_ = table.round
    if round_ is None:
        raise TableError("No round is being played right now.")
    if round_id and round_id != round_.id:
        raise UserError("Round #{old} is over; this is round #{round}.", old=str(round_id),
                        round=str(round_.id))
    rows, line = table.adapter.private_cards(round_.state, user_id, w)
    if not rows:
        raise UserError(line)
    adapter = table.adapter
    pick = adapter.card_pick(round_.state, user_id, w)
    preview: PickPreview | None = None
    if chosen:  # refuses a choice not allowed
        preview = adapter.pick_preview(round_.state, user_id, chosen, w)
    lines = [note] if note else []
    lines.append(w("Round #{round} · {line}", round=str(round_.id), line=line))
    if preview is not None:
        lines += [preview.text, *([preview.warning] if preview.warning else [])]
    png = await TABLE_PICTURES.draw(_cards_picture(rows, pick, chosen, preview))
    view = None
    if pick is not None:
        view = discord.ui.View(timeout=None)
        view.add_item(CardSelect.for_pick(table.id, round_.id, pick, chosen))
        button = Control(pick.button, pick.action, CardList(tuple(chosen)), "success", 1)
        view.add_item(TableButton.of(table.id, round_.id, table.version, button))
    if offers_hints(table, user_id):
        view = view or discord.ui.View(timeout=None)
        view.add_item(hint_button(table, w))
    return PrivateMessage("\n".join(lines), png, view)


def _cards_picture(rows: PrivateRows, pick: CardPick | None, chosen: Sequence[Card],
                   preview: PickPreview | None) -> Callable[[], bytes]:
    """render's function with what it draws, to be called where the table pictures are drawn
    (a row's rings: a game's mark on the player's own cards, High Card Flush's flush)."""
    if pick is None and len(rows) == 1:
        return partial(render.hand_strip_png, rows[0].cards, highlight=rows[0].rings)
    hands = []
    for index, row in enumerate(rows):
        if pick is not None and index == pick.row:
            ringed = frozenset(i for i, card in enumerate(row.cards) if card is not None and card in chosen)
            detail = " · ".join(part for part in (row.detail, preview.short if preview else "") if part)
            hands.append(render.LabelledHand(row.label, row.cards, detail, highlight=ringed))
        else:
            hands.append(render.LabelledHand(row.label, row.cards, row.detail))
    return partial(render.row_of_hands_png, hands)


async def send_private(interaction: discord.Interaction, message: PrivateMessage) -> None:
    file = discord.File(io.BytesIO(message.png), filename="my-cards.png")
    if message.view is None:
        await interaction.response.send_message(message.content, ephemeral=True, file=file)
    else:
        await interaction.response.send_message(message.content, ephemeral=True, file=file,
                                                view=message.view)


async def edit_private(interaction: discord.Interaction, message: PrivateMessage) -> None:
    """Redraw the private message the interaction came from (a menu or a button on it)."""
    file = discord.File(io.BytesIO(message.png), filename="my-cards.png")
    await interaction.response.edit_message(content=message.content, attachments=[file],
                                            view=message.view)


async def refresh_after_action(interaction: discord.Interaction, table: Table, confirmation: str) -> None:
    """A button on a player's private message acted: show their cards as they are now, under
    the confirmation. If the action ended the round, the message keeps its picture but loses
    its controls (they would only be refused now) and points to the result."""
    try:
        message = await private_message(table, interaction.user.id, 0, reader(interaction), note=confirmation)
    except (TableError, UserError, RuleError):
        w = reader(interaction)
        await interaction.response.edit_message(
            content=f"{confirmation}\n" + w("The round is over: the result is in the channel."),
            view=None)
        return
    await edit_private(interaction, message)


def is_private(message: discord.Message | None) -> bool:
    return message is not None and message.flags.ephemeral
