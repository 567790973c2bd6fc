"""Pictures are drawn in a worker process, beside the event loop rather than against it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import render
from bot import workers
from cogs import coaching
from cogs.drawing import TABLE_PICTURES, Drawer


async def test_table_pictures_are_drawn_in_a_process_of_their_own() -> None:
    assert await TABLE_PICTURES.draw(os.getpid) != os.getpid()
    png = await TABLE_PICTURES.draw(render.hand_strip_png, ["As", "Kd"])
    assert png.startswith(b"\x89PNG")


@pytest.fixture
def drawer() -> Iterator[Drawer]:
    """A drawer of the test's own, its worker shut down after the test."""
    made = Drawer("test")
    yield made
    made.close()


def pid_after(seconds: float) -> int:
    """A picture that takes a while to draw (it must pickle: module level)."""
    time.sleep(seconds)
    return os.getpid()


async def test_a_picture_whose_worker_died_is_drawn_on_a_thread_then_a_new_worker_starts(
        drawer: Drawer) -> None:
    worker = await drawer.draw(os.getpid)
    assert worker != os.getpid() and await drawer.draw(os.getpid) == worker
    drawing = asyncio.create_task(drawer.draw(pid_after, 2.0))
    await asyncio.sleep(0.3)
    os.kill(worker, signal.SIGKILL)  # while it draws (or before it starts: the same for the caller)
    assert await drawing == os.getpid()  # drawn again, on a thread
    assert await drawer.draw(os.getpid) not in (worker, os.getpid())


async def test_a_worker_that_died_between_pictures_is_replaced_at_the_next_one(drawer: Drawer) -> None:
    worker = await drawer.draw(os.getpid)
    os.kill(worker, signal.SIGKILL)
    pool = drawer._pool
    deadline = time.monotonic() + 20
    while pool is not None and not pool._broken and time.monotonic() < deadline:  # noqa: ASYNC110
        await asyncio.sleep(0.05)  # until the pool has seen its worker die
    assert pool is not None and pool._broken, "the pool never noticed its worker die"
    assert await drawer.draw(os.getpid) not in (worker, os.getpid())


async def test_a_late_report_of_a_dead_worker_leaves_its_replacement_running(drawer: Drawer) -> None:
    await drawer.draw(os.getpid)
    dead = drawer._pool
    drawer.close()  # as a first caller does on hearing the worker died
    replacement = await drawer.draw(os.getpid)
    assert dead is not None
    drawer._discard(dead)  # a second caller of the dead worker hears it only now
    assert await drawer.draw(os.getpid) == replacement


KILLED_BOT = """
import asyncio, os, signal
from cogs.drawing import Drawer

async def main():
    worker = await Drawer("test").draw(os.getpid)
    print(worker, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

if __name__ == "__main__":
    asyncio.run(main())
"""


def ended_within(pid: int, seconds: float) -> bool:
    """Whether process ``pid`` is gone, waiting up to ``seconds`` for it."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)


def test_the_worker_ends_when_the_bot_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "killed_bot.py"
    script.write_text(KILLED_BOT)
    with subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                          cwd=Path(__file__).resolve().parents[1]) as bot:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())  # the worker keeps the pipe open: read one line only
        assert bot.wait(timeout=60) == -signal.SIGKILL
    assert ended_within(worker, 20), f"the drawing worker {worker} outlived the killed bot"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # reaped between the two looks: gone
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return not status.split(") ")[1].startswith("Z")  # a zombie is gone


async def test_a_drawer_can_draw_at_a_lower_priority_than_the_bot() -> None:
    drawer = Drawer("test", niceness=5)
    try:
        assert await drawer.draw(os.nice, 0) == os.nice(0) + 5
    finally:
        drawer.close()


async def test_the_coach_and_the_reviews_run_only_where_the_bot_leaves_a_core_idle() -> None:
    for worker in (coaching.COACH, coaching.REVIEWS):
        try:
            assert await worker.run(os.sched_getscheduler, 0) == os.SCHED_IDLE, worker.name
        finally:
            worker.close()


async def test_where_no_worker_can_start_every_picture_is_drawn_on_a_thread(
        monkeypatch: pytest.MonkeyPatch, drawer: Drawer) -> None:
    tried: list[str] = []

    def no_processes(*args: object, **kwargs: object) -> None:
        tried.append("a worker")
        raise OSError("this platform lacks a functioning sem_open implementation")

    monkeypatch.setattr(workers, "ProcessPoolExecutor", no_processes)
    assert await drawer.draw(os.getpid) == os.getpid()
    assert await drawer.draw(os.getpid) == os.getpid()
    assert tried == ["a worker"]  # tried once, then threads without asking again


def sleep_unless_in(pid: int, seconds: float) -> int:
    """Sleep for ``seconds`` in any process but ``pid``; the process it ran in."""
    if os.getpid() != pid:
        time.sleep(seconds)
    return os.getpid()


async def test_closing_the_bot_ends_a_worker_in_the_middle_of_a_job() -> None:
    """An idle-class worker on a busy machine may not finish its job for as long as the machine
    stays busy, and Python's exit waits for a pool's running jobs: the bot's close ends the
    worker's process at once instead. A job still waited on (another bot in the same process)
    is done again on a thread."""
    drawer = Drawer("busy at the close")
    worker = await drawer.draw(os.getpid)
    job = asyncio.ensure_future(drawer.draw(sleep_unless_in, os.getpid(), 120))
    queued = asyncio.ensure_future(drawer.draw(os.getpid))
    await asyncio.sleep(1.0)  # the worker is asleep in the job
    workers.close_all()
    assert await asyncio.to_thread(ended_within, worker, 10), "the close waited for the job"
    assert await job == os.getpid()
    assert await queued == os.getpid()


async def test_closing_the_bot_ends_every_workers_process() -> None:
    """The bot's close lets each started worker's process end (the coach's, the pictures',
    the store's reads); a worker asked again afterwards starts a new one."""
    drawer = Drawer("closing")
    first = await drawer.draw(os.getpid)
    workers.close_all()
    assert await asyncio.to_thread(ended_within, first, 20), "the worker outlived the bot's close"
    try:
        assert await drawer.draw(os.getpid) not in (first, os.getpid())
    finally:
        drawer.close()
