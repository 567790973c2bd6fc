"""A store writer killed mid-write: ``python -m tests.crash_writer WRITER PATH`` opens the store
at PATH and runs one of the writers below until it is killed; the crash tests start it, kill it
with SIGKILL after a while and check what the database holds."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from tests.stack_helpers import stack_writer
from tests.store_helpers import crash_writer

ROOT = Path(__file__).resolve().parent.parent
WRITERS: dict[str, Callable[[str], Coroutine[Any, Any, None]]] = {
    "rounds": crash_writer,
    "stacks": stack_writer,
}


async def run_writer_until_killed(writer_name: str, path: str | Path, delay: float) -> None:
    """Start the writer, let it write for ``delay`` seconds once it says it started, SIGKILL it."""
    writer = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.crash_writer", writer_name, str(path),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert writer.stdout is not None
        line = await asyncio.wait_for(writer.stdout.readline(), timeout=30)
        await asyncio.sleep(delay)
    finally:
        if writer.returncode is None:
            writer.send_signal(signal.SIGKILL)
        _, errors = await writer.communicate()
    assert line.strip() == b"started", errors.decode()
    # It was still writing when it died, not stopped by an error of its own.
    assert writer.returncode == -signal.SIGKILL, errors.decode()


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] in WRITERS:
        asyncio.run(WRITERS[argv[0]](argv[1]))
        return 0
    print(f"usage: python -m tests.crash_writer {{{','.join(WRITERS)}}} PATH", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
