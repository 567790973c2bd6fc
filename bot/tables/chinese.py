"""Chinese Poker on the table runtime: the adapter around :mod:`bot.games.chinese`.

A table seats any number of players; a hand deals in the first four (in seating order, which is
clockwise) who hold chips in their table stack. Decisions taken here where the rules are silent:

* **Starting a hand.** A seated player with chips presses Deal (or ``/chinese deal``); the hand
  needs at least two players with chips. Everyone seated with chips is dealt in at once (there
  is no betting, so no window to wait for); players without chips sit out until they buy in.
* **Stakes.** At the deal every player's whole stack goes into the hand's escrow (table stakes:
  no chip joins or leaves a stack during a hand, and a player can lose at most their stack); at
  the showdown each stack comes back as :func:`bot.games.chinese.settle_stacks` leaves it. The
  house takes nothing: the settlement's ``house_net`` is always 0.
* **The button** is remembered between hands as the player who held it and the order they sat
  in; :func:`bot.games.chinese.choose_button` moves it on (clockwise past newcomers, on from a
  departed holder's place).
* **Buy-in.** The first buy since sitting down is the full buy-in, 20 points' worth; after that
  a player may top up by any amount between their hands (a short buy after a full buy).
* **Timeouts.** When the decision timer runs out, or a player leaves mid-hand, every hand not
  yet set is set by the auto-arrange (declaring a natural the cards hold), or fouled when the
  table's ``on_timeout`` option is ``"foul"``.
* **Fouls.** Confirm refuses a fouled hand with the reason; "Confirm foul" (``/chinese confirm
  foul:True``) plays it fouled. ``/chinese set`` sets a legal hand at once and keeps a fouled
  one as a draft with the same warning.
"""

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
    moves,
    verify_buy_in,
)
from bot.games.chinese.stakes import StackSettlement, Transfer
from bot.games.chinese.table import STAKE, ChineseTable, HandView, segment_values
from bot.games.common import SeatId, Settlement, SettlementLine
from bot.games.round import Round
from bot.i18n import N_, Text, Words, joined
from bot.poker import Card
from bot.tables.adapter import (
    Applied,
    BuyInRequest,
    GameAdapter,
    Outcome,
    PrivateRow,
    PrivateRows,
    TableContext,
)
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.rules_page import reflow
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
    state_type = ChineseTable
    starts_round_actions = frozenset({"deal"})
    move_types = moves.MOVE_TYPES

    def idle_hint(self, config: TableConfig) -> Text:
        words = self.vocabulary
        return Text("New here? Bring chips to the table with `{buyin_command}`, then press **{deal}** "
                    "below (or `{deal_command}`): every seated player with chips is dealt 13 cards.",
                    buyin_command=words.command("buyin"), deal=words.label("deal"),
                    deal_command=words.command("deal"))

    # -- state -------------------------------------------------------------------------------
    def new_state(self, config: TableConfig) -> ChineseTable:
        return ChineseTable(options_of(config))

    def new_round_state(self, config: TableConfig, context: TableContext) -> ChineseTable:
        button = context.memory.get("button")
        return ChineseTable.open(options_of(config), context.seats, None if button is None else int(button),
                                 [int(seat) for seat in context.memory.get("order", ())], context.newcomers)

    def opening_seconds(self, config: TableConfig) -> float:
        """Deal at once: nobody bets, so nothing is worth waiting for."""
        return 0

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:
        point_value = options_of(config).point_value
        verify_buy_in(request.amount, point_value,
                      previous_was_full=request.bought_in >= full_buy_in(point_value))

    # -- actions -----------------------------------------------------------------------------
    def on_deadline(self, state: ChineseTable, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        hand = state.hand
        if hand is None:
            return []
        if hand.phase is Phase.DEALING:
            return [Applied(None, state.deal_cards(deck()).label, step="deal-cards")]
        return [Applied(seat, state.time_out(seat).label, step=f"set:{seat}")
                for seat in hand.pending_seats()]

    def leave(self, state: ChineseTable, seat: SeatId) -> list[Applied]:
        hand = state.hand
        if hand is None or not hand.can_timeout(seat):
            return []  # not dealt yet: the hand is timed out once it is
        return [Applied(seat, state.time_out(seat).label, step=f"set:{seat}")]

    # -- round facts -------------------------------------------------------------------------
    def outcome(self, state: ChineseTable) -> Outcome | None:
        hand = state.hand
        if hand is None or hand.payments is None or hand.showdown is None:
            return None
        start, final = hand.stacks(), hand.payments.stacks
        lines = tuple(SettlementLine(seat, STAKE, start[seat], final[seat],
                                     _outcome_word(final[seat] - start[seat])) for seat in start)
        return Outcome(Settlement(lines), headline(hand), seat_lines(hand))

    def memory(self, state: ChineseTable) -> dict[Any, Any]:
        if state.hand is None:
            return {}
        return {"button": state.button, "order": list(state.order)}

    # -- presentation ------------------------------------------------------------------------
    def stakes_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        """What a point is worth here (the table message's footer; there are no bets)."""
        point_value = options_of(config).point_value
        return w("{value} chips a point · buy-in {buy_in}", value=point_value,
                 buy_in=full_buy_in(point_value))

    def snapshot(self, state: ChineseTable | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        rate = self.stakes_text(config, w)
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

    def showdown_snapshot(self, state: ChineseTable, config: TableConfig, names: Mapping[SeatId, str],
                          title: str, footer: str, w: Words = ENGLISH) -> ShowdownSnapshot:
        """The result image: every hand as set and every pairwise result, who paid whom."""
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

    def private_cards(self, state: ChineseTable, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        hand = state.hand
        if hand is None or seat not in hand.players or hand.phase is Phase.DEALING:
            return [], w("You have no cards in this round.")
        view = self.hand_view(state, seat)
        rows: PrivateRows = [PrivateRow(w("Your 13 cards"), list(view.cards))]
        for label, part in zip(SEGMENT_NAMES, (view.front, view.middle, view.back), strict=True):
            if part is not None:
                rows.append(PrivateRow(w(label), list(part)))
        return rows, w("Your hand is set.") if view.is_set else w("Set your hand: front 3, middle 5, back 5.")

    def hand_view(self, state: Round, seat: SeatId) -> HandView:
        """The seat's own hand for the private setting message; RuleError if they have none."""
        if not isinstance(state, ChineseTable):
            raise TypeError("the Chinese Poker table runs Chinese Poker rounds only")
        return state.private_view(seat)

    def phase_text(self, state: ChineseTable | None, w: Words = ENGLISH) -> str:
        if state is None:
            return w("Waiting for a deal")
        if state.hand is None or state.hand.phase is Phase.DEALING:
            return w("Dealing")
        if state.hand.phase is Phase.SETTING:
            return w(SETTING, button=self.vocabulary.label("cards"))
        return w("Showdown")

    def final_hands(self, state: ChineseTable) -> dict[SeatId, list[Sequence[Card]]]:
        """A player's three rows as set (a fouled or unset hand has none to show)."""
        hand = state.hand
        if hand is None:
            return {}
        return {seat: [row.back, row.middle, row.front] for seat, player in hand.players.items()
                if (row := player.arrangement) is not None}

    def record(self, state: ChineseTable) -> dict[str, Any]:
        hand = state.hand
        assert hand is not None and hand.showdown is not None and hand.payments is not None
        return {
            "button": state.button, "point_value": hand.options.point_value,
            "hands": {str(seat): {**(player.arrangement.to_dict() if player.arrangement else {}),
                                  "declared": player.declared, "set_by": player.set_by}
                      for seat, player in hand.players.items()},
            "showdown": hand.showdown.to_dict(), "payments": hand.payments.to_dict(),
            "stacks_before": {str(seat): stack for seat, stack in hand.stacks().items()},
        }

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        options = options_of(config)
        text = w(
            RULES, point=options.point_value, buy_in=full_buy_in(options.point_value),
            decision=config.decision_seconds,
            timeout=(w("fouled") if options.on_timeout == "foul"
                     else w("set by the auto-arrange (which declares a natural it finds)")),
            **self.vocabulary.references(),
        )
        return reflow(text)


# ----------------------------------------------------------------------------------- helpers


def _outcome_word(net: int) -> str:
    return "win" if net > 0 else "lose" if net < 0 else "push"


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


RULES = N_("""\
**Chinese Poker**, settled between players: 2 to 4 players, 13 cards each (four hands are
always dealt; those of empty seats are dead and never shown).
**Setting**: privately, a front of 3 cards, a middle of 5 and a back of 5 (the back is the
rest); the back must beat or tie the middle and the middle must beat the front. Straights and
flushes do not count in the front. Press **{cards_button}** (or `{cards_command}`): choose the
front and the middle in the menus, or **{auto_button}**, then **{confirm_button}**. Nobody sees a
hand until all are set; then the showdown image shows every hand and every result.
**Scoring**, pairwise against every other player: 1 point per segment won (a tie scores
nothing); winning all three is 6 points. Royalties to the segment's winner: back straight
flush +5, back four of a kind +4; middle straight flush +10, four of a kind +8, full house
+2; front trips +3. Super bonus: sweeping all three opponents scores 9 from each.
**Automatic wins** (declare before the showdown: the button under your cards, or `{declare_command}`): dragon
(A to K) 13 points from every player, beating every other; six pairs, three flushes, three
straights 4 points (two of these push).
**Foul**: a hand out of order pays 6 points to every player plus their royalties and super
bonus; two fouled hands push. You are warned before confirming one (**{confirmfoul_button}**
plays it).
**Time**: {decision} s to set; a hand not set in time is {timeout}.
**Money**: 1 point = {point} chips. Buy in with `{buyin_command}`: the first buy is
{buy_in} chips (20 points); after it any top-up between hands. Players pay each other
directly from their table stacks (no house, no rake): you win from each opponent at most your
own stack at the start of the hand; a loser pays the winners clockwise from the button until
their stack is empty, and the rest is forfeited, never a debt. The button moves clockwise each
hand; a new player does not get it on their first hand. `{leave_command}` takes your stack
back to your wallet (after the hand, if you are in one).
**{auto_button}**: the legal arrangement with the most expected points against one random
opponent (segments treated as independent, with sweeps and royalties).
""")
