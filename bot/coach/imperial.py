"""Imperial Poker's decisions valued by the coach (the box's Ante, Buy, Draws, BET and insurance;
the bonus is a side bet on the five cards as dealt, left out).

The dealer's four face-down cards are any four of the cards the player does not see (163,185
hands with one box), counted at once with numpy (:mod:`bot.poker.vectorized`). When the dealer
does not qualify, the box may give up the Ante's win for the dealer's exchange: the dealer's
highest card gives way to any card still unseen, again for free while the new card has the old
one's rank and the dealer still does not qualify (at most ``max_exchanges`` in all), and the box
takes it exactly where its mean beats keeping the Ante's win. Each outcome is settled by the
engine's :func:`settle_box` once per class (:class:`bot.coach.boxed.Nets`).

What makes the exchange countable: the four cards it keeps are the same at every repeat, so the
hand it makes with each card is one row per dealer hand (:attr:`Dealer.columns` holds them by
card), and a repeat draws again from the same row less the cards already drawn. With ``A`` the
nets summed over the row's final cells, ``s`` its repeating cells and ``n`` cards to draw from,
the mean is ``(A + s * E')/n`` where ``E'`` is the next exchange's mean over ``n - 1`` cards and
``s - 1`` repeating cells (:func:`_exchange_numerators`): exact, whole numbers over
``n(n-1)(n-2)``.

The decisions: an open box Buys (every sixth card), Draws (one card: every card it may bring,
exact; several: sampled, seeded by what the player sees, its error shown), Bets (with the
least or the most insurance, from three of a kind) or Folds; after a Buy or a Draw of several
cards it Bets or Folds; after a one-card Draw it may draw one card again, the k-th Draw costing
k Antes. A Draw's figure takes the better of Bet and Fold after it, and a one-card Draw's also
drawing again where that is worth more, keeping the same four cards, as often as the deck
allows: the first card exact, the later Draws counted by the kinds of card they may bring and
sampled for what their cards change in the dealer's hands (:class:`_Redraws`), its error shown.
The turned blind boxes go on or insure (they have no exchange); once the dealer shows a hand
that does not qualify, each open box keeps the Ante's win or takes the exchange, every card it
may bring (and their repeats) played by the engine.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import accumulate, combinations
from math import inf
from random import Random

import numpy as np
import numpy.typing as npt

from bot.coach.boxed import BETTER, EQUAL, NOT_QUALIFIED, WORSE, BoxDecisions, Nets, blind_hint_of, compare
from bot.coach.values import Estimate, Hint, HintRequest, OptionValue, parse_option
from bot.games.boxed import BoxedOptions, BoxedState, BoxStakes, Phase
from bot.games.boxed import moves as boxed_moves
from bot.games.boxed.showdown import exchange_dealer_card
from bot.games.common import SeatId
from bot.games.imperial.moves import DrawCards
from bot.games.imperial.rules import DRAW, IMPERIAL
from bot.games.imperial.state import ImperialState
from bot.poker import Card, evaluate_rank
from bot.poker.hand_value import CATEGORY_SHIFT, Category
from bot.poker.vectorized import KEYS, RANK_BITS, SUITS, Ints, values_of, values_of_parts

GAME = IMPERIAL
STANDARD = BoxedOptions(min_ante=1)
"""A table with the rules' default limits."""
DECK = range(52)
QUALIFYING = GAME.dealer.qualifying_value
HIDDEN = GAME.dealer.cards - GAME.dealer.face_up
STRAIGHT = int(Category.STRAIGHT) << CATEGORY_SHIFT
"""The least straight's value: an exchange's new card makes a pair, or a straight or better."""
TWO_PAIR = int(Category.TWO_PAIR) << CATEGORY_SHIFT
"""The least two pair's: a box from here up beats every pair an exchange makes."""
EXCHANGES = GAME.exchange.max_exchanges
DRAW_SAMPLES = 160
"""Draws of several cards a hint samples for an option that may be the best."""
PILOT_SAMPLES = 40
"""Draws sampled first, and then at a time, until an option is plainly beaten or has
:data:`DRAW_SAMPLES`."""
Bools = npt.NDArray[np.bool_]


@cache
def _positions(count: int) -> npt.NDArray[np.int64]:
    """Every way to pick the dealer's face-down cards from ``count`` unseen ones, as positions."""
    flat = np.fromiter((index for hand in combinations(range(count), HIDDEN) for index in hand),
                       dtype=np.int64)
    return flat.reshape(-1, HIDDEN)


