"""Pictures are drawn in worker processes, not on threads of the bot's own process.

A thread drawing a table picture holds the interpreter lock for most of its ~15 ms, and in a
burst of settlements (hundreds of tables finishing their rounds together) those threads took
turns with the event loop and the database thread: every press waited behind them. A worker
process draws on the machine's other core and hands back the PNG's bytes.

What a worker runs must pickle: a module-level function (render's) and plain snapshots. Each
drawer has one worker, started at its first picture (the tables' at the bot's start, by warming
render's caches; the standings' when someone first asks for a leaderboard); if the worker dies,
that picture is drawn on a thread and the next one starts a new worker.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
Drawn = TypeVar("Drawn")


class Drawer:
    """One worker process that draws pictures in the order they are asked for."""

    def __init__(self, name: str, *, niceness: int = 0) -> None:
        self.name = name
        self.niceness = niceness
        """How much lower than the bot's the worker's CPU priority is (Unix ``nice``): pictures
        nobody waits on at a table give the cores to the ones they do wait on."""
        self._pool: ProcessPoolExecutor | None = None
        self._on_threads = False
        """True where this machine cannot start the worker: every picture is drawn on a thread."""

    async def draw(self, function: Callable[..., Drawn], *args: Any) -> Drawn:
        """``function(*args)`` in the worker, without blocking the event loop."""
        if self._on_threads:
            return await asyncio.to_thread(function, *args)
        loop = asyncio.get_running_loop()
        try:
            drawn = loop.run_in_executor(self._started(), function, *args)  # starts the worker
        except (OSError, NotImplementedError, ImportError):  # no processes or semaphores here
            log.warning("No process can draw the %s pictures here; drawing them on threads",
                        self.name, exc_info=True)
            self.close()
            self._on_threads = True
            return await asyncio.to_thread(function, *args)
        try:
            return await drawn
        except BrokenProcessPool:
            log.warning("The process drawing the %s pictures died; drawing this one on a thread", self.name)
            self.close()
            return await asyncio.to_thread(function, *args)

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: forking a process that runs threads (the store's) can deadlock.
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_prepare_worker, initargs=(self.niceness,))
        return self._pool

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _prepare_worker(niceness: int) -> None:
    """In the worker, before its first picture: its priority, and its end with the bot's process,
    however that ends. A worker otherwise outlives a bot that was killed (it holds its own end
    of the pipe it waits on)."""
    if niceness:
        os.nice(niceness)
    bot = multiprocessing.parent_process()
    if bot is not None:
        threading.Thread(target=_exit_after, args=(bot,), name="bot-watch", daemon=True).start()


def _exit_after(bot: multiprocessing.process.BaseProcess) -> None:
    bot.join()  # returns once the bot's process is gone
    os._exit(0)


# The tables' pictures (public scenes, results, private hands) share one worker: at most one
# table picture is drawn at a time, as before, but beside the loop rather than against it.
TABLE_PICTURES = Drawer("table")
