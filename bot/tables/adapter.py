"""The contract between the table runtime and one game: the engine's round, and its presenter.

The runtime is the same for every game: it serialises actions, saves state, moves chips and
runs timers. It asks the engine's round what it is (:class:`bot.games.round.Round`: its phase,
its timer, whether it is over, its cards) and the game's adapter what to do and show: an
action is the engine's move of that kind (:meth:`GameAdapter.apply`, from the engine's
``MOVE_TYPES``), the buttons are the moves the round offers (:mod:`bot.tables.controls`), and
the rest is presentation (pictures, private cards, texts). Adapters hold no state of their
own; the round is passed in and out.

A game's adapter subclasses :class:`GameAdapter`: the abstract methods are what every game must
say; the others are hooks whose defaults suit a house-banked betting game, overridden where a
game differs (player-banked High Card Flush, peer-to-peer Chinese Poker, Imperial's card
menu). The game's identity (key, name, how it is funded) is its :class:`GameInfo`, given by its
one declaration in :mod:`bot.catalog`.

Funding: ``"house"`` games take stakes from wallets and the house pays; at ``"player-bank"``
and ``"peer"`` tables players buy in to table stacks: every ChipFlow moves chips between the
seat's stack and the round's escrow; at settlement each line's ``returned`` goes from the
escrow to the seat's stack, a positive ``house_net`` (rake, or the house's win when it banks)
to the house, and a negative one is first paid by the house into the escrow. The escrow must
end at exactly zero.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from bot.games.common import ChipFlow, RuleError, SeatId, Settlement, TableWordsError
from bot.games.moves import MoveOption
from bot.i18n import N_, Text, Words, joined
from bot.poker import Card, strongest_hand
from bot.store.stats_models import PlayedHand
from bot.tables.actions import NO_ARG, ActionArg, argument_type, build_move
from bot.tables.config import ENGLISH, MAX_CHIPS, TableConfig, TableOptions
from bot.tables.controls import NEWCOMER, Control, offered, table_controls
from bot.tables.wording import TABLE_COMMANDS, Vocabulary
from render import ShowdownSnapshot, TableSnapshot

Funding = Literal["house", "player-bank", "peer"]


@dataclass(frozen=True)
class GameInfo:
    """Who a game is, as its declaration in :mod:`bot.catalog` says: ``key`` names it in the
    store, in button ids and as its slash command group; ``name`` is what players read."""

    key: str
    name: str
    funding: Funding = "house"
    options: type[TableOptions] = TableOptions
    """The game's table options (defaults, ranges, descriptions)."""
    vocabulary: Vocabulary | None = None
    """What players call its actions (its commands and buttons); None: only the table's own
    commands every game has (``rules``, and at a stack-funded table ``buyin`` and ``leave``)."""

    @property
    def plays_from_stacks(self) -> bool:
        """Stakes come from table stacks (bought in) rather than wallets."""
        return self.funding != "house"


@dataclass(frozen=True)
class PrivateRow:
    """One row of a player's own cards: what it is ("Box 1 (open)"), the cards, and what they
    make ("Two Pair, Kings and Sevens"), drawn under the label and wrapped, never cut."""

    label: str
    cards: list[Card | None]
    detail: str = ""


PrivateRows = list[PrivateRow]
"""A player's own cards as labelled rows (one per hand or box)."""
@dataclass(frozen=True)
class Applied:
    """What one accepted action did: the chips it moved and how the history names it."""

    seat: SeatId | None
    label: str
    flows: tuple[ChipFlow, ...] = ()
    step: str | None = None
    """Dedupe key: an action with the same step in the same round is applied once only."""


