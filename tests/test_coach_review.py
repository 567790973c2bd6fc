"""The coach's review of a round: each decision kept as the hint would have been asked then, and
reviewed to the same figures the hint gives at that moment; any other action is no decision."""

from __future__ import annotations

from bot.coach import hcf, uth
from bot.coach.review import Decision, option_name, review
from bot.games.hcf import moves as hcf_moves
from bot.games.uth import moves
from bot.games.uth.rules import UTHOptions
from bot.poker import parse_cards
from tests.test_coach_hcf import at_decision
from tests.test_coach_uth import at_flop

SEAT = 7


def test_option_names_are_the_hints() -> None:
    assert option_name(moves.Raise(2)) == "raise 2x" and option_name(moves.Check()) == "check"
    assert option_name(hcf_moves.Fold()) == "fold"


def test_a_review_gives_each_decision_the_figures_its_hint_gave_then() -> None:
    """Checked on the flop, raised 1x on the river: the review's figures are the flop's and the
    river's hints, each from the cards the player saw at that moment."""
    options = UTHOptions(min_bet=1, max_bet=100)
    hole, dealer = parse_cards("9s 8s"), tuple(parse_cards("Ac Ad"))
    board = parse_cards("7s 2d Kc 5h Th")
    state = at_flop(hole, dealer, board, 5, options)
    decisions = []
    for move in (moves.Check(), moves.Raise(1)):
        asked = uth.request(state, SEAT)
        decision = Decision.made_with(SEAT, asked, move)
        assert asked is not None and decision is not None
        decisions.append((decision, asked.run()))
        state.apply(SEAT, move)
    reviewed = review(tuple(decision for decision, _ in decisions))
    for item, (decision, hint) in zip(reviewed, decisions, strict=True):
        assert item.made == decision.made and item.best == hint.best.name and item.ante == 5
        assert item.made_ev == float(hint.value_of(decision.made).ev) and item.best_ev == float(hint.best.ev)
        assert item.played_best == (decision.made == hint.best.name)
        assert item.given_up == (0.0 if item.played_best else (item.best_ev - item.made_ev) * 5)
    flop, river = reviewed
    assert flop.made == "check" and river.made == "raise 1x"


def test_an_action_that_is_not_the_decision_is_none() -> None:
    round_ = at_decision(parse_cards("Ah Kh 9h 7h 4h 2h 3c"), parse_cards("2c 4c 5d 6d 8d 9c Jd"),
                         parse_cards("Qs Js Ts 9s 8s 7s 6s"))
    asked = hcf.request(round_, SEAT)
    assert Decision.made_with(SEAT, asked, hcf_moves.Raise(3)) == Decision(SEAT, asked, "raise 3x")
    assert Decision.made_with(SEAT, asked, hcf_moves.Ante(10)) is None, "not one of the decision's moves"
    assert Decision.made_with(SEAT, None, hcf_moves.Fold()) is None, "no decision the coach values"
    assert Decision.made_with(SEAT, asked, None) is None, "a step the round took by itself"
