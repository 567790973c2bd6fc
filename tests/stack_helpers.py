"""The writer process the stack crash test kills.

``python -m tests.crash_writer stacks PATH`` opens the store at PATH and, in several
guilds, buys players in to a table, plays rounds from their stacks (stakes, a further step,
a settlement that empties the escrow with a rake, or the house paying when it banks), voids
some, and cashes players out, as fast as it can. It prints ``started`` once its first round has
settled, and runs until it is killed.
"""

from __future__ import annotations

import random

from bot.store import (
    AccountRef,
    ActionRow,
    InsufficientFunds,
    Movement,
    RoundHeader,
    RoundMoney,
    Stake,
    Store,
    round_escrow,
)

STACK_GUILDS = (201, 202)
STACK_PLAYERS = tuple(range(11, 15))


async def stack_writer(path: str) -> None:
    store = await Store.open(path)
    rng = random.Random()
    now = 1_800_000_000.0
    # A later run on the same file plays on at the tables the killed one left open.
    tables = {row.guild_id: row.id for row in await store.open_tables()}
    for guild_id in STACK_GUILDS:
        if guild_id not in tables:
            tables[guild_id] = (await store.create_table(guild_id, guild_id, "stk", {}, now=now)).id
        for user in STACK_PLAYERS:
            await store.seat_player(tables[guild_id], user, f"p{user}", now=now)
            await store.buy_in(guild_id, tables[guild_id], user, 20, now=now)
    started = False
    while True:
        now += 1.0
        guild_id = rng.choice(STACK_GUILDS)
        table_id = tables[guild_id]
        roll = rng.random()
        if roll < 0.3:
            user = rng.choice(STACK_PLAYERS)
            await store.grant(guild_id, user, 50, reason="top-up")
            await store.buy_in(guild_id, table_id, user, rng.randint(1, 50), now=now)
        elif roll < 0.4:
            await store.cash_out(guild_id, table_id, rng.choice(STACK_PLAYERS), now=now)
        elif await play_round(store, guild_id, table_id, rng, now) and not started:
            print("started", flush=True)
            started = True


async def play_round(store: Store, guild_id: int, table_id: int, rng: random.Random,
                     now: float) -> bool:
    """Open a round with stakes from two stacks, stake once more, then settle or void it.
    False when a stack could not cover a stake (the round is then voided or never opened)."""
    players = rng.sample(STACK_PLAYERS, 2)
    stakes = {user: rng.randint(1, 10) for user in players}
    try:
        round_id = await store.open_table_round(
            guild_id, table_id, RoundHeader("stk", 1, "c", "00", {}), deadline=None,
            action=ActionRow(1, None, "open", None, "open", now),
            stakes=[Stake(user, amount, "bet ante") for user, amount in stakes.items()], now=now,
            stack_table=table_id,
        )
    except InsufficientFunds:
        return False
    raiser = players[0]
    try:
        await store.save_round_step(
            guild_id, round_id, state={"raised": True}, deadline=None,
            actions=[ActionRow(2, raiser, "raise", None, "raise", now)],
            stakes=[Stake(raiser, stakes[raiser], "bet raise")], now=now, stack_table=table_id,
        )
        stakes[raiser] *= 2
    except InsufficientFunds:
        pass
    if rng.random() < 0.2:
        await store.void_round(guild_id, round_id, reason="test", now=now)
        return False
    results, movements = settle(stakes, table_id, round_id)
    await store.record_round(guild_id, RoundHeader("stk", 1),
                             RoundMoney(results, movements, [round_escrow(round_id)]), now=now,
                             round_id=round_id, table_id=table_id)
    return True


def settle(stakes: dict[int, int], table_id: int,
           round_id: int) -> tuple[dict[int, tuple[int, int]], list[Movement]]:
    """The lower id wins the pot less a rake of one chip (odd rounds), or plus a chip the
    house pays in (even rounds, as when the house banks and loses)."""
    escrow = round_escrow(round_id)
    winner, loser = sorted(stakes)
    pot = sum(stakes.values())
    house_pays = round_id % 2 == 0
    won = pot + 1 if house_pays else pot - 1
    movements = []
    if house_pays:
        movements.append(Movement(AccountRef.house(), escrow, 1, "house bank pays"))
    movements.append(Movement(escrow, AccountRef.stack(table_id, winner), won, "pot win"))
    if not house_pays:
        movements.append(Movement(escrow, AccountRef.house(), 1, "rake"))
    return {winner: (stakes[winner], won), loser: (stakes[loser], 0)}, movements

