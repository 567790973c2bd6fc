"""Where a round's chips go: stakes into its escrow, and at settlement each seat's chips back
to its wallet or stack, the house's share to the house (the ledger's movements, one
transaction each)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.common import ChipFlow, Settlement
from bot.i18n import Command, Text
from bot.store import AccountRef, InsufficientFunds, Movement, Stake, round_escrow
from bot.tables.config import PRACTICE_CHIPS
from bot.tables.table import Table


def wallet_settlement_movements(round_id: int, settlement: Settlement) -> list[Movement]:
    """Per seat: the stake back from escrow (up to what was staked), winnings from the
    house, losses from escrow to the house."""
    escrow, house = round_escrow(round_id), AccountRef.house()
    movements = []
    for seat, summary in settlement.summary.items():
        wallet = AccountRef.wallet(seat)
        back = min(summary.staked, summary.returned)
        if back:
            movements.append(Movement(escrow, wallet, back, "stake returned"))
        if summary.returned > summary.staked:
            movements.append(Movement(house, wallet, summary.returned - summary.staked, "winnings"))
        if summary.staked > summary.returned:
            movements.append(Movement(escrow, house, summary.staked - summary.returned, "lost bets"))
    return movements


def stack_settlement_movements(table_id: int, round_id: int,
                               settlement: Settlement) -> list[Movement]:
    """From stacks: the house first pays what it lost into the escrow (it banked and lost),
    then every line's ``returned`` goes to its seat's stack, and what is left (rake, or the
    house bank's win) goes to the house. Chips pass between players through the escrow."""
    escrow, house = round_escrow(round_id), AccountRef.house()
    movements = []
    house_net = settlement.house_net
    if house_net < 0:
        movements.append(Movement(house, escrow, -house_net, "house bank pays"))
    for line in settlement.lines:
        if line.returned:
            movements.append(Movement(escrow, AccountRef.stack(table_id, line.seat), line.returned,
                                      f"{line.bet} {line.outcome}"))
    if house_net > 0:
        movements.append(Movement(escrow, house, house_net, "to the house (rake or house bank)"))
    return movements



def stack_table(table: Table) -> int | None:
    """The table whose stacks fund the stakes, or None when they come from wallets."""
    return table.id if table.plays_from_stacks else None



def stakes(flows: Sequence[ChipFlow]) -> list[Stake]:
    """An engine's chip flows as stakes: into the round's escrow (+) or back out (-)."""
    return [Stake(flow.seat, flow.amount, f"bet {flow.bet}" if flow.amount > 0
                  else f"bet {flow.bet} returned") for flow in flows if flow.amount]


def short_of_chips(table: Table, error: InsufficientFunds) -> Text:
    if error.account.kind == "stack":
        return Text("Your stack at this table has {balance} chips and this needs {needed}. Top up "
                    "between your rounds with {buyin}.", balance=error.balance, needed=error.needed,
                    buyin=table.adapter.info.vocabulary.command("buyin", amount=...))
    if table.config.practice:
        return Text("You don't have enough practice chips for that: you have {balance} and this needs "
                    "{needed}. `{refill}` gives you {chips} again.", balance=error.balance,
                    needed=error.needed, refill=Command("table refill"), chips=PRACTICE_CHIPS)
    return Text("You don't have enough chips for that: your wallet has {balance} and this needs "
                "{needed}. Try {daily}.", balance=error.balance, needed=error.needed, daily=Command("daily"))
