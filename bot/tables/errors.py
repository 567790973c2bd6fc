"""Refusals from the table runtime. Each message is shown to the player as it is."""

from __future__ import annotations


class TableError(Exception):
    """An action the table refuses (no table here, not your seat, stale button...)."""


class StaleAction(TableError):
    """The action belongs to a round or step that is over."""


class AlreadyApplied(TableError):
    """The same interaction, or the same click on the same step, arrived twice."""
