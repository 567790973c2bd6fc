"""Refusals from the table runtime, shown to the player in their language."""

from __future__ import annotations

from bot.i18n import Refusal


class TableError(Refusal):
    """An action the table refuses (no table here, not your seat, stale button...)."""


class StaleAction(TableError):
    """The action belongs to a round or step that is over."""


class AlreadyApplied(TableError):
    """The same interaction, or the same click on the same step, arrived twice."""
