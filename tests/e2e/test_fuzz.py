"""Hypothesis sends the running bot sequences of interactions: any synced command with any
option values (in range, out of range, not a choice), by any user (player, admin, bot, someone
never seen), in any channel, and any button ever shown on any message (old renderings of the
table, other rounds, private messages), plus custom ids nobody issued. Each example must get
every interaction answered within Discord's 3 seconds, no unhandled error, no "something went
wrong" reply, and the books must balance after it."""

from __future__ import annotations

import asyncio
import copy
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from tests.e2e import books
from tests.e2e.casino import UNEXPECTED, make_user
from tests.e2e.world import LoopThread, World
from tests.harness.driver import FakeUser, walk_components
from tests.harness.fake_discord import CALLBACK_DEADLINE_SECONDS

EXAMPLES = int(os.environ.get("E2E_FUZZ_EXAMPLES", "150"))
ANSWER_WAIT = CALLBACK_DEADLINE_SECONDS + 1.0
INT_LIMIT = 2**53  # Discord's integer options are doubles underneath


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LoopThread, World]]:
    loop = LoopThread()
    world = loop.run(World.start(tmp_path_factory.mktemp("fuzz")))
    try:
        tables = [loop.run(world.open_table(channel, "uth")) for channel in world.channels[:2]]
        for player in world.casino.players[:2]:  # a round starts, so later buttons appear too
            loop.run(tables[0].press(player, "Ante 10"))
        yield loop, world
    finally:
        loop.run(world.close())
        loop.close()


class Seen:
    """Every button and select any message has shown so far, old renderings included."""

    def __init__(self) -> None:
        self.controls: dict[tuple[str, str], tuple[dict[str, Any], dict[str, Any]]] = {}

    def update(self, world: World) -> None:
        for message in world.fake.messages.values():
            for component in walk_components(message.get("components") or []):
                if component.get("custom_id") and component.get("type") in (2, 3):
                    key = (message["id"], component["custom_id"])
                    if key not in self.controls:
                        self.controls[key] = (copy.deepcopy(message), component)


SEEN = Seen()
A_BOT, STRANGER = make_user("a-bot", bot=True), make_user("stranger")


@dataclass(frozen=True)
class OptionSeed:
    """Raw draws an option's value is read from, whatever its type turns out to be."""

    include: bool
    selector: int
    number: int
    text: str


@dataclass(frozen=True)
class Step:
    """One interaction, drawn independently of the bot's state and read against it."""

    kind: str
    user: int
    channel: int
    target: int
    sub: int
    options: tuple[OptionSeed, ...]
    forged: str


OPTION_SEEDS = st.builds(OptionSeed, st.booleans(), st.integers(0, 3),
                         st.integers(-INT_LIMIT, INT_LIMIT), st.text(max_size=110))
KINDS = ["command"] * 3 + ["button"] * 4 + ["forged"]  # a forged id costs the bot's 2 s grace
STEPS = st.builds(Step, st.sampled_from(KINDS), st.integers(0, 2**16),
                  st.integers(0, 2**16), st.integers(0, 2**16), st.integers(0, 2**16),
                  st.tuples(*[OPTION_SEEDS] * 8), st.text(min_size=1, max_size=100))
BURSTS = st.lists(st.lists(STEPS, min_size=1, max_size=3), min_size=1, max_size=6)


def option_value(seed: OptionSeed, option: dict[str, Any], users: list[FakeUser]) -> Any:
    kind = option["type"]
    choices = [choice["value"] for choice in option.get("choices") or []]
    if kind == 3:
        return choices[seed.number % len(choices)] if choices and seed.selector < 3 else seed.text
    if kind == 4:
        low, high = option.get("min_value", -INT_LIMIT), option.get("max_value", INT_LIMIT)
        if choices and seed.selector == 0:
            return choices[seed.number % len(choices)]
        return [low + seed.number % 7 - 3, high + seed.number % 7 - 3,
                low + seed.number % 1_000, seed.number][seed.selector]
    if kind == 5:
        return bool(seed.number % 2)
    if kind == 6:
        return users[seed.number % len(users)]
    if kind == 10:
        return seed.number / 7
    return None  # channels, roles, attachments: the bot declares none today


def command_payload(step: Step, world: World, user: FakeUser, channel: int,
                    users: list[FakeUser]) -> dict[str, Any] | None:
    names = sorted(world.fake.commands)
    schema = world.fake.commands[names[step.target % len(names)]]
    path, node, pick = [schema["name"]], schema, step.sub
    while True:
        nested = [o for o in node.get("options") or [] if o["type"] in (1, 2)]
        if not nested:
            break
        node = nested[pick % len(nested)]
        pick //= len(nested)
        path.append(node["name"])
    options = {}
    for option, seed in zip(node.get("options") or [], step.options, strict=False):
        if option.get("required") or seed.include:
            value = option_value(seed, option, users)
            if value is None:
                return None
            options[option["name"]] = value
    return world.casino.command_payload(user, channel, " ".join(path), **options)


