"""One end-to-end world: a local Discord, one guild of players, the bot process, and the checks
every e2e test ends with."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tests.e2e import books, privacy
from tests.e2e.casino import UNEXPECTED, Casino, TableClient, new_guild
from tests.e2e.games import SCRIPTS
from tests.e2e.local_discord import LocalDiscord
from tests.e2e.process import BotProcess
from tests.harness.fake_discord import CALLBACK_DEADLINE_SECONDS

T = TypeVar("T")


@dataclass
class World:
    fake: LocalDiscord
    bot: BotProcess
    casino: Casino
    workdir: Path

    @classmethod
    async def start(cls, workdir: Path, *, channels: int = 12, players: int = 9) -> World:
        fake = LocalDiscord()
        await fake.start()
        guild = new_guild(fake, channels, players)
        bot = BotProcess(fake, workdir)
        await bot.start()
        return cls(fake, bot, Casino(fake, guild), workdir)

    async def close(self) -> int | None:
        """SIGTERM the bot (the clean shutdown) and stop the fake; the bot's exit status."""
        status = None
        try:
            if self.bot.running:
                status = await self.bot.stop()
        finally:
            await self.fake.stop()
        return status

    @property
    def db(self) -> Path:
        return self.bot.db_path

    @property
    def channels(self) -> list[int]:
        return self.casino.guild.channel_ids

    async def open_table(self, channel_id: int, game: str) -> TableClient:
        answer = await self.casino.slash(self.casino.admin, channel_id, "table open", game=game,
                                         **SCRIPTS[game].open_options)
        assert answer.ok and not answer.ephemeral and "table open" in answer.text, answer.text
        table = self.casino.table(channel_id)
        await table.wait_for(lambda controls, _: bool(controls), timeout=10)
        return table

    async def grant(self, amount: int) -> None:
        for player in self.casino.players:
            answer = await self.casino.slash(self.casino.admin, self.channels[0], "chips grant",
                                             member=player, amount=amount)
            assert answer.ok and "granted" in answer.text, answer.text

    def offered_games(self) -> list[str]:
        """The games ``/table open`` offers, from the schema the bot synced."""
        group = self.fake.commands["table"]
        command = next(o for o in group["options"] if o["name"] == "open")
        game = next(o for o in command["options"] if o["name"] == "game")
        return [choice["value"] for choice in game.get("choices") or []]

    # -- the checks every test ends with --------------------------------------------------------
    def late_or_unanswered(self) -> list[str]:
        """Interactions the bot answered late (Discord's 10062) or never; for runs with no kills."""
        problems = []
        for record in self.fake.interactions.values():
            if 10062 in record.errors:
                problems.append(f"interaction {record.id} was answered after {CALLBACK_DEADLINE_SECONDS} s")
            elif not record.callbacks:
                problems.append(f"interaction {record.id} was never answered")
        return problems

    def unexpected_replies(self) -> list[str]:
        return [f"interaction {record.id}: {callback['data'].get('content')!r}"
                for record in self.fake.interactions.values() for callback in record.callbacks
                if UNEXPECTED in str((callback.get("data") or {}).get("content") or "")]

    def books_problems(self) -> list[str]:
        return books.audit_problems(self.db) + books.finished_round_problems(self.db)

    def privacy_problems(self) -> tuple[int, int, list[str]]:
        assert self.bot.probe_log is not None
        images, image_problems = privacy.image_violations(self.bot.probe_log)
        texts, text_problems = privacy.text_violations(self.fake, self.db)
        return images, texts, image_problems + text_problems

    def assert_sound(self, *, every_interaction_answered: bool = True) -> None:
        """The books balance, finished rounds paid right, nothing unhandled, nothing leaked."""
        # (this module's asserts are not rewritten by pytest: each says what it found)
        assert not (found := self.books_problems()), found
        assert not (found := self.bot.unhandled_errors()), "\n\n".join(found)
        assert not (found := self.unexpected_replies()), found
        if every_interaction_answered:
            assert not (found := self.late_or_unanswered()), found
        images, texts, problems = self.privacy_problems()
        assert not problems, problems
        assert images > 0 and texts > 0, "the privacy check saw nothing: is the probe installed?"


class LoopThread:
    """An event loop in a thread, for sync tests (hypothesis) that drive async code."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="e2e-loop", daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = 120.0) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()
