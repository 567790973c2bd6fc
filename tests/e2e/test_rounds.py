"""The real process plays whole rounds of every game it offers, several players per table."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path

from tests.e2e import books, privacy
from tests.e2e.games import CONFIRMED, SCRIPTS, PlayedRound
from tests.e2e.world import World

ROUNDS = 2
PLAYERS_PER_TABLE = 3


def assert_played_as_meant(world: World, played: list[PlayedRound]) -> None:
    """Each round's stakes are exactly what the players meant, and every action they were
    told was applied was saved once, under its own interaction id."""
    by_round = {row.id: row for row in books.rounds(world.db)}
    saved = {interaction for _, _, _, interaction, _ in books.actions(world.db) if interaction}
    for play in played:
        row = by_round[play.round_id]
        assert row.status == "settled", (play.round_id, row.status)
        assert {user: wagered for user, (wagered, _) in row.players.items()} == {
            user: stake.wagered for user, stake in play.stakes.items()}
        assert set(play.applied) <= saved, "an acknowledged action is missing from the round"


async def play_tables(world: World, games: list[str], tables_per_game: int, seed: int) -> list[PlayedRound]:
    """Every game at its own tables at once; each table seats three of the nine players, so
    with two tables of each of six games everybody sits at four tables (the limit)."""
    players = world.casino.players
    rng = random.Random(seed)
    played: list[PlayedRound] = []
    layout = [game for game in games for _ in range(tables_per_game)]
    assert len(layout) <= len(world.channels), "the guild needs more channels"

    async def play_at(index: int, game: str) -> None:
        table = await world.open_table(world.channels[index], game)
        seated = [players[(index * PLAYERS_PER_TABLE + k) % len(players)] for k in range(PLAYERS_PER_TABLE)]
        for _ in range(ROUNDS):
            played.append(await SCRIPTS[game].play_round(table, seated, random.Random(rng.random())))

    await asyncio.gather(*(play_at(index, game) for index, game in enumerate(layout)))
    return played


async def test_players_play_whole_rounds_of_every_game_with_buttons_and_commands(world: World) -> None:
    offered = world.offered_games()
    assert offered, "/table open offers no game"
    assert set(offered) <= set(SCRIPTS), f"no scripted player for {set(offered) - set(SCRIPTS)}"
    played = await play_tables(world, offered, tables_per_game=2, seed=11)
    assert len(played) == 2 * ROUNDS * len(offered)
    assert_played_as_meant(world, played)
    imperial = {row.id for row in books.rounds(world.db) if row.game == "imperial"}
    drew = {round_id for round_id, _, _, _, label in books.actions(world.db) if ": DRAW " in label}
    assert imperial and imperial <= drew, "an Imperial round was played without a Draw"
    for play in played:  # the players' wallets moved exactly by the rounds' results
        assert play.round_id in world.casino.table(play.channel_id).results()
    alice = world.casino.players[0]
    net = sum(returned - wagered for row in books.rounds(world.db)
              for user, (wagered, returned) in row.players.items() if user == alice.id)
    # Her chips at tables played from stacks (bought in from the wallet) count as hers too.
    held = (books.wallet(world.db, world.casino.guild.id, alice.id) or 0) + books.stacks(
        world.db, world.casino.guild.id, alice.id)
    assert held == 1000 + net

    channel = world.channels[0]
    # Her latest round, which /history lists first (she plays more rounds than fit one page).
    mine = max((row for row in books.rounds(world.db) if alice.id in row.players),
               key=lambda row: (row.settled_at or 0, row.id)).id
    record = await world.casino.slash(alice, channel, "round", number=mine)
    assert record.ephemeral and "re-creates every dealt card" in record.text, record.text
    history = await world.casino.slash(alice, channel, "history")
    assert history.ephemeral and f"**#{mine}**" in history.text
    board = await world.casino.slash(alice, channel, "leaderboard")
    assert "Leaderboard" in board.text
    audit = await world.casino.slash(world.casino.admin, channel, "audit")
    assert "Books balance" in audit.text, audit.text
    world.assert_sound()


async def test_sigterm_mid_betting_exits_cleanly_and_the_restart_keeps_books_and_buttons(
        world: World) -> None:
    table = await world.open_table(world.channels[0], "uth")
    alice, bob = world.casino.players[:2]
    await SCRIPTS["uth"].play_round(table, [alice, bob], random.Random(3))
    betting = await table.wait_for(lambda controls, _: "Ante 10" in controls, timeout=10)
    opened = CONFIRMED.match((await table.press(alice, "Ante 10", betting)).text)
    assert opened, "the Ante was not confirmed"
    before = books.rounds(world.db)
    assert await world.bot.stop() == 0
    assert "Store closed" in world.bot.log_text()
    await world.bot.start()
    assert books.rounds(world.db) == before, "a clean restart changed no round"
    joined = await table.press(bob, "Ante 10", betting)  # a button from before the restart
    assert joined.text == f"Ante 10 + Blind 10 · round #{opened['round']}", joined.text
    closed = await world.casino.slash(world.casino.admin, world.channels[0], "table close")
    assert "Returned" in closed.text and "20 chips" in closed.text, closed.text
    assert books.finished_round_problems(world.db) == [] and before[-1].status == "open"
    world.assert_sound()


# -- the privacy checker itself must be able to fail ----------------------------------------------
def test_the_image_check_catches_a_hole_card_before_the_showdown(tmp_path: Path) -> None:
    state = {"phase": "flop", "seats": [{"hole": ["As", "Kd"]}], "dealer": ["2c", "3c"],
             "board": ["4h", "5h", "6h", "7h", "8h"]}
    honest = {"game": "uth", "state": state, "title": "t", "dealer": [None, None],
              "community": ["4h", "5h", "6h", None, None], "seats": [[None, None]], "text": ["t"]}
    leaking = {**honest, "seats": [["As", None]]}
    turn_early = {**honest, "community": ["4h", "5h", "6h", "7h", None]}
    in_text = {**honest, "text": ["alice holds A\u2660"]}
    log = tmp_path / "probe.jsonl"
    log.write_text("\n".join(json.dumps(e) for e in (honest, leaking, turn_early, in_text)) + "\n")
    checked, problems = privacy.image_violations(log)
    assert checked == 4
    assert [p.split(" (")[0] for p in problems] == ["image 2", "image 3", "image 4"]


def test_card_names_are_read_in_every_form_and_not_from_words() -> None:
    assert privacy.cards_named("As, 10h and K\u2660; Td") == {"As", "Th", "Ks", "Td"}
    assert privacy.cards_named("Aces and Kings, round #12, 4x") == set()



async def test_a_click_held_up_over_2_s_by_a_busy_database_is_confirmed_not_called_stale(
        world: World) -> None:
    """(Found with the load benchmark: the 2 s unhandled-click guard used to answer "no longer
    active" while the click's handler was still running, and the handler, having applied the
    action, then said "nothing was changed".)"""
    table = await world.open_table(world.channels[0], "uth")
    alice = world.casino.players[0]
    await world.casino.slash(alice, world.channels[0], "balance")  # her wallet exists
    betting = await table.wait_for(lambda controls, _: "Ante 10" in controls, timeout=10)
    blocker = sqlite3.connect(world.db, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # a writer elsewhere (a backup tool, a slow disk): 2.2 s
    try:
        record = await world.fake.deliver(world.casino.component_payload(
            alice, betting, table.controls(betting)["Ante 10"]))
        await asyncio.sleep(2.2)  # past the old 2 s guard, within Discord's 3 s
    finally:
        blocker.rollback()
        blocker.close()
    await world.fake.answered(record)
    await asyncio.sleep(1.0)  # the handler finishes after the database is free again
    told = [str(c["data"].get("content")) for c in record.callbacks]
    told += [str(world.fake.messages[i].get("content")) for i in record.followup_ids]
    applied = any(row[3] == record.id for row in books.actions(world.db))
    assert applied, "the Ante was applied once the database was free"
    assert not any("no longer active" in text or "nothing was changed" in text for text in told), told
    assert CONFIRMED.match(told[0]), told


def test_the_image_check_knows_what_a_boxed_game_hides(tmp_path: Path) -> None:
    deck = ["As", "Kd", "Qh", "Jc", "Ts", "2c", "3c", "4c", "5c", "6c", "7c", "8d", "9d"]
    state = {"phase": "decisions", "deck": deck, "drawn": 11,
             "seats": [{"boxes": [{"cards": deck[:5]}]}], "dealer": deck[5:11]}
    base = {"game": "twoplusfour", "state": state, "title": "t", "community": [], "text": ["t"],
            "dealer": [None, None, "4c", "5c", "6c", "7c"], "seats": [[None] * 5]}
    box_card = {**base, "seats": [["As", None, None, None, None]]}
    down_card = {**base, "dealer": ["2c", None, "4c", "5c", "6c", "7c"]}
    undealt = {**base, "state": {**state, "phase": "settled"}, "dealer": [*deck[5:10], "8d"]}
    log = tmp_path / "probe.jsonl"
    log.write_text("\n".join(json.dumps(e) for e in (base, box_card, down_card, undealt)) + "\n")
    checked, problems = privacy.image_violations(log)
    assert checked == 4
    assert [p.split(" (")[0] for p in problems] == ["image 2", "image 3", "image 4"]
