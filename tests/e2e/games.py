"""Scripted players, one script per game the bot offers, and each game's privacy rule.

A script plays whole rounds at one table through the table message's buttons and the game's
slash commands, mixed at random, with several players acting at once. It remembers what each
player meant to stake and the interactions that should each have been applied exactly once,
so a test can compare that with the database. Adding a game is adding one ``GameScript``
to ``SCRIPTS``: the full-rounds test fails until then.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tests.e2e.casino import Answer, TableClient
from tests.harness.driver import FakeUser, walk_components

CONFIRMED = re.compile(r"^(?P<label>.+) · round #(?P<round>\d+)$")
ALREADY_DONE = "That was already done"
STEP_TIMEOUT = 25.0  # a 10 s window or decision timer, an edit interval, and a busy machine


async def press_when_shown(table: TableClient, player: FakeUser, label: str) -> Answer:
    """Press ``label`` on the first rendering that shows it: a side bet's button shows once an
    Ante it may go with is placed (the player's own, just answered)."""
    shown = await table.wait_for(lambda controls, _: label in controls, timeout=STEP_TIMEOUT)
    return await table.press(player, label, shown)


@dataclass
class Stake:
    """What one player meant to put in play in one round."""

    ante: int = 0
    side: int = 0
    """Side bets: UTH's Trips, a box's Bonus."""
    play: int = 0
    """Chips added by decisions: UTH's Play, a box's BET and Buy."""
    ante_counts: int = 1
    """UTH's Blind equals the Ante, so there the Ante counts twice."""

    @property
    def wagered(self) -> int:
        return self.ante_counts * self.ante + self.side + self.play


@dataclass
class PlayedRound:
    round_id: int
    channel_id: int
    stakes: dict[int, Stake] = field(default_factory=dict)
    applied: list[int] = field(default_factory=list)
    """Interaction ids that should each have been applied exactly once."""
    answers: list[Answer] = field(default_factory=list)


def expect_applied(answer: Answer, played: PlayedRound, duplicates: bool) -> None:
    """The bot must have confirmed the action. When every interaction is delivered twice,
    the reply to the second copy may reach Discord first; it says the action was done."""
    assert answer.ok, f"no answer to {answer.record.id} (errors {answer.record.errors})"
    played.answers.append(answer)
    played.applied.append(answer.record.id)
    match = CONFIRMED.match(answer.text)
    if match:
        played.round_id = int(match["round"])
    elif not (duplicates and answer.text.startswith(ALREADY_DONE)):
        raise AssertionError(f"the bot refused a legal action: {answer.text!r}")


class GameScript(Protocol):
    # Read-only members, so a script may declare narrower types (a tuple of three labels).
    @property
    def game(self) -> str: ...

    @property
    def open_options(self) -> Mapping[str, Any]:
        """``/table open`` options: the shortest timers the bot allows."""
        ...

    @property
    def chaos_weights(self) -> Mapping[str, float]:
        """How often a chaos player presses each button (by label), when the table shows it."""
        ...

    @property
    def chaos_commands(self) -> Mapping[str, Mapping[str, tuple[Any, ...]]]:
        """Slash commands a chaos player also uses, with the option values to pick from."""
        ...

    @property
    def finishing_labels(self) -> tuple[str, ...]:
        """Buttons that end a player's part in a round soonest (to drive every round to its end)."""
        ...

    async def play_round(self, table: TableClient, players: list[FakeUser], rng: random.Random,
                         *, duplicates: bool = False) -> PlayedRound:
        """Play one round from the betting window to the result message."""
        ...

    def hidden_cards(self, state: Mapping[str, Any]) -> set[str]:
        """Cards of this saved engine state that the public must not see at that moment."""
        ...

    def secret_cards(self, status: str, saved: Mapping[str, Any]) -> set[str]:
        """A finished or open round's cards that were private until its showdown, from the
        ``rounds.state`` column (engine state while open or void, the record once settled)."""
        ...


class UTHScript:
    """Ultimate Texas Hold'em: Ante (button or /uth ante), sometimes Trips, then each player
    raises 4x/3x pre-flop, or checks and raises 2x on the flop, or checks and raises 1x or
    folds on the river."""

    game = "uth"
    open_options: Mapping[str, Any] = {"min_bet": 10, "max_bet": 100, "betting_seconds": 10,
                                       "decision_seconds": 10}
    chaos_weights: Mapping[str, float] = {
        "Ante 10": 3, "Ante 50": 2, "Trips 10": 1, "Rebet": 1, "Double": 1, "Undo": 0.5,
        "Clear": 0.3, "Raise 4x": 2, "Raise 3x": 1, "Raise 2x": 2, "Raise 1x": 2, "Check": 2,
        "Fold": 1, "My cards": 0.5,
    }
    chaos_commands: Mapping[str, Mapping[str, tuple[Any, ...]]] = {
        "uth ante": {"amount": (10, 20, 100)}, "uth trips": {"amount": (10,)},
        "uth raise": {"multiple": (4, 3, 2, 1)}, "uth check": {}, "uth fold": {},
    }
    finishing_labels = ("Raise 4x", "Raise 2x", "Raise 1x")
    REVEALED = {"betting": 0, "dealing": 0, "preflop": 0, "flop": 3, "river": 5, "settled": 5}

    async def play_round(self, table: TableClient, players: list[FakeUser], rng: random.Random,
                         *, duplicates: bool = False) -> PlayedRound:
        betting = await table.wait_for(lambda controls, _: "Ante 10" in controls, timeout=STEP_TIMEOUT)
        played = PlayedRound(0, table.channel_id)
        first = players[0]
        # The first Ante opens the round; the others then bet at once (a burst on one table).
        await self._bet(table, betting, first, rng, played, duplicates)
        await asyncio.gather(*(self._bet(table, betting, p, rng, played, duplicates)
                               for p in players[1:]))
        if played.round_id == 0:  # every confirmation was lost to a duplicate's reply: ask the table
            shown = await table.wait_for(lambda _, shown_round: shown_round > 0, timeout=STEP_TIMEOUT)
            played.round_id = table.round_id(shown)
        round_id = played.round_id
        pending = list(players)
        streets = {"Raise 4x": ("preflop", (4, 3)), "Raise 2x": ("flop", (2,)), "Raise 1x": ("river", (1,))}
        for marker, (street, multiples) in streets.items():
            message = await table.wait_for_control(round_id, marker, timeout=STEP_TIMEOUT)
            if message is None:
                break  # everyone has decided: the round settled
            if street == "preflop" and rng.random() < 0.5:
                peek = await table.press(rng.choice(players), "My cards", message)
                assert peek.ok and peek.ephemeral, peek.text
                played.answers.append(peek)
            decisions = [self._decide(table, message, p, street, multiples, rng, played, duplicates)
                         for p in pending]
            results = await asyncio.gather(*decisions)
            pending = [p for p, done in zip(pending, results, strict=True) if not done]
            if not pending:
                break
        await table.wait_result(round_id, timeout=STEP_TIMEOUT)
        return played

    async def _bet(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                   rng: random.Random, played: PlayedRound, duplicates: bool) -> None:
        stake = played.stakes.setdefault(player.id, Stake(ante_counts=2))
        if rng.random() < 0.5:
            answer = await table.press(player, "Ante 10", message)
            stake.ante += 10
        else:
            amount = rng.choice((10, 20, 30))
            answer = await table.command(player, "uth ante", amount=amount)
            stake.ante += amount
        expect_applied(answer, played, duplicates)
        if rng.random() < 0.3:
            if rng.random() < 0.5:
                answer = await press_when_shown(table, player, "Trips 10")
                stake.side += 10
            else:
                answer = await table.command(player, "uth trips", amount=15)
                stake.side += 15
            expect_applied(answer, played, duplicates)

    async def _decide(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                      street: str, multiples: tuple[int, ...], rng: random.Random,
                      played: PlayedRound, duplicates: bool) -> bool:
        """One decision; True when the player is done (raised or folded)."""
        stake = played.stakes[player.id]
        raising = rng.random() < {"preflop": 0.5, "flop": 0.5, "river": 0.6}[street]
        by_button = rng.random() < 0.5
        if raising:
            multiple = rng.choice(multiples)
            answer = (await table.press(player, f"Raise {multiple}x", message) if by_button
                      else await table.command(player, "uth raise", multiple=multiple))
            stake.play = multiple * stake.ante
        elif street == "river":
            answer = (await table.press(player, "Fold", message) if by_button
                      else await table.command(player, "uth fold"))
        else:
            answer = (await table.press(player, "Check", message) if by_button
                      else await table.command(player, "uth check"))
        expect_applied(answer, played, duplicates)
        return raising or street == "river"

    # -- privacy ------------------------------------------------------------------------------
    def hidden_cards(self, state: Mapping[str, Any]) -> set[str]:
        phase = str(state["phase"])
        if phase == "settled":
            return set()
        hidden = {card for seat in state["seats"] for card in seat["hole"]}
        hidden |= set(state["dealer"])
        hidden |= set(list(state["board"])[self.REVEALED[phase]:])
        return hidden

    def secret_cards(self, status: str, saved: Mapping[str, Any]) -> set[str]:
        if "dealt" in saved:  # a settled round's record: holes in seat order, dealer, board
            dealt = list(saved["dealt"])
            return set(dealt[:-5]) if dealt else set()
        return ({card for seat in saved.get("seats", []) for card in seat["hole"]}
                | set(saved.get("dealer", [])))


class ThreeCardScript:
    """Three Card Poker: an Ante (button or /threecard ante), sometimes Pair Plus, then every
    player at once plays or folds (button or command)."""

    game = "threecard"
    open_options: Mapping[str, Any] = UTHScript.open_options
    chaos_weights: Mapping[str, float] = {"Ante 10": 3, "Ante 50": 2, "Pair Plus 10": 1, "Rebet": 1,
                                          "Undo": 0.5, "Clear": 0.3, "Play": 3, "Fold": 1, "My cards": 0.5}
    chaos_commands: Mapping[str, Mapping[str, tuple[Any, ...]]] = {
        "threecard ante": {"amount": (10, 20, 100)}, "threecard pairplus": {"amount": (10,)},
        "threecard play": {}, "threecard fold": {},
    }
    finishing_labels = ("Play", "Fold")

    async def play_round(self, table: TableClient, players: list[FakeUser], rng: random.Random,
                         *, duplicates: bool = False) -> PlayedRound:
        betting = await table.wait_for(lambda controls, _: "Ante 10" in controls, timeout=STEP_TIMEOUT)
        played = PlayedRound(0, table.channel_id)
        await self._bet(table, betting, players[0], rng, played, duplicates)  # opens the round
        await asyncio.gather(*(self._bet(table, betting, p, rng, played, duplicates) for p in players[1:]))
        if played.round_id == 0:  # every confirmation was lost to a duplicate's reply: ask the table
            shown = await table.wait_for(lambda _, shown_round: shown_round > 0, timeout=STEP_TIMEOUT)
            played.round_id = table.round_id(shown)
        deciding = await table.wait_for(
            lambda controls, shown_round: shown_round == played.round_id and "Play" in controls,
            timeout=STEP_TIMEOUT)
        await asyncio.gather(*(self._decide(table, deciding, p, rng, played, duplicates) for p in players))
        await table.wait_result(played.round_id, timeout=STEP_TIMEOUT)
        return played

    async def _bet(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                   rng: random.Random, played: PlayedRound, duplicates: bool) -> None:
        stake = played.stakes.setdefault(player.id, Stake())
        amount = 10 if rng.random() < 0.5 else rng.choice((10, 20, 30))
        answer = (await table.press(player, "Ante 10", message) if amount == 10 and rng.random() < 0.7
                  else await table.command(player, "threecard ante", amount=amount))
        stake.ante += amount
        expect_applied(answer, played, duplicates)
        if rng.random() < 0.4:
            by_button = rng.random() < 0.5
            answer = (await press_when_shown(table, player, "Pair Plus 10") if by_button
                      else await table.command(player, "threecard pairplus", amount=15))
            stake.side += 10 if by_button else 15
            expect_applied(answer, played, duplicates)

    async def _decide(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                      rng: random.Random, played: PlayedRound, duplicates: bool) -> None:
        playing, by_button = rng.random() < 0.7, rng.random() < 0.5
        label = "Play" if playing else "Fold"
        answer = (await table.press(player, label, message) if by_button
                  else await table.command(player, f"threecard {label.lower()}"))
        if playing:
            played.stakes[player.id].play = played.stakes[player.id].ante
        expect_applied(answer, played, duplicates)

    # -- privacy ------------------------------------------------------------------------------
    def hidden_cards(self, state: Mapping[str, Any]) -> set[str]:
        if state["phase"] == "settled":
            return set()
        return {card for seat in state["seats"] for card in seat["cards"]} | set(state["dealer"])

    def secret_cards(self, status: str, saved: Mapping[str, Any]) -> set[str]:
        if "dealt" in saved:  # a settled round's record: every hand, then the dealer's
            return set(saved["dealt"])
        return self.hidden_cards({**saved, "phase": "open"}) if "seats" in saved else set()


class BoxedScript:
    """The boxed dealer games (2 Plus 4; Imperial shares the table adapter): each player puts
    an Ante on box 1 and sometimes box 2 (button or command) and sometimes a Bonus; then
    decides the box on turn (Bet, Fold or Buy), presses Go on where the game asks, and in the
    exchange phase sometimes asks for an exchange before Go on."""

    def __init__(self, game: str, *, dealer_face_up: int, buy: bool, dealer_cards: int = 6) -> None:
        self.game = game
        self.dealer_face_up = dealer_face_up
        self.dealer_cards = dealer_cards
        self.buy = buy
        self.open_options: Mapping[str, Any] = UTHScript.open_options
        boxes = {f"Box {box}: Ante 10": 2.0 / box for box in range(1, 5)}
        boxes |= {f"Box {box}: Bonus 1": 0.3 for box in range(1, 5)}
        self.chaos_weights: Mapping[str, float] = {
            **boxes, "Rebet": 1, "Undo": 0.5, "Clear": 0.3, "Bet": 3, "Buy": 1 if buy else 0,
            "Fold": 1, "Go on": 2, "My cards": 0.5,
            **{f"Exchange box {box}": 0.5 for box in range(1, 5)},
        }
        self.chaos_commands: Mapping[str, Mapping[str, tuple[Any, ...]]] = {
            f"{game} ante": {"box": (1, 2, 3, 4), "amount": (10, 20, 50)},
            f"{game} bonus": {"box": (1, 2), "amount": (1, 5)}, f"{game} bet": {"insurance": (0,)},
            f"{game} fold": {}, f"{game} goon": {}, f"{game} exchange": {"box": (1, 2)},
            **({f"{game} buy": {}} if buy else {}),
        }
        self.finishing_labels = ("Bet", "Go on")

    async def play_round(self, table: TableClient, players: list[FakeUser], rng: random.Random,
                         *, duplicates: bool = False) -> PlayedRound:
        betting = await table.wait_for(lambda controls, _: "Box 1: Ante 10" in controls,
                                       timeout=STEP_TIMEOUT)
        played = PlayedRound(0, table.channel_id)
        boxes: dict[int, dict[int, int]] = {}  # player -> box -> ante
        await self._bet(table, betting, players[0], rng, played, boxes, duplicates)
        await asyncio.gather(*(self._bet(table, betting, p, rng, played, boxes, duplicates)
                               for p in players[1:]))
        if played.round_id == 0:
            shown = await table.wait_for(lambda _, shown_round: shown_round > 0, timeout=STEP_TIMEOUT)
            played.round_id = table.round_id(shown)
        round_id = played.round_id
        decisions = await table.wait_for_control(round_id, "Bet", timeout=STEP_TIMEOUT)
        if decisions is not None:
            if rng.random() < 0.5:
                peek = await table.press(rng.choice(players), "My cards", decisions)
                assert peek.ok and peek.ephemeral, peek.text
                played.answers.append(peek)
            await asyncio.gather(*(self._decide(table, decisions, p, rng, played, boxes, duplicates)
                                   for p in players))
            exchange = await table.wait_for_control(round_id, "Exchange box 1", timeout=STEP_TIMEOUT)
            if exchange is not None:
                await asyncio.gather(*(self._exchange(table, exchange, p, rng, played, duplicates)
                                       for p in players))
        await table.wait_result(round_id, timeout=STEP_TIMEOUT)
        return played

    async def _bet(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                   rng: random.Random, played: PlayedRound, boxes: dict[int, dict[int, int]],
                   duplicates: bool) -> None:
        stake = played.stakes.setdefault(player.id, Stake())
        mine = boxes.setdefault(player.id, {})
        clicked = False
        for box in (1, 2) if rng.random() < 0.4 else (1,):
            if rng.random() < 0.5:
                if clicked:  # a second Ante click on one rendering would be taken as a double click
                    message = await table.newer_than(message, timeout=STEP_TIMEOUT)
                answer = await table.press(player, f"Box {box}: Ante 10", message)
                amount, clicked = 10, True
            else:
                amount = rng.choice((10, 20)) if box == 1 else 10
                answer = await table.command(player, f"{self.game} ante", box=box, amount=amount)
            mine[box] = mine.get(box, 0) + amount
            stake.ante += amount
            expect_applied(answer, played, duplicates)
        if rng.random() < 0.3:
            if rng.random() < 0.5:
                answer = await press_when_shown(table, player, "Box 1: Bonus 1")
            else:
                answer = await table.command(player, f"{self.game} bonus", box=1, amount=1)
            stake.side += 1  # the Bonus
            expect_applied(answer, played, duplicates)

    async def _decide(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                      rng: random.Random, played: PlayedRound, boxes: dict[int, dict[int, int]],
                      duplicates: bool) -> None:
        """Decide box after box until the bot says this player is done."""
        stake = played.stakes[player.id]
        clicked: set[str] = set()  # actions this player clicked on the current rendering
        for _ in range(12):
            choice = rng.choices(["Bet", "Fold", "Buy"], [6, 2, 2 if self.buy else 0])[0]
            message, answer, choice = await self._decide_box(table, message, player, choice, rng, clicked)
            if answer is None or any(done in answer.text for done in DONE_DECIDING):
                return
            if "already bought" in answer.text:
                continue
            expect_applied(answer, played, duplicates)
            confirmed = BOX_ACTION.match(answer.text)
            if confirmed and choice in ("Bet", "Buy"):
                ante = boxes[player.id][int(confirmed["box"])]
                if choice == "Bet" or "BET placed" in answer.text:
                    stake.play += 2 * ante
                if choice == "Buy":
                    stake.play += ante  # the sixth card's price
        raise AssertionError(f"{player.name} was never done deciding")

    async def _decide_box(self, table: TableClient, message: dict[str, Any], player: FakeUser, choice: str,
                          rng: random.Random, clicked: set[str]
                          ) -> tuple[dict[str, Any], Answer | None, str]:
        """``choice`` for the box on turn, then Go on when the bot asks for it (a BET to insure,
        or blind boxes): (table message, the last answer, the last choice made)."""
        message, answer = await self._act(table, message, player, choice, rng, clicked)
        if answer is not None and "or Go on" in answer.text:
            choice = "Go on"
            message, answer = await self._act(table, message, player, choice, rng, clicked)
        return message, answer, choice

    async def _act(self, table: TableClient, message: dict[str, Any], player: FakeUser, label: str,
                   rng: random.Random, clicked: set[str]) -> tuple[dict[str, Any], Answer | None]:
        """A button (on a rendering where this player has not clicked it yet) or the command;
        None when the table has moved on to a phase without that button."""
        if rng.random() < 0.5:
            return message, await table.command(player, f"{self.game} {label.lower().replace(' ', '')}")
        if label in clicked:
            message = await table.newer_than(message, timeout=STEP_TIMEOUT)
            clicked.clear()
        if label not in table.controls(message):
            return message, None
        clicked.add(label)
        return message, await table.press(player, label, message)

    async def _exchange(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                        rng: random.Random, played: PlayedRound, duplicates: bool) -> None:
        if rng.random() < 0.5:
            picked = await table.press(player, "Exchange box 1", message)
            if CONFIRMED.match(picked.text):  # the fee is the box's Ante, already staked
                played.applied.append(picked.record.id)
        _, done = await self._act(table, message, player, "Go on", rng, set())
        # A player with no box that may ask for the exchange has nothing to confirm (Imperial:
        # open boxes only), and the others' Go on may already have ended the round.
        if done is not None and not any(text in done.text for text in NOTHING_TO_CONFIRM):
            expect_applied(done, played, duplicates)

    # -- privacy ------------------------------------------------------------------------------
    def hidden_cards(self, state: Mapping[str, Any]) -> set[str]:
        deck = list(state.get("deck") or [])
        drawn = int(state.get("drawn") or 0)
        hidden = set(deck[drawn:])  # never dealt: never shown
        if state["phase"] in ("betting", "dealing", "decisions"):
            hidden |= {card for seat in state["seats"] for box in seat["boxes"] for card in box["cards"]}
            dealer = list(state.get("dealer") or [])
            hidden |= set(dealer[:max(0, len(dealer) - self.dealer_face_up)])
            # Cards given up in a Draw are in no hand any more, and never shown either.
            hidden |= set(deck[:drawn]) - set(dealer[len(dealer) - self.dealer_face_up:])
        return hidden

    def secret_cards(self, status: str, saved: Mapping[str, Any]) -> set[str]:
        if "dealt" in saved:  # a settled record: boxes five cards each, then the dealer's
            dealt = list(saved["dealt"])
            view = (saved.get("record") or {}).get("view") or {}
            boxes = sum(1 for seat in view.get("seats", []) for box in seat.get("boxes", [])
                        if box.get("cards"))
            dealer = dealt[5 * boxes:5 * boxes + self.dealer_cards]
            return set(dealt) - set(dealer[len(dealer) - self.dealer_face_up:])
        dealer = list(saved.get("dealer") or [])
        in_boxes = {card for seat in saved.get("seats", []) for box in seat["boxes"] for card in box["cards"]}
        return in_boxes | set(dealer[:max(0, len(dealer) - self.dealer_face_up)])


DONE_DECIDING = (
    "made all your decisions",  # this player is done; the others are not
    "The boxes are decided",  # everyone is done: the dealer has shown
    "which is over", "No round is running",  # the round settled before this click
)
NOTHING_TO_CONFIRM = ("nothing to decide", "which is over", "No round is running")
BOX_ACTION = re.compile(r"^box (?P<box>\d): (?P<what>[A-Z +]+)")

DRAWN = re.compile(r"^box (?P<box>\d): DRAW (?P<count>\d) cards?.* · round #(?P<round>\d+)$")
"""The first line of the answer to a Draw (the player's private cards follow it)."""
SELECT = 3  # a select menu's component type


class ImperialScript(BoxedScript):
    """Imperial Poker: the boxed script, with the Draw. The box on turn is decided with Bet,
    Fold, Buy or Draw (the round's first player always draws first). A Draw chooses cards in
    the private menu (Draw cards, a choice, Draw) or names them in ``/imperial draw`` (read from
    the menu first, and confirmed when the bot warns of the last card). After a one-card Draw
    another may follow (the k-th costs k Antes); after a Buy or a Draw of several cards only
    Bet or Fold."""

    def __init__(self) -> None:
        super().__init__("imperial", dealer_face_up=1, buy=True, dealer_cards=5)
        self.chaos_weights = {**self.chaos_weights, "Draw cards": 1.0}
        self.chaos_commands = {**self.chaos_commands,
                               "imperial draw": {"cards": ("As", "Kd 2c", "10h", "Qs Js Ts")}}

    async def _decide(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                      rng: random.Random, played: PlayedRound, boxes: dict[int, dict[int, int]],
                      duplicates: bool) -> None:
        stake = played.stakes[player.id]
        clicked: set[str] = set()
        draws: dict[int, int] = {}  # box -> Draws so far (the next costs one Ante more)
        only_bet_or_fold, one_card_only = False, False
        # The round's first player always starts with a Draw, so every round has one.
        draw_first = player.id == next(iter(played.stakes))
        for _ in range(20):
            if draw_first:
                choice, draw_first = "Draw", False
            elif only_bet_or_fold:
                choice = rng.choices(["Bet", "Fold"], [3, 1])[0]
            elif one_card_only:
                choice = rng.choices(["Bet", "Fold", "Draw"], [3, 1, 1])[0]
            else:
                choice = rng.choices(["Bet", "Fold", "Buy", "Draw"], [5, 1, 2, 3])[0]
            if choice == "Draw":
                shown, answer, size = await self._draw(table, message, player, rng,
                                                       1 if one_card_only else 3, played)
                if table.version(shown) != table.version(message):
                    message = shown
                    clicked.clear()  # nothing clicked yet on this newer rendering
                if answer is None:  # no Draw to be had now (the deck is kept for others): Bet
                    only_bet_or_fold = True
                    continue
                box = expect_drawn(answer, played)
                draws[box] = draws.get(box, 0) + 1
                stake.play += draws[box] * boxes[player.id][box]  # the k-th Draw: k Antes
                only_bet_or_fold, one_card_only = size > 1 or draws[box] >= 3, size == 1
                continue
            message, answer, choice = await self._decide_box(table, message, player, choice, rng, clicked)
            if answer is None or any(done in answer.text for done in DONE_DECIDING):
                return
            expect_applied(answer, played, duplicates)
            confirmed = BOX_ACTION.match(answer.text)
            if confirmed and choice == "Buy":
                stake.play += boxes[player.id][int(confirmed["box"])]  # the sixth card's price
                only_bet_or_fold = True
            elif confirmed and choice == "Bet":
                stake.play += 2 * boxes[player.id][int(confirmed["box"])]
                only_bet_or_fold = one_card_only = False
            elif choice in ("Fold", "Go on"):
                only_bet_or_fold = one_card_only = False
        raise AssertionError(f"{player.name} was never done deciding")

    async def _draw(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                    rng: random.Random, most: int, played: PlayedRound
                    ) -> tuple[dict[str, Any], Answer | None, int]:
        """One Draw of up to ``most`` cards: (table message, the Draw's answer or None when no
        Draw could be made, cards drawn)."""
        if "Draw cards" not in table.controls(message):
            message = table.message() or message
            if "Draw cards" not in table.controls(message):
                return message, None, 0
        private = await table.press(player, "Draw cards", message)
        played.answers.append(private)
        assert private.ok and private.ephemeral, private.text
        menus = [c for c in walk_components(private.message.get("components") or [])
                 if c.get("type") == SELECT] if private.record.callbacks else []
        if not menus:  # not this player's turn to draw, or nothing left to draw
            return message, None, 0
        options = [option["value"] for option in menus[0]["options"]]
        count = rng.randint(1, min(most, int(menus[0]["max_values"])))
        cards = rng.sample(options, count)
        casino = table.casino
        if rng.random() < 0.5:
            chosen = await casino.select(player, private.message, menus[0]["custom_id"], cards)
            assert chosen.ok and "Press **Draw** to pay" in chosen.text, chosen.text
            answer = await casino.click(player, chosen.message, button_id(chosen.message, "Draw"))
        else:
            answer = await table.command(player, "imperial draw", cards=" ".join(cards))
            if answer.ok and "Last card" in answer.text:  # warned first: go ahead
                answer = await casino.click(player, answer.message, button_id(answer.message, "Draw"))
        if answer.ok and "The deck would run out" in answer.text:
            return message, None, 0
        return message, answer, count


def expect_drawn(answer: Answer, played: PlayedRound) -> int:
    """A Draw was confirmed (under the confirmation line come the player's cards as they are
    now); returns the box that drew. (A second delivery never answers first: the bot drops it
    before any handler runs.)"""
    assert answer.ok, f"no answer to {answer.record.id} (errors {answer.record.errors})"
    played.answers.append(answer)
    played.applied.append(answer.record.id)
    match = DRAWN.match(answer.text.split("\n", 1)[0])
    assert match, f"the bot refused a legal Draw: {answer.text!r}"
    played.round_id = int(match["round"])
    return int(match["box"])


def button_id(message: dict[str, Any], label: str) -> str:
    for component in walk_components(message.get("components") or []):
        if component.get("type") == 2 and component.get("label") == label:
            return str(component["custom_id"])
    raise AssertionError(f"no {label!r} button on {message.get('components')}")


STACK = re.compile(r"Your stack at this table: (?P<chips>[\d,]+) chips?")
ROUND_OVER = ("which is over", "No round is running", "already set your hand",
              "is over; this is round", "No round is being played")
"""Answers to a hand action that arrived after the timer set every hand (the round is over)."""


class ChineseScript:
    """Chinese Poker, played from table stacks: each player checks their stack (``/chinese
    stack``) and buys in when it is empty (the full 20 points first, any amount after); one
    deals (Deal or ``/chinese deal``), which puts every stack in play; then each sets their hand
    in the private message (the front and middle menus, or Auto-arrange, then Confirm or
    Confirm foul), or by ``/chinese auto`` and ``/chinese confirm``, or names the cards in
    ``/chinese set``, declares an automatic win when offered, or now and then lets the timer
    set the hand."""

    game = "chinese"
    POINT = 5
    FULL_BUY_IN = 20 * POINT
    open_options: Mapping[str, Any] = {"point_value": POINT, "betting_seconds": 10,
                                       "decision_seconds": 10}
    chaos_weights: Mapping[str, float] = {"Deal": 2, "Set my hand": 1}
    chaos_commands: Mapping[str, Mapping[str, tuple[Any, ...]]] = {
        "chinese buyin": {"amount": (FULL_BUY_IN, 2 * FULL_BUY_IN, 30)}, "chinese deal": {},
        "chinese auto": {}, "chinese confirm": {"foul": (False, True)}, "chinese declare": {},
        "chinese set": {"front": ("As Kd 2c", "10h 9h 8h"), "middle": ("Qs Js 10s 9s 8s", "2d 3d 4d 5d 6d")},
        "chinese stack": {},
    }
    finishing_labels: tuple[str, ...] = ()  # the decision timer sets every hand left

    def __init__(self) -> None:
        self.bought: set[tuple[int, int]] = set()  # (channel, player) who made the full buy

    async def play_round(self, table: TableClient, players: list[FakeUser], rng: random.Random,
                         *, duplicates: bool = False) -> PlayedRound:
        idle = await table.wait_for(lambda controls, _: "Deal" in controls, timeout=STEP_TIMEOUT)
        played = PlayedRound(0, table.channel_id)
        stacks = await asyncio.gather(*(self._chips_for(table, player, rng) for player in players))
        dealer = players[0]
        answer = (await table.press(dealer, "Deal", idle) if rng.random() < 0.5
                  else await table.command(dealer, "chinese deal"))
        expect_applied(answer, played, duplicates)
        for player, stack in zip(players, stacks, strict=True):
            played.stakes[player.id] = Stake(ante=stack)  # the whole stack is in play
        round_id = played.round_id
        setting = await table.wait_for_control(round_id, "Set my hand", timeout=STEP_TIMEOUT)
        if setting is not None:
            await asyncio.gather(*(self._set_hand(table, setting, player, rng, played)
                                   for player in players))
        await table.wait_result(round_id, timeout=STEP_TIMEOUT)
        return played

    async def _chips_for(self, table: TableClient, player: FakeUser, rng: random.Random) -> int:
        """The player's stack at the table, after buying in if it was empty."""
        answer = await table.command(player, "chinese stack")
        match = STACK.search(answer.text)
        assert match, f"no stack in {answer.text!r}"
        stack = int(match["chips"].replace(",", ""))
        if stack:
            return stack
        key = (table.channel_id, player.id)
        amount = rng.choice((30, 60, self.FULL_BUY_IN)) if key in self.bought else self.FULL_BUY_IN
        bought = await table.command(player, "chinese buyin", amount=amount)
        assert bought.ok and f"Your stack: {amount:,} chips" in bought.text, bought.text
        self.bought.add(key)
        return amount

    async def _set_hand(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                        rng: random.Random, played: PlayedRound) -> None:
        way = rng.choices(["menus", "auto button", "auto command", "set command", "timer"],
                          [4, 2, 2, 2, 0.5])[0]
        if way == "timer":
            return
        if way == "auto command":
            if self._hand_action(await table.command(player, "chinese auto"), played):
                await self._confirm(table, player, played, foul=False)
            return
        private = await table.press(player, "Set my hand", message)
        played.answers.append(private)
        assert private.ok and private.ephemeral, private.text
        shown = private.message if private.record.callbacks else {}
        if not menus_of(shown):
            assert any(marker in private.text for marker in ROUND_OVER), private.text
            return
        if any(label.startswith("Declare") for label in button_labels(shown)) and rng.random() < 0.7:
            label = next(label for label in button_labels(shown) if label.startswith("Declare"))
            self._hand_action(await table.casino.click(player, shown, button_id(shown, label)), played)
            return
        casino = table.casino
        if way == "auto button":
            answer = await casino.click(player, shown, button_id(shown, "Auto-arrange"))
            if not self._hand_action(answer, played):
                return
            shown = answer.message
        elif way == "menus":
            front = menus_of(shown)["front"]
            answer = await casino.select(player, shown, front["custom_id"], rng.sample(
                [option["value"] for option in front["options"]], 3))
            if not self._hand_action(answer, played):
                return
            middle = menus_of(answer.message)["middle"]
            answer = await casino.select(player, answer.message, middle["custom_id"], rng.sample(
                [option["value"] for option in middle["options"]], 5))
            if not self._hand_action(answer, played):
                return
            shown = answer.message
        else:  # set command: the cards read from the menus, named as text
            cards = [option["value"] for option in menus_of(shown)["front"]["options"]]
            rng.shuffle(cards)
            answer = await table.command(player, "chinese set", front=" ".join(cards[:3]),
                                         middle=" ".join(cards[3:8]))
            if not self._hand_action(answer, played) or answer.text.startswith("Hand set"):
                return
            await self._confirm(table, player, played, foul=True)
            return
        labels = button_labels(shown)
        label = "Confirm" if "Confirm" in labels else "Confirm foul"
        self._hand_action(await casino.click(player, shown, button_id(shown, label)), played)

    async def _confirm(self, table: TableClient, player: FakeUser, played: PlayedRound, *,
                       foul: bool) -> None:
        self._hand_action(await table.command(player, "chinese confirm", foul=foul), played)

    def _hand_action(self, answer: Answer, played: PlayedRound) -> bool:
        """One action on the player's hand: True when applied, False when the timer had already
        set every hand (the round is over); anything else is a refused legal action."""
        assert answer.ok, f"no answer to {answer.record.id} (errors {answer.record.errors})"
        played.answers.append(answer)
        if CONFIRMED.match(answer.text.split("\n", 1)[0]):
            played.applied.append(answer.record.id)
            return True
        if any(marker in answer.text for marker in ROUND_OVER):
            return False
        raise AssertionError(f"the bot refused a legal action: {answer.text!r}")

    # -- privacy ------------------------------------------------------------------------------
    def hidden_cards(self, state: Mapping[str, Any]) -> set[str]:
        hand = state.get("hand")
        if not hand:
            return set()
        dead = {card for cards in hand["dead_hands"].values() for card in str(cards).split()}
        if hand["phase"] == "settled":
            return dead  # the hands of empty seats are never shown
        return dead | set(state.get("deck") or []) | {
            card for player in hand["players"] for card in str(player["cards"]).split()}

    def secret_cards(self, status: str, saved: Mapping[str, Any]) -> set[str]:
        if "dealt" in saved:  # a settled record: the whole deck was dealt, every card private
            return set(saved["dealt"])
        return self.hidden_cards(saved)


def menus_of(message: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A private message's menus by part (``front``, ``middle``)."""
    return {str(c["custom_id"]).rsplit(":", 1)[1]: c
            for c in walk_components(message.get("components") or []) if c.get("type") == SELECT}


def button_labels(message: Mapping[str, Any]) -> list[str]:
    return [str(c.get("label")) for c in walk_components(message.get("components") or [])
            if c.get("type") == 2]


class HCFScript:
    """High Card Flush, banked by a player, from table stacks: each player tops up a short stack
    (``/hcf stack``, ``/hcf buyin``); one opens the hand (Deal next hand or ``/hcf deal``); one
    player, or nobody (the house banks), means to bank and accepts when the offer reaches them
    (Accept bank or ``/hcf bank``, waiting for their turn), while the others Ante at once (button
    or command), which declines the bank for them, and some add a bonus; after the deal each
    reads the Raise their flush allows from My cards, then raises (button or command) or folds;
    after the result a player now and then leaves with the stack."""

    game = "hcf"
    BUY_IN = 200
    RAKE = 1
    open_options: Mapping[str, Any] = {"min_bet": 10, "max_bet": 50, "betting_seconds": 10,
                                       "decision_seconds": 10, "bank_minimum": 100,
                                       "rake_mode": "every_player", "rake": RAKE}
    chaos_weights: Mapping[str, float] = {
        "Deal next hand": 2, "Accept bank": 1, "Decline bank": 1, "Ante 10": 3, "Ante 50": 1,
        "SF bonus 10": 0.5, "Flush bonus 10": 0.5, "Clear": 0.2, "Raise 1x": 2, "Raise 2x": 1,
        "Raise 3x": 0.5, "Fold": 1, "My cards": 0.5,
    }
    chaos_commands: Mapping[str, Mapping[str, tuple[Any, ...]]] = {
        "hcf buyin": {"amount": (200, 500)}, "hcf deal": {}, "hcf ante": {"amount": (10, 20)},
        "hcf bank": {"choice": ("accept", "decline")}, "hcf raise": {"multiple": (1, 2, 3)},
        "hcf fold": {},
    }
    finishing_labels = ("Decline bank", "Fold")
    STACK_TEXT = re.compile(r"Your stack(?: at this table)?: (?P<chips>[\d,]+) chips?")
    MAY_RAISE = re.compile(r"you may raise 1x(?: to (?P<cap>[23])x)?")

    async def play_round(self, table: TableClient, players: list[FakeUser], rng: random.Random,
                         *, duplicates: bool = False) -> PlayedRound:
        idle = await table.wait_for(lambda controls, _: "Deal next hand" in controls,
                                    timeout=STEP_TIMEOUT)
        played = PlayedRound(0, table.channel_id)
        stacks = dict(zip([p.id for p in players],
                          await asyncio.gather(*(self._stack(table, p) for p in players)), strict=True))
        answer = (await table.press(players[0], "Deal next hand", idle) if rng.random() < 0.5
                  else await table.command(players[0], "hcf deal"))
        expect_applied(answer, played, duplicates)
        if played.round_id == 0:  # the confirmation was lost to a duplicate's reply
            shown = await table.wait_for(lambda _, shown_round: shown_round > 0, timeout=STEP_TIMEOUT)
            played.round_id = table.round_id(shown)
        round_id = played.round_id
        banker = rng.choice([*players, None])
        bettors = [p for p in players if p is not banker]
        jobs = [self._bet(table, p, round_id, rng, played, duplicates) for p in bettors]
        if banker is not None:
            jobs.append(self._bank(table, banker, round_id, stacks[banker.id], rng, played, duplicates))
        await asyncio.gather(*jobs)
        decisions = await table.wait_for_control(round_id, "Raise 1x", timeout=STEP_TIMEOUT)
        if decisions is not None:
            deciding = [p for p in players if p.id in played.stakes and played.stakes[p.id].ante]
            await asyncio.gather(*(self._decide(table, decisions, p, rng, played, duplicates)
                                   for p in deciding))
        await table.wait_result(round_id, timeout=STEP_TIMEOUT)
        if rng.random() < 0.3:  # someone goes home with their stack; next time they buy in again
            left = await table.command(rng.choice(players), "hcf leave")
            assert left.ok and "You left the table" in left.text, left.text
        return played

    async def _stack(self, table: TableClient, player: FakeUser) -> int:
        """The player's stack, topped up with a buy-in when short of ``BUY_IN``."""
        shown = await table.command(player, "hcf stack")
        match = self.STACK_TEXT.search(shown.text)
        assert match, f"no stack in {shown.text!r}"
        stack = int(match["chips"].replace(",", ""))
        if stack >= self.BUY_IN:
            return stack
        bought = await table.command(player, "hcf buyin", amount=self.BUY_IN)
        match = self.STACK_TEXT.search(bought.text)
        assert bought.ok and match, bought.text
        return int(match["chips"].replace(",", ""))

    async def _bet(self, table: TableClient, player: FakeUser, round_id: int, rng: random.Random,
                   played: PlayedRound, duplicates: bool) -> None:
        """An Ante (during the offer it declines the bank), and now and then a bonus."""
        stake = played.stakes.setdefault(player.id, Stake())
        message = await table.wait_for_control(round_id, "Ante 10", timeout=STEP_TIMEOUT)
        assert message is not None, f"round #{round_id} ended before {player.name} could bet"
        if rng.random() < 0.5:
            answer = await table.press(player, "Ante 10", message)
            amount = 10
        else:
            amount = rng.choice((10, 20))
            answer = await table.command(player, "hcf ante", amount=amount)
        expect_applied(answer, played, duplicates)
        stake.ante += amount
        stake.side += self.RAKE  # staked with the first Ante
        if rng.random() < 0.3:
            if rng.random() < 0.5:
                answer = await press_when_shown(table, player, rng.choice(["SF bonus 10", "Flush bonus 10"]))
                stake.side += 10
            else:
                answer = await table.command(player, "hcf bonus", straight_flush=10, flush=10)
                stake.side += 20
            expect_applied(answer, played, duplicates)

    async def _bank(self, table: TableClient, player: FakeUser, round_id: int, stack: int,
                    rng: random.Random, played: PlayedRound, duplicates: bool) -> None:
        """Accept the bank once the offer reaches this player (its whole stack is then staked as
        the bank); if the bank went elsewhere meanwhile, play instead."""
        message = await table.wait_for_control(round_id, "Accept bank", timeout=STEP_TIMEOUT)
        for _ in range(40):
            if message is None or "Accept bank" not in table.controls(message):
                break
            answer = (await table.press(player, "Accept bank", message) if rng.random() < 0.5
                      else await table.command(player, "hcf bank", choice="accept"))
            if answer.text.startswith("Bank accepted"):
                expect_applied(answer, played, duplicates)
                played.stakes[player.id] = Stake(side=stack)
                return
            assert "wait for your turn" in answer.text or "settled" in answer.text, answer.text
            message = await table.newer_than(message, timeout=STEP_TIMEOUT)
        await self._bet(table, player, round_id, rng, played, duplicates)  # the house banks after all

    async def _decide(self, table: TableClient, message: dict[str, Any], player: FakeUser,
                      rng: random.Random, played: PlayedRound, duplicates: bool) -> None:
        peek = await table.press(player, "My cards", message)
        played.answers.append(peek)
        assert peek.ok and peek.ephemeral, peek.text
        allowed = self.MAY_RAISE.search(peek.text)
        if allowed is None:  # the decision timer folded this hand already
            return
        stake = played.stakes[player.id]
        if rng.random() < 0.25:
            answer = (await table.press(player, "Fold", message) if rng.random() < 0.5
                      else await table.command(player, "hcf fold"))
        else:
            multiple = rng.randint(1, int(allowed["cap"] or 1))
            answer = (await table.press(player, f"Raise {multiple}x", message) if rng.random() < 0.5
                      else await table.command(player, "hcf raise", multiple=multiple))
            stake.play = multiple * stake.ante
        expect_applied(answer, played, duplicates)

    # -- privacy ------------------------------------------------------------------------------
    def hidden_cards(self, state: Mapping[str, Any]) -> set[str]:
        game = state.get("state") or {}
        if game.get("phase") == "settled":
            return set()
        return _hcf_cards(game)

    def secret_cards(self, status: str, saved: Mapping[str, Any]) -> set[str]:
        if "dealt" in saved:  # a settled record: every hand was private until the showdown
            return set(saved["dealt"])
        return _hcf_cards(saved.get("state") or {})


def _hcf_cards(game: Mapping[str, Any]) -> set[str]:
    """Every player's seven and the bank's seven in a saved High Card Flush round."""
    cards = {card for player in game.get("players") or [] for card in player["cards"]}
    return cards | set(game.get("bank_cards") or [])


SCRIPTS: dict[str, GameScript] = {
    "uth": UTHScript(),
    "twoplusfour": BoxedScript("twoplusfour", dealer_face_up=4, buy=True),
    "imperial": ImperialScript(),
    "hcf": HCFScript(),
    "chinese": ChineseScript(),
    "threecard": ThreeCardScript(),
}
