"""Pictures are drawn in worker processes (:mod:`bot.workers`), not on threads of the bot's own
process: Pillow holds the interpreter lock for most of a picture's ~15 ms, and the presses of
every table would wait behind it.

Each drawer has one worker, started at its first picture (the tables' at the bot's start, by
warming render's caches; the standings' when someone first asks for a leaderboard). What it
draws must pickle: render's module-level functions and plain snapshots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.workers import Worker

Drawn = TypeVar("Drawn")


class Drawer(Worker):
    """One worker process that draws pictures in the order they are asked for."""

    async def draw(self, function: Callable[..., Drawn], *args: Any) -> Drawn:
        """``function(*args)`` (a render function and its snapshot) in the worker."""
        return await self.run(function, *args)


# The tables' pictures (public scenes, results, private hands) share one worker: at most one
# table picture is drawn at a time, as before, but beside the loop rather than against it.
TABLE_PICTURES = Drawer("table")
