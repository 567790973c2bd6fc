"""A game's actions at a table, the same for every game: an action is the engine's move of that
kind (its ``MOVES``), made with the argument its fields take (:mod:`bot.tables.actions`), and
the table's buttons are the moves the round offers (:mod:`bot.tables.controls`). Nothing here
knows a game: each game's moves, wording and options come from its declaration."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bot.games.common import ChipFlow, RuleError, SeatId, TableWordsError
from bot.games.moves import Move, Moved, MoveOption
from bot.games.round import Round
from bot.i18n import Text, Words
from bot.tables.actions import ActionArg, argument_type, build_move
from bot.tables.config import ENGLISH, MAX_CHIPS, TableConfig
from bot.tables.controls import NEWCOMER, Control, offered, table_controls
from bot.tables.wording import Vocabulary

if TYPE_CHECKING:
    from bot.tables.adapter import GameInfo


CONTROLS_KEPT = 4096
"""Button sets kept per game: one per set of moves, table configuration, language and whether
cards are out (a handful per phase in practice), forgotten all at once past this many."""


@dataclass(frozen=True)
class Applied:
    """What one accepted action did: the chips it moved and how the history names it."""

    seat: SeatId | None
    label: str
    flows: tuple[ChipFlow, ...] = ()
    step: str | None = None
    """Dedupe key: an action with the same step in the same round is applied once only."""
    move: Move | None = None
    """The engine's move a player's action made (None: a step the round took by itself)."""

    @classmethod
    def made(cls, moved: Moved) -> Applied:
        """A step the round took by itself (its timer, a player leaving)."""
        return cls(moved.seat, moved.label, moved.flows, moved.repeat_key)


def bets_report(vocabulary: Vocabulary, action: str, bets: Text) -> Text:
    """``"Undo: Ante 20 · Blind 20"``: an action whose effect is only clear from the bets it
    leaves (Undo, Rebet, Double), named as its button is, as its reply and the round's log
    show it."""
    return Text("{action}: {bets}", action=vocabulary.label(action), bets=bets)


@dataclass(frozen=True)
class TableActions:
    """One game's actions as its table takes them (from its :class:`GameInfo`)."""

    info: GameInfo

    @cached_property
    def arguments(self) -> Mapping[str, type[ActionArg]]:
        """Every action the game takes, with the type of its argument."""
        return {move.kind: argument_type(move) for move in self.info.moves.types}

    def read_arg(self, action: str, text: str) -> ActionArg:
        """A button's argument, from its custom id, as the type the action takes."""
        return argument_type(self._move_named(action)).decode(text)

    def apply(self, state: Round, seat: SeatId, action: str, arg: ActionArg,
              memory: Mapping[SeatId, Any]) -> Applied:
        """Make the engine's move an action names (or ``RuleError``); ``memory`` holds last
        round's bets (Rebet). A move that only shows in the bets it leaves (Undo, Rebet) is
        answered with those: "Undo: Ante 10 · Pair Plus 10"."""
        move = build_move(self._move_named(action), arg, lambda: memory.get(seat))
        try:
            moved = state.apply(seat, move)
        except TableWordsError as refusal:  # the rules' refusal, naming this table's controls
            raise self._in_table_words(refusal) from None
        label = moved.label
        if move.reports_bets:
            left = state.bets_in_place(seat) or Text("no bets left")
            label = bets_report(self.info.vocabulary, move.kind, left)
        if moved.note:
            label = Text("{said} ({note})", said=label, note=moved.note)
        return Applied(seat, label, moved.flows, moved.repeat_key, move)

    def buttons(self, state: Round | None, config: TableConfig, idle: Callable[[], Round],
                w: Words = ENGLISH) -> list[Control]:
        """The table message's buttons, labelled in the server's language ``w``: one for each
        move the round offers (:mod:`bot.tables.controls`): every seat's legal moves and a
        newcomer's; at an idle table what a newcomer may do in a fresh round (``idle()``), or
        where a fresh round has nobody to ask (a table of stacks seats its players as the round
        opens) the moves that open one. "My cards" while cards are out."""
        if state is not None:
            moves = offered(state.legal_moves(seat) for seat in (*state.seats_to_ask(), NEWCOMER))
        else:
            moves = list(idle().legal_moves(NEWCOMER)) or [
                MoveOption(kind) for kind in sorted(self.info.moves.opening)]
        dealt = state is not None and state.cards_out() and not state.is_over()
        key = (tuple(moves), config, w.language, dealt)
        controls = self._controls.get(key)
        if controls is None:  # the same moves make the same buttons: tables in a phase share them
            if len(self._controls) >= CONTROLS_KEPT:
                self._controls.clear()
            controls = self._controls[key] = tuple(table_controls(
                self.info.vocabulary, w, moves, self._order, self.arguments, self._chips(config), dealt))
        return list(controls)

    @cached_property
    def _controls(self) -> dict[tuple[Any, ...], tuple[Control, ...]]:
        return {}

    @cached_property
    def _order(self) -> list[str]:
        """The moves' kinds in the engine's order: the order of the buttons."""
        return [move.kind for move in self.info.moves.types]

    def _chips(self, config: TableConfig) -> dict[str, tuple[int, ...]]:
        """The chips a bet's buttons offer at a table with ``config`` (worked out once per
        configuration: every redraw asks)."""
        chips = self._chips_by_config.get(config)
        if chips is None:
            chips = self._chips_by_config[config] = self._chips_at(config)
        return chips

    @cached_property
    def _chips_by_config(self) -> dict[TableConfig, dict[str, tuple[int, ...]]]:
        return {}

    def _chips_at(self, config: TableConfig) -> dict[str, tuple[int, ...]]:
        """Each bet's button chips: its wording's sizes in its unit (the table minimum, or a
        table option such as the boxed games' smallest chip), within the table's maximum."""
        most = config.max_bet or MAX_CHIPS
        options = config.options_as(self.info.options)
        chips: dict[str, tuple[int, ...]] = {}
        for named, wording in self.info.vocabulary.actions.items():
            unit = int(getattr(options, wording.unit)) if wording.unit else config.min_bet
            chips[named] = tuple(min(size * unit, most) for size in wording.sizes)
        return chips

    def _move_named(self, action: str) -> type[Move]:
        """The engine's move named ``action`` (a player's refusal for any other word)."""
        move = self.info.moves.named(action)
        if move is None:
            raise RuleError("{game} has no action {action}.", game=self.info.name, action=action)
        return move

    def _in_table_words(self, refusal: TableWordsError) -> RuleError:
        """The rules' refusal with the table's own commands and buttons it names filled in."""
        words = self.info.vocabulary
        named: dict[str, str] = {name: words.command(action, **options)
                                 for name, (action, options) in refusal.commands.items()}
        named |= {name: words.label(action) for name, action in refusal.buttons.items()}
        return RuleError(refusal.said.message, **{**refusal.said.values, **named})
