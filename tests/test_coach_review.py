"""The coach's review of a round: each decision kept as the hint would have been asked then, and
reviewed to the same figures the hint gives at that moment; any other action is no decision."""

from __future__ import annotations

from bot.coach import hcf, twoplusfour, uth
from bot.coach.review import Decision, option_name, review
from bot.games.boxed import BoxStakes
from bot.games.boxed import moves as boxed_moves
from bot.games.hcf import moves as hcf_moves
from bot.games.uth import moves
from bot.games.uth.rules import UTHOptions
from bot.poker import parse_cards
from tests.test_coach_hcf import at_decision
from tests.test_coach_twoplusfour import DECKS
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


def test_insurance_between_the_hints_amounts_is_valued_as_the_engine_settles_it() -> None:
    """A Bet with 35 chips of insurance, where the hint valued 10 and 60: the review's figure
    lies on the line between them, and that line is the box's worth with 35 settled outright
    (each chip of insurance settles alike)."""
    cards, up = parse_cards("Qs Qd Qc 7h 2h"), parse_cards("Jd 8c 5s 4h")
    state = DECKS.one_box("Qs Qd Qc 7h 2h", "2c 3d Jd 8c 5s 4h", ante=10)
    asked = twoplusfour.request(state, 1)
    decision = Decision.made_with(1, asked, boxed_moves.Bet(35))
    assert asked is not None and decision is not None and decision.made == "bet+insure 35"
    hint = asked.run()
    assert {option.name for option in hint.options} >= {"bet+insure 10", "bet+insure 60"}
    (item,) = review((decision,))
    unseen = tuple(card for card in range(52) if card not in {*cards, *up})
    settled = twoplusfour.box_net(cards, twoplusfour.dealer(unseen, tuple(up)),
                                  BoxStakes("open", 10, 20, insurance=35), 0, state.options) / 10
    assert hint.value_of("bet+insure 35").ev == settled and item.made_ev == float(settled)
    assert option_name(boxed_moves.Insure(1, 35)) == "insure 35 box1"
    assert option_name(boxed_moves.Bet()) == "bet"
