"""Chinese Poker on the table runtime: the adapter around :mod:`bot.games.chinese` (its table
round, :mod:`bot.games.chinese.table`, says how a hand is dealt, staked and timed out)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.games.chinese import (
    Arrangement,
    ChineseOptions,
    ChineseRound,
    Matchup,
    Phase,
    full_buy_in,
    verify_buy_in,
)
from bot.games.chinese.stakes import StackSettlement, Transfer
from bot.games.chinese.table import ChineseTable, segment_values
from bot.games.common import SeatId
from bot.games.round import Round
from bot.i18n import N_, Text, Words, joined
from bot.poker import Card
from bot.tables.adapter import (
    NO_CONTEXT,
    BuyInRequest,
    GameAdapter,
    Outcome,
    PrivateRow,
    PrivateRows,
    TableContext,
    TableTerms,
    own,
)
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.rules_page import CHINESE_RULES, reflow
from render import SeatView, ShowdownHand, ShowdownSnapshot, TableSnapshot

DEFAULT_POINT_VALUE = 10
SETTING = N_("Setting hands: choose your front 3 and middle 5 privately ({button})")


@dataclass(frozen=True)
class ChineseTableOptions(TableOptions):
    point_value: int = option(DEFAULT_POINT_VALUE, "chips a point is worth (buy-in: 20 points)",
                              minimum=1)
    on_timeout: Literal["auto-set", "foul"] = option(
        "auto-set", "a hand not set in time is auto-set or fouled")


def options_of(config: TableConfig) -> ChineseOptions:
    """The engine's options from the table's."""
    table = config.options_as(ChineseTableOptions)
    return ChineseOptions.from_dict({"point_value": table.point_value, "on_timeout": table.on_timeout})


# ------------------------------------------------------------------------ the showdown picture


def _showdown_rows(arrangement: Arrangement | None, cards: Sequence[Card], w: Words = ENGLISH,
                   ) -> tuple[tuple[str, Sequence[Card], str], ...]:
    """A hand's parts for the showdown picture; a hand never set shows its 13 cards."""
    if arrangement is None:
        return ((w("Not set"), tuple(cards), ""),)
    values = segment_values(arrangement)
    return tuple((w(SEGMENT_NAMES[index]), part, w(values[index]) if values else "")
                 for index, part in enumerate(arrangement.parts))


SEGMENT_NAMES = (N_("Front"), N_("Middle"), N_("Back"))


# ------------------------------------------------------------------------------- the adapter


