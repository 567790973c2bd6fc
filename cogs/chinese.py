"""Chinese Poker commands, and the private message where a player sets their hand.

The setting message is ephemeral: the 13 cards and the draft (front, middle, back) as an image,
a menu for the front 3 and one for the middle 5 (the back is the rest), and the buttons
Auto-arrange, Confirm (or Confirm foul, after the warning, when the draft is fouled) and
Declare (when the cards hold an automatic win). Every choice is an action at the table, saved
like any other, and the message is redrawn after it. Nothing here computes a score or a
payment: the adapter and the engine do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import render
from bot.errors import UserError
from bot.games.chinese.table import GAME, ChineseTable, HandView
from bot.games.common import RuleError
from bot.games.moves import MoveOption
from bot.i18n import N_, Text, Words
from bot.poker import Card
from bot.tables.actions import NO_ARG, ActionArg, CardList, HandParts
from bot.tables.adapter import own
from bot.tables.chinese import options_of
from bot.tables.config import MAX_CHIPS
from bot.tables.controls import private_controls
from bot.tables.errors import TableError
from bot.tables.table import Table
from bot.tables.wording import CHINESE
from cogs.coaching import hint_button, offers_hints
from cogs.common import game_table, guarded, reader, relative_time
from cogs.drawing import TABLE_PICTURES
from cogs.game_commands import GameCommands
from cogs.private_cards import PrivateMessage, edit_private, send_private
from cogs.stacks import buy_in_at_game_table, leave_game_table, show_my_stack
from cogs.table_button import TableButton
from cogs.tables import act_at_table, action_request, confirmation

if TYPE_CHECKING:
    from bot.client import CasinoBot

Chips = app_commands.Range[int, 1, MAX_CHIPS]
CardsText = app_commands.Range[str, 1, 60]
PART_SIZES = {"front": 3, "middle": 5}


class HandSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=(
    r"chn:(?P<table>\d+):(?P<round>\d+):(?P<part>front|middle)"
)):
    """A menu of the player's cards for one part of the hand. Its custom id names the table,
    round and part; the options are the cards (value ``"Ks"``), so a stale menu can only name
    cards, and a card not in the hand is refused."""

    def __init__(self, table_id: int, round_id: int, part: str,
                 select: discord.ui.Select[Any] | None = None) -> None:
        self.table_id, self.round_id, self.part = table_id, round_id, part
        super().__init__(select or discord.ui.Select(
            custom_id=f"chn:{table_id}:{round_id}:{part}", options=[discord.SelectOption(label="-")]))

    @classmethod
    def menu(cls, table_id: int, round_id: int, part: str, cards: tuple[Card, ...],
             chosen: tuple[Card, ...] | None, row: int, w: Words) -> HandSelect:
        size = PART_SIZES[part]
        options = [discord.SelectOption(label=card.pretty, value=str(card),
                                        default=chosen is not None and card in chosen) for card in cards]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"chn:{table_id}:{round_id}:{part}", min_values=size, max_values=size,
            placeholder=w("{part}: choose {size} cards", part=w(PART_NAMES[part]), size=size),
            options=options, row=row)
        return cls(table_id, round_id, part, select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandSelect:
        groups = match.groupdict()
        select = item if isinstance(item, discord.ui.Select) else None
        return cls(int(groups["table"]), int(groups["round"]), groups["part"], select)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, on_hand_select(interaction, self))


async def on_hand_select(interaction: discord.Interaction[CasinoBot], select: HandSelect) -> None:
    """Cards chosen for a part: a table action (saved), then the message is redrawn."""
    table = interaction.client.tables.table_by_id(select.table_id)
    if table is None or table.channel_id != interaction.channel_id:
        raise UserError("This table is closed.")
    request = action_request(interaction, select.part, CardList.read(" ".join(select.item.values)),
                             round_id=select.round_id)
    result = await act_at_table(interaction.client, interaction, table, request)
    note = confirmation(interaction, table, result)
    message = await hand_message(table, interaction.user.id, 0, reader(interaction), note)
    await edit_private(interaction, message)


# ------------------------------------------------------------------------- the setting message


async def hand_message(table: Table, user_id: int, round_id: int, w: Words, note: str = "") -> PrivateMessage:
    """The player's hand now: what it is, the image, and (until it is set) the menus and buttons."""
    round_ = table.round
    if round_ is None:
        raise TableError("No round is being played right now.")
    if round_id and round_id != round_.id:
        raise UserError("Round #{round_id} is over; this is round #{round}.",
                        round_id=str(round_id), round=str(round_.id))
    view = own(round_.state, ChineseTable).private_view(user_id)
    lines = [note] if note else []
    lines += hand_lines(view, round_.id, round_.deadline, options_of(table.config).on_timeout, w)
    png = await TABLE_PICTURES.draw(render.row_of_hands_png, hand_rows(view, w))
    components = None if view.is_set else hand_controls(table, round_.id, view, w,
                                                        round_.state.legal_moves(user_id), user_id)
    return PrivateMessage("\n".join(lines), png, components)


