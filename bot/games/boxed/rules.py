"""The boxed dealer games as data: hand classes, pay tables, the game's rules, table options,
and one box's settlement.

2 Plus 4 Poker and Imperial Poker (seeds ``two-plus-four-poker.de.txt`` and
``imperial-poker.de.txt``; RULES.md sections "Imperial Poker" and "2 Plus 4 Poker") share one
mechanism: boxes played against a dealer who qualifies with Ace-King, a BET of twice the Ante,
a bonus on the first five cards, insurance, blind boxes and the dealer's card exchange. What
differs between them is written down here as frozen data (:class:`BoxedGame`); the state
machine (:mod:`bot.games.boxed.state`) and every simulator settle through the same
:func:`settle_box`.

Payouts are whole chips and round down (RULES.md, common part).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal, NamedTuple, Protocol

from bot.games.common import NamedStep, OptionError
from bot.games.paytable import PayTable as PayTable
from bot.games.plain import PlainData
from bot.i18n import Text
from bot.poker import Card, Category, evaluate_rank
from bot.poker.hand_value import CATEGORY_SHIFT, pack_value

ACE, KING = 14, 13


class HandClass(IntEnum):
    """What a hand is worth on the pay tables, weakest first. Ace-King is the lowest paying one.

    From a pair up, a class is the poker category itself, by the same number (so a hand's class
    is read off its packed value); Ace-King (a high card holding an ace and a king) sits where a
    plain high card would. ``IMPERIAL_FLUSH`` is kept for Imperial Poker's six suited cards from
    9 to ace, ranked above every five-card hand; no 2 Plus 4 hand is ever classed as one.
    """

    NOTHING = 0
    ACE_KING = Category.HIGH_CARD.value
    PAIR = Category.PAIR.value
    TWO_PAIR = Category.TWO_PAIR.value
    THREE_OF_A_KIND = Category.THREE_OF_A_KIND.value
    STRAIGHT = Category.STRAIGHT.value
    FLUSH = Category.FLUSH.value
    FULL_HOUSE = Category.FULL_HOUSE.value
    FOUR_OF_A_KIND = Category.FOUR_OF_A_KIND.value
    STRAIGHT_FLUSH = Category.STRAIGHT_FLUSH.value
    ROYAL_FLUSH = Category.ROYAL_FLUSH.value
    IMPERIAL_FLUSH = Category.ROYAL_FLUSH.value + 1
    """Not a poker category: a game's ``hand_value`` may rank a six-card hand above every
    five-card one with this category (Imperial's Imperial Flush)."""

    @property
    def label(self) -> str:
        """``"Three of a Kind"``, ``"Ace-King"``: the class as the pay tables write it."""
        if self is HandClass.ACE_KING:
            return Text("Ace-King")
        if self is HandClass.IMPERIAL_FLUSH:
            return Text("Imperial Flush")
        if self is HandClass.NOTHING:
            return Text("Nothing")
        return Category(self.value).label


AK_HIGH_MIN = pack_value(Category.HIGH_CARD, (ACE, KING, 4, 3, 2))
"""The lowest packed hand value that holds an ace and a king: every Ace-King or better hand
is worth at least this much, every other high card less."""


def hand_class(value: int) -> HandClass:
    """The class of a packed hand value (:mod:`bot.poker.hand_value`) of the best five cards."""
    category = value >> CATEGORY_SHIFT
    if category == Category.HIGH_CARD:
        return HandClass.ACE_KING if value >= AK_HIGH_MIN else HandClass.NOTHING
    return HandClass(category)


def class_minimum(cls: HandClass) -> int:
    """The lowest packed value whose class is ``cls`` or better (the qualifier as a number)."""
    if cls is HandClass.NOTHING:
        return 0
    if cls is HandClass.ACE_KING:
        return AK_HIGH_MIN
    if cls is HandClass.IMPERIAL_FLUSH:
        raise ValueError("the Imperial Flush is not a five-card value: it cannot be a qualifier")
    return cls.value << CATEGORY_SHIFT


def shows_pair_of(cards: Iterable[Card], rank: int) -> bool:
    """True when ``cards`` (any number, here the dealer's face-up cards) hold a pair of ``rank``
    or better: a pair of that rank or higher, two pair, three or four of a kind.

    2 Plus 4 seed, point 9: "Wenn der Dealer ein Paar Könige oder besser hat" among "den vier
    offenen Karten des Dealers". Four cards cannot make a straight or a flush.
    """
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    pairs = [card_rank for card_rank, count in counts.items() if count >= 2]
    if any(count >= 3 for count in counts.values()) or len(pairs) >= 2:
        return True
    return bool(pairs) and pairs[0] >= rank


class Phase(NamedStep):
    """A round's phases, in the only order they can happen (EXCHANGE may be skipped)."""

    BETTING = 0
    DEALING = 1
    DECISIONS = 2
    EXCHANGE = 3
    SETTLED = 4


def exchange_index(dealer: Sequence[Card]) -> int:
    """Which of the dealer's cards an exchange replaces: the highest rank, and among equal ranks
    the one dealt first (the seeds say only "die höchste Karte"; suits never rank)."""
    return max(range(len(dealer)), key=lambda index: (dealer[index].rank, -index))


# --------------------------------------------------------------------------------- pay tables


class BetPays(Protocol):
    """How a winning BET is paid: the hook where Imperial adds its second combination.

    ``cards`` are the box's final cards (five, or six after a Buy), ``value`` their best five
    as a packed value; the answer is the chips won on ``stake``, before any cap.
    """

    @property
    def table(self) -> PayTable[HandClass]: ...

    def winnings(self, cards: Sequence[Card], value: int, stake: int) -> int: ...


@dataclass(frozen=True)
class PrimaryPays:
    """The BET is paid for the best five cards' class alone (2 Plus 4: "keine zweite Kombination").

    A hand that beats a qualified dealer is always Ace-King or better, so the table's miss rule
    only matters for a hand the rules never let win.
    """

    table: PayTable[HandClass]

    def winnings(self, cards: Sequence[Card], value: int, stake: int) -> int:
        return self.table.winnings(hand_class(value), stake)


# ------------------------------------------------------------------------------ game rules


@dataclass(frozen=True)
class DealerRule:
    """The dealer's hand: ``cards`` dealt, the last ``face_up`` of them face up at the deal.

    2 Plus 4: six cards, "die ersten beiden Karten werden verdeckt ausgegeben und die letzten
    vier Karten nach oben gedreht"; the dealer plays the best five. Imperial: five cards, the
    last face up. The dealer qualifies with ``qualifier`` or better.
    """

    cards: int
    face_up: int
    qualifier: HandClass = HandClass.ACE_KING

    def __post_init__(self) -> None:
        if not 5 <= self.cards <= 7 or not 0 <= self.face_up <= self.cards:
            raise ValueError("the dealer plays the best five of 5 to 7 cards")

    @property
    def qualifying_value(self) -> int:
        return class_minimum(self.qualifier)


@dataclass(frozen=True)
class BuyRule:
    """Buying a sixth card for ``cost_antes`` Antes (both seeds: "Der Kaufpreis beträgt 1 ANTE").

    ``free_choice_pair``: after a Buy the player may still Bet or Fold only when the dealer's
    face-up cards show a pair of this rank or better (two pair and more count); otherwise the
    BET is placed automatically with the Buy (2 Plus 4, point 9: pair of kings, 13). ``None``:
    after a Buy the player always chooses Bet or Fold (Imperial).
    """

    cost_antes: int = 1
    free_choice_pair: int | None = None

    def forces_bet(self, dealer_up: Iterable[Card]) -> bool:
        """Whether a Buy places the BET automatically with the dealer showing ``dealer_up``."""
        return self.free_choice_pair is not None and not shows_pair_of(dealer_up, self.free_choice_pair)


@dataclass(frozen=True)
class ExchangeRule:
    """The dealer's card exchange when the dealer does not qualify.

    ``boxes``: which of a player's boxes in play (with an Ante, not folded) may request it:
    ``"any"`` (2 Plus 4: "auf allen Boxen", blind ones too) or ``"open"``. The Ante of each
    requesting box is the fee. ``pays_ante_on_win``: when the dealer then qualifies and the
    player wins, the Ante is paid 1:1 although it was taken as the fee (2 Plus 4, point 15:
    "sowie für den Pflichteinsatz (auch wenn es keinen Pflichteinsatz auf dem Tisch gibt)");
    False settles the box with no Ante (Imperial). ``max_exchanges``/``repeat_on_same_rank``:
    Imperial repeats the exchange for free when the new card has the replaced card's rank and
    the dealer still does not qualify, at most 3 exchanges in all; 2 Plus 4 exchanges once.
    """

    boxes: Literal["any", "open"] = "any"
    pays_ante_on_win: bool = True
    max_exchanges: int = 1
    repeat_on_same_rank: bool = False

    def __post_init__(self) -> None:
        if self.max_exchanges < 1:
            raise ValueError("an exchange replaces at least one card")


AntePay = Literal["even", "push"]
"""An Ante on a box that beats a qualified dealer: paid 1:1 (``"even"``) or returned."""


@dataclass(frozen=True)
class BoxedGame:
    """One boxed dealer game as data. Nothing here changes between tables of the same game.

    * ``max_boxes`` boxes per player; the first ``max_open_boxes`` boxes (by position) with an
      Ante are open, the rest blind; Antes within a factor ``ante_spread`` of each other.
    * ``bet_multiple``: BET = 2 x Ante.
    * ``bonus_needs_ante``: Imperial takes a bonus only on a box with an Ante; 2 Plus 4 also
      "anstatt" (instead of an Ante).
    * ``larger_open_box_first``: 2 Plus 4 plays the larger open box first, "unabhängig von
      ihrer Position"; otherwise open boxes are played by position.
    * ``open_ante_on_win``/``blind_ante_on_win``: the Ante of a box that beats a qualified dealer
      (2 Plus 4 pays both 1:1; Imperial returns an open box's Ante and pays a blind box's 1:1).
    * ``insurance_class``: insurance needs this class or better on the box ("Drilling oder
      besser").
    * ``buy``: the Buy rule (``None``: no Buy).
    * ``hand_value``: a box's final cards as the packed value compared with the dealer's
      (default: the best five). Imperial ranks its six-card Imperial Flush above a royal flush.
    """

    name: str
    display_name: str
    dealer: DealerRule
    bet_pays: BetPays
    bonus_pays: PayTable[HandClass]
    exchange: ExchangeRule
    buy: BuyRule | None = BuyRule()
    bonus_needs_ante: bool = True
    larger_open_box_first: bool = False
    open_ante_on_win: AntePay = "even"
    blind_ante_on_win: AntePay = "even"
    insurance_class: HandClass = HandClass.THREE_OF_A_KIND
    bet_multiple: int = 2
    max_boxes: int = 4
    max_open_boxes: int = 2
    ante_spread: int = 5
    box_cards: int = 5
    hand_value: Callable[[Sequence[Card]], int] = evaluate_rank

    def __post_init__(self) -> None:
        if not 1 <= self.max_open_boxes <= self.max_boxes:
            raise ValueError("a player has at least one open box and no more open boxes than boxes")
        if self.ante_spread < 1 or self.bet_multiple < 1:
            raise ValueError("ante_spread and bet_multiple are at least 1")

    def seat_cards(self, boxes: int, open_boxes: int) -> int:
        """Cards one player's boxes may use: five per box and a Buy's card per open box."""
        return self.box_cards * boxes + (open_boxes if self.buy is not None else 0)

    @property
    def dealer_cards(self) -> int:
        """Cards the dealer may use: the hand and every exchange's replacement."""
        return self.dealer.cards + self.exchange.max_exchanges


@dataclass(frozen=True)
class BoxedOptions(PlainData):
    """A table's limits. Defaults from RULES.md ("Imperial Poker", limits; 2 Plus 4 shares them).

    * ``min_ante``: the smallest Ante (a smaller one is refunded when betting closes);
      ``max_ante``: the largest Ante or bonus on one box, ``None`` for none (seed: "es gibt
      keinen Höchsteinsatz").
    * ``smallest_chip``: the table's smallest chip, which is the minimum bonus ("Die minimale
      Bonuswette wird durch den kleinsten Chip am Tisch definiert").
    * ``max_payout``: the most any one bet of one box wins (RULES.md: "max payout per box and
      bet", default 20,000); also the insurance's ceiling.
    * ``max_round_payout``: the most one player wins in one round, all boxes and bets together
      (default 20,000). The seed's table belongs to one player, so at a shared Discord table
      the cap applies to each player on their own: one player's big hand never cuts another's.
    """

    min_ante: int = 10
    max_ante: int | None = None
    smallest_chip: int = 1
    max_payout: int = 20_000
    max_round_payout: int = 20_000

    def __post_init__(self) -> None:
        if self.min_ante < 1 or self.smallest_chip < 1:
            raise OptionError("min_ante and smallest_chip are at least 1 chip")
        if self.max_ante is not None and self.max_ante < self.min_ante:
            raise OptionError("max_ante must be at least min_ante (or None for no maximum)")
        if self.max_payout < 1 or self.max_round_payout < 1:
            raise OptionError("the payout caps are at least 1 chip")

    @property
    def min_bonus(self) -> int:
        return self.smallest_chip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BoxedOptions:
        max_ante = data["max_ante"]
        return cls(
            min_ante=int(data["min_ante"]),
            max_ante=None if max_ante is None else int(max_ante),
            smallest_chip=int(data["smallest_chip"]),
            max_payout=int(data["max_payout"]),
            max_round_payout=int(data["max_round_payout"]),
        )


# ------------------------------------------------------------------------------ settlement

BoxKind = Literal["open", "blind", "bonus"]
"""An open box (decisions), a blind box (automatic BET) or a bonus-only box (no Ante)."""


class BoxReturns(NamedTuple):
    """Chips handed back on each bet of one box (stake included; 0 when lost). Fees (a Buy)
    are never handed back, so they have no field."""

    ante: int
    bet: int
    bonus: int
    insurance: int

    @property
    def total(self) -> int:
        return self.ante + self.bet + self.bonus + self.insurance


class BoxStakes(NamedTuple):
    """What one box has in play: its kind, each bet's chips and the player's decisions.

    ``exchanged``: the box asked for the dealer's exchange, its Ante given as the fee.
    """

    kind: BoxKind
    ante: int
    bet: int = 0
    bonus: int = 0
    insurance: int = 0
    folded: bool = False
    exchanged: bool = False


class BoxShowdown(NamedTuple):
    """The hands one box is settled on. Values are packed best-five values (higher better).

    ``bet_win`` is what the BET would win if the box beats a qualified dealer
    (``game.bet_pays``), ``bonus_class`` the class of the box's first five cards.
    ``dealer_value`` is the dealer's hand as revealed, ``final_dealer_value`` after the
    exchange (the same when there was none).
    """

    player_value: int
    bet_win: int
    bonus_class: HandClass
    dealer_value: int
    final_dealer_value: int


def settle_box(game: BoxedGame, options: BoxedOptions, stakes: BoxStakes, hands: BoxShowdown) -> BoxReturns:
    """Settle one box against the dealer. Each bet's winnings are capped at
    ``options.max_payout``. The branches (2 Plus 4 seed points 11-16, RULES.md):

    * bonus: paid on the first five cards per the bonus table, whatever happens later;
    * insurance (settled on the dealer's hand as revealed, before any exchange): dealer not
      qualified -> 1:1; qualified -> lost, but returned when the dealer's hand beats the box's;
    * folded: Ante lost (a BET was never placed);
    * dealer not qualified: Ante 1:1, BET returned;
    * qualified, box better: BET per table, Ante 1:1 or returned (``open_ante_on_win``,
      ``blind_ante_on_win``); dealer better: Ante and BET lost; tie: both returned;
    * exchanged (only when the dealer did not qualify; the Ante was the fee), against the new
      hand: qualified and box better -> BET per table and, if ``pays_ante_on_win``, the Ante's
      1:1 win (the stake itself stays the fee); dealer better -> BET lost; a tie or still not
      qualified -> BET returned.
    """
    kind, ante, bet, bonus, insurance, folded, exchanged = stakes
    player_value, bet_win, bonus_class, dealer_value, final_dealer_value = hands
    cap = options.max_payout
    qualifying = game.dealer.qualifying_value
    bonus_back = min(game.bonus_pays.returned(bonus_class, bonus), bonus + cap)
    insurance_back = 0
    if insurance:
        if dealer_value < qualifying:
            insurance_back = insurance + min(insurance, cap)
        elif dealer_value > player_value:
            insurance_back = insurance
    if ante == 0 or folded:
        return BoxReturns(0, 0, bonus_back, insurance_back)
    bet_won = bet + min(bet_win, cap)
    if exchanged:
        if final_dealer_value < qualifying or final_dealer_value == player_value:
            return BoxReturns(0, bet, bonus_back, insurance_back)
        if player_value > final_dealer_value:
            ante_back = min(ante, cap) if game.exchange.pays_ante_on_win else 0
            return BoxReturns(ante_back, bet_won, bonus_back, insurance_back)
        return BoxReturns(0, 0, bonus_back, insurance_back)
    if dealer_value < qualifying:
        return BoxReturns(ante + min(ante, cap), bet, bonus_back, insurance_back)
    if player_value > dealer_value:
        pays = game.open_ante_on_win if kind == "open" else game.blind_ante_on_win
        ante_back = ante + min(ante, cap) if pays == "even" else ante
        return BoxReturns(ante_back, bet_won, bonus_back, insurance_back)
    if player_value < dealer_value:
        return BoxReturns(0, 0, bonus_back, insurance_back)
    return BoxReturns(ante, bet, bonus_back, insurance_back)


def insurance_limits(
    game: BoxedGame, options: BoxedOptions, ante: int, cards: Sequence[Card], value: int
) -> tuple[int, int] | None:
    """``(least, most)`` insurance on a box, or ``None`` when it cannot be insured.

    Needs ``game.insurance_class`` or better. From 1 Ante up to the BET's potential payout
    (2 Plus 4 point 10: "das Maximum ist die voraussichtliche Auszahlung für die Wette";
    Imperial: the payout if the player wins, second combination included), never above the
    table's max payout ("darf die maximale Auszahlung des Tisches nicht überschreiten").
    """
    if hand_class(value) < game.insurance_class:
        return None
    potential = game.bet_pays.winnings(cards, value, game.bet_multiple * ante)
    most = min(potential, options.max_payout)
    return (ante, most) if most >= ante else None


def cap_round(returned: Sequence[int], staked: Sequence[int], limit: int) -> list[int]:
    """Scale one player's winnings down to ``limit`` in all (``max_round_payout``).

    Each bet that wins more than its stake keeps ``winnings * limit // total`` (rounded down, so
    the total never passes the limit); stakes and losing bets are untouched.
    """
    total = sum(max(back - stake, 0) for back, stake in zip(returned, staked, strict=True))
    if total <= limit:
        return list(returned)
    return [
        stake + (back - stake) * limit // total if back > stake else back
        for back, stake in zip(returned, staked, strict=True)
    ]
