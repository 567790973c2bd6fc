"""Players who keep pressing whatever the table shows (and typing the game's commands) without
waiting for answers, and a closer who drives every round in play to its end."""

from __future__ import annotations

import asyncio
import random

from tests.e2e import books
from tests.e2e.casino import TableClient
from tests.e2e.games import SCRIPTS
from tests.e2e.world import World
from tests.harness.driver import FakeUser


async def chaos_player(world: World, table: TableClient, game: str, players: list[FakeUser],
                       rng: random.Random, stop: asyncio.Event) -> int:
    """Act at random until ``stop``; returns how many interactions were sent."""
    script = SCRIPTS[game]
    sent = 0
    while not stop.is_set():
        await asyncio.sleep(rng.uniform(0.05, 0.35))
        message = table.message()
        if message is None:
            continue
        player = rng.choice(players)
        if rng.random() < 0.2:
            command = rng.choice(list(script.chaos_commands))
            options = {name: rng.choice(values) for name, values in script.chaos_commands[command].items()}
            payload = world.casino.command_payload(player, table.channel_id, command, **options)
        else:
            controls = table.controls(message)
            labels = [label for label in controls if script.chaos_weights.get(label, 0) > 0]
            if not labels:
                continue
            label = rng.choices(labels, [script.chaos_weights[label] for label in labels])[0]
            payload = world.casino.component_payload(player, message, controls[label])
        await world.fake.deliver(payload)  # not awaiting the answer: the bot may be dead
        sent += 1
    return sent


async def finish_every_round(world: World, tables: dict[int, tuple[TableClient, str, list[FakeUser]]],
                             *, timeout: float = 90.0) -> None:
    """Press each table's finishing buttons for every seat until no round is open any more."""
    async with asyncio.timeout(timeout):
        while any(row.status == "open" for row in books.rounds(world.db)):
            for table, game, players in tables.values():
                message = table.message()
                controls = table.controls(message)
                for label in SCRIPTS[game].finishing_labels:
                    if label in controls and message is not None:
                        for player in players:
                            await world.fake.deliver(
                                world.casino.component_payload(player, message, controls[label]))
            await asyncio.sleep(0.5)
