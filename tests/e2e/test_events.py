"""A game night end to end: the real bot process against the local Discord. Four players at two
tables of different games play for an event, one rebuys, the bot is down when the event ends and
ends it once when it is back: one podium, prizes to the chip, wallets moved by fees and prizes
only, the books balanced."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

from tests.e2e import books
from tests.e2e.casino import Casino, TableClient
from tests.e2e.games import SCRIPTS, STEP_TIMEOUT
from tests.e2e.world import World
from tests.harness.driver import FakeUser

NIGHT = "Game Night"
END_IN_SECONDS = 45
"""Long enough for the entries and two rounds on a busy machine; the test waits for it."""


def podiums(world: World) -> list[dict[str, Any]]:
    return [message for message in world.fake.messages.values()
            if any(file.get("filename") == "podium.png" for file in message.get("attachments") or [])]


async def fold_a_round(casino: Casino, table: TableClient, players: list[FakeUser], decisions: list[str],
                       finish: str) -> None:
    """Everyone antes 10, checks at each of ``decisions`` and gives up at ``finish``."""
    betting = await table.wait_for(lambda controls, _: "Ante 10" in controls, timeout=STEP_TIMEOUT)
    for player in players:
        answer = await table.press(player, "Ante 10", betting)
        assert answer.ok and not answer.text.startswith("This table plays for"), answer.text
    shown = await table.wait_for(lambda _, shown_round: shown_round > 0, timeout=STEP_TIMEOUT)
    round_id = table.round_id(shown)
    for label in (*decisions, finish):
        message = await table.wait_for_control(round_id, finish if label == finish else "Check",
                                               timeout=STEP_TIMEOUT)
        assert message is not None, f"round {round_id} ended before {label}"
        for player in players:
            answer = await table.press(player, label, message)
            assert answer.ok, answer.text
    await table.wait_result(round_id, timeout=STEP_TIMEOUT)


async def test_a_game_night_at_two_tables_with_a_rebuy_and_a_restart_across_its_end(world: World) -> None:
    casino, admin = world.casino, world.casino.admin
    ann, ben, cat, dan = casino.players[:4]
    here, elsewhere = world.channels[:2]
    end = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=END_IN_SECONDS)  # the server's zone: UTC
    started = await casino.slash(admin, here, "event start", name=NIGHT, stack=20, fee=50, rebuys=True,
                                 games="uth, threecard", end=end.strftime("%Y-%m-%d %H:%M:%S"))
    assert started.ok and not started.ephemeral and f"Event: {NIGHT}" in started.text, started.text
    for player in (ann, ben, cat, dan):
        joined = await casino.slash(player, here, "event join", name=NIGHT)
        assert joined.ok and joined.ephemeral and "20 event chips" in joined.text, joined.text

    uth = await world.open_table(here, "uth")  # in the event's channel: it plays for the event
    opened = await casino.slash(admin, elsewhere, "table open", game="threecard", event=NIGHT,
                                **SCRIPTS["threecard"].open_options)
    assert opened.ok and f"plays for **{NIGHT}**" in opened.text, opened.text
    three = casino.table(elsewhere)
    await asyncio.gather(fold_a_round(casino, uth, [ann, ben], ["Check", "Check"], "Fold"),
                         fold_a_round(casino, three, [cat, dan], [], "Fold"))
    rebuy = await casino.slash(ann, here, "event rebuy", name=NIGHT)
    assert rebuy.ok and "20 event chips again" in rebuy.text, rebuy.text

    await world.bot.stop()  # down across the end
    await asyncio.sleep(max(0.0, end.timestamp() - dt.datetime.now(dt.UTC).timestamp()) + 1)
    await world.bot.start()
    for _ in range(150):  # the end is looked for as the bot is ready: 30 s at most
        if podiums(world):
            break
        await asyncio.sleep(0.2)
    await world.bot.stop()  # and once more: the podium is not posted again
    await world.bot.start()
    await asyncio.sleep(3)
    (podium,) = podiums(world)
    assert int(podium["channel_id"]) == here
    # Pool 250 (five fees): Ann first with her rebought 20, 125; Cat and Dan tied second on 10
    # share second's and third's 75 + 50, the odd chip to Cat, who joined first; Ben has 0.
    guild = casino.guild.id
    assert {player.id: books.wallet(world.db, guild, player.id) for player in (ann, ben, cat, dan)} == {
        ann.id: 1000 - 100 + 125, ben.id: 1000 - 50, cat.id: 1000 - 50 + 63, dan.id: 1000 - 50 + 62}
    audit = await casino.slash(admin, here, "audit")
    assert audit.ok and "Books balance" in audit.text, audit.text
    world.assert_sound(every_interaction_answered=False)
