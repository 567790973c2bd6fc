"""Settling a round against the bank: the DP's funds, dead hands, the rake, who paid whom.

RULES.md ("High Card Flush"): settlement goes counter-clockwise starting right of the dealer
button, which sits in front of the designated player (DP). Each player is settled in that order
against the DP's funds: the DP's stack at the start of the round, plus what the DP collected
earlier in this settlement, less what it paid earlier. A player whose total win on the hand
(all bets together, losing bets netted against winning ones) the funds cannot cover in full has
a dead hand: every stake is returned, the rake included (seed: "der Einsatz des Spielers wird
zurückgegeben und für die Zwecke des Hausanteils nicht berücksichtigt"), and the funds do not
change. So the order matters: a loser settled before a big winner can make the winner payable.
The house as banker has unlimited funds and no hand is ever dead.

Chips in a player-banked round
------------------------------
The DP's whole stack goes into play at the deal as one stake, bet ``"bank"`` (a
:class:`~bot.games.common.ChipFlow` on the deal record). The settlement then has, besides each
player's lines, one line for the DP: ``SettlementLine(dp, "bank", staked=bank, returned=bank +
collected - paid - dp_rake)``. Everything handed back plus the rake is everything staked, so
``Settlement.house_net`` is exactly the rake. With the house banking there is no bank line and
``house_net`` is the house's result on the round, rake included, as in the other games.

The rake (when it is taken)
---------------------------
* A raked player stakes the rake with their Ante, as bet ``"rake"`` (the table shows "Ante 10 +
  rake 1"), so it is always covered by the chips the player has at the table. It goes to the
  house at settlement for every live hand, folded ones included (the fee is for taking part),
  and comes back in full with a dead hand.
* A raked DP pays the rake last, after every player is settled, out of what the bank then holds
  and never more than that (after paying winners it may hold less than the rake). A DP none of
  whose hands was live (every hand dead) pays no rake: nothing was banked.

Who paid whom
-------------
:attr:`BankSettlement.transfers` lists the chips between parties in settlement order: per live
hand one net transfer between the player and the bank (``"lost"``: player -> bank, ``"won"``:
bank -> player, none on a net push) and the player's rake (player -> house); last the DP's rake.
The house is :data:`HOUSE` (``None``) as a party, as payee of rake and as the bank when no
player banks. Each seat's ``Settlement.summary[seat].net`` equals what its transfers bring it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from bot.games.common import SeatId, Settlement, SettlementLine

HOUSE: Final = None
"""The house as a party to a :class:`Transfer`."""

BANK_BET: Final = "bank"
RAKE_BET: Final = "rake"


class Transfer(NamedTuple):
    """``amount`` chips from ``payer`` to ``payee`` (``None``: the house). ``reason`` is
    ``"lost"`` (a player's net loss to the bank), ``"won"`` (the bank pays a player's net win)
    or ``"rake"``."""

    payer: SeatId | None
    payee: SeatId | None
    amount: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Transfer:
        return cls(_party(data["payer"]), _party(data["payee"]), int(data["amount"]), str(data["reason"]))


class HandResult(NamedTuple):
    """One player's hand in settlement order: its net against the bank (0 when dead) and the
    bank's funds before and after it (``None`` when the house banks)."""

    seat: SeatId
    net: int
    dead: bool
    funds_before: int | None
    funds_after: int | None

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandResult:
        before, after = data["funds_before"], data["funds_after"]
        return cls(int(data["seat"]), int(data["net"]), bool(data["dead"]),
                   None if before is None else int(before), None if after is None else int(after))


@dataclass(frozen=True)
class BankSettlement:
    """The round's settlement (per bet), the transfers (who paid whom) and each hand's result."""

    settlement: Settlement
    transfers: tuple[Transfer, ...]
    hands: tuple[HandResult, ...]
    dp_rake: int
    """The rake the DP actually paid (0 when the house banks)."""

    @property
    def dead(self) -> tuple[SeatId, ...]:
        return tuple(hand.seat for hand in self.hands if hand.dead)

    @property
    def rake(self) -> int:
        """All rake taken this round."""
        return sum(transfer.amount for transfer in self.transfers if transfer.reason == RAKE_BET)

    def to_dict(self) -> dict[str, Any]:
        return {
            "settlement": self.settlement.to_dict(),
            "transfers": [transfer.to_dict() for transfer in self.transfers],
            "hands": [hand.to_dict() for hand in self.hands],
            "dp_rake": self.dp_rake,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BankSettlement:
        return cls(
            Settlement.from_dict(data["settlement"]),
            tuple(Transfer.from_dict(item) for item in data["transfers"]),
            tuple(HandResult.from_dict(item) for item in data["hands"]),
            int(data["dp_rake"]),
        )


def settle_against_bank(
    hands: Sequence[Sequence[SettlementLine]],
    banker: SeatId | None,
    bank: int,
    dp_rake: int,
) -> BankSettlement:
    """Settle ``hands`` in order against the bank (module docstring).

    ``hands``: per player, in settlement order, the lines as :func:`bot.games.hcf.rules.
    settle_hand` settles them with unlimited funds, plus a ``"rake"`` line (the rake staked,
    returned 0) when the player is raked. ``banker`` is the DP's seat, ``None`` for the house;
    ``bank`` the DP's stack at the start of the round (ignored for the house); ``dp_rake`` the
    DP's rake per the table's rake mode.
    """
    if banker is not None and bank < 0:
        raise ValueError("the bank cannot be negative")
    funds = bank if banker is not None else None
    lines: list[SettlementLine] = []
    transfers: list[Transfer] = []
    results: list[HandResult] = []
    for hand in hands:
        seat = _one_seat(hand)
        net = sum(line.returned - line.staked for line in hand if line.bet != RAKE_BET)
        before = funds
        if funds is not None and net > funds:
            lines += [line._replace(returned=line.staked, outcome="dead") for line in hand]
            results.append(HandResult(seat, 0, True, before, funds))
            continue
        if funds is not None:
            funds -= net
        lines += hand
        if net < 0:
            transfers.append(Transfer(seat, banker, -net, "lost"))
        elif net > 0:
            transfers.append(Transfer(banker, seat, net, "won"))
        transfers += [Transfer(seat, HOUSE, line.staked, RAKE_BET)
                      for line in hand if line.bet == RAKE_BET and line.staked]
        results.append(HandResult(seat, net, False, before, funds))
    taken = 0
    if banker is not None and funds is not None:
        if any(not result.dead for result in results):
            taken = min(dp_rake, funds)
        back = funds - taken
        lines.append(SettlementLine(banker, BANK_BET, bank, back, _outcome(back - bank)))
        if taken:
            transfers.append(Transfer(banker, HOUSE, taken, RAKE_BET))
    return BankSettlement(Settlement(tuple(lines)), tuple(transfers), tuple(results), taken)


def _one_seat(hand: Sequence[SettlementLine]) -> SeatId:
    seats = {line.seat for line in hand}
    if len(seats) != 1:
        raise ValueError("each hand's lines belong to exactly one seat")
    return next(iter(seats))


def _outcome(net: int) -> str:
    if net > 0:
        return "win"
    return "push" if net == 0 else "lose"


def _party(value: Any) -> SeatId | None:
    return None if value is None else int(value)