def component_payload(step: Step, world: World, user: FakeUser, channel: int) -> dict[str, Any] | None:
    if not SEEN.controls:
        return None
    keys = sorted(SEEN.controls)
    message, component = SEEN.controls[keys[step.target % len(keys)]]
    custom_id = component["custom_id"]
    if step.kind == "forged":
        # A message whose button carries an id the bot never issued: another table or round,
        # a bad argument, or garbage. (Discord only sends ids that are on the message.)
        forged = [custom_id.replace(":", ":9", 1), custom_id[:-1], "tbl:1:1:1:raise:9",
                  "give:ok:1:2:3:4", step.forged][step.sub % 5]
        message = copy.deepcopy(message)
        for item in walk_components(message.get("components") or []):
            if item.get("custom_id") == custom_id:
                item["custom_id"] = forged
        custom_id = forged
        if step.sub % 2:
            message["channel_id"] = str(channel)
    if component["type"] == 3:
        values = [option["value"] for option in component.get("options") or []]
        chosen = [value for index, value in enumerate(values) if step.sub >> index & 1]
        return world.casino.component_payload(user, message, custom_id, values=chosen)
    return world.casino.component_payload(user, message, custom_id)


async def deliver_all(world: World, payloads: list[dict[str, Any]]) -> list[str]:
    """Send the payloads at once (a burst); the problems with the answers."""
    records = [await world.fake.deliver(payload) for payload in payloads]
    await asyncio.gather(*(world.fake.answered(record, ANSWER_WAIT) for record in records))
    problems = []
    for record in records:
        late = world.fake.callback_at.get(record.id, float("inf")) - world.fake.sent_at[record.id]
        if not record.callbacks or 10062 in record.errors:
            problems.append(f"interaction {record.id} unanswered after {late:.2f} s: {record.errors}")
        elif UNEXPECTED in str(record.callbacks[0]["data"].get("content")):
            problems.append(f"interaction {record.id} got the unexpected-error reply")
    return problems


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          phases=(Phase.explicit, Phase.generate),  # the bot keeps state: shrinking would not replay
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(bursts=BURSTS)
def test_any_interaction_sequence_is_answered_in_time_without_errors_and_books_balance(
        running: tuple[LoopThread, World], bursts: list[list[Step]]) -> None:
    loop, world = running
    casino = world.casino
    users = [*casino.guild.members, A_BOT, STRANGER]
    channels = [*world.channels, world.channels[0] + 10**6]  # and one the bot never saw
    for burst in bursts:
        loop.run(_update_seen(world))
        payloads = []
        for step in burst:
            user, channel = users[step.user % len(users)], channels[step.channel % len(channels)]
            payload = (command_payload(step, world, user, channel, users) if step.kind == "command"
                       else component_payload(step, world, user, channel))
            if payload is not None:
                note(f"{step.kind} by {user.name} in {channel}: {payload['data']}")
                payloads.append(payload)
        if payloads:
            assert loop.run(deliver_all(world, payloads)) == []
    assert books.audit_problems(world.db) == []
    assert books.finished_round_problems(world.db) == []
    assert world.bot.unhandled_errors() == []
    assert world.bot.running


async def _update_seen(world: World) -> None:
    SEEN.update(world)


def test_zz_fuzzed_process_stops_cleanly_and_leaked_nothing(running: tuple[LoopThread, World]) -> None:
    """After the fuzzing (this runs last in the module): no card leaked, a clean SIGTERM."""
    loop, world = running
    kinds: Counter[str] = Counter()
    for record in world.fake.interactions.values():
        reply = str((record.callbacks[0]["data"].get("content") if record.callbacks else "") or "")
        kinds["answered" if record.callbacks else "unanswered"] += 1
        kinds["refused" if record.callbacks and record.callbacks[0]["data"].get("flags") else "public"] += 1
        kinds["stale-control replies"] += "no longer active" in reply
    print(f"\nfuzz: {len(world.fake.interactions)} interactions, {dict(kinds)}, "
          f"{len(SEEN.controls)} distinct controls seen, rounds "
          f"{Counter(row.status for row in books.rounds(world.db))}")
    images, texts, problems = world.privacy_problems()
    assert problems == [] and images > 0 and texts > 0
    assert loop.run(world.bot.stop()) == 0
