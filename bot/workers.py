"""Work that holds the interpreter lock for milliseconds runs in a worker process, not on a thread
of the bot's own process.

A thread drawing a picture, or turning a leaderboard's rows into Python objects, holds the
interpreter lock for much of its time, and in a burst of settlements (hundreds of tables
finishing their rounds together) such threads took turns with the event loop and the database
thread: every press waited behind them. A worker process runs on the machine's other core, at a
lower CPU priority if the work can wait, and hands back its result.

What a worker runs must pickle: a module-level function and plain arguments and results. Each
:class:`Worker` has one process, started at its first job; if it dies, that job runs on a thread
and the next one starts a new process. Where no process can start, every job runs on a thread.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
Result = TypeVar("Result")
_RUNNING: weakref.WeakSet[Worker] = weakref.WeakSet()
"""The workers whose process has started: :func:`close_all` ends them when the bot closes."""


class Worker:
    """One worker process that runs jobs in the order they are asked for."""

    def __init__(self, name: str, *, niceness: int = 0, idle: bool = False) -> None:
        self.name = name
        self.niceness = niceness
        """How much lower than the bot's the worker's CPU priority is (Unix ``nice``): work nobody
        waits on at a table gives the cores to the work they do wait on."""
        self.idle = idle
        """Run only on a core nothing else wants (Linux's SCHED_IDLE; ``niceness`` where the
        system has no such class): even nice 19 takes a share of a busy core, and in the second
        a few hundred tables settle, that share is the presses' tail."""
        self._pool: ProcessPoolExecutor | None = None
        self._on_threads = False
        """True where this machine cannot start the worker: every job runs on a thread."""

    async def run(self, function: Callable[..., Result], *args: Any) -> Result:
        """``function(*args)`` in the worker, without blocking the event loop."""
        if self._on_threads:
            return await asyncio.to_thread(function, *args)
        try:
            pool, done = self._submitted(function, *args)
        except (OSError, NotImplementedError, ImportError):  # no processes or semaphores here
            log.warning("No process can run the %s work here; running it on threads", self.name,
                        exc_info=True)
            self.close()
            self._on_threads = True
            return await asyncio.to_thread(function, *args)
        try:
            return await done
        except BrokenProcessPool:
            log.warning("The process running the %s work died; running this job on a thread", self.name)
            self._discard(pool)
            return await asyncio.to_thread(function, *args)

    def _submitted(self, function: Callable[..., Result],
                   *args: Any) -> tuple[ProcessPoolExecutor, asyncio.Future[Result]]:
        loop = asyncio.get_running_loop()
        pool = self._started()  # starts the worker at the first job
        try:
            return pool, loop.run_in_executor(pool, function, *args)
        except BrokenProcessPool:  # it died after its last job and the pool noticed: a new one
            log.warning("The process running the %s work had died; starting a new one", self.name)
            self._discard(pool)
            pool = self._started()
            return pool, loop.run_in_executor(pool, function, *args)

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Shut down a pool whose worker died, unless another job has already replaced it (its
        own jobs would be cancelled with it)."""
        if self._pool is pool:
            self.close()

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: forking a process that runs threads (the store's) can deadlock.
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_prepare_worker, initargs=(self.niceness, self.idle))
            _RUNNING.add(self)
        return self._pool

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def close_all() -> None:
    """End every worker's process now (the bot is closing); a worker asked again later starts a
    new one. A job in the works is given up, not waited for: a worker only computes (a picture,
    a hint, a review) and writes nothing, so nothing is lost but work nobody will read, while
    waiting could hold the bot's exit for good (Python's exit waits for a pool's running jobs,
    and an idle-class worker on a busy machine gets no core to finish them). A job that another
    bot in the same process (a test's) still waits on runs again on a thread (see :meth:`run`)."""
    for worker in list(_RUNNING):
        pool, worker._pool = worker._pool, None
        if pool is not None:
            _end_now(pool)


def _end_now(pool: ProcessPoolExecutor) -> None:
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    processes = list(pool._processes.values()) if pool._processes else []  # before 3.14: its own table
    pool.shutdown(wait=False)  # not cancelling: a job waited on fails as BrokenProcessPool, not as cancelled
    for process in processes:
        process.terminate()


def _prepare_worker(niceness: int, idle: bool = False) -> None:
    """In the worker, before its first job: its priority, and its end with the bot's process,
    however that ends. A worker otherwise outlives a bot that was killed (it holds its own end
    of the pipe it waits on)."""
    if niceness:
        os.nice(niceness)
    if idle and hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:  # not allowed here: the niceness stands
            log.info("The %s worker keeps its niceness: SCHED_IDLE refused", os.getpid())
    bot = multiprocessing.parent_process()
    if bot is not None:
        threading.Thread(target=_exit_after, args=(bot,), name="bot-watch", daemon=True).start()


def _exit_after(bot: multiprocessing.process.BaseProcess) -> None:
    bot.join()  # returns once the bot's process is gone
    os._exit(0)
