"""High Card Flush on the table runtime: the adapter around :class:`bot.games.hcf.HCFRound`
(the hand with its offer of the bank, :mod:`bot.games.hcf.offer`).

The game is banked by a player and played from table stacks: players buy in, every bet moves
chips from their stack into the round's escrow, the designated player (DP) stakes their whole
stack as the bank at the deal, and the settlement hands every chip back to the stacks, less
any disclosed rake, which goes to the house. The first offer of the bank gets the betting
window's time (the runtime opens every round with it), later offers the decision time.

Table options (``/table open`` for game hcf, ``/table config``): ``bank_minimum`` (the stack
that may bank), ``rake_mode`` (:class:`bot.games.hcf.RakeMode`) and ``rake`` (chips a hand).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.games.common import RuleError, SeatId
from bot.games.hcf import (
    FLUSH_PAYS,
    STRAIGHT_FLUSH_PAYS,
    HCFOptions,
    HCFPlayer,
    HCFRound,
    Phase,
    flush_cards,
    flush_first,
    flush_of,
    raise_cap,
    required_stack,
    run_of,
)
from bot.games.hcf.figures import summary
from bot.games.hcf.offer import bets_said
from bot.games.paytable import odds_text
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
from bot.tables.rules_page import HCF_RULES, reflow
from render import SeatView, TableSnapshot

DEFAULT_BANK_MINIMUM = 1_000
BIG_ANTE_FACTOR = 5
HIDDEN_HAND: tuple[None, ...] = (None,) * 7


@dataclass(frozen=True)
class HCFTableOptions(TableOptions):
    bank_minimum: int = option(DEFAULT_BANK_MINIMUM, "the stack a player needs to bank", minimum=1)
    rake_mode: Literal["none", "every_player", "all_but_dp", "dp_only"] = option(
        "none", "who pays the house rake")
    rake: int = option(0, "rake chips a hand from each raked seat", minimum=0)


GAME_NAME = "High Card Flush"  # its name in every language: not prose

def hcf_options(config: TableConfig) -> HCFOptions:
    """The engine's options from a table's configuration (``ValueError`` when they are bad)."""
    table = config.options_as(HCFTableOptions)
    return HCFOptions(min_ante=config.min_bet, max_ante=config.required_max_bet(GAME_NAME),
                      bank_minimum=table.bank_minimum, rake_mode=table.rake_mode,
                      rake=table.rake, max_payout=config.max_payout)


class HCFAdapter(GameAdapter):
    def terms(self, config: TableConfig) -> TableTerms:
        """The bet limits, a first-timer's hint to buy in and deal, and the table's banking
        terms (seed: the rake "deutlich offengelegt")."""
        words, options = self.info.vocabulary, self.options(config)
        hint = Text("New here? Bring chips to the table with `{buyin_command}`, then press **{deal}** "
                    "below (or `{deal_command}`): the bank is offered first, then press **{ante}** to bet "
                    "{minimum} chips (`{ante_command}` bets another amount).",
                    deal=words.label("start"), deal_command=words.command("start"),
                    ante=words.label("ante", amount=config.min_bet), minimum=config.min_bet,
                    ante_command=words.command("ante"), buyin_command=words.command("buyin", amount=...))
        note = Text("Bank: a stack of {minimum}+ may bank. {rake}", minimum=options.bank_minimum,
                    rake=options.rake_text)
        return TableTerms(super().terms(config).stakes, hint, note)

    def options(self, config: TableConfig) -> HCFOptions:
        return hcf_options(config)

    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> HCFRound:
        turn = context.memory.get("turn")
        order = [int(seat) for seat in context.memory.get("order") or []]
        return HCFRound.open(self.options(config), context.seat_ids, context.stacks,
                             None if turn is None else int(turn), order)

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:
        """A stack must cover at least the smallest hand: the minimum Ante, its largest Raise
        and the rake."""
        options = self.options(config)
        smallest = required_stack(options.min_ante, rake=options.player_rake)
        if request.stack + request.amount < smallest:
            raise RuleError("A stack here needs at least {smallest} chips (the minimum Ante, a 3x "
                            "Raise and the rake); you would have {stack}.",
                            smallest=smallest, stack=request.stack + request.amount)

    def load(self, data: Mapping[str, Any], config: TableConfig) -> HCFRound:
        return HCFRound.from_dict(data)

    # -- round facts -----------------------------------------------------------------------
    def outcome(self, round_: Round) -> Outcome | None:
        state = own(round_, HCFRound)
        result = state.game.result
        if result is None or not result.settlement.lines:
            return None
        seat_lines = {seat: _hand_text(player.cards) for seat, player in state.game.players.items()}
        if state.game.banker is not None:
            seat_lines[state.game.banker] = Text("bank: {hand}", hand=_hand_text(state.game.bank_cards))
        return Outcome(result.settlement, settlement_text(state), seat_lines)

    # -- presentation ----------------------------------------------------------------------
    def snapshot(self, round_: Round | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        state = own(round_, HCFRound)
        note = w(self.options(config).rake_text)
        if state is None:
            return TableSnapshot(title=title, footer=f"{footer} · {note}",
                                 dealer_status=w("Deal the next hand"))
        game = state.game
        settled = game.phase is Phase.SETTLED and bool(game.bank_cards)

        def name(seat: SeatId) -> str:
            return names.get(seat, str(seat))

        bank_cards: Sequence[Card | None] = ()
        highlight: frozenset[int] = frozenset()
        if settled:
            bank_cards, highlight = _grouped(game.bank_cards)
        elif game.bank_cards:
            bank_cards = HIDDEN_HAND
        label = w("Bank: the house") if state.house_banks else (
            w("Bank: {name}", name=name(game.banker)) if game.banker is not None else w("Bank: offered"))
        seats = tuple(self._seat_view(state, seat, name, settled, w) for seat in state.clockwise)
        return TableSnapshot(title=title, dealer=bank_cards, seats=seats,
                             footer=f"{footer} · {note}", dealer_status=w(_bank_status(state, name)),
                             dealer_label=label, dealer_highlight=highlight)

    def _seat_view(self, state: HCFRound, seat: SeatId, name: Callable[[SeatId], str],
                   settled: bool, w: Words) -> SeatView:
        game = state.game
        player = game.players.get(seat)
        if seat == game.banker and not state.offering:
            return SeatView(name(seat), status=w("button · banks {amount}", amount=game.bank), seat=seat)
        if player is None:
            offered = seat == state.offered
            status = (w("offered the bank…") if offered else
                      w("declined the bank") if seat in state.declined else "")
            return SeatView(name(seat), status=status, active=offered, seat=seat)
        cards: Sequence[Card | None] = ()
        ringed: frozenset[int] = frozenset()
        if player.cards:
            cards, ringed = _grouped(player.cards) if settled else (HIDDEN_HAND, frozenset())
        pending = seat in game.pending_seats()
        return SeatView(name(seat), cards=cards, bet=w(bets_said(player)), highlight=ringed,
                        status=w(_player_status(state, player, name, pending)), active=pending,
                        seat=seat)

    def private_cards(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        state = own(round_, HCFRound)
        game = state.game
        player = game.players.get(seat)
        if player is not None and player.cards:
            cap = raise_cap(flush_of(player.cards).length)
            line = w("Your hand: {hand}", hand=_hand_text(player.cards))
            if seat in game.pending_seats():
                line += (w(" · you may raise 1x or fold") if cap == 1
                         else w(" · you may raise 1x to {most}x or fold", most=cap))
            return [_ringed_row(w("Your cards"), player.cards)], line
        if seat == game.banker and game.bank_cards:
            return ([_ringed_row(w("Your cards (the bank's hand)"), game.bank_cards)],
                    w("You bank this hand: {hand}. Nobody else sees it before the showdown.",
                      hand=_hand_text(game.bank_cards)))
        return [], w("You have no cards in this round.")

    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str:
        state = own(round_, HCFRound)
        if state is None:
            return w("Waiting for the next hand")
        if state.offering:
            # A mention names the player for every viewer (and pings nobody inside an embed).
            return w("The bank is offered to <@{user}> (offer {number}): accept or decline",
                     user=str(state.offered), number=state.offer_number)
        phase = state.game.phase
        if phase is Phase.BETTING:
            return (w("Betting window open: the house banks") if state.house_banks
                    else w("Betting window open: a player banks"))
        return w(PHASE_TEXT[phase])

    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        options = self.options(config)
        text = w(
            HCF_RULES, min_ante=options.min_ante, max_ante=options.max_ante,
            bank_minimum=options.bank_minimum,
            rake=w(options.rake_text), max_payout=config.max_payout, betting=config.betting_seconds,
            decision=config.decision_seconds, sf_table=_pays(STRAIGHT_FLUSH_PAYS, w),
            flush_table=_pays(FLUSH_PAYS, w), figures=summary(w), **self.info.vocabulary.references(),
        )
        return reflow(text)


PHASE_TEXT = {Phase.DEALING: N_("Dealing"),
              Phase.DECISIONS: N_("Decisions: Raise 1x to 3x as your flush allows, or Fold"),
              Phase.SETTLED: N_("Showdown")}


# -- helpers ---------------------------------------------------------------------------------
def _ringed_row(label: str, cards: Sequence[Card]) -> PrivateRow:
    """A hand of the player's own, its flush first and ringed."""
    grouped, flush = _grouped(cards)
    return PrivateRow(label, list(grouped), rings=flush)


