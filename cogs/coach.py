"""The coach's extension (its code: :mod:`cogs.coaching`, which other cogs import)."""

from cogs.coaching import setup

__all__ = ["setup"]
