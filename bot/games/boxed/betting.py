"""The betting window's arithmetic for one player's boxes: which layouts are allowed, which
boxes are open or blind, and what a closing window refunds. Pure functions on the data; the
state machine (:mod:`bot.games.boxed.state`) records the actions and their chip flows.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.boxed.actions import Rejection
from bot.games.boxed.rules import BoxedGame, BoxedOptions
from bot.games.boxed.seat import Box, Layout, Seat, bet_name
from bot.games.common import RuleError
from bot.i18n import Text

DECK_SIZE = 52


def open_limit(game: BoxedGame, chosen: int) -> int:
    """How many of a player's boxes with an Ante are open: the game's maximum, or fewer when
    the player chose so (seed: open play "auf einer oder zwei Boxen"); 0 means no choice."""
    return min(chosen, game.max_open_boxes) if chosen else game.max_open_boxes


def seat_cards(game: BoxedGame, layout: Layout, chosen_open: int = 0) -> int:
    """Cards a player's boxes may use: five per box and a Buy's card per open box."""
    opens = min(sum(1 for ante, _ in layout.values() if ante), open_limit(game, chosen_open))
    return game.seat_cards(len(layout), opens)


def verify_layout(game: BoxedGame, options: BoxedOptions, layout: Layout,
                  others: Iterable[tuple[Layout, int]], chosen_open: int = 0) -> None:
    """The betting rules for a player's boxes as they would be after a placement; ``others``
    are the other players' layouts (with their open-box choice), which share the deck."""
    limit = options.max_ante
    for box, (ante, bonus) in sorted(layout.items()):
        for name, amount in (("Ante", ante), ("bonus", bonus)):
            if limit is not None and amount > limit:
                raise RuleError(
                    "That would make the {name} on box {box} {amount}, over the table maximum of "
                    "{limit}.", name=name, box=box, amount=amount, limit=limit
                )
        if bonus and not ante and game.bonus_needs_ante:
            raise RuleError("Place an Ante on box {box} first: the bonus needs an Ante.", box=box)
    antes = [ante for ante, _ in layout.values() if ante]
    spread = game.ante_spread
    if antes and max(antes) > spread * min(antes):
        low, high = min(antes), max(antes)
        raise RuleError(
            "The Antes on your boxes must be within a factor of {spread} of each other: with {low} "
            "on one box, another may hold at most {most} (and with {high}, at least {least}).",
            spread=spread, low=low, most=spread * low, high=high, least=-(-high // spread)
        )
    cards = seat_cards(game, layout, chosen_open) + sum(
        seat_cards(game, other, chosen) for other, chosen in others)
    if cards + game.dealer_cards > DECK_SIZE:
        raise RuleError("One deck cannot deal another box this round: join the next round.")


def apply_layout(game: BoxedGame, player: Seat, layout: Layout) -> None:
    """Put the player's boxes in ``layout``: the first ``max_open_boxes`` (or the player's
    chosen number) with an Ante (by position) open, the rest blind with their BET placed
    automatically, the others bonus-only."""
    player.boxes = {position: player.boxes.get(position) or Box(position)
                    for position in sorted(layout) if sum(layout[position])}
    open_left = open_limit(game, player.open_boxes)
    for position, box in player.boxes.items():
        box.ante, box.bonus = layout[position]
        if not box.ante:
            box.kind, box.bet = "bonus", 0
        elif open_left:
            box.kind, box.bet = "open", 0
            open_left -= 1
        else:
            box.kind, box.bet = "blind", game.bet_multiple * box.ante


def within_minimums(game: BoxedGame, options: BoxedOptions,
                    player: Seat) -> tuple[Layout, list[Rejection]]:
    """The layout that stands when betting closes, and the bets it turns away: an Ante below
    ``min_ante`` (with the BET a blind box held, and the bonus where it needs an Ante), a bonus
    below the smallest chip. Removing boxes never breaks the factor-5 rule."""
    layout, refused = player.layout(), []
    minimum, bonus_minimum = options.min_ante, options.min_bonus
    for position, (ante, bonus) in sorted(layout.items()):
        box = player.boxes[position]
        if 0 < ante < minimum:
            reason = Text("Ante below the table minimum of {minimum}", minimum=minimum)
            refused.append(Rejection(player.seat, bet_name(position, "ante"), ante, reason))
            if box.bet:
                refused.append(Rejection(player.seat, bet_name(position, "bet"), box.bet, reason))
            ante = 0
            if bonus and game.bonus_needs_ante:
                refused.append(Rejection(player.seat, bet_name(position, "bonus"), bonus,
                                         Text("the bonus needs an Ante")))
                bonus = 0
        if 0 < bonus < bonus_minimum:
            reason = Text("bonus below the table's smallest chip of {minimum}", minimum=bonus_minimum)
            refused.append(Rejection(player.seat, bet_name(position, "bonus"), bonus, reason))
            bonus = 0
        layout[position] = (ante, bonus)
    return layout, refused
