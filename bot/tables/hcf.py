"""High Card Flush on the table runtime: the adapter around :class:`bot.games.hcf.HCFRound`.

The game is banked by a player and played from table stacks (``funding = "stack"``): players
buy in (``/hcf buyin``), every bet moves chips from their stack into the round's escrow, the
designated player (DP) stakes their whole stack as the bank at the deal, and the settlement
hands every chip back to the stacks, less any disclosed rake, which goes to the house.

How a hand runs at a table
--------------------------
1. Between hands the table shows **Deal next hand** and two Ante buttons. Any seated player
   opens the next hand with either (or ``/hcf deal``, ``/hcf ante``).
2. The DP role is offered in turn (:mod:`bot.games.hcf.offer`): the seat asked now sees it on
   the table and answers with **Accept bank** / **Decline bank** (``/hcf bank``); its timer
   counts as a decline. The first offer gets the betting window's time (the runtime starts every
   round with it), later offers the decision time. Players may bet meanwhile; a player who bets
   declines the bank for this hand. Nobody banks: the house does.
3. The betting window (Ante, both bonuses, Clear), then the deal: seven cards each, private
   (**My cards**), and seven for the bank, hidden until the showdown.
4. Decisions: **Raise 1x/2x/3x** as the player's flush allows, or **Fold**; the timer folds.
5. Settlement in order, posted as the result: the bank's hand, every hand's flush ringed, and
   who paid whom (dead hands and rake included).

Table options (``/table open`` for game hcf, ``/table config``): ``bank_minimum`` (the stack
that may bank), ``rake_mode`` (:class:`bot.games.hcf.RakeMode`) and ``rake`` (chips a hand).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.games.common import RuleError, SeatId
from bot.games.hcf import (
    FLUSH_PAYS,
    STRAIGHT_FLUSH_PAYS,
    BankDeclined,
    CloseBetting,
    Deal,
    Fold,
    HCFOptions,
    HCFPlayer,
    HCFRound,
    Phase,
    flush_cards,
    flush_of,
    raise_cap,
    required_stack,
    run_of,
)
from bot.games.hcf.actions import Action
from bot.games.hcf.figures import summary
from bot.games.paytable import odds_text
from bot.i18n import Words
from bot.poker import Card
from bot.tables.actions import ActionArg, Amount, Bonuses, NoArg, Times, expect
from bot.tables.adapter import (
    Applied,
    BuyInRequest,
    Control,
    DeadlineKind,
    GameAdapter,
    Outcome,
    PrivateRow,
    PrivateRows,
    TableContext,
)
from bot.tables.config import ENGLISH, TableConfig, TableOptions, option
from bot.tables.rules_page import reflow
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


def hcf_options(config: TableConfig) -> HCFOptions:
    """The engine's options from a table's configuration (``ValueError`` when they are bad)."""
    table = config.options_as(HCFTableOptions)
    return HCFOptions(min_ante=config.min_bet, max_ante=config.required_max_bet("High Card Flush"),
                      bank_minimum=table.bank_minimum, rake_mode=table.rake_mode,
                      rake=table.rake, max_payout=config.max_payout)


class HCFAdapter(GameAdapter):
    state_type = HCFRound
    starts_round_actions = frozenset({"start", "ante"})
    arguments = {"start": NoArg, "ante": Amount, "bonus": Bonuses, "clear": NoArg,
                 "accept": NoArg, "decline": NoArg, "raise": Times, "fold": NoArg}

    def idle_hint(self, w: Words = ENGLISH) -> str:
        return w("Press **Deal next hand** (or an Ante button, `/hcf deal`, `/hcf ante`) to start a "
                 "hand: the bank is offered first. Bring chips with `/hcf buyin`.")

    def options(self, config: TableConfig) -> HCFOptions:
        return hcf_options(config)

    def new_state(self, config: TableConfig) -> HCFRound:
        return HCFRound.open(self.options(config), (), {})

    def new_round_state(self, config: TableConfig, context: TableContext) -> HCFRound:
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

    def table_note(self, config: TableConfig) -> str:
        """The table's banking terms, shown on the table message (seed: the rake "deutlich
        offengelegt")."""
        options = self.options(config)
        return f"Bank: a stack of {options.bank_minimum:,}+ may bank. {options.rake_text}"

    # -- actions ---------------------------------------------------------------------------
    def apply(self, state: HCFRound, seat: SeatId, action: str, arg: ActionArg,
              memory: Mapping[SeatId, Any]) -> Applied:
        if action == "start":
            _check_has_chips(state, seat, opening=True)
            state.open_hand(seat)
            return Applied(seat, "Hand opened" + _opening_note(state), (), "open")
        if action == "ante":
            _check_has_chips(state, seat, opening=False)
            declines = seat in state.pending
            record = state.place_ante(seat, expect(arg, Amount).chips)
            return Applied(seat, _ante_label(record.amount, record.flows, declines), record.flows)
        if action == "bonus":
            records = state.place_bonuses(seat, _bonus_amounts(expect(arg, Bonuses)))
            label = ", ".join(record.label for record in records)
            return Applied(seat, label, tuple(flow for record in records for flow in record.flows))
        if action == "clear":
            cleared = state.clear_bets(seat)
            return Applied(seat, "Bets taken back", cleared.flows)
        if action == "accept":
            state.accept(seat)
            return Applied(seat, "Bank accepted", (), f"bank:{seat}")
        if action == "decline":
            state.decline(seat)
            return Applied(seat, "Bank declined", (), f"bank:{seat}")
        if action == "raise":
            raised = state.raise_bet(seat, _multiple(expect(arg, Times)))
            return Applied(seat, raised.label, raised.flows, f"decide:{seat}")
        if action == "fold":
            folded = state.fold(seat)
            return Applied(seat, folded.label, folded.flows, f"decide:{seat}")
        raise RuleError("High Card Flush has no action {action}.", action=action)

    def phase_key(self, state: HCFRound) -> Hashable:
        """Each offer of the bank is a phase of its own: the next player gets a fresh timer."""
        return ("offer", state.offer_number) if state.offering else state.game.phase

    def deadline_kind(self, state: HCFRound) -> DeadlineKind | None:
        if state.offering:
            return "decision"
        if state.game.phase is Phase.BETTING:
            return "betting"
        if state.game.phase is Phase.DECISIONS:
            return "decision"
        return None

    def on_deadline(self, state: HCFRound, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        return [_applied(action) for action in state.expire(deck)]

    def leave(self, state: HCFRound, seat: SeatId) -> list[Applied]:
        return [_applied(action) for action in state.leave(seat)]

    # -- round facts -----------------------------------------------------------------------
    def needs_seed(self, state: HCFRound) -> bool:
        return not state.offering and state.game.phase is not Phase.BETTING

    def is_over(self, state: HCFRound) -> bool:
        return not state.offering and state.game.phase is Phase.SETTLED

    def outcome(self, state: HCFRound) -> Outcome | None:
        result = state.game.result
        if result is None or not result.settlement.lines:
            return None
        seat_lines = {seat: _hand_text(player.cards) for seat, player in state.game.players.items()}
        if state.game.banker is not None:
            seat_lines[state.game.banker] = "bank: " + _hand_text(state.game.bank_cards)
        return Outcome(result.settlement, settlement_text(state), seat_lines)

    def dealt_cards(self, state: HCFRound) -> list[Card]:
        return state.game.dealt_cards() if state.game.bank_cards else []

    def seats_in_play(self, state: HCFRound) -> list[SeatId]:
        return list(state.seats_in_play())

    def memory(self, state: HCFRound) -> dict[Any, Any]:
        """Where the DP turn stands and the order it goes round in."""
        return {"turn": state.turn, "order": list(state.clockwise)}

    # -- presentation ----------------------------------------------------------------------
    def controls(self, state: HCFRound | None, config: TableConfig) -> list[Control]:
        small = config.min_bet
        big = min(config.required_max_bet(self.display_name), config.min_bet * BIG_ANTE_FACTOR)
        antes = [Control(f"Ante {small:,}", "ante", Amount(small), "primary", 1),
                 Control(f"Ante {big:,}", "ante", Amount(big), "primary", 1)]
        bonuses = [Control(f"SF bonus {small:,}", "bonus", Bonuses(straight_flush=small), "secondary", 1),
                   Control(f"Flush bonus {small:,}", "bonus", Bonuses(flush=small), "secondary", 1)]
        if state is None:
            return [Control("Deal next hand", "start", NoArg(), "success", 0), *antes]
        if state.offering:
            return [Control("Accept bank", "accept", NoArg(), "success", 0),
                    Control("Decline bank", "decline", NoArg(), "danger", 0), *antes, *bonuses]
        phase = state.game.phase
        if phase is Phase.BETTING:
            return [*antes, *bonuses, Control("Clear", "clear", NoArg(), "danger", 2)]
        if phase is Phase.DECISIONS:
            return [Control("Raise 1x", "raise", Times(1), "success", 0),
                    Control("Raise 2x", "raise", Times(2), "success", 0),
                    Control("Raise 3x", "raise", Times(3), "success", 0),
                    Control("Fold", "fold", NoArg(), "danger", 0),
                    Control("My cards", "cards", NoArg(), "primary", 1)]
        return []

    def snapshot(self, state: HCFRound | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str) -> TableSnapshot:
        note = self.options(config).rake_text
        if state is None:
            return TableSnapshot(title=title, footer=f"{footer} · {note}",
                                 dealer_status="Deal the next hand")
        game = state.game
        settled = game.phase is Phase.SETTLED and bool(game.bank_cards)

        def name(seat: SeatId) -> str:
            return names.get(seat, str(seat))

        bank_cards: Sequence[Card | None] = ()
        highlight: frozenset[int] = frozenset()
        if settled:
            bank_cards = game.bank_cards
            highlight = _positions(game.bank_cards, flush_cards(game.bank_cards))
        elif game.bank_cards:
            bank_cards = HIDDEN_HAND
        label = "Bank: the house" if state.house_banks else (
            f"Bank: {name(game.banker)}" if game.banker is not None else "Bank: offered")
        seats = tuple(self._seat_view(state, seat, name, settled) for seat in state.clockwise)
        return TableSnapshot(title=title, dealer=bank_cards, seats=seats,
                             footer=f"{footer} · {note}", dealer_status=_bank_status(state, name),
                             dealer_label=label, dealer_highlight=highlight)

    def _seat_view(self, state: HCFRound, seat: SeatId, name: Callable[[SeatId], str],
                   settled: bool) -> SeatView:
        game = state.game
        player = game.players.get(seat)
        if seat == game.banker and not state.offering:
            return SeatView(name(seat), status=f"button · banks {game.bank:,}", seat=seat)
        if player is None:
            offered = seat == state.offered
            status = ("offered the bank…" if offered else
                      "declined the bank" if seat in state.declined else "")
            return SeatView(name(seat), status=status, active=offered, seat=seat)
        cards: Sequence[Card | None] = ()
        ringed: frozenset[int] = frozenset()
        if player.cards:
            cards = player.cards if settled else HIDDEN_HAND
            if settled:
                ringed = _positions(player.cards, flush_cards(player.cards))
        pending = seat in game.pending_seats()
        return SeatView(name(seat), cards=cards, bet=_bets_text(player), highlight=ringed,
                        status=_player_status(state, player, name, pending), active=pending,
                        seat=seat)

    def private_cards(self, state: HCFRound, seat: SeatId) -> tuple[PrivateRows, str]:
        game = state.game
        player = game.players.get(seat)
        if player is not None and player.cards:
            flush = flush_of(player.cards)
            cap = raise_cap(flush.length)
            line = f"Your hand: {_hand_text(player.cards)}"
            if seat in game.pending_seats():
                line += " · you may raise " + ("1x" if cap == 1 else f"1x to {cap}x") + " or fold"
            return [PrivateRow("Your cards", list(player.cards))], line
        if seat == game.banker and game.bank_cards:
            return ([PrivateRow("Your cards (the bank's hand)", list(game.bank_cards))],
                    f"You bank this hand: {_hand_text(game.bank_cards)}. Nobody else sees it "
                    "before the showdown.")
        return [], "You have no cards in this round."

    def private_highlights(self, state: HCFRound, seat: SeatId) -> list[frozenset[int]]:
        """Per row of :meth:`private_cards`, the card positions to ring: the hand's flush."""
        rows, _ = self.private_cards(state, seat)
        hands = [[card for card in row.cards if card is not None] for row in rows]
        return [_positions(hand, flush_cards(hand)) for hand in hands]

    def phase_text(self, state: HCFRound | None) -> str:
        if state is None:
            return "Waiting for the next hand"
        if state.offering:
            # A mention names the player for every viewer (and pings nobody inside an embed).
            return (f"The bank is offered to <@{state.offered}> (offer {state.offer_number}): "
                    "accept or decline")
        banker = "the house banks" if state.house_banks else "a player banks"
        return {
            Phase.BETTING: f"Betting window open: {banker}",
            Phase.DEALING: "Dealing",
            Phase.DECISIONS: "Decisions: Raise 1x to 3x as your flush allows, or Fold",
            Phase.SETTLED: "Showdown",
        }[state.game.phase]

    def record(self, state: HCFRound) -> dict[str, Any]:
        """The hand's public record: the offer, every bet and decision, the hands and who paid
        whom (everything is revealed once the hand is settled)."""
        game = state.game
        return {
            "offers": list(state.offers), "banker": game.banker,
            "history": [action.log_entry() for action in [*state.history, *game.history]],
            "hands": {str(seat): [str(card) for card in player.cards]
                      for seat, player in game.players.items()},
            "bank": [str(card) for card in game.bank_cards],
            "result": None if game.result is None else game.result.to_dict(),
        }

    def rules_text(self, config: TableConfig) -> str:
        options = self.options(config)
        text = RULES.format(
            min_ante=options.min_ante, max_ante=options.max_ante, bank_minimum=options.bank_minimum,
            rake=options.rake_text, max_payout=config.max_payout, betting=config.betting_seconds,
            decision=config.decision_seconds, sf_table=_pays(STRAIGHT_FLUSH_PAYS),
            flush_table=_pays(FLUSH_PAYS), figures=summary(),
        )
        return reflow(text)


RULES = """\
**High Card Flush**, banked by a player: each player against the designated player (DP) or,
when nobody banks, the house. Seven cards each; the longest flush wins, then its cards from the
top down; the same flush is a push.
**Table stacks**: bring chips with `/hcf buyin` (a stack covers at least the minimum Ante and a
3x Raise); `/hcf leave` takes your stack back to your wallet (after the hand you are in).
**The bank**: each hand the DP role is offered in turn, clockwise from the last DP, to players
whose stack is at least {bank_minimum:,}. Accept or decline (the timer declines); a player who
bets first declines. Nobody banks: the house banks with unlimited funds. The dealer button sits
in front of the DP. The DP places no bets and stakes the whole stack as the bank.
**Bets** (Ante {min_ante:,}–{max_ante:,}; betting window {betting} s): the Ante and, after it,
the optional Straight Flush and Flush bonuses. Your stack must cover the Ante, a 3x Raise and
the bonuses.
**Decisions** ({decision} s): Fold (Ante and bonuses lost) or Raise: 1x the Ante with a flush of
4 or fewer cards, up to 2x with 5, up to 3x with 6 or 7. The timer folds.
**The bank qualifies** with a 3-card 9-high flush or better. Not qualified: Ante 1:1, Raise
returned. Qualified: better hand Ante and Raise 1:1, worse both lost, equal both returned.
**Straight Flush bonus** (3+ suited cards in a row, ace high or low; it must beat the bank's
run, which counts even when the bank does not qualify; equal: push): {sf_table}.
**Flush bonus** (4+ cards; it must beat the bank's flush; equal: push): {flush_table}.
A bonus needs the Raise: a fold loses it. At most {max_payout:,} paid on one hand.
**Settlement** goes counter-clockwise from the right of the button, each win paid from the
DP's stack plus what the bank has collected so far. A hand the bank cannot pay in full is dead:
every stake back. {rake}
**Our figures**:
{figures}
"""


# -- helpers ---------------------------------------------------------------------------------
def _applied(action: Action) -> Applied:
    """An automatic action (a timer, a player leaving) for the runtime, with its dedupe step."""
    seat = getattr(action, "seat", None)
    step: str | None = None
    if isinstance(action, BankDeclined):
        step = f"bank:{action.seat}"
    elif isinstance(action, Fold):
        step = f"decide:{action.seat}"
    elif isinstance(action, CloseBetting):
        step = "close-betting"
    elif isinstance(action, Deal):
        step = "deal"
    return Applied(seat, action.label, tuple(action.flows), step)


def _check_has_chips(state: HCFRound, seat: SeatId, *, opening: bool) -> None:
    """A seat of this hand whose stack was empty when it began is told how to bring chips (a
    seat that joined during the hand is told by the engine to wait for the next one)."""
    if seat not in state.clockwise or state.stacks[seat] > 0:
        return
    if opening:
        raise RuleError("You have no chips at this table: bring some with `/hcf buyin amount`.")
    raise RuleError("Your stack was empty when this hand began: buy in with `/hcf buyin amount` "
                    "and play from the next hand.")


def _opening_note(state: HCFRound) -> str:
    if state.offering:
        return ": the bank is offered first"
    return ": the house banks (nobody has the bank minimum)"


def _ante_label(amount: int, flows: Sequence[Any], declined: bool) -> str:
    label = f"Ante {amount:,}"
    rake = sum(flow.amount for flow in flows if flow.bet == "rake")
    if rake:
        label += f" + rake {rake:,}"
    if declined:
        label += " (you play, so you declined the bank)"
    return label


def _multiple(arg: Times) -> int:
    if arg.times not in (1, 2, 3):
        raise RuleError("Raise 1x, 2x or 3x your Ante.")
    return arg.times


def _bonus_amounts(arg: Bonuses) -> dict[str, int]:
    """The bonuses the argument names (a button names one, the command one or both)."""
    amounts = {"straight_flush": arg.straight_flush, "flush": arg.flush}
    named = {bonus: amount for bonus, amount in amounts.items() if amount is not None}
    if not named:
        raise RuleError("Name a bonus and its chips, e.g. a Straight Flush bonus of 10.")
    return named


def _positions(cards: Sequence[Card], chosen: Sequence[Card]) -> frozenset[int]:
    wanted = set(chosen)
    return frozenset(index for index, card in enumerate(cards) if card in wanted)


def _hand_text(cards: Sequence[Card]) -> str:
    if not cards:
        return ""
    text = flush_of(cards).text
    run = run_of(cards)
    if run.length >= 3:
        text += f", {run.text}"
    return text


def _bets_text(player: HCFPlayer) -> str:
    parts = [f"Ante {player.ante:,}"]
    if player.raised:
        parts.append(f"Raise {player.raised:,}")
    if player.straight_flush:
        parts.append(f"SF {player.straight_flush:,}")
    if player.flush:
        parts.append(f"Flush {player.flush:,}")
    if player.rake:
        parts.append(f"rake {player.rake:,}")
    return " · ".join(parts)


def _bank_status(state: HCFRound, name: Callable[[SeatId], str]) -> str:
    game = state.game
    if state.offering:
        return f"{name(state.pending[0])}: accept or decline the bank"
    bank_flush = game.bank_flush()
    if bank_flush is not None:
        qualified = "qualifies" if game.dp_qualified else "does not qualify"
        return f"{_hand_text(game.bank_cards)} · {qualified}"
    if game.banker is None:
        return "The house banks, unlimited funds · the dealer has the button"
    return f"{name(game.banker)} banks {game.bank:,} chips · the button is in front of the DP"


def _player_status(state: HCFRound, player: HCFPlayer, name: Callable[[SeatId], str],
                   pending: bool) -> str:
    game = state.game
    result = game.result
    if result is not None and result.settlement.lines:
        order = [hand.seat for hand in result.hands]
        if player.seat in order:
            return f"#{order.index(player.seat) + 1} " + _paid_text(state, player.seat, name)
    if pending:
        return "deciding…"
    if player.folded:
        return "AUTO FOLDED" if player.auto else "folded"
    if player.multiple:
        return f"raised {player.multiple}x"
    if player.seat in state.declined:
        return "plays (declined the bank)"
    return ""


def _paid_text(state: HCFRound, seat: SeatId, name: Callable[[SeatId], str]) -> str:
    """``"pays 30 to Alice"``, ``"paid 20 by the house"``, ``"dead hand: stakes back"``."""
    result = state.game.result
    assert result is not None
    hand = next(hand for hand in result.hands if hand.seat == seat)
    if hand.dead:
        return "dead hand: stakes back"
    bank = "the house" if state.game.banker is None else name(state.game.banker)
    folded = " (folded)" if state.game.players[seat].folded else ""
    if hand.net < 0:
        return f"pays {-hand.net:,} to {bank}{folded}"
    if hand.net > 0:
        return f"paid {hand.net:,} by {bank}"
    return "push"


def settlement_text(state: HCFRound) -> str:
    """The result post's description: the bank's hand, then every hand in settlement order with
    who paid whom (players as mentions, which Discord shows as names), dead hands, the rake."""
    game = state.game
    result = game.result
    assert result is not None
    banker = game.banker
    bank, payer = ("the house", "The house") if banker is None else (f"<@{banker}>",) * 2
    qualified = "qualifies" if game.dp_qualified else "does not qualify"
    opening = "The house banks" if banker is None else f"<@{banker}> banks {game.bank:,} chips"
    lines = [f"{opening}; the bank shows {_hand_text(game.bank_cards)} and {qualified}.",
             "Settled counter-clockwise from the right of the button:"]
    for number, hand in enumerate(result.hands, 1):
        who = f"<@{hand.seat}>"
        if hand.dead:
            lines.append(f"{number}. {who}: dead hand, the bank's {hand.funds_before or 0:,} chips "
                         "could not pay it in full; every stake returned")
            continue
        if hand.net < 0:
            text = f"{who} pays {-hand.net:,} to {bank}"
        elif hand.net > 0:
            text = f"{payer} pays {who} {hand.net:,}"
        else:
            text = f"{who}: push"
        rake = sum(t.amount for t in result.transfers if t.payer == hand.seat and t.reason == "rake")
        if rake:
            text += f" · rake {rake:,} to the house"
        lines.append(f"{number}. {text}")
    if result.dp_rake:
        lines.append(f"{payer} pays rake {result.dp_rake:,} to the house.")
    return "\n".join(lines)


def _pays(table: Sequence[tuple[int, int]]) -> str:
    return odds_text((f"{length} cards", odds, 1) for length, odds in table)
