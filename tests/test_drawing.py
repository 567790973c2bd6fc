"""Pictures are drawn in a worker process, beside the event loop rather than against it."""

from __future__ import annotations

import os
import signal

import render
from cogs.drawing import TABLE_PICTURES, Drawer


async def test_table_pictures_are_drawn_in_a_process_of_their_own() -> None:
    assert await TABLE_PICTURES.draw(os.getpid) != os.getpid()
    png = await TABLE_PICTURES.draw(render.hand_strip_png, ["As", "Kd"])
    assert png.startswith(b"\x89PNG")


async def test_a_drawer_whose_worker_died_draws_on_a_thread_then_starts_a_new_worker() -> None:
    drawer = Drawer("test pictures")
    try:
        worker = await drawer.draw(os.getpid)
        assert worker != os.getpid() and await drawer.draw(os.getpid) == worker
        os.kill(worker, signal.SIGKILL)
        assert await drawer.draw(os.getpid) == os.getpid()  # this one on a thread
        assert await drawer.draw(os.getpid) not in (worker, os.getpid())
    finally:
        drawer.close()
