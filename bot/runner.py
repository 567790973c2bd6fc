"""Start the bot process: configuration, logging, signals, and a clean shutdown."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.config import Config, ConfigError, load_config, point_discord_at

log = logging.getLogger(__name__)


def configure_logging(level: str) -> None:
    """Configure the root logger once, for the whole process."""
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("discord.http").setLevel(logging.WARNING)


async def run_bot(config: Config) -> None:
    from bot.client import make_bot

    point_discord_at(config.api_base, config.gateway_url)
    bot = make_bot(config)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def request_stop(signame: str) -> None:
        if not stopping.is_set():
            log.info("%s received: shutting down cleanly", signame)
            stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, request_stop, signum.name)
    async with bot:
        runner = asyncio.create_task(bot.start(config.token), name="discord-client")
        waiter = asyncio.create_task(stopping.wait(), name="stop-signal")
        done, _ = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            waiter.cancel()
            runner.result()  # re-raise a login failure or crash
            return
        await bot.close()
        await asyncio.gather(runner, return_exceptions=True)


def main(argv: list[str]) -> int:
    try:
        config = load_config()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    configure_logging(config.log_level)
    import discord

    try:
        asyncio.run(run_bot(config))
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN: check it, or reset it in the portal")
        return 1
    return 0
