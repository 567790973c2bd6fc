"""Run the real bot, ``python -m bot``, as a child process aimed at a :class:`LocalDiscord`."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path

from tests.e2e.local_discord import LocalDiscord

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PROBE_DIR = Path(__file__).resolve().parent / "probe"

# Log lines that mean our code (or discord.py on our behalf) met an error it did not expect.
# discord.py logs an unhandled exception in a command, view or event as "Ignoring exception".
UNHANDLED = re.compile(r"Traceback|Ignoring exception|(ERROR|CRITICAL)\s+(bot|cogs|render|discord)\b")


LOG_RECORD = re.compile(r"\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} )")


def bot_env(fake: LocalDiscord, db_path: Path | str, *, log_level: str = "INFO",
            probe_log: Path | None = None, shards: tuple[int, int] | None = None) -> dict[str, str]:
    """The process's environment; ``shards``: (this process's shard, shard count)."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DISCORD_", "CASINO_", "DEV_GUILD", "LOG_LEVEL", "E2E_", "SHARD_"))}
    if shards is not None:
        env.update(SHARD_IDS=str(shards[0]), SHARD_COUNT=str(shards[1]))
    pythonpath = [str(PROJECT_ROOT)]
    if probe_log is not None:
        # Test-only instrumentation: sitecustomize.py in PROBE_DIR records what the process
        # hands to render for public images (see probe/sitecustomize.py). The bot is unchanged.
        pythonpath.insert(0, str(PROBE_DIR))
        env["E2E_PROBE_LOG"] = str(probe_log)
    env.update(
        PYTHONPATH=os.pathsep.join(pythonpath), DISCORD_TOKEN=fake.token,
        CASINO_DB=str(db_path), DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url, LOG_LEVEL=log_level, PYTHONUNBUFFERED="1",
    )
    return env


class BotProcess:
    """One bot process on a database (its own SQLite file, or ``database``: a PostgreSQL URL it
    may share with other processes, each with one of the bot's ``shards``); restartable after
    SIGKILL."""

    def __init__(self, fake: LocalDiscord, workdir: Path, *, log_level: str = "INFO",
                 probe: bool = True, database: str | None = None,
                 shards: tuple[int, int] | None = None) -> None:
        self.fake = fake
        self.workdir = workdir
        self.db_path = workdir / "data" / "casino.sqlite3"
        self.database = database or str(self.db_path)
        self.shards = shards
        self.probe_log = workdir / "render-probe.jsonl" if probe else None
        self.log_level = log_level
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0
        self.logs: list[Path] = []
        self.start_seconds: list[float] = []

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def start(self, *, timeout: float = 60.0) -> None:
        """Start the process and wait until it has identified on the gateway."""
        assert not self.running, "the bot is already running"
        self.starts += 1
        log_path = self.workdir / f"bot-{self.starts}.log"
        self.logs.append(log_path)
        self.fake.expect_new_session()
        began = time.monotonic()
        with log_path.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.workdir,
                env=bot_env(self.fake, self.database, log_level=self.log_level,
                            probe_log=self.probe_log, shards=self.shards),
                stdout=log, stderr=asyncio.subprocess.STDOUT,
            )
        try:
            ready = asyncio.create_task(self.fake.wait_ready(timeout))
            died = asyncio.create_task(self.process.wait())
            done, _ = await asyncio.wait({ready, died}, return_when=asyncio.FIRST_COMPLETED)
            if died in done:
                ready.cancel()
                raise AssertionError(f"the bot exited with {self.process.returncode}:\n{self.log_text()}")
            died.cancel()
            ready.result()
        except BaseException:
            await self.kill()
            raise
        self.start_seconds.append(time.monotonic() - began)

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as in a power cut or the OOM killer."""
        if self.running:
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            self.kills += 1
        if self.process is not None:
            await self.process.wait()

    async def stop(self, timeout: float = 30.0) -> int:
        """SIGTERM and wait: the clean shutdown ``docker stop`` does."""
        assert self.process is not None
        if self.running:
            self.process.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            await self.kill()
            tail = self.logs[-1].read_text(errors="replace")[-4000:] if self.logs else ""
            raise AssertionError(f"the bot did not end within {timeout} s of SIGTERM; its log ends:\n"
                                 f"{tail}") from None

    async def restart(self) -> None:
        await self.kill()
        await self.start()

    def rss_kib(self) -> int:
        """Resident set size of the bot process (VmRSS), in KiB."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        assert match, status
        return int(match.group(1))

    async def wait_for_log(self, text: str, timeout: float = 5.0) -> None:
        """Until the current run's log contains ``text``."""
        async with asyncio.timeout(timeout):
            while text not in self.logs[-1].read_text(errors="replace"):  # noqa: ASYNC110 - another process writes it
                await asyncio.sleep(0.05)

    def log_text(self) -> str:
        return "\n".join(f"===== {path.name}\n" + path.read_text(errors="replace")
                         for path in self.logs if path.exists())

    def unhandled_errors(self) -> list[str]:
        """Log records (a line and its traceback) of every run that show an error nobody
        handled."""
        found = []
        for path in self.logs:
            if not path.exists():
                continue
            for record in LOG_RECORD.split(path.read_text(errors="replace")):
                if UNHANDLED.search(record):
                    found.append(f"{path.name}: {record.strip()[:2000]}")
        return found
