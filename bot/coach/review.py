"""The review of a round: each decision a player made, beside the best option at that moment.

At a decision the table keeps what the coach would have been asked then (:class:`Decision`: the
seat's :class:`HintRequest`, made from what the seat could see, and the move it chose); after
the round the coach values each one as a hint would have (:func:`review`), so a review's figures
are the hints' at those moments, worked out once the cards no longer matter to anyone."""

from __future__ import annotations

from dataclasses import dataclass

from bot.coach.values import HintRequest, Method
from bot.coach.values import option_name as naming
from bot.games.common import SeatId
from bot.games.moves import Move


def option_name(move: Move) -> str:
    """The move as the coach names its options: ``"fold"``, ``"raise 2x"`` (a Raise's multiple),
    ``"bet+insure 60"`` (a boxed game's Bet with insurance bought), ``"insure 60 box1"``."""
    insurance = getattr(move, "insurance", 0)
    if move.kind == "draw":  # Imperial's Draw: the cards given up name it
        return naming(move.kind, cards=[int(card) for card in getattr(move, "cards", ())])
    if insurance:
        return naming(INSURED_BET, amount=insurance)
    if move.kind == "insure":
        return naming(move.kind, amount=getattr(move, "amount", None), box=getattr(move, "box", None))
    return naming(move.kind, getattr(move, "times", None))


INSURED_BET = "bet+insure"
"""The coach's name for a Bet with insurance bought with it (one move of the engine's)."""


@dataclass(frozen=True)
class Decision:
    """A decision a seat made: what the coach would have been asked then, and the option chosen."""

    seat: SeatId
    request: HintRequest
    made: str

    @classmethod
    def made_with(cls, seat: SeatId, asked: HintRequest | None, move: Move | None) -> Decision | None:
        """The decision ``move`` made, when the seat had one the coach values (``asked``, asked
        before the move) and the move is one of its options; None for any other action."""
        if asked is None or move is None or move.kind not in asked.moves:
            return None
        return cls(seat, asked, option_name(move))


@dataclass(frozen=True)
class Reviewed:
    """One decision reviewed: the option made and the best one, each the hand's expected net in
    Antes from there, the Ante in chips, and how sure the figures are."""

    seat: SeatId
    made: str
    best: str
    made_ev: float
    best_ev: float
    ante: int
    method: Method
    stderr: float = 0.0

    @property
    def played_best(self) -> bool:
        """The choice was the best option, or worth as much (within a sampled figure's error)."""
        return self.made == self.best or self.best_ev - self.made_ev <= 2 * self.stderr

    @property
    def given_up(self) -> float:
        """The chips the choice gave up on average against the best option (0 when played best)."""
        return 0.0 if self.played_best else (self.best_ev - self.made_ev) * self.ante


def review_rounds(rounds: list[tuple[Decision, ...]]) -> list[tuple[Reviewed, ...]]:
    """:func:`review` for several rounds in one job (one trip to the worker and back)."""
    return [review(decisions) for decisions in rounds]


def review(decisions: tuple[Decision, ...]) -> tuple[Reviewed, ...]:
    """Each decision valued as its hint would have been (run in the coach's worker)."""
    reviewed = []
    for decision in decisions:
        hint = decision.request.run(also=decision.made)
        try:
            made = hint.value_of(decision.made)
        except KeyError:  # a move the hint does not value (Confirm foul on a legal draft): no review
            continue
        best = hint.best_for(made)
        reviewed.append(Reviewed(decision.seat, decision.made, best.name, float(made.ev), float(best.ev),
                                 decision.request.ante, hint.method, max(made.stderr, best.stderr)))
    return tuple(reviewed)