@dataclass(frozen=True, eq=False)
class Dealer:
    """Every way the dealer's face-down cards can fall from ``unseen`` beside the face-up ``up``.

    Each hand is also a bit set of the positions (in ``unseen``) of the cards it holds, so the
    hands holding a card the box took later are left out with one mask. Qualifying hands are
    kept as values, sorted; the others as their exchange rows: per row and unseen card, the
    value the exchange makes with that card (:func:`_exchange_rows`), kept by column (for the
    cards a box took) and as every qualifying cell sorted by value (for counting a row's cells
    below, equal to and above a box's value at once)."""

    unseen: tuple[int, ...]
    up: int
    qualified: Ints
    qualified_holds: npt.NDArray[np.uint64]
    qualified_with: tuple[Ints, ...]
    """Per unseen card: the values of the qualifying hands that hold it, sorted (the cards a box
    took are counted out by inclusion and exclusion over these: a Buy, a Draw)."""
    qualified_with_holds: tuple[npt.NDArray[np.uint64], ...]
    """The same hands' bit sets, in the same order (which of them hold another taken card too)."""
    unqualified_holds: npt.NDArray[np.uint64]
    unqualified_with: tuple[npt.NDArray[np.uint64], ...]
    """Per unseen card: the bit sets of the hands that do not qualify and hold it."""
    columns: npt.NDArray[np.int32]
    """Per unseen card, per hand that does not qualify: the hand's value once that card replaces
    its highest (-1 where the hand holds the card)."""
    repeat_columns: Bools
    """The cells where the new card has the old one's rank and the dealer still does not
    qualify: the exchange goes on."""
    cell_rows: npt.NDArray[np.intp]
    cell_values: npt.NDArray[np.int32]
    """Every qualifying cell of the rows past the plain ones: its row and value, by value."""
    qualifying_cells: Ints
    repeating_cells: Ints
    reach: Ints
    """Per row: its cells that qualify or repeat, the most an exchange can win with (a box from a
    straight up)."""
    reach_below_straight: Ints
    """The same but only the qualifying cells below a straight (pairs): the most a box below a
    straight can win with (a dealer's straight or flush beats it)."""
    plain: int
    """The first ``plain`` rows can make a pair at best: each row's exchange, for a box of two
    pair or better, is a matter of its pairing and repeating cells alone."""

    def mask(self, gone: Sequence[int]) -> np.uint64:
        """The bit set of ``gone`` cards' positions in ``unseen``."""
        return np.uint64(sum(1 << self.unseen.index(card) for card in gone))