def hand_lines(view: HandView, round_id: int, deadline: float | None, on_timeout: str, w: Words) -> list[str]:
    if view.is_set:
        text = w("Round #{round} · Your hand is set.", round=str(round_id))
        if view.set_by in SET_BY:
            text = w(SET_BY[view.set_by], round=str(round_id))
        if view.declared and view.natural is not None:
            text += w(" You declared {natural}.", natural=w(view.natural.label))
        elif view.foul:
            text += w(" \u26a0\ufe0f It is fouled: {reason}", reason=w(view.foul))
        waiting = len(view.waiting_for)
        if waiting:
            text += w.plural(
                " Waiting for {count} more player; the showdown is posted when every hand is set.",
                " Waiting for {count} more players; the showdown is posted when every hand is set.", waiting)
        return [text, *([_values_line(view, w)] if view.values and not view.declared else [])]
    then = w("set by the auto-arrange") if on_timeout == "auto-set" else w("fouled")
    timer = (w(" Time runs out {when} (then it is {then}).", when=relative_time(deadline), then=then)
             if deadline else "")
    lines = [w("Round #{round} · Set your hand: choose your front 3 and middle 5 cards below; the back is "
               "the rest.", round=str(round_id)) + timer]
    if view.values:
        lines.append(_values_line(view, w))
    if view.foul:
        lines.append(w("\u26a0\ufe0f Fouled: {reason} A fouled hand pays 6 points to every player plus their "
                       "royalties. Change it, or press **{confirm}** to play it anyway.", reason=w(view.foul),
                       confirm=CHINESE.label("confirmfoul")))
    elif view.can_confirm:
        lines.append(w("Press **{confirm}** to set it.", confirm=CHINESE.label("confirm")))
    if view.natural is not None:
        natural = Text(view.natural.label)
        lines.append(w("\U0001f389 Your cards hold an automatic win, {natural} ({points} points from every "
                       "player without one): press **{declare}** to win it without setting the hand.",
                       natural=natural, points=view.natural.points,
                       declare=CHINESE.label("declare", natural=natural)))
    return lines


SET_BY = {"auto-set": N_("Round #{round} · Your hand is set by the auto-arrange (time ran out)."),
          "timeout-foul": N_("Round #{round} · Your hand is set (time ran out).")}
PART_NAMES = {"front": N_("Front"), "middle": N_("Middle"), "back": N_("Back")}


def _values_line(view: HandView, w: Words) -> str:
    assert view.values is not None
    front, middle, back = view.values
    return w("Front: {front} · Middle: {middle} · Back: {back}", front=w(front), middle=w(middle),
             back=w(back))


def hand_rows(view: HandView, w: Words) -> list[render.LabelledHand]:
    """The 13 cards (the chosen ones ringed) over the three parts, blank where not chosen."""
    chosen = set(view.front or ()) | set(view.middle or ())
    ringed = frozenset(index for index, card in enumerate(view.cards) if card in chosen)
    values = view.values or ("", "", "")
    rows = [render.LabelledHand(w("Your cards"), view.cards, highlight=ringed)]
    parts = (("front", view.front, 3, values[0]), ("middle", view.middle, 5, values[1]),
             ("back", view.back, 5, values[2]))
    for name, part, size, value in parts:
        cards: list[Card | None] = list(part) if part is not None else [None] * size
        hint = w("the rest") if name == "back" else w("choose {size}", size=size)
        rows.append(render.LabelledHand(w(PART_NAMES[name]), cards, w(value) or ("" if part else hint)))
    return rows