class ChineseAdapter(GameAdapter):
    def terms(self, config: TableConfig) -> TableTerms:
        """What a point is worth (the footer: there are no bets) and how to start."""
        words, point_value = self.info.vocabulary, options_of(config).point_value
        return TableTerms(
            Text("{value} chips a point · buy-in {buy_in}", value=point_value,
                 buy_in=full_buy_in(point_value)),
            Text("New here? Bring chips to the table with `{buyin_command}`, then press **{deal}** "
                 "below (or `{deal_command}`): every seated player with chips is dealt 13 cards.",
                 buyin_command=words.command("buyin"), deal=words.label("deal"),
                 deal_command=words.command("deal")))

    # -- state -------------------------------------------------------------------------------
    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> ChineseTable:
        button = context.memory.get("button")
        return ChineseTable.open(options_of(config), context.seats, None if button is None else int(button),
                                 [int(seat) for seat in context.memory.get("order", ())], context.newcomers)

    def load(self, data: Mapping[str, Any], config: TableConfig) -> ChineseTable:
        return ChineseTable.from_dict(data)

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:
        point_value = options_of(config).point_value
        verify_buy_in(request.amount, point_value,
                      previous_was_full=request.bought_in >= full_buy_in(point_value))

    # -- round facts -------------------------------------------------------------------------
    def outcome(self, round_: Round) -> Outcome | None:
        state = own(round_, ChineseTable)
        hand, settlement = state.hand, state.settlement()
        if hand is None or settlement is None or hand.showdown is None:
            return None
        return Outcome(settlement, headline(hand), seat_lines(hand))

    # -- presentation ------------------------------------------------------------------------
    def snapshot(self, round_: Round | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        state = own(round_, ChineseTable)
        rate = w(self.terms(config).stakes)
        if state is None or state.hand is None:
            return TableSnapshot(title, footer=footer, dealer_status=rate)
        hand = state.hand
        pending = set(hand.pending_seats())
        seats = []
        for seat, player in hand.players.items():
            dealt = hand.phase is not Phase.DEALING
            status = (w("dealing…") if not dealt else w("setting…") if seat in pending else w("hand set"))
            seats.append(SeatView(
                names.get(seat, str(seat)), cards=(None,) * 13 if dealt else (),
                bet=w("Button") if seat == state.button else "", status=status,
                active=seat in pending, stack=w("{amount} in play", amount=player.stack), seat=seat))
        return TableSnapshot(title, seats=seats, footer=footer, dealer_status=rate)

    def showdown_snapshot(self, round_: Round, config: TableConfig, names: Mapping[SeatId, str],
                          title: str, footer: str, w: Words = ENGLISH) -> ShowdownSnapshot:
        """The result image: every hand as set and every pairwise result, who paid whom."""
        state = own(round_, ChineseTable)
        hand = state.hand
        assert hand is not None and hand.showdown is not None and hand.payments is not None
        showdown, payments = hand.showdown, hand.payments
        start = hand.stacks()

        def name(seat: SeatId) -> str:
            return names.get(seat, str(seat))

        hands = []
        for seat, player in hand.players.items():
            reading = showdown.readings[seat]
            if reading.natural is not None:
                note = w("declared {natural}", natural=Text(reading.natural.label))
            elif reading.foul is not None:
                note = w("FOULED: {reason}", reason=reading.foul)
            else:
                note = ""
            net = payments.stacks[seat] - start[seat]
            summary = w("{points} points · {net} chips", points=_signed(showdown.points[seat], w),
                        net=_signed(net, w))
            shown_name = w("{name} (button)", name=name(seat)) if seat == state.button else name(seat)
            hands.append(ShowdownHand(shown_name, _showdown_rows(player.arrangement, player.cards, w),
                                      summary, note))
        lines = [w(pair_text(pair, name)) for pair in showdown.pairs]
        lines += [w("{payer} paid {payee} {amount}", payer=name(t.payer), payee=name(t.payee),
                    amount=t.amount) for t in _merged(payments)]
        lines += [w("{payer} could not pay {payee} {amount} (stack empty)", payer=name(t.payer),
                    payee=name(t.payee), amount=t.amount) for t in payments.forfeited]
        return ShowdownSnapshot(title, tuple(hands), tuple(lines), footer)

    def private_cards(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        state = own(round_, ChineseTable)
        hand = state.hand
        if hand is None or seat not in hand.players or hand.phase is Phase.DEALING:
            return [], w("You have no cards in this round.")
        view = state.private_view(seat)
        rows: PrivateRows = [PrivateRow(w("Your 13 cards"), list(view.cards))]
        for label, part in zip(SEGMENT_NAMES, (view.front, view.middle, view.back), strict=True):
            if part is not None:
                rows.append(PrivateRow(w(label), list(part)))
        return rows, w("Your hand is set.") if view.is_set else w("Set your hand: front 3, middle 5, back 5.")

    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str:
        state = own(round_, ChineseTable)
        if state is None:
            return w("Waiting for a deal")
        if state.hand is None or state.hand.phase is Phase.DEALING:
            return w("Dealing")
        if state.hand.phase is Phase.SETTING:
            return w(SETTING, button=self.info.vocabulary.label("cards"))
        return w("Showdown")

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        options = options_of(config)
        text = w(
            CHINESE_RULES, point=options.point_value, buy_in=full_buy_in(options.point_value),
            decision=config.decision_seconds,
            timeout=(w("fouled") if options.on_timeout == "foul"
                     else w("set by the auto-arrange (which declares a natural it finds)")),
            **self.info.vocabulary.references(),
        )
        return reflow(text)


# ----------------------------------------------------------------------------------- helpers


def _signed(amount: int, w: Words = ENGLISH) -> str:
    return ("+" if amount > 0 else "") + w.number(amount)


def _merged(settlement: StackSettlement[SeatId]) -> list[Transfer[SeatId]]:
    """Payments per payer and payee (a debt may be paid in parts), as the engine totals them."""
    return [Transfer(payer, payee, amount) for (payer, payee), amount in settlement.paid().items()]


SEGMENT_WORDS = (N_("front"), N_("middle"), N_("back"))


def pair_text(pair: Any, name: Callable[[SeatId], str]) -> Text:
    """One pair's result in words, from the winner's side: ``"alice beats bob 6: front won,
    middle won, back won; sweep +3; royalties back +5"``."""
    if pair.total < 0:
        pair = pair.flipped()
    first, second = name(pair.first), name(pair.second)
    if pair.matchup is Matchup.NATURAL_PUSH:
        return Text("{first} and {second}: both naturals, push", first=first, second=second)
    if pair.matchup is Matchup.BOTH_FOULED:
        return Text("{first} and {second}: both fouled, push", first=first, second=second)
    if pair.matchup is Matchup.NATURAL:
        return Text("{first} beats {second} {points}: automatic win", first=first, second=second,
                    points=pair.total)
    segments = joined([Text(_mark(won), part=Text(word))
                       for word, won in zip(SEGMENT_WORDS, pair.segments, strict=True)], ", ")
    if pair.total == 0:
        return Text("{first} and {second}: push ({segments})", first=first, second=second, segments=segments)
    parts: list[str] = [Text("{name} fouled", name=second) if pair.matchup is Matchup.FOUL else segments]
    if pair.sweep:
        parts.append(Text("super bonus {points}", points=f"{pair.sweep:+d}") if abs(pair.sweep) > 3
                     else Text("sweep {points}", points=f"{pair.sweep:+d}"))
    royalties = [Text("{part} {points}", part=Text(word), points=f"{points:+d}")
                 for word, points in zip(SEGMENT_WORDS, pair.royalties, strict=True) if points]
    if royalties:
        parts.append(Text("royalties {list}", list=joined(royalties, ", ")))
    return Text("{first} beats {second} {points}: {parts}", first=first, second=second, points=pair.total,
                parts=joined(parts, "; "))


def _mark(won: int) -> str:
    return N_("{part} won") if won > 0 else N_("{part} lost") if won < 0 else N_("{part} tied")


def headline(hand: ChineseRound) -> Text:
    """The result embed's line: points per player and who paid whom (mentions: names render)."""
    assert hand.showdown is not None and hand.payments is not None
    points = ", ".join(f"<@{seat}> {total:+d}" for seat, total in hand.showdown.points.items())
    parts = [Text("Points ({value} chips each): {points}.", value=hand.options.point_value, points=points)]
    paid = [Text("<@{payer}> paid <@{payee}> {amount}", payer=str(t.payer), payee=str(t.payee),
                 amount=t.amount) for t in _merged(hand.payments)]
    parts.append(Text("Payments: {paid}.", paid=joined(paid, "; ")) if paid
                 else Text("No chips changed hands."))
    if hand.payments.forfeited:
        unpaid = [Text("<@{payer}> owed <@{payee}> {amount} more", payer=str(t.payer), payee=str(t.payee),
                       amount=t.amount) for t in hand.payments.forfeited]
        parts.append(Text("Forfeited (stacks empty, never a debt): {unpaid}.", unpaid=joined(unpaid, "; ")))
    return joined(parts, " ")


def seat_lines(hand: ChineseRound) -> dict[SeatId, str]:
    assert hand.showdown is not None and hand.payments is not None
    lines: dict[SeatId, str] = {}
    for seat, player in hand.players.items():
        reading = hand.showdown.readings[seat]
        if reading.natural is not None:
            shown: str = Text("declared {natural}", natural=Text(reading.natural.label))
        elif reading.foul is not None:
            shown = Text("fouled")
        else:
            values = segment_values(player.arrangement) if player.arrangement is not None else None
            shown = joined(values, " / ") if values else Text("")
        moves = [Text("paid <@{payee}> {amount}", payee=str(t.payee), amount=t.amount)
                 for t in _merged(hand.payments) if t.payer == seat]
        moves += [Text("got {amount} from <@{payer}>", payer=str(t.payer), amount=t.amount)
                  for t in _merged(hand.payments) if t.payee == seat]
        line = Text("{points} points · {shown}", points=f"{hand.showdown.points[seat]:+d}", shown=shown)
        lines[seat] = joined([line, joined(moves, ", ")], "\n") if moves else line
    return lines
