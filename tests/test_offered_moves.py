"""Every game, played through its adapter: every button the table offers is a legal move of
the engine at that moment (for some seat, or a newcomer), and every legal move of every seat is
reachable, from a table button, a private one (the player's own cards and menus) or a command.

Rounds are random walks from fixed seeds: at each step a seat presses a random button, makes
a random legal move, or the timer runs out. The table's seats are three players (with chips
at the stack-funded tables); an idle table's buttons are checked against the round they open.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bot import catalog
from bot.games.common import RuleError
from bot.games.moves import MoveOption, Remembered
from bot.i18n import Refusal
from bot.poker import FULL_DECK, parse_cards
from bot.tables import actions
from bot.tables.actions import ActionArg, argument_type, build_move
from bot.tables.adapter import GameAdapter, TableContext
from bot.tables.config import ENGLISH
from bot.tables.controls import NEWCOMER, Control, private_controls
from bot.tables.wording import Vocabulary

SEATS = (1, 2, 3)
STACK = 1_000
STEPS = 40
SEEDS = range(6)


def table_context(memory: dict[Any, Any]) -> TableContext:
    return TableContext(1, tuple((seat, STACK) for seat in SEATS), memory)


def move_named(adapter: GameAdapter, kind: str) -> Any:
    return adapter.info.moves.named(kind)


def legal_now(adapter: GameAdapter, state: Any, control: Control, memory: dict[Any, Any]) -> bool:
    """Whether some seat (a newcomer too) may make the button's move now: the engine takes it
    (a Rebet: the engine offers it; it is made from the table's memory)."""
    move_type = move_named(adapter, control.action)
    for seat in (*state.seats_to_ask(), NEWCOMER):
        if issubclass(move_type, Remembered):
            if any(option.kind == control.action for option in state.legal_moves(seat)):
                return True
            continue
        try:
            copy.deepcopy(state).apply(seat, build_move(move_type, control.arg, lambda: None))
        except RuleError:
            continue
        return True
    return False


def reachable(vocabulary: Vocabulary, option: MoveOption, buttons: list[Control]) -> bool:
    """A legal move is reachable from a table button of its kind (its box, bet or choice), from
    the player's own message (a private wording) or from a command."""
    wording = vocabulary.actions.get(option.part or option.kind)
    if wording is not None and (wording.command is not None or wording.place == "private"):
        return True
    return any(button.action == option.kind and _matches(button, option) for button in buttons)


def _matches(button: Control, option: MoveOption) -> bool:
    values = vars(button.arg)
    return (option.box is None or values.get("box") == option.box) and (
        option.part is None or values.get(option.part) is not None) and (
        not option.choices or values.get("times") in option.choices)


def table_buttons(adapter: GameAdapter, state: Any, config: Any) -> list[Control]:
    """The table message's buttons that apply a move (not "My cards")."""
    shown = adapter.actions.buttons(state, config, lambda: adapter.new_round(config))
    return [button for button in shown if button.action in adapter.actions.arguments]


def check_step(adapter: GameAdapter, state: Any, config: Any, memory: dict[Any, Any]) -> list[Control]:
    buttons = table_buttons(adapter, state, config)
    for button in buttons:
        assert legal_now(adapter, state, button, memory), (adapter.info.key, button)
    for seat in state.seats_to_ask():
        for option in state.legal_moves(seat):
            assert reachable(adapter.info.vocabulary, option, buttons), (adapter.info.key, seat, option)
        check_private_buttons(adapter, state, seat)
    return buttons


def check_private_buttons(adapter: GameAdapter, state: Any, seat: int) -> None:
    """The buttons under a player's own cards (Chinese Poker's Auto-arrange, Confirm...) are
    moves the engine takes from that seat now; one that stands in for another never shows
    beside it (Confirm foul only where Confirm is refused)."""
    vocabulary = adapter.info.vocabulary
    shown = private_controls(vocabulary, ENGLISH, state.legal_moves(seat), adapter.actions.arguments,
                             {"declare": {"natural": "a natural"}})
    for button in shown:
        move = build_move(move_named(adapter, button.action), button.arg, lambda: None)
        copy.deepcopy(state).apply(seat, move)  # a refusal fails the test
        assert vocabulary.actions[button.action].instead_of not in {other.action for other in shown}


def random_step(adapter: GameAdapter, state: Any, buttons: list[Control], memory: dict[Any, Any],
                rng: random.Random, deck: list[Any]) -> None:
    """A seat presses a button, or makes a legal move (a command), or the timer runs out."""
    seat = rng.choice(SEATS)
    roll = rng.random()
    try:
        if roll < 0.45 and buttons:
            button = rng.choice(buttons)
            adapter.actions.apply(state, seat, button.action, button.arg, memory)
        elif roll < 0.9:
            options = state.legal_moves(seat)
            if options:
                option = rng.choice(options)
                adapter.actions.apply(state, seat, option.kind, argument_for(adapter, option, rng), memory)
        else:
            state.expire(lambda: deck)
    except Refusal:
        pass


def argument_for(adapter: GameAdapter, option: MoveOption, rng: random.Random) -> ActionArg:
    """A command's argument for a legal ``option``: its least chips, a choice, its box."""
    argument = argument_type(move_named(adapter, option.kind))
    amount = option.least or 0
    if argument is actions.Times:
        return actions.Times(rng.choice(option.choices))
    if argument is actions.BoxAmount:
        return actions.BoxAmount(option.box or 1, amount)
    if argument is actions.BoxNumber:
        return actions.BoxNumber(option.box or 1)
    if argument is actions.Bonuses:
        return actions.Bonuses(**{option.part or "flush": amount})
    if argument is actions.Amount:
        return actions.Amount(amount)
    return actions.NO_ARG  # a move naming cards is made from the private menus: not walked here


@pytest.mark.parametrize("game", [game.key for game in catalog.GAMES])
def test_every_button_is_a_legal_move_and_every_legal_move_is_reachable(game: str) -> None:
    declared = catalog.declared(game)
    adapter, config = declared.new_adapter(), declared.new_table_config()
    for seed in SEEDS:
        rng = random.Random(seed)
        deck = rng.sample(FULL_DECK, len(FULL_DECK))
        memory: dict[Any, Any] = {}
        for _ in range(2):  # a second round, with the first round's bets to rebet
            state = adapter.new_round(config, table_context(memory))
            idle = table_buttons(adapter, None, config)
            assert idle, game
            for button in idle:
                assert legal_now(adapter, state, button, memory), (game, "idle", button)
            for _ in range(STEPS):
                buttons = check_step(adapter, state, config, memory)
                if state.is_over():
                    break
                random_step(adapter, state, buttons, memory, rng, deck)
            memory = state.memory()


def test_a_chinese_poker_hands_buttons_follow_its_legal_moves() -> None:
    """Under a player's own cards: Confirm for a legal hand, Confirm foul instead of it for a
    fouled one, and Declare for a natural the cards hold (here six pairs)."""
    declared = catalog.declared("chinese")
    adapter, config = declared.new_adapter(), declared.new_table_config()
    state = adapter.new_round(config, table_context({}))
    adapter.actions.apply(state, 1, "deal", actions.NO_ARG, {})
    state.expire(lambda: list(FULL_DECK))  # seat 1: 5c, four 4s, four 3s, four 2s

    def shown(front: str, middle: str) -> list[str]:
        adapter.actions.apply(state, 1, "front", actions.CardList(tuple(parse_cards(front))), {})
        adapter.actions.apply(state, 1, "middle", actions.CardList(tuple(parse_cards(middle))), {})
        controls = private_controls(adapter.info.vocabulary, ENGLISH, state.legal_moves(1),
                                    adapter.actions.arguments, {"declare": {"natural": "Six Pairs"}})
        return [control.label for control in controls]

    assert shown("4s 4h 4d", "2s 2h 3s 3h 5c") == ["Auto-arrange", "Confirm foul", "Declare Six Pairs"]
    assert shown("2s 2h 5c", "3s 3h 3d 3c 2d") == ["Auto-arrange", "Confirm", "Declare Six Pairs"]