@dataclass(frozen=True)
class Outcome:
    """A settled round as the table announces it."""

    settlement: Settlement
    headline: str
    seat_lines: Mapping[SeatId, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CardPick:
    """A menu of a player's own cards to choose from before an action (Imperial's Draw): at
    most ``most`` of ``cards``, then the ``button`` applies ``action`` with the chosen cards as
    its argument (:class:`bot.tables.actions.CardList`). ``row`` is the private row
    (:meth:`GameAdapter.private_cards`) the cards are in."""

    row: int
    cards: tuple[Card, ...]
    most: int
    action: str
    button: str
    placeholder: str


@dataclass(frozen=True)
class PickPreview:
    """What the pick's action with the chosen cards would do, shown before it is paid:
    ``text`` (its cost), ``short`` (a few words for the image) and a ``warning`` to heed first."""

    text: str
    short: str
    warning: str | None = None


@dataclass(frozen=True)
class TableContext:
    """The table as a round opens: what an engine needs that is not in its own state.

    ``seats`` are the seated players with their stacks, in the order they sat down. That order
    is the table's clockwise order: a newcomer takes the next free place clockwise, after the
    last player to sit down. At a table played from wallets every stack is 0.
    """

    table_id: int
    seats: tuple[tuple[SeatId, int], ...]
    """(user id, chips in their stack at the table before the round's first stake)."""
    memory: Mapping[Any, Any] = field(default_factory=dict)
    """What ``adapter.memory()`` returned after the last settled round (button, last DP...):
    seat ids are int keys, other keys str (it went through JSON)."""
    newcomers: frozenset[SeatId] = frozenset()
    """Seated players who have not finished a round at this table since they sat down (a new
    player does not get the button on their first hand)."""

    @property
    def seat_ids(self) -> tuple[SeatId, ...]:
        return tuple(seat for seat, _ in self.seats)

    @property
    def stacks(self) -> dict[SeatId, int]:
        return dict(self.seats)

    def stack_of(self, seat: SeatId) -> int:
        return self.stacks.get(seat, 0)


@dataclass(frozen=True)
class BuyInRequest:
    """A player asking to bring chips to a stack-funded table, as the game's check sees it."""

    user_id: SeatId
    amount: int
    stack: int
    """Chips already in the player's stack at this table."""
    bought_in: int
    """Chips the player has brought to this table since they last sat down (0: first buy)."""
    wallet: int


def settled_status(settlement: Settlement | None, seat: SeatId, hand: str | None,
                   w: Words = ENGLISH) -> str | None:
    """A seat's line on the table picture once its bets are settled ("Flush · wins 40", "push",
    "loses 20"); None before."""
    if settlement is None or seat not in settlement.summary:
        return None
    summary = settlement.summary[seat]
    verdict = {"win": w("wins {amount}", amount=summary.net), "push": w("push"),
               "lose": w("loses {amount}", amount=-summary.net)}[summary.outcome]
    return f"{w(hand)} · {verdict}" if hand else verdict


BET_NAMES = {
    "ante": N_("Ante"), "blind": N_("Blind"), "trips": N_("Trips"), "play": N_("Play"),
    "pairplus": N_("Pair Plus"), "bet": N_("Bet"), "bonus": N_("Bonus"), "insurance": N_("Insurance"),
    "buy": N_("Buy"), "draw": N_("Draw"), "raise": N_("Raise"), "straight_flush": N_("Straight Flush bonus"),
    "flush": N_("Flush bonus"), "rake": N_("rake"), "bank": N_("bank"), "hand": N_("hand"),
}
"""Every game's settlement keys as players read them (a game with other keys names them itself)."""


def bets_report(vocabulary: Vocabulary, action: str, bets: Text) -> Text:
    """``"Undo: Ante 20 · Blind 20"``: an action whose effect is only clear from the bets it
    leaves (Undo, Rebet, Double), named as its button is, as its reply and the round's log
    show it."""
    return Text("{action}: {bets}", action=vocabulary.label(action), bets=bets)


def button(vocabulary: Vocabulary, w: Words, action: str, arg: ActionArg = NO_ARG,
           style: str = "secondary", row: int = 0, /, *, named: str | None = None,
           **values: Any) -> Control:
    """The button that applies ``action`` with ``arg``, labelled as the game's vocabulary names
    it (``named``: which of the action's buttons, where it has several)."""
    return Control(vocabulary.button(w, named or action, **values), action, arg, style, row)


def bet_list(*bets: tuple[str, int]) -> Text:
    """``"Ante 20 · Blind 20 · Trips 10"``: the bets that hold chips, as the game names them
    (a name is a catalogue text)."""
    return joined([Text("{bet} {amount}", bet=Text(name), amount=amount) for name, amount in bets if amount])


class GameAdapter(ABC):
    """One game on the table runtime (see the module docstring). Adapters hold no state."""

    starts_round_actions: ClassVar[frozenset[str]]
    """Actions a seated (or new) player may take with no round running: they open one."""
    move_types: ClassVar[Sequence[type[Any]]] = ()
    """The engine's moves (its ``MOVE_TYPES``): an action is the move of that ``kind``, made
    with the argument its fields take (:func:`bot.tables.actions.argument_type`)."""

    def __init__(self, info: GameInfo) -> None:
        self.info = info

    @property
    def game(self) -> str:
        return self.info.key

    @property
    def display_name(self) -> str:
        return self.info.name

    @property
    def vocabulary(self) -> Vocabulary:
        """What players call the game's actions: its commands and buttons."""
        return self.info.vocabulary or Vocabulary(self.info.key, TABLE_COMMANDS)

    # -- state -------------------------------------------------------------------------------
    @abstractmethod
    def new_state(self, config: TableConfig) -> Any:
        """A fresh round's state; ``/table config`` also calls it to validate the options."""

    def new_round_state(self, config: TableConfig, context: TableContext) -> Any:
        """The state a round opens with, knowing the table (seats in clockwise order, stacks,
        memory, newcomers). Default: :meth:`new_state`."""
        return self.new_state(config)

    state_type: ClassVar[Any]
    """The engine's round class: :meth:`load` restores what its ``to_dict`` saved (after
    every action) with its ``from_dict``, unless the game overrides it."""

    def load(self, data: Mapping[str, Any], config: TableConfig) -> Any:
        """The round its ``to_dict`` saved (a restart resumes the round from it)."""
        return self.state_type.from_dict(data)

    # -- actions and time --------------------------------------------------------------------
    @property
    def arguments(self) -> Mapping[str, type[ActionArg]]:
        """Every action the game takes, with the type of its argument."""
        return {move.kind: argument_type(move) for move in self.move_types}

    def _move_named(self, action: str) -> type[Any]:
        """The engine's move named ``action`` (a player's refusal for any other word)."""
        move = {move.kind: move for move in self.move_types}.get(action)
        if move is None:
            raise RuleError("{game} has no action {action}.", game=self.display_name, action=action)
        return move

    def apply(self, state: Any, seat: SeatId, action: str, arg: ActionArg,
              memory: Mapping[SeatId, Any]) -> Applied:
        """Make the engine's move an action names (or ``RuleError``); ``memory`` holds last
        round's bets (Rebet). A move that only shows in the bets it leaves (Undo, Rebet) is
        answered with those: "Undo: Ante 10 · Pair Plus 10"."""
        move = build_move(self._move_named(action), arg, lambda: memory.get(seat))
        try:
            moved = state.apply(seat, move)
        except TableWordsError as refusal:  # the rules' refusal, naming this table's controls
            named: dict[str, str] = {name: self.vocabulary.command(action, **options)
                     for name, (action, options) in refusal.commands.items()}
            named |= {name: self.vocabulary.label(action) for name, action in refusal.buttons.items()}
            raise RuleError(refusal.said.message, **{**refusal.said.values, **named}) from None
        label = moved.label
        if getattr(move, "reports_bets", False):
            left = self.bets_in_place(state, seat) or Text("no bets left")
            label = bets_report(self.vocabulary, move.kind, left)
        if moved.note:
            label = Text("{said} ({note})", said=label, note=moved.note)
        return Applied(seat, label, moved.flows, moved.repeat_key)

    def bets_in_place(self, state: Any, seat: SeatId) -> Text:
        """The seat's bets on the table now, as a reply lists them ("Ante 10 · Pair Plus 10")."""
        return Text("")

    def read_arg(self, action: str, text: str) -> ActionArg:
        """A button's argument, from its custom id, as the type the action takes."""
        kind = self.arguments.get(action)
        if kind is None:
            raise RuleError("{game} has no action {action}.", game=self.display_name, action=action)
        return kind.decode(text)

    def opening_seconds(self, config: TableConfig) -> float:
        """How long a round's first window lasts before its first deadline fires. Default:
        the betting window (Chinese Poker has no bets: 0, so the deal comes at once)."""
        return float(config.betting_seconds)

    @abstractmethod
    def on_deadline(self, state: Any, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        """The timer ran out: close the window (and deal from ``deck()``), or time seats out."""

    @abstractmethod
    def leave(self, state: Any, seat: SeatId) -> list[Applied]:
        """A player left mid-round: take back unplaced bets, or play the hand by timeouts."""

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:  # noqa: B027
        """Refuse a buy-in the game's rules do not allow (raise ``RuleError``); default: any
        buy-in the wallet covers (a hook with nothing to do by default, not abstract)."""

    # -- the round's facts -------------------------------------------------------------------
    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """The settlement once the round is over; None when nobody played (nothing dealt)."""

    def memory(self, state: Any) -> dict[Any, Any]:
        """What the next round remembers (bets for Rebet, the button); default: nothing."""
        return {}

    @abstractmethod
    def record(self, state: Any) -> dict[str, Any]:
        """The finished round's public record for /round (everything is revealed by then)."""

    def final_hands(self, state: Any) -> Mapping[SeatId, Sequence[Sequence[Card]]]:
        """Each player's hands at the end of a round, as card groups (a box, a row, hole cards
        with the board), for their stats' best hand; default: none."""
        return {}

    # -- what players see --------------------------------------------------------------------
    def controls(self, state: Any | None, config: TableConfig, w: Words = ENGLISH) -> list[Control]:
        """The table message's buttons, labelled in the server's language ``w``: one for each
        move the round offers (:mod:`bot.tables.controls`): every seat's legal moves and a
        newcomer's; at an idle table what a newcomer may do in a fresh round, or where a fresh
        round has nobody to ask (a table of stacks seats its players as the round opens) the
        moves that open one. "My cards" while cards are out."""
        if state is not None:
            moves = offered(state.legal_moves(seat) for seat in (*state.seats_to_ask(), NEWCOMER))
        else:
            moves = list(self.new_state(config).legal_moves(NEWCOMER)) or [
                MoveOption(kind) for kind in sorted(self.starts_round_actions)]
        dealt = state is not None and state.cards_out() and not state.is_over()
        return table_controls(self.vocabulary, w, moves, [move.kind for move in self.move_types],
                              dict(self.arguments), self.button_chips(config), dealt)

    def button_chips(self, config: TableConfig) -> dict[str, tuple[int, ...]]:
        """The chips a bet's buttons offer: its wording's sizes in table minimums, within the
        table's maximum."""
        most = config.max_bet or MAX_CHIPS
        return {named: tuple(min(config.min_bet * size, most) for size in wording.sizes)
                for named, wording in self.vocabulary.actions.items()}

    @abstractmethod
    def snapshot(self, state: Any | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        """The public picture, its words in ``w``: hidden cards are None, never
        present-but-flagged."""

    def showdown_snapshot(self, state: Any, config: TableConfig, names: Mapping[SeatId, str],
                          title: str, footer: str, w: Words = ENGLISH) -> ShowdownSnapshot | None:
        """The result picture when hands show in parts (Chinese Poker); default None: the
        result is the table picture at the showdown."""
        return None

    @abstractmethod
    def private_cards(self, state: Any, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        """A seat's own cards as labelled rows and a line about them ("My cards"), in the
        player's language ``w``."""

    def private_highlights(self, state: Any, seat: SeatId) -> list[frozenset[int]]:
        """Per private row, card positions to ring (High Card Flush: the flush); default none."""
        return []

    def card_pick(self, state: Any, seat: SeatId, w: Words = ENGLISH) -> CardPick | None:
        """A menu of the seat's own cards for an action (Imperial's Draw), or None."""
        return None

    def pick_preview(self, state: Any, seat: SeatId, cards: Sequence[Card],
                     w: Words = ENGLISH) -> PickPreview:
        """What :meth:`card_pick`'s action with ``cards`` would cost; ``RuleError`` when not
        allowed."""
        raise RuleError("{game} has no card menu.", game=self.display_name)

    @abstractmethod
    def phase_text(self, state: Any | None, w: Words = ENGLISH) -> str: ...

    def idle_hint(self, config: TableConfig) -> Text:
        """What starts a round at an idle table, said so a first-time player knows what to press."""
        return Text("New here? Press **{ante}** below to bet {minimum} chips on the next round "
                    "(`{ante_command}` bets another amount); your cards then come to you privately, "
                    "and the buttons show each choice.",
                    ante=self.vocabulary.label("ante", amount=config.min_bet, box=1),
                    minimum=config.min_bet, ante_command=self.vocabulary.command("ante"))

    def bet_text(self, bet: str) -> Text:
        """A settlement line's bet (named by its key, ``"pairplus"``) as players read it."""
        return Text(BET_NAMES.get(bet, bet))

    def table_note(self, config: TableConfig, w: Words = ENGLISH) -> str | None:
        """A line of table terms on the table message (a player bank's terms and rake)."""
        return None

    def stakes_text(self, config: TableConfig, w: Words = ENGLISH) -> str:
        """The stakes for the table's footer; default: the Ante limits."""
        return w("bets {limits}", limits=config.bets_in(w))

    @abstractmethod
    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str: ...


class HouseGameAdapter(GameAdapter):
    """A dealer game against the house whose round is a :class:`bot.games.records.DealerRound`
    (UTH, the boxed games, Three Card Poker): ``public_view()``, ``history``,
    ``close_betting()``/``can_deal()``/``deal(deck)`` and ``clear_bets``/``can_clear_bets``.
    These defaults read those; a game overrides what it does differently."""

    def record(self, state: Any) -> dict[str, Any]:
        """The public view at the end and every action's log entry."""
        return {"view": self.final_view(state), "history": [action.log_entry() for action in state.history]}

    def final_view(self, state: Any) -> dict[str, Any]:
        return dict(state.public_view().to_dict())

    def close_window(self, state: Any, deck: Callable[[], Sequence[Card]]) -> list[Applied]:
        """The betting window's deadline: refund what does not stand, then deal to whoever is
        left (nobody left: nothing is dealt)."""
        closed = state.close_betting()
        applied = [Applied(None, closed.label, tuple(closed.flows), "close-betting")]
        if state.can_deal():
            applied.append(Applied(None, state.deal(deck()).label, (), "deal"))
        return applied

    def take_back_bets(self, state: Any, seat: SeatId) -> list[Applied] | None:
        """A leaver's bets while the window is open (``[]``: none to take back); None once the
        window has closed, when the game plays the hand out instead."""
        if state.cards_out():
            return None
        if not state.can_clear_bets(seat):
            return []
        cleared = state.clear_bets(seat)
        return [Applied(seat, cleared.label, tuple(cleared.flows), None)]


def played_hands(adapter: GameAdapter, state: Any) -> dict[SeatId, PlayedHand]:
    """Each player's best poker hand of the finished round, as their stats keep it."""
    played = {}
    for seat, hands in adapter.final_hands(state).items():
        best = strongest_hand(hands)
        if best is not None:
            played[seat] = PlayedHand(best.value, " ".join(str(card) for card in best.best_five))
    return played
