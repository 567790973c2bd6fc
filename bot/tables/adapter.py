"""The contract between the table runtime and one game: the engine's round, and its presenter.

The runtime is the same for every game: it serialises actions, saves state, moves chips and
runs timers. It asks the engine's round what it is and does (:class:`bot.games.round.Round`:
its legal moves, its timer, whether it is over, its cards, its record) and the game's
adapter what to show: the pictures, a player's own cards, the texts. An action is the
engine's move of that kind, and the buttons are the moves the round offers; both the same for
every game (:class:`bot.tables.play.TableActions`). Adapters hold no state of their own; the
round is passed in and out.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, overload

from bot.games.boxed.seat import box_and_bet
from bot.games.common import RuleError, SeatId, Settlement
from bot.games.moves import NO_MOVES, MoveSet
from bot.games.round import Round
from bot.i18n import N_, Text, Words, joined
from bot.poker import Card, strongest_hand
from bot.store.stats_models import PlayedHand
from bot.tables.actions import NO_ARG, ActionArg
from bot.tables.config import ENGLISH, TableConfig, TableOptions
from bot.tables.controls import Control
from bot.tables.play import TableActions
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
    words: Vocabulary | None = None
    """What players call its actions (its commands and buttons); None: only the table's own
    commands every game has (``rules``, and at a stack-funded table ``buyin`` and ``leave``)."""
    moves: MoveSet = NO_MOVES
    """The engine's moves (its ``MOVES``): an action is the move of that ``kind``."""

    @property
    def plays_from_stacks(self) -> bool:
        """Stakes come from table stacks (bought in) rather than wallets."""
        return self.funding != "house"

    @property
    def vocabulary(self) -> Vocabulary:
        """What players call the game's actions: its commands and buttons."""
        return self.words or Vocabulary(self.key, TABLE_COMMANDS)


@dataclass(frozen=True)
class PrivateRow:
    """One row of a player's own cards: what it is ("Box 1 (open)"), the cards, and what they
    make ("Two Pair, Kings and Sevens"), drawn under the label and wrapped, never cut."""

    label: str
    cards: list[Card | None]
    detail: str = ""
    rings: frozenset[int] = frozenset()
    """Card positions to ring (High Card Flush: the hand's flush)."""


PrivateRows = list[PrivateRow]
"""A player's own cards as labelled rows (one per hand or box)."""
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
"""Every game's settlement keys as players read them."""


def bet_name(bet: str) -> Text:
    """A settlement line's bet, named by its key (``"pairplus"``, a box's ``"box2 ante"``), as
    players read it ("Pair Plus", "Box 2: Ante")."""
    boxed = box_and_bet(bet)
    if boxed is not None:
        return Text("Box {box}: {bets}", box=boxed[0], bets=bet_name(boxed[1]))
    return Text(BET_NAMES.get(bet, bet))


QUALIFIES = N_("Dealer: {hand} (qualifies)")
DOES_NOT_QUALIFY = N_("Dealer: {hand} (does not qualify)")


def dealer_outcome(settlement: Settlement | None, hand: str | None, qualified: bool | None,
                   seat_lines: Mapping[SeatId, str], *, not_qualifying: str = DOES_NOT_QUALIFY,
                   then: Text | None = None) -> Outcome | None:
    """A dealer game's settled round as the table announces it ("Dealer: Pair of Kings
    (qualifies)", ``then`` what followed: an exchange), or None when nobody played."""
    if settlement is None or not settlement.lines:
        return None
    headline = Text(QUALIFIES if qualified else not_qualifying, hand=hand)
    return Outcome(settlement, joined([headline, then]) if then else headline, seat_lines)


def dealer_status(hand: str | None, qualified: bool | None, w: Words) -> str:
    """The dealer's line on the table picture once the hand shows ("Pair of Kings · qualifies")."""
    if not hand:
        return ""
    return w("{hand} · qualifies", hand=hand) if qualified else w("{hand} · does not qualify", hand=hand)


def button(vocabulary: Vocabulary, w: Words, action: str, arg: ActionArg = NO_ARG,
           style: str = "secondary", row: int = 0, /, *, named: str | None = None,
           **values: Any) -> Control:
    """The button that applies ``action`` with ``arg``, labelled as the game's vocabulary names
    it (``named``: which of the action's buttons, where it has several)."""
    return Control(vocabulary.button(w, named or action, **values), action, arg, style, row)


@dataclass(frozen=True)
class TableTerms:
    """What the table message says of the table besides its round (texts for any reader)."""

    stakes: Text
    """The footer's stakes ("bets 10–1,000")."""
    idle_hint: Text
    """What starts a round at an idle table, said so a first-time player knows what to press."""
    note: Text | None = None
    """A line of terms (a player bank's terms and rake)."""