@lru_cache(maxsize=2)  # ~35 MB each: the hints asked again about the same cards
def dealer(unseen: tuple[int, ...], up: int) -> Dealer:
    """The dealer's hands from ``unseen`` face-down cards beside the face-up ``up``, in the
    engine's dealing order (face down first, the last card face up)."""
    positions = _positions(len(unseen))
    cards = np.array(unseen, dtype=np.int64)[positions]
    hands = np.concatenate([cards, np.full((len(cards), 1), up, dtype=np.int64)], axis=1)
    values = values_of(hands)
    holds = (np.uint64(1) << positions.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    qualifies = values >= QUALIFYING
    order = np.argsort(values[qualifies], kind="stable")
    low, low_holds, low_positions = hands[~qualifies], holds[~qualifies], positions[~qualifies]
    exchanged, repeats = _exchange_rows(low, low_positions, np.array(unseen, dtype=np.int64))
    # Plain rows first: those whose exchange can make a pair at best (their outcome for a box of
    # two pair or better is a matter of how many cells pair and how many repeat).
    plain = ~(exchanged >= STRAIGHT).any(axis=1)
    rows = np.argsort(~plain, kind="stable")
    low_holds, low_positions = low_holds[rows], low_positions[rows]
    exchanged, repeats = exchanged[rows], repeats[rows]
    qualifying = exchanged >= QUALIFYING
    plain_rows = int(plain.sum())
    cell_rows, cell_columns = np.nonzero(qualifying[plain_rows:])
    cell_rows += plain_rows
    cell_values = exchanged[cell_rows, cell_columns]
    by_value = np.argsort(cell_values)
    with_card, with_card_holds = _per_card(positions[qualifies], holds[qualifies], len(unseen),
                                           values[qualifies])
    low_with = _per_card(low_positions, low_holds, len(unseen))[1]
    return Dealer(unseen, up, values[qualifies][order], holds[qualifies][order], with_card, with_card_holds,
                  low_holds, low_with,
                  np.ascontiguousarray(exchanged.T), np.ascontiguousarray(repeats.T),
                  cell_rows[by_value], cell_values[by_value], qualifying.sum(axis=1), repeats.sum(axis=1),
                  (qualifying | repeats).sum(axis=1),
                  ((qualifying & (exchanged < STRAIGHT)) | repeats).sum(axis=1), plain_rows)


def _per_card(positions: Ints, holds: npt.NDArray[np.uint64], count: int,
              values: Ints | None = None) -> tuple[tuple[Ints, ...], tuple[npt.NDArray[np.uint64], ...]]:
    """For each of ``count`` positions, the hands (``positions``) holding it: their ``values``,
    sorted (none given: in any order), and their bit sets (``holds``) in the same order."""
    held = positions.ravel()
    if values is None:
        valued, order = held, np.argsort(held, kind="stable")
    else:
        valued = np.repeat(values, positions.shape[1])
        order = np.argsort((held << 32) | valued)  # by card, then value (values stay below 2**32)
    ends = np.cumsum(np.bincount(held, minlength=count))[:-1]
    return (tuple(np.split(valued[order], ends)),
            tuple(np.split(np.repeat(holds, positions.shape[1])[order], ends)))


def _exchange_rows(hands: Ints, positions: Ints, unseen: Ints) -> tuple[npt.NDArray[np.int32], Bools]:
    """Each hand's value with each unseen card in place of its highest card (the engine's
    :func:`exchange_index`: a hand that does not qualify holds five different ranks, so the
    highest is one card), and where that repeats the exchange."""
    rows = np.arange(len(hands))
    highest = (hands >> 2).argmax(axis=1)
    kept = np.ones(hands.shape, dtype=bool)
    kept[rows, highest] = False
    rest = hands[kept].reshape(len(hands), HIDDEN)
    suits = SUITS[rest]
    suited = (suits == suits[:, :1]).all(axis=1)
    flush = suited[:, None] & (SUITS[unseen][None, :] == suits[:, :1])
    bits = np.where(flush, RANK_BITS[rest].sum(axis=1)[:, None] + RANK_BITS[unseen][None, :], -1)
    values = values_of_parts(KEYS[rest].sum(axis=1)[:, None] + KEYS[unseen][None, :], bits).astype(np.int32)
    values[rows[:, None], positions] = -1  # the hand's own cards are not in the deck
    same_rank = (unseen[None, :] >> 2) == (hands[rows, highest] >> 2)[:, None]
    return values, same_rank & (values >= 0) & (values < QUALIFYING)


def box_net(cards: Sequence[int], dealer: Dealer, stakes: BoxStakes, paid: int, options: BoxedOptions,
            gone: Sequence[int] = ()) -> Fraction:
    """The box's mean net in chips with final ``cards`` and ``stakes`` (``paid``: chips spent
    on it that never come back, a Buy's or the Draws'), over the ``dealer``'s hands that hold
    none of ``gone`` (cards the box took from the deck), the exchange taken where it pays."""
    return box_nets(cards, dealer, [stakes], paid, options, gone)[0]


def box_nets(cards: Sequence[int], dealer: Dealer, stakes: Sequence[BoxStakes], paid: int,
             options: BoxedOptions, gone: Sequence[int] = ()) -> list[Fraction]:
    """:func:`box_net` for each of ``stakes`` on the same cards, the dealer's hands counted once.
    Insurance is settled on the dealer's hand as dealt, so where it adds to the exchange's every
    outcome what it adds to keeping the Ante's win, the exchange's gain is the same with it."""
    mask = dealer.mask(gone)
    settled = [Nets(GAME, cards, each, paid, options) for each in stakes]
    counts, low = _showdowns(dealer, settled[0].value, gone)
    deck = len(dealer.unseen) - HIDDEN - len(gone)
    scale = _falling(deck, EXCHANGES)
    found: list[Fraction] = []
    gained: dict[tuple[int, ...], int] = {}  # the exchange's gain by its nets less keeping's
    for each, net in zip(stakes, settled, strict=True):
        kept = _classes(net, exchanged=False)
        total = scale * (sum(counts[key] * kept.get(key, 0) for key in counts) + low * kept[NOT_QUALIFIED])
        if not each.folded and (GAME.exchange.boxes != "open" or each.kind == "open"):
            keep = kept[NOT_QUALIFIED]
            nets = _classes(net, exchanged=True)
            shape = tuple(nets[key] - keep for key in sorted(nets))
            if shape not in gained:
                gained[shape] = _exchange_gain(net, nets, dealer, mask, gone, deck, keep)
            total += gained[shape]
        found.append(Fraction(total, scale * (sum(counts.values()) + low)))
    return found


INCLUSION_EXCLUSION_MOST = 5
"""The most cards taken that :func:`_showdowns` counts out by inclusion and exclusion (31 sets of
them at five; the subsets grow as the fourth power, so more take one pass over every hand)."""


def _showdowns(dealer: Dealer, value: int, gone: Sequence[int]) -> tuple[dict[int, int], int]:
    """How many of the dealer's hands holding none of ``gone`` qualify and are worse than,
    equal to or better than ``value`` (by the box's class: :data:`BETTER` when the box is), and
    how many do not qualify. By inclusion and exclusion: every hand, less those holding each
    taken card, plus those holding two of them, and so on (a hand holds four cards at most)."""
    bounds = np.array([value, value + 1], dtype=np.int64)
    ends = np.searchsorted(dealer.qualified, bounds)
    below, upto, total = int(ends[0]), int(ends[1]), len(dealer.qualified)
    low = len(dealer.unqualified_holds)
    positions = [dealer.unseen.index(card) for card in gone]
    if len(positions) > INCLUSION_EXCLUSION_MOST:  # many cards taken (Draws again and again): one pass
        mask = dealer.mask(gone)
        free = (dealer.qualified_holds & mask) == 0
        below, upto, total = int(free[:below].sum()), int(free[:upto].sum()), int(free.sum())
        low = int(((dealer.unqualified_holds & mask) == 0).sum())
        return {BETTER: below, EQUAL: upto - below, WORSE: total - upto}, low
    for size in range(1, min(len(positions), HIDDEN) + 1):
        sign = -1 if size % 2 else 1
        for first, *others in combinations(positions, size):
            values, unqualified = dealer.qualified_with[first], dealer.unqualified_with[first]
            if others:  # of the hands holding the first card, those holding the others too
                rest = np.uint64(sum(1 << other for other in others))
                values = values[(dealer.qualified_with_holds[first] & rest) == rest]
                unqualified = unqualified[(unqualified & rest) == rest]
            out = np.searchsorted(values, bounds)
            below, upto = below + sign * int(out[0]), upto + sign * int(out[1])
            total, low = total + sign * len(values), low + sign * len(unqualified)
    return {BETTER: below, EQUAL: upto - below, WORSE: total - upto}, low


def _classes(net: Nets, exchanged: bool) -> dict[int, int]:
    """The box's net against a dealer hand of each class (:mod:`bot.coach.boxed`), settled at a
    value of that class (``settle_box`` only compares values). Exchanged: the dealer did not
    qualify as dealt."""
    value = net.value
    finals = {NOT_QUALIFIED: QUALIFYING - 1, BETTER: QUALIFYING, EQUAL: value,
              WORSE: max(value, QUALIFYING) + 1}
    dealt = QUALIFYING - 1
    return {kind: net(exchanged, dealt if exchanged else final, final) for kind, final in finals.items()
            if compare(GAME, value, final) == kind}


def _falling(count: int, steps: int) -> int:
    """count * (count - 1) * ... over ``steps`` factors: the exchange's common denominator."""
    product = 1
    for step in range(steps):
        product *= max(count - step, 1)
    return product


def _exchange_gain(net: Nets, nets: dict[int, int], dealer: Dealer, mask: np.uint64, gone: Sequence[int],
                   deck: int, keep: int) -> int:
    """What taking the exchange (its ``nets`` by class) adds over keeping the Ante's win
    (``keep``), summed over the hands that do not qualify (where it pays), scaled by
    :func:`_falling` ``(deck, EXCHANGES)``."""
    stays = nets[NOT_QUALIFIED]
    best = max(nets.values())
    if best <= keep:
        return 0
    # The most a row's exchange returns: every cell that can beat the box's hand (or repeats)
    # at the best class, the rest not qualifying. None beats keeping the Ante's win: done.
    needed = deck * (keep - stays) / (best - stays)
    reach = dealer.reach if net.value >= STRAIGHT else dealer.reach_below_straight
    rows = np.flatnonzero(reach > needed)
    if not len(rows):
        return 0
    if net.value < TWO_PAIR:
        return _rows_gain(net, nets, dealer, rows, mask, gone, deck, keep)
    plain = _plain_gain(nets, dealer, mask, gone, deck, keep)
    return plain + _rows_gain(net, nets, dealer, rows[rows >= dealer.plain], mask, gone, deck, keep)


def _plain_gain(nets: dict[int, int], dealer: Dealer, mask: np.uint64, gone: Sequence[int], deck: int,
                keep: int) -> int:
    """:func:`_exchange_gain` over the plain rows, for a box of two pair or better (every pair an
    exchange makes is worse than the box's hand): the rows counted by how many of their cells
    pair and how many repeat, the cards the box took left out, and the exchange's mean worked
    out once per count."""
    rows = slice(0, dealer.plain)
    pairs, repeating = dealer.qualifying_cells[rows].copy(), dealer.repeating_cells[rows].copy()
    playing = np.ones(dealer.plain, dtype=bool)
    if gone:
        playing = (dealer.unqualified_holds[rows] & mask) == 0
        for card in gone:
            position = dealer.unseen.index(card)
            pairs -= dealer.columns[position][rows] >= QUALIFYING
            repeating -= dealer.repeat_columns[position][rows]
    most = 4  # a row repeats on at most the three other cards of its highest rank
    counts = np.bincount((pairs * most + repeating)[playing], minlength=(deck + 1) * most)
    pair_counts, repeat_counts = np.divmod(np.arange(len(counts)), most)
    stays = nets[NOT_QUALIFIED]
    final_sum = nets[BETTER] * pair_counts + stays * (deck - pair_counts - repeat_counts)
    exchanged = _exchange_numerators(final_sum, repeat_counts, deck, stays)
    return int((counts * np.maximum(exchanged - keep * _falling(deck, EXCHANGES), 0)).sum())


def _rows_gain(net: Nets, nets: dict[int, int], dealer: Dealer, rows: Ints, mask: np.uint64,
               gone: Sequence[int], deck: int, keep: int) -> int:
    """:func:`_exchange_gain` over ``rows``, each row's cells counted by class."""
    if not len(rows):
        return 0
    stays, value = nets[NOT_QUALIFIED], net.value
    if rows[0] < dealer.plain or len(rows) * len(dealer.unseen) < len(dealer.cell_values) // 4:
        # plain rows among them, or a few rows: read their cells
        cells = dealer.columns[:, rows]
        qualified = cells >= QUALIFYING
        at_least = (qualified & (cells >= value)).sum(axis=0)
        worse = (qualified & (cells > value)).sum(axis=0)
    else:  # most rows: count every qualifying cell from the box's value up, by row
        low, high = np.searchsorted(dealer.cell_values, np.array([value, value + 1], dtype=np.int32))
        at_least = np.bincount(dealer.cell_rows[low:], minlength=len(dealer.reach))[rows]
        worse = np.bincount(dealer.cell_rows[high:], minlength=len(dealer.reach))[rows]
    better, equal = dealer.qualifying_cells[rows] - at_least, at_least - worse
    repeating = dealer.repeating_cells[rows]
    stay = len(dealer.unseen) - HIDDEN - dealer.qualifying_cells[rows] - repeating
    for card in gone:  # the cards the box took are not in the deck
        position = dealer.unseen.index(card)
        column, repeat = dealer.columns[position][rows], dealer.repeat_columns[position][rows]
        qualified = column >= QUALIFYING
        better -= qualified & (column < value)
        equal -= qualified & (column == value)
        worse -= qualified & (column > value)
        repeating -= repeat
        stay -= (column >= 0) & ~qualified & ~repeat
    final_sum = stays * stay + nets.get(BETTER, 0) * better + nets.get(EQUAL, 0) * equal + nets[WORSE] * worse
    exchanged = _exchange_numerators(final_sum, repeating, deck, stays)
    gains = np.maximum(exchanged - keep * _falling(deck, EXCHANGES), 0)
    if gone:  # a row holding a card the box took is no dealer hand now
        gains[(dealer.unqualified_holds[rows] & mask) != 0] = 0
    return int(gains.sum())


def _exchange_numerators(final_sum: Ints, repeating: Ints, deck: int, stays: int) -> Ints:
    """Each row's exchange mean times :func:`_falling` ``(deck, EXCHANGES)``: the first card
    ends it in a final cell (``final_sum``) or repeats (``repeating`` cells) over the same row
    less that card, until the last exchange, where a repeating cell stays not qualified."""
    numerator = final_sum + np.maximum(repeating - (EXCHANGES - 1), 0) * stays
    for level in range(EXCHANGES - 2, -1, -1):  # the last exchange's mean first, the first's last
        numerator = final_sum * _falling(deck - level - 1, EXCHANGES - level - 1) \
            + np.maximum(repeating - level, 0) * numerator
    return np.asarray(numerator, dtype=np.int64)


@dataclass(frozen=True)
class _Board(BoxDecisions):
    """One box's decisions valued against the ``dealer``'s hands, in Antes."""

    dealer: Dealer = dataclasses.field(kw_only=True)
    taken: tuple[int, ...] = dataclasses.field(default=(), kw_only=True)
    """Cards the box took from the deck since the deal (the dealer's model counts them out), so
    one model serves every decision of the box."""

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards a Buy or a Draw may bring now."""
        return tuple(card for card in self.dealer.unseen if card not in self.taken)

    def antes(self, cards: Sequence[int], stakes: BoxStakes, paid: int = 0,
              gone: tuple[int, ...] = ()) -> Fraction:
        return self.antes_of(cards, [stakes], paid, gone)[0]

    def antes_of(self, cards: Sequence[int], stakes: Sequence[BoxStakes], paid: int = 0,
                 gone: tuple[int, ...] = ()) -> list[Fraction]:
        nets = box_nets(cards, self.dealer, stakes, paid, self.options, (*self.taken, *gone))
        return [net / self.ante for net in nets]

    def after(self, cards: Sequence[int], paid: int, gone: tuple[int, ...]) -> Fraction:
        """The better of Bet (with or without insurance) and Fold with final ``cards``."""
        folded = Fraction(-(self.ante + paid), self.ante)
        return max(folded, *(Fraction(option.ev) for option in self.bet_options(cards, paid, gone)))

    def buy(self, cards: Sequence[int]) -> OptionValue:
        """Buy: every sixth card, each followed by the better of Bet and Fold."""
        unseen = self.unseen
        total = sum((self.after((*cards, card), self.fee, (card,)) for card in unseen), Fraction(0))
        return OptionValue("buy", total / len(unseen))

    def draw_one(self, cards: Sequence[int], discard: int, cost: int, paid: int,
                 again: Sequence[int] = (), rng: Random | None = None) -> OptionValue:
        """A one-card Draw of ``discard`` for ``cost`` chips: every card it may bring, each
        followed by the better of Bet and Fold, exact. ``again``: the prices in chips of the
        further one-card Draws that may follow, in order (none: the deck allows no more); then
        where a card is worth less than drawing again, the box draws again keeping the same four
        cards (:class:`_Redraws`), and the figure is sampled with its error (``rng``)."""
        unseen, spent = self.unseen, paid + cost
        kept = tuple(card for card in cards if card != discard)
        stands = [self.after((*kept, card), spent, (card,)) for card in unseen]
        exact = sum(stands, Fraction(0)) / len(unseen)
        plan = _Redraws.of(self, kept, stands, list(accumulate(again, initial=spent)))
        if not again or not plan.redrawn:
            return OptionValue("draw", exact, cards=(discard,))
        assert rng is not None, "drawing again is sampled"
        mean, stderr = plan.value(rng)
        return OptionValue("draw", mean, stderr, cards=(discard,))

    def draw_many(self, cards: Sequence[int], discards: Sequence[int], cost: int, paid: int,
                  rng: Random, beaten_by: float) -> OptionValue:
        """A Draw of several cards: random draws, each followed by the better of Bet and Fold;
        the mean with its standard error. :data:`PILOT_SAMPLES` first: a Draw whose mean is
        then more than three errors below ``beaten_by`` (an exact option's worth) cannot be the
        best and stops there; the others go on to :data:`DRAW_SAMPLES`."""
        unseen, spent = self.unseen, paid + cost
        kept = [card for card in cards if card not in discards]
        values: list[float] = []
        while len(values) < DRAW_SAMPLES:
            values += [float(self.after((*kept, *new), spent, tuple(new)))
                       for new in (rng.sample(unseen, len(discards)) for _ in range(PILOT_SAMPLES))]
            mean = sum(values) / len(values)
            stderr = (sum((value - mean) ** 2 for value in values) / (len(values) - 1) / len(values)) ** 0.5
            if mean + 3 * stderr < beaten_by:
                break
        return OptionValue("draw", mean, stderr, cards=tuple(sorted(discards)))


AGAIN_SAMPLES = 48
"""About how many paths a one-card Draw's further Draws are settled along by the engine
(:class:`_Redraws`: the part of their worth the count leaves out): as many from each first card
that draws again, at least one each."""


@dataclass(frozen=True)
class _Redraws:
    """Drawing one card again and again after a one-card Draw, keeping the same four cards
    (``kept``): at each Draw, the box draws again where the card it got is worth less than that
    Draw's threshold (:func:`_thresholds`). Level 0 is the Draw valued; level ``j`` the ``j``-th
    further one. ``stands``: each card's exact worth after the Draw valued, Bet or Fold after it;
    ``worths`` the same in Antes with nothing paid (the prices come off every outcome alike);
    ``prices``: Antes paid in all after each level; ``chips``: the same in chips.

    Its worth comes in two parts. What the cards are worth as the first Draw's count values them,
    every Draw's card taken from the deck less the cards the earlier Draws took: exact
    (:meth:`counted`). And what the earlier Draws' cards change in the dealer's hands and in the
    exchange, which that count leaves out (measured: up to a tenth of an Ante on a flush, and up
    to eight Antes on a royal flush when a card of the dealer's face-up rank is gone): sampled
    along :data:`AGAIN_SAMPLES` paths, each settled by the engine at its end (:meth:`corrections`);
    its standard error is the figure's."""

    board: _Board
    kept: tuple[int, ...]
    unseen: tuple[int, ...]
    stands: tuple[Fraction, ...]
    worths: tuple[float, ...]
    prices: tuple[float, ...]
    chips: tuple[int, ...]
    thresholds: tuple[float, ...]

    @classmethod
    def of(cls, board: _Board, kept: tuple[int, ...], stands: Sequence[Fraction],
           chips: Sequence[int]) -> _Redraws:
        prices = tuple(paid / board.ante for paid in chips)
        worths = tuple(float(stand) + prices[0] for stand in stands)
        return cls(board, kept, board.unseen, tuple(stands), worths, prices, tuple(chips),
                   _thresholds(worths, prices))

    @property
    def levels(self) -> int:
        """The further Draws the deck allows."""
        return len(self.prices) - 1

    @property
    def redrawn(self) -> list[int]:
        """The cards (positions in ``unseen``) after which the box draws again at once."""
        if not self.levels:
            return []
        return [index for index, worth in enumerate(self.worths) if worth < self.thresholds[0]]

    @property
    def groups(self) -> list[int]:
        """Per card: at how many further Draws holding it draws again (the thresholds fall, so
        those are the first ones): the card's kind, all the count needs of it."""
        return [sum(worth < threshold for threshold in self.thresholds[1:]) for worth in self.worths]

    def value(self, rng: Random) -> tuple[float, float]:
        """The Draw's mean in Antes and its standard error."""
        redrawn, groups = self.redrawn, self.groups
        total = sum(float(stand) for index, stand in enumerate(self.stands) if index not in redrawn)
        for group in {groups[index] for index in redrawn}:
            firsts = [self.worths[index] for index in redrawn if groups[index] == group]
            total += len(firsts) * self.counted(groups, group, sum(firsts) / len(firsts))
        found = Estimate.of_samples(self.corrections(rng, redrawn, groups))
        share = len(redrawn) / len(self.stands)
        return total / len(self.stands) + share * float(found.mean), share * found.stderr

    def counted(self, groups: Sequence[int], first_group: int, first_worth: float) -> float:
        """The mean outcome of drawing again after the Draw brought a card of ``first_group``
        worth ``first_worth``, each card worth its ``worths`` less the prices: exact over every
        order the deck may deal its cards in. Which cards of a kind the earlier Draws took does
        not matter, only how many (a state), and a kind's cards left are worth its mean. The
        outcome is linear in that mean, so the mean of several first cards' worths gives the
        mean of their outcomes."""
        top = max(groups)
        sizes, sums = [0] * (top + 1), [0.0] * (top + 1)
        for group, worth in zip(groups, self.worths, strict=True):
            sizes[group] += 1
            sums[group] += worth
        sizes[first_group] -= 1  # the card the Draw brought: given up again, not in the deck
        sums[first_group] -= first_worth
        means = [total / size if size else 0.0 for total, size in zip(sums, sizes, strict=True)]
        states: dict[tuple[int, ...], float] = {(0,) * (top + 1): 1.0}
        deck, total = sum(sizes), 0.0
        for level in range(1, self.levels + 1):
            following: dict[tuple[int, ...], float] = {}
            left = deck - (level - 1)
            for gone, chance in states.items():
                for group in range(top + 1):
                    free = sizes[group] - gone[group]
                    if free <= 0:
                        continue
                    share = chance * free / left
                    if group >= level:  # drawn again: one card of the kind fewer
                        more = (*gone[:group], gone[group] + 1, *gone[group + 1:])
                        following[more] = following.get(more, 0.0) + share
                    else:
                        total += share * (means[group] - self.prices[level])
            states = following
            if not states:
                break
        return total

    def corrections(self, rng: Random, redrawn: Sequence[int], groups: Sequence[int]) -> list[float]:
        """Along random paths (the Draw's card each of ``redrawn`` in turn, as many times each,
        each further card from the deck less the cards before it): the engine's settlement of
        where the path stops, the dealer's hands holding none of the path's cards, less the
        count's value of it. Where a
        path stops, the card it stops with is picked by how far its worth lies from a fold's
        (:func:`_tilt`) and weighted back: the rare big hands, where the cards gone change the
        most, are not left to chance."""
        found = []
        for first in [*redrawn] * max(1, AGAIN_SAMPLES // len(redrawn)):  # each first card alike
            deck = [index for index in range(len(self.unseen)) if index != first]
            gone, level = [self.unseen[first]], 1
            while groups[card := deck.pop(rng.randrange(len(deck)))] >= level:  # drawn again
                gone.append(self.unseen[card])
                level += 1
            deck.append(card)
            stoppers = [index for index in deck if groups[index] < level]
            tilts = [_tilt(self.worths[index]) for index in stoppers]
            card = rng.choices(stoppers, tilts)[0]
            weight = sum(tilts) / (len(stoppers) * _tilt(self.worths[card]))
            settled = self.board.after((*self.kept, self.unseen[card]), self.chips[level],
                                       (*gone, self.unseen[card]))
            found.append(weight * (float(settled) - (self.worths[card] - self.prices[level])))
        return found


def _tilt(worth: float) -> float:
    """How often a path stops with a card worth ``worth`` (Antes, nothing paid) is sampled,
    against a card that only folds (-1): the bigger the hand, the more its settlement moves
    with the cards gone."""
    return 1.0 + abs(worth + 1.0) / 4


def _thresholds(worths: Sequence[float], prices: Sequence[float]) -> tuple[float, ...]:
    """Per level (the Draw valued first, no further Draw after the last): a card worth less than
    this (in Antes, nothing paid) draws again. From the mean of drawing again, each card as
    likely at every Draw (the few cards the earlier Draws took aside): the threshold is what
    the next Draw is worth less what it costs; it never rises from one Draw to the next."""
    following = -inf
    found: list[float] = []
    for level in range(len(prices) - 1, 0, -1):
        following = sum(max(worth - prices[level], following) for worth in worths) / len(worths)
        found.append(following + prices[level - 1])
    found.reverse()
    return (*accumulate(found, min), -inf)


def hint(cards: Sequence[int], up: int, ante: int = 1, options: BoxedOptions = STANDARD,
         seen: Sequence[int] = (), paid: int = 0, draws: Sequence[int] = (), draw_most: int = 5,
         may_buy: bool = True, taken: Sequence[int] = (), room: int | None = None,
         also: str | None = None) -> Hint:
    """The open box's decision with ``cards`` (five or, bought, six) against the dealer's
    face-up ``up``. ``seen``: the player's other cards in sight (another box's, the cards its
    Draws gave up); ``paid``: chips spent on the box's Buy or Draws; ``draws``: how many cards
    each Draw so far exchanged; ``draw_most``: the most cards the next Draw may take (0: none,
    the deck is short); ``may_buy``: a Buy is offered; ``taken``: the cards the box took from
    the deck since the deal (bought or drawn, kept or given up again); ``room``: the cards the
    box's Draws may still take in all (None: as many as the deck holds, or ``draw_most`` where it
    is fewer than a first Draw's five). Bet/Fold and insurance, the Buy and the one-card Draws'
    cards exact, a one-card Draw's further Draws sampled (:class:`_Redraws`); Draws of several
    cards sampled: those a player would consider (:func:`_draw_candidates`), and ``also``, an
    option a review names (the Draw a player made)."""
    if len(cards) not in (5, 6):
        raise ValueError("Imperial's hint takes the box's five or six cards and the dealer's face-up card")
    # The dealer's model as at the deal (the taken cards still unseen then): one per box's
    # deal, shared by its later decisions, which count the taken cards out.
    unseen = tuple(card for card in DECK if card not in {*cards, up, *seen} or card in taken)
    board = _Board(GAME, ante, options, dealer=dealer(unseen, up), taken=tuple(taken))
    fold = OptionValue("fold", Fraction(-(ante + paid), ante))
    choices = [*board.bet_options(cards, paid), fold]
    may_draw = draw_most > 0 and len(cards) == 5 and (not draws or draws[-1] <= DRAW.repeat_cards)
    if may_buy and len(cards) == 5:
        choices.append(board.buy(cards))
    if not may_draw:
        return Hint(tuple(choices), "exact")
    drawn = len(draws) + 1  # the Draw valued is the box's drawn-th
    cost = ante * DRAW.cost_antes(drawn)
    again = [ante * DRAW.cost_antes(drawn + step)
             for step in range(1, _further_draws(board, draws, draw_most, room))]
    sight = bytes([*sorted([*cards, *seen]), up])  # each Draw's further Draws sampled alike every time
    choices += [board.draw_one(cards, card, cost, paid, again, Random(zlib.crc32(sight + bytes([card]))))
                for card in cards]
    most = DRAW.repeat_cards if draws else draw_most
    if most < 2:  # no Draw of several cards: sampled only where drawing again is
        return Hint(tuple(choices), "sampled" if any(option.stderr for option in choices) else "exact")
    rng = Random(zlib.crc32(bytes(sorted([*cards, *seen])) + bytes([up])))
    wanted = {tuple(sorted(found)) for found in _draw_candidates(cards, most)}
    named = _draw_named(also)
    if named and 1 < len(named) <= most and set(named) <= set(cards):
        wanted.add(named)
    exact_best = float(max(option.ev for option in choices))
    choices += [board.draw_many(cards, discards, cost, paid, Random(rng.random()), exact_best)
                for discards in sorted(wanted)]
    return Hint(tuple(choices), "sampled")


def _further_draws(board: _Board, draws: Sequence[int], draw_most: int, room: int | None) -> int:
    """How many one-card Draws the box may make from now on, this one included (RULES.md: until
    the deck would be exhausted), at most one less than the cards the box does not see."""
    if not DRAW.repeat_cards:
        return min(draw_most, 1)
    if room is None:
        room = draw_most if not draws and draw_most < GAME.box_cards else len(board.unseen)
    return max(min(room, len(board.unseen) - 1), 0)


def _draw_named(name: str | None) -> tuple[int, ...] | None:
    """The cards of the Draw ``name`` names (None: not a Draw)."""
    if name is None:
        return None
    parts = parse_option(name)
    return tuple(sorted(parts.cards)) if parts.move == "draw" and parts.cards else None


def _draw_candidates(cards: Sequence[int], most: int) -> Iterator[Sequence[int]]:
    """The Draws of several cards worth valuing (the ones the documented strategy weighs): keep
    the paired cards, or the ace and king, or three cards of a suit from a ten up (or any three
    to a straight flush), and draw the rest; or draw all five."""
    ranks = [card >> 2 for card in cards]
    keeps = [[card for card in cards if ranks.count(card >> 2) > 1],
             [card for card in cards if card >> 2 >= 11]]
    for suit in range(4):
        suited = sorted(card for card in cards if card & 3 == suit)
        if len(suited) == 3 and (suited[0] >> 2 >= 8 or (suited[-1] >> 2) - (suited[0] >> 2) <= 4):
            keeps.append(suited)
    for keep in keeps:
        discards = [card for card in cards if card not in keep]
        if keep and 1 < len(discards) <= most:
            yield discards
    if most >= len(cards):
        yield list(cards)


DECISIONS = frozenset({boxed_moves.Buy.kind, boxed_moves.Bet.kind, boxed_moves.Fold.kind, DrawCards.kind})
"""The moves of an open box's decision the hint values: Buy, Draw, Bet (with or without
insurance), Fold."""


def request(state: BoxedState, seat: SeatId) -> HintRequest | None:
    """The hint for ``seat``'s decision now, from the cards it sees (None: it has none): the open
    box on turn (its cards, the dealer's face-up card, its other boxes' cards in sight and the
    cards its Draws gave up), the turned blind boxes' insurance, or the dealer's exchange once
    every card is face up (not reviewed: its picks are toggles, confirmed together)."""
    if not isinstance(state, ImperialState) or seat not in state.pending_seats():
        return None
    if state.phase is Phase.EXCHANGE:
        return _exchange_request(state, seat)
    view = state.private_view(seat)
    up = next(int(card) for card in view.dealer if card is not None)
    player = state.seats[seat]
    discarded = [int(card) for box in player.boxes.values() for card in box.discarded]
    if view.step == "blind":
        insurable = tuple((box.position, tuple(int(card) for card in box.cards if card is not None), box.ante)
                          for box in view.boxes if box.kind == "blind" and box.insurance_range)
        if not insurable:
            return None
        seen = (*(int(card) for box in view.boxes for card in box.cards if card is not None), *discarded)
        return HintRequest(blind_hint, (insurable, up, state.options, seen), insurable[0][2],
                           frozenset({boxed_moves.Insure.kind}))
    shown = next((box for box in view.boxes if box.position == view.current_box), None)
    if shown is None or shown.stage != "deciding":
        return None
    box = player.boxes[shown.position]
    others = (card for other in view.boxes if other is not shown for card in other.cards if card is not None)
    seen = (*(int(card) for card in others), *discarded)
    taken = tuple(int(card) for card in (*box.cards, *box.discarded) if card not in box.dealt)
    args = (tuple(int(card) for card in box.cards), up, box.ante, state.options, seen, box.fee_total,
            state.draw_sizes(seat, box.position), state.draw_max(seat), view.can_buy, taken,
            state.draw_room(seat))
    return HintRequest(hint, args, box.ante, DECISIONS, names_more=True)


def blind_hint(boxes: Sequence[tuple[int, Sequence[int], int]], up: int, options: BoxedOptions,
               seen: Sequence[int]) -> Hint:
    """Each turned blind box (position, cards, Ante) that may be insured: no insurance, or the
    least or the most, exact over the dealer's face-down cards (a blind box has no exchange);
    in Antes of the first box."""
    unseen = tuple(card for card in DECK if card not in {up, *seen})
    dealt = dealer(unseen, up)
    return blind_hint_of(boxes, lambda ante: _Board(GAME, ante, options, dealer=dealt))


class _MoreCards(Exception):
    """The exchange asked for a card beyond those laid out for it."""


def exchange_finals(hand: Sequence[int], unseen: Sequence[int]) -> dict[int, Fraction]:
    """The dealer's final hand values after the exchange, each with its chance: every card that
    may come first, and where the engine repeats the exchange (:func:`exchange_dealer_card`),
    every card that may come next, each order as likely."""
    cards = tuple(Card(card) for card in hand)
    finals: dict[int, Fraction] = {}

    def lay_out(drawn: tuple[int, ...], chance: Fraction) -> None:
        queue = iter(drawn)

        def draw() -> Card:
            card = next(queue, None)
            if card is None:
                raise _MoreCards
            return Card(card)
        try:
            value = evaluate_rank(exchange_dealer_card(GAME, cards, draw).dealer)
        except _MoreCards:
            rest = [card for card in unseen if card not in drawn]
            for card in rest:
                lay_out((*drawn, card), chance / len(rest))
            return
        finals[value] = finals.get(value, Fraction(0)) + chance
    lay_out((), Fraction(1))
    return finals


def exchange_hint(boxes: Sequence[tuple[int, Sequence[int], BoxStakes, int]], dealt: Sequence[int],
                  options: BoxedOptions, seen: Sequence[int]) -> Hint:
    """The dealer's exchange, the dealer's cards revealed: for each box that may ask for it
    (position, final cards, stakes, chips paid for it), keeping the Ante's win or the exchange,
    every card it may bring and its free repeats settled by the engine; in Antes of the first
    box."""
    unseen = [card for card in DECK if card not in {*dealt, *seen}]
    finals = exchange_finals(dealt, unseen)
    dealt_value = evaluate_rank([Card(card) for card in dealt])
    first_ante = boxes[0][2].ante
    choices = []
    for position, cards, stakes, paid in boxes:
        net = Nets(GAME, cards, stakes, paid, options)
        exchanged = sum((chance * net(True, dealt_value, final) for final, chance in finals.items()),
                        Fraction(0))
        kept = Fraction(net(False, dealt_value, dealt_value), first_ante)
        choices += [OptionValue("keep", kept, box=position),
                    OptionValue("exchange", exchanged / first_ante, box=position)]
    return Hint(tuple(choices), "exact")


def _exchange_request(state: ImperialState, seat: SeatId) -> HintRequest | None:
    """The exchange, for the boxes of ``seat`` that may ask for it (every card is face up now)."""
    player = state.seats[seat]
    positions = state.exchange_boxes(seat)
    if not positions:
        return None
    # The bonus is a side bet (left out); the exchange is what the hint weighs (not yet asked).
    chosen = [(position, player.boxes[position]) for position in positions]
    boxes = tuple((position, tuple(int(card) for card in box.cards),
                   box.settled_stakes()._replace(bonus=0, exchanged=False), box.fee_total)
                  for position, box in chosen)
    seen = (*(int(card) for card in state.public_view().face_up_cards()),
            *(int(card) for box in player.boxes.values() for card in box.discarded))
    return HintRequest(exchange_hint, (boxes, tuple(int(card) for card in state.dealer_dealt), state.options,
                                       seen), boxes[0][2].ante, frozenset())
