"""Double clicks: a button press is saved with the button it came from, so that the same button
pressed twice in a row (a double click, a repeated delivery) acts once, across restarts too;
two different buttons are always two actions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.store import ActionRow
from bot.tables.errors import AlreadyApplied
from bot.tables.play import Applied
from bot.tables.table import ActionRequest, ActiveRound

PRESS = "press:"


def button_of(request: ActionRequest) -> str | None:
    """Which button a request comes from: the player, the button's action and argument, and the
    round and rendering it was drawn for. None for a slash command."""
    if request.version is None:
        return None
    return (f"{PRESS}{request.user_id}:{request.action}:{request.arg.encode()}:"
            f"r{request.round_id}v{request.version}")


def with_press_step(applied: Applied, request: ActionRequest, *, seq: int) -> Applied:
    """A button action without a step of its own (a bet, an undo) is saved with the button and
    its place in the round, so that after a restart the player's latest press is known again."""
    button = button_of(request)
    if applied.step is not None or button is None:
        return applied
    return replace(applied, step=f"{button}#{seq}")


def refuse_double_click(round_: ActiveRound, request: ActionRequest) -> None:
    """Only the same button pressed twice in a row is one press (a double click): "Box 1: Ante"
    then "Box 2: Ante", Ante 10 then Ante 50, or Ante 10, Ante 50, Ante 10 are all separate
    actions, even within one rendering of the table."""
    button = button_of(request)
    latest = round_.last_press.get(request.user_id)
    if button is not None and latest is not None and latest.startswith(button + "#"):
        raise AlreadyApplied("That was already done (a double click or a repeated delivery); "
                             "nothing more happened.")


def press_of(applied: Applied) -> str | None:
    return applied.step if applied.step is not None and applied.step.startswith(PRESS) else None


def last_presses(rows: Sequence[ActionRow]) -> dict[int, str | None]:
    """Each player's latest saved action, as a press step or None (the order rows were saved)."""
    latest: dict[int, str | None] = {}
    for row in rows:
        if row.user_id is not None:
            latest[row.user_id] = row.step if row.step and row.step.startswith(PRESS) else None
    return latest