def _grouped(cards: Sequence[Card]) -> tuple[tuple[Card, ...], frozenset[int]]:
    """A shown hand with its flush first, and the flush's positions to ring."""
    return flush_first(cards), frozenset(range(len(flush_cards(cards))))


def _hand_text(cards: Sequence[Card]) -> Text:
    if not cards:
        return Text("")
    flush, run = flush_of(cards).text, run_of(cards)
    return joined([flush, run.text], ", ") if run.length >= 3 else flush


def _bank_status(state: HCFRound, name: Callable[[SeatId], str]) -> Text:
    game = state.game
    if state.offering:
        return Text("{name}: accept or decline the bank", name=name(state.pending[0]))
    if game.bank_flush() is not None:
        return (Text("{hand} · qualifies", hand=_hand_text(game.bank_cards)) if game.dp_qualified
                else Text("{hand} · does not qualify", hand=_hand_text(game.bank_cards)))
    if game.banker is None:
        return Text("The house banks, unlimited funds · the dealer has the button")
    return Text("{name} banks {amount} chips · the button is in front of the DP", name=name(game.banker),
                amount=game.bank)


def _player_status(state: HCFRound, player: HCFPlayer, name: Callable[[SeatId], str],
                   pending: bool) -> Text:
    game = state.game
    result = game.result
    if result is not None and result.settlement.lines:
        order = [hand.seat for hand in result.hands]
        if player.seat in order:
            return Text("#{number} {paid}", number=order.index(player.seat) + 1,
                        paid=_paid_text(state, player.seat, name))
    if pending:
        return Text("deciding…")
    if player.folded:
        return Text("AUTO FOLDED") if player.auto else Text("folded")
    if player.multiple:
        return Text("raised {times}x", times=player.multiple)
    if player.seat in state.declined:
        return Text("plays (declined the bank)")
    return Text("")


