"""The table message's buttons, generated from what the round offers: the union of every seat's
legal moves (and a newcomer's: a player who joins with a bet), each made a button as the game's
vocabulary labels it (its :class:`bot.tables.wording.Wording`: label, style, row, place).

A move that takes chips gets a button for each of the table's chip sizes it allows (the Ante:
the minimum and a bigger one), a move with choices one per choice (Raise 4x, 3x), a move on a
box one per box, a move of several bets one per bet (High Card Flush's two bonuses). A move whose
wording is private has no table button, or the one that opens the player's menu for it
(Imperial's Draw). "My cards" shows while dealt cards are in play. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.common import SeatId
from bot.games.moves import MoveOption
from bot.i18n import Words
from bot.tables.actions import (
    NO_ARG,
    ActionArg,
    Amount,
    Bonuses,
    BoxAmount,
    BoxNumber,
    NoArg,
    Tag,
    Times,
)
from bot.tables.wording import Vocabulary, Wording

NEWCOMER: SeatId = 0
"""A player not in the round yet, asked what they may do (join it with a bet). Discord ids are
never 0."""
MY_CARDS = "cards"
"""The table's own button: the pressing player's cards, privately (not a move of the game)."""


@dataclass(frozen=True)
class Control:
    """One button on the table message. ``action``/``arg`` come back to the game's adapter."""

    label: str
    action: str
    arg: ActionArg = NO_ARG
    style: str = "secondary"
    row: int = 0


def offered(rounds_moves: Iterable[Sequence[MoveOption]]) -> list[MoveOption]:
    """Every seat's legal moves in one list, a move repeated by several seats once."""
    seen: dict[MoveOption, None] = {}
    for options in rounds_moves:
        for option in options:
            seen.setdefault(option)
    return list(seen)


def table_controls(vocabulary: Vocabulary, w: Words, moves: Sequence[MoveOption], order: Sequence[str],
                   arguments: Mapping[str, type[ActionArg]], chips: Mapping[str, tuple[int, ...]],
                   cards_dealt: bool) -> list[Control]:
    """The buttons for the ``moves`` offered, in the game's move ``order`` (its ``MOVE_TYPES``)
    and within a move by box, bet, choice and chips; ``chips``: the amounts a button of a move
    that takes chips offers (by the move, or by its bet); "My cards" once ``cards_dealt``."""
    rank = {kind: index for index, kind in enumerate(order)}
    controls: list[Control] = []
    for option in sorted(moves, key=lambda option: (rank.get(option.kind, len(rank)), option.box or 0,
                                                   option.part or "")):
        sizes = chips.get(option.part or option.kind, ())
        controls += _buttons(vocabulary, w, option, arguments[option.kind], sizes)
    if cards_dealt and MY_CARDS in vocabulary.actions:
        controls.append(_control(vocabulary, w, MY_CARDS, NO_ARG))
    return _distinct(controls)


def private_controls(vocabulary: Vocabulary, w: Words, moves: Sequence[MoveOption],
                     arguments: Mapping[str, type[ActionArg]],
                     values: Mapping[str, Mapping[str, Any]] | None = None) -> list[Control]:
    """The buttons under a player's own cards: one for each of their legal moves whose wording
    is private and that takes no argument (a move naming cards is made from the card menus),
    in the order the round lists them; a wording that stands ``instead_of`` another shows only
    when that one is not offered (Confirm foul, on a hand Confirm refuses). ``values``: what a
    label shows, by action ("Declare {natural}")."""
    offered = {option.kind for option in moves}
    controls = []
    for option in moves:
        wording = vocabulary.actions.get(option.kind)
        if (wording is None or wording.place != "private" or wording.button is None
                or arguments[option.kind] is not NoArg or wording.instead_of in offered):
            continue
        controls.append(_control(vocabulary, w, option.kind, NO_ARG, wording=wording,
                                 **(values or {}).get(option.kind, {})))
    return controls


def _buttons(vocabulary: Vocabulary, w: Words, option: MoveOption, argument: type[ActionArg],
             chips: tuple[int, ...]) -> Iterator[Control]:
    named = option.part or option.kind
    wording = vocabulary.actions.get(named)
    if wording is None or wording.button is None:
        return  # a command only
    if wording.place == "private":
        if wording.menu is not None:
            yield _control(vocabulary, w, MY_CARDS, Tag(option.kind), named=wording.menu)
        return
    for arg, values in _arguments(option, argument, chips):
        yield _control(vocabulary, w, option.kind, arg, named=named, wording=wording, **values)


def _arguments(option: MoveOption, argument: type[ActionArg],
               chips: tuple[int, ...]) -> Iterator[tuple[ActionArg, dict[str, Any]]]:
    """Each button's argument for ``option``, and the values its label shows."""
    if argument is NoArg:
        yield NO_ARG, {}
    elif argument is Times:
        for times in option.choices:
            yield Times(times), {"times": times}
    elif argument is BoxNumber and option.box is not None:
        yield BoxNumber(option.box), {"box": option.box}
    elif argument is Amount and option.optional:
        yield Amount(0), {}  # a Bet: its button buys no insurance
    else:
        for amount in (amount for amount in chips if option.allows(amount)):
            if argument is Amount:
                yield Amount(amount), {"amount": amount}
            elif argument is BoxAmount and option.box is not None:
                yield BoxAmount(option.box, amount), {"box": option.box, "amount": amount}
            elif argument is Bonuses and option.part is not None:
                yield Bonuses(**{option.part: amount}), {"amount": amount}


def _control(vocabulary: Vocabulary, w: Words, action: str, arg: ActionArg, *, named: str | None = None,
             wording: Wording | None = None, **values: Any) -> Control:
    looks = wording or vocabulary.actions[named or action]
    return Control(vocabulary.button(w, named or action, **values), action, arg, looks.style, looks.row)


def _distinct(controls: list[Control]) -> list[Control]:
    """One button per action and argument (two chip sizes that are the same amount are one)."""
    seen: dict[tuple[str, str], Control] = {}
    for control in controls:
        seen.setdefault((control.action, control.arg.encode()), control)
    return list(seen.values())