R = TypeVar("R", bound=Round)


@overload
def own(round_: Round, kind: type[R]) -> R: ...
@overload
def own(round_: Round | None, kind: type[R]) -> R | None: ...
def own(round_: Round | None, kind: type[R]) -> R | None:
    """The round as the engine's own type ``kind``: a game's adapter presents its own rounds."""
    if round_ is not None and not isinstance(round_, kind):
        raise TypeError(f"a {type(round_).__name__} is not a {kind.__name__}")
    return round_


NO_CONTEXT = TableContext(0, ())
"""A round opened with nobody seated and nothing remembered (an idle table's buttons, the check
of a table's options)."""


class GameAdapter(ABC):
    """One game's presenter (see the module docstring). Adapters hold no state: the engine's
    round is passed in, as a :class:`Round`; a game's adapter takes it as its engine's round
    with :func:`own` (a round of another game is a bug, said at once)."""

    def __init__(self, info: GameInfo) -> None:
        self.info = info
        self.actions = TableActions(info)

    # -- rounds ------------------------------------------------------------------------------
    @abstractmethod
    def new_round(self, config: TableConfig, context: TableContext = NO_CONTEXT) -> Round:
        """The round a table opens, knowing the table (seats in clockwise order, stacks,
        memory, newcomers); ``/table config`` calls it to validate the options."""

    @abstractmethod
    def load(self, data: Mapping[str, Any], config: TableConfig) -> Round:
        """The round its ``to_dict`` saved (a restart resumes the round from it)."""

    def check_buy_in(self, config: TableConfig, request: BuyInRequest) -> None:  # noqa: B027
        """Refuse a buy-in the game's rules do not allow (raise ``RuleError``); default: any
        buy-in the wallet covers (a hook with nothing to do by default, not abstract)."""

    @abstractmethod
    def outcome(self, round_: Round) -> Outcome | None:
        """The settlement once the round is over, as the table announces it; None when nobody
        played (nothing dealt)."""

    # -- what players see --------------------------------------------------------------------
    @abstractmethod
    def snapshot(self, round_: Round | None, config: TableConfig, names: Mapping[SeatId, str],
                 title: str, footer: str, w: Words = ENGLISH) -> TableSnapshot:
        """The public picture, its words in ``w``: hidden cards are None, never
        present-but-flagged."""

    def showdown_snapshot(self, round_: Round, config: TableConfig, names: Mapping[SeatId, str],
                          title: str, footer: str, w: Words = ENGLISH) -> ShowdownSnapshot | None:
        """The result picture when hands show in parts (Chinese Poker); default None: the
        result is the table picture at the showdown."""
        return None

    @abstractmethod
    def private_cards(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> tuple[PrivateRows, str]:
        """A seat's own cards as labelled rows and a line about them ("My cards"), in the
        player's language ``w``."""

    def card_pick(self, round_: Round, seat: SeatId, w: Words = ENGLISH) -> CardPick | None:
        """A menu of the seat's own cards for an action (Imperial's Draw), or None."""
        return None

    def pick_preview(self, round_: Round, seat: SeatId, cards: Sequence[Card],
                     w: Words = ENGLISH) -> PickPreview:
        """What :meth:`card_pick`'s action with ``cards`` would cost; ``RuleError`` when not
        allowed."""
        raise RuleError("{game} has no card menu.", game=self.info.name)

    @abstractmethod
    def phase_text(self, round_: Round | None, w: Words = ENGLISH) -> str: ...

    def terms(self, config: TableConfig) -> TableTerms:
        """Default: the Ante limits, and a first-timer's hint to press Ante."""
        words = self.info.vocabulary
        return TableTerms(
            Text("bets {limits}", limits=config.limits),
            Text("New here? Press **{ante}** below to bet {minimum} chips on the next round "
                 "(`{ante_command}` bets another amount); your cards then come to you privately, "
                 "and the buttons show each choice.",
                 ante=words.label("ante", amount=config.min_bet, box=1), minimum=config.min_bet,
                 ante_command=words.command("ante")))

    @abstractmethod
    def rules_text(self, config: TableConfig, w: Words = ENGLISH) -> str: ...


def played_hands(state: Round) -> dict[SeatId, PlayedHand]:
    """Each player's best poker hand of the finished round, as their stats keep it."""
    played = {}
    for seat, hands in state.final_hands().items():
        best = strongest_hand(hands)
        if best is not None:
            played[seat] = PlayedHand(best.value, " ".join(str(card) for card in best.best_five))
    return played