def _paid_text(state: HCFRound, seat: SeatId, name: Callable[[SeatId], str]) -> Text:
    """``"pays 30 to Alice"``, ``"paid 20 by the house"``, ``"dead hand: stakes back"``."""
    result = state.game.result
    assert result is not None
    hand = next(hand for hand in result.hands if hand.seat == seat)
    if hand.dead:
        return Text("dead hand: stakes back")
    bank = Text("the house") if state.game.banker is None else name(state.game.banker)
    if hand.net < 0:
        if state.game.players[seat].folded:
            return Text("pays {amount} to {bank} (folded)", amount=-hand.net, bank=bank)
        return Text("pays {amount} to {bank}", amount=-hand.net, bank=bank)
    if hand.net > 0:
        return Text("paid {amount} by {bank}", amount=hand.net, bank=bank)
    return Text("push")


def settlement_text(state: HCFRound) -> Text:
    """The result post's description: the bank's hand, then every hand in settlement order with
    who paid whom (players as mentions, which Discord shows as names), dead hands, the rake."""
    game = state.game
    result = game.result
    assert result is not None
    banker = game.banker
    house = banker is None
    bank = Text("the house") if house else f"<@{banker}>"
    hand_text = _hand_text(game.bank_cards)
    opening = (Text("The house banks") if house
               else Text("{bank} banks {amount} chips", bank=bank, amount=game.bank))
    shows = (Text("{opening}; the bank shows {hand} and qualifies.", opening=opening, hand=hand_text)
             if game.dp_qualified else
             Text("{opening}; the bank shows {hand} and does not qualify.", opening=opening, hand=hand_text))
    lines: list[str] = [shows, Text("Settled counter-clockwise from the right of the button:")]
    for number, hand in enumerate(result.hands, 1):
        who = f"<@{hand.seat}>"
        if hand.dead:
            lines.append(Text("{number}. {who}: dead hand, the bank's {amount} chips could not pay it in "
                              "full; every stake returned", number=number, who=who,
                              amount=hand.funds_before or 0))
            continue
        if hand.net < 0:
            text = Text("{who} pays {amount} to {bank}", who=who, amount=-hand.net, bank=bank)
        elif hand.net > 0:
            text = Text("{bank} pays {who} {amount}", bank=bank, who=who, amount=hand.net)
        else:
            text = Text("{who}: push", who=who)
        rake = sum(t.amount for t in result.transfers if t.payer == hand.seat and t.reason == "rake")
        if rake:
            text = Text("{text} · rake {amount} to the house", text=text, amount=rake)
        lines.append(Text("{number}. {text}", number=number, text=text))
    if result.dp_rake:
        lines.append(Text("{bank} pays rake {amount} to the house.", bank=bank, amount=result.dp_rake))
    return joined(lines, "\n")


def _pays(table: Sequence[tuple[int, int]], w: Words) -> str:
    return odds_text(((Text("{count} cards", count=length), odds, 1) for length, odds in table), w)