def hand_controls(table: Table, round_id: int, view: HandView, w: Words,
                  moves: Sequence[MoveOption], user_id: int) -> discord.ui.View:
    """The two card menus, a button for each of the player's legal moves that has one, and the
    coach's Hint where the table offers it."""
    components = discord.ui.View(timeout=None)
    components.add_item(HandSelect.menu(table.id, round_id, "front", view.cards, view.front, 0, w))
    rest = tuple(card for card in view.cards if view.front is None or card not in view.front)
    components.add_item(HandSelect.menu(table.id, round_id, "middle", rest, view.middle, 1, w))
    natural = {"declare": {"natural": Text(view.natural.label)}} if view.natural is not None else {}
    buttons = private_controls(CHINESE, w, moves, table.adapter.actions.arguments, natural)
    for control in buttons:
        components.add_item(TableButton.of(table.id, round_id, table.version, control))
    if offers_hints(table, user_id):
        components.add_item(hint_button(table, w))
    return components


# ------------------------------------------------------------------------------ the commands


class ChineseCommands(GameCommands):
    """``/chinese buyin|deal|hand|set|auto|confirm|declare|leave|stack|rules``."""

    def __init__(self) -> None:
        super().__init__(GAME, rules_description="How Chinese Poker is played, scored and paid here.")

    async def _act_and_show(self, interaction: discord.Interaction[Any], action: str,
                            arg: ActionArg = NO_ARG) -> None:
        """An action on the player's own hand, answered with the hand as it is now."""
        request = action_request(interaction, action, arg)
        table = game_table(interaction.client, request.channel_id, GAME)
        result = await act_at_table(interaction.client, interaction, table, request)
        said = confirmation(interaction, table, result)
        try:
            message = await hand_message(table, request.user_id, 0, reader(interaction), said)
        except (TableError, UserError, RuleError):  # the hand ended the round: the showdown is out
            await interaction.response.send_message(said, ephemeral=True)
            return
        await send_private(interaction, message)

    @app_commands.command(name="buyin",
                          description="Bring chips to your stack here (first buy: 20 points' worth).")
    @app_commands.describe(amount="Chips from your wallet")
    async def buyin(self, interaction: discord.Interaction[Any], amount: Chips) -> None:
        await buy_in_at_game_table(interaction.client, interaction, GAME, amount)

    @app_commands.command(name="deal", description="Deal a hand to every seated player with chips.")
    async def deal(self, interaction: discord.Interaction[Any]) -> None:
        await self.act(interaction, "deal")

    @app_commands.command(name="hand", description="Show your hand privately, with the menus to set it.")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        request = action_request(interaction, "hand")
        table = game_table(interaction.client, request.channel_id, GAME)
        await send_private(interaction, await hand_message(table, request.user_id, 0, reader(interaction)))

    @app_commands.command(name="set", description="Set your hand: name the front 3 and middle 5 cards; "
                                                  "the back is the rest.")
    @app_commands.describe(front="Three cards, e.g. As Kd 10h", middle="Five cards, e.g. 9s 9d 7c 7h 2s")
    async def set_hand(self, interaction: discord.Interaction[Any], front: CardsText,
                       middle: CardsText) -> None:
        parts = HandParts(CardList.read(front).cards, CardList.read(middle).cards)
        await self._act_and_show(interaction, "set", parts)

    @app_commands.command(name="auto", description="Propose the best legal arrangement of your cards.")
    async def auto(self, interaction: discord.Interaction[Any]) -> None:
        await self._act_and_show(interaction, "auto")

    @app_commands.command(name="confirm",
                          description="Set your hand as chosen (a fouled hand needs foul:True).")
    @app_commands.describe(foul="Play the hand even though it is fouled")
    async def confirm(self, interaction: discord.Interaction[Any], foul: bool = False) -> None:
        await self._act_and_show(interaction, "confirmfoul" if foul else "confirm")

    @app_commands.command(name="declare", description="Declare the automatic win your cards hold.")
    async def declare(self, interaction: discord.Interaction[Any]) -> None:
        await self._act_and_show(interaction, "declare")

    @app_commands.command(name="leave", description="Leave the table with your stack.")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await leave_game_table(interaction.client, interaction, GAME)

    @app_commands.command(name="stack", description="Your chips at this table.")
    async def stack(self, interaction: discord.Interaction[Any]) -> None:
        await show_my_stack(interaction.client, interaction, GAME)


async def setup(bot: CasinoBot) -> None:
    bot.add_dynamic_items(HandSelect)
    bot.tree.add_command(ChineseCommands())


async def teardown(bot: CasinoBot) -> None:
    bot.tree.remove_command(GAME)
