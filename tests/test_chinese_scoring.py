"""Chinese Poker scoring: the seed's worked examples, every royalty, the sweep and the super
bonus, every natural and their clashes, fouls, tied segments, and sum-to-zero properties.

Each test is named after the rule it proves (seed ``chinese-poker.de.txt``, RULES.md "Chinese
Poker"). Hands are written front / middle / back.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.chinese import (
    Arrangement,
    Matchup,
    PlayerHand,
    score_hands,
    score_showdown,
    showdown_breakdown,
)
from bot.games.common import RuleError
from bot.poker import FULL_DECK


def hand(front: str, middle: str, back: str, natural: bool = False) -> dict[str, Any]:
    return {"front": front, "middle": middle, "back": back, "declare_natural": natural}


# Seed example 1: A wins middle and back (back straight flush), B wins the front.
SF_TWO_OF_THREE = {
    "A": hand("2c 3d 5h", "Kc Kd 7c 7d 4h", "5s 6s 7s 8s 9s"),
    "B": hand("Ah Ad 3c", "Qc Qd 8c 8d 2d", "Ac Kh Qh Jd Tc"),
}
# Seed example 2: A wins all three, with a back straight flush.
SF_THREE_OF_THREE = {
    "A": hand("Qh Qd 2c", "Kc Kd 7c 7d 4h", "5s 6s 7s 8s 9s"),
    "B": hand("Jh Jd 3c", "Qc Qs 8c 8d 2d", "Ah Kh 9h 6h 3h"),
}

# Four hands where A sweeps the other three, with no royalties anywhere.
A_SWEEPS = hand("Ah Ad Kc", "Ks Kd Kh 2c 3c", "Qs Qd Qh 4c 4d")
B_SWEPT = hand("Jc Jd 2d", "Tc Td Th 5c 6c", "9c 9d 9h 8c 8d")
C_SWEPT = hand("Jh Js 2h", "7c 7d 7h 5d 6d", "Ts 9s 8h 7s 6h")
D_SWEPT = hand("Ac Qc 2s", "5h 4h 4s 3d 3h", "As 8s 6s 5s 3s")
D_FOULED = hand("Ac Qc 2s", "As 8s 6s 5s 3s", "5h 4h 4s 3d 3h")

# A hand that fouls: its middle (two pair) beats its back (one pair).
FOULED = hand("2h 3h 4d", "Jc Jd 9c 9d 5c", "Qc Qd 6h 7h 8c")

# Naturals.
DRAGON = "2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac"
DRAGON_2 = "2d 3c 4s 5h 6d 7c 8s 9h Td Jc Qs Kh Ad"
SIX_PAIRS = "2c 2d 4c 4d 6c 6d 8h 8s Tc Td Qh Qs Ac"
SIX_PAIRS_WITH_QUADS = "2c 2d 2h 2s 6c 6d 8h 8s Tc Td Qh Qs Ac"
SIX_PAIRS_BESIDE_DRAGON = "2d 2h 3c 3h 4c 4d 5c 5d 6d 6h 7c 7h 9c"
THREE_FLUSHES = "2h 7h 9h  3c 5c 8c Jc Kc  3s 6s Ts Qs As"
THREE_FLUSHES_BESIDE_SIX_PAIRS = "2h 3h 5h  2s 3s 5s 7s 9s  3d 5d 7d 9d Jd"
THREE_STRAIGHTS_WHEEL_FRONT = "Ah 2c 3d  4s 5c 6d 7h 8s  4c 5d 6h 7c 8d"
THREE_STRAIGHTS_BESIDE_SIX_PAIRS = "Ad 2h 3h  2s 3s 4h 5h 6h  5d 6s 7d 8d 9d"


def natural(cards: str) -> dict[str, Any]:
    """A natural declared with its 13 cards split in order, as they were written."""
    parts = cards.split()
    return hand(" ".join(parts[:3]), " ".join(parts[3:8]), " ".join(parts[8:]), natural=True)


# ------------------------------------------------------------------------------ examples


def test_seed_example_two_of_three_with_a_back_straight_flush_is_six_points() -> None:
    assert score_showdown(SF_TWO_OF_THREE) == {"A": 6, "B": -6}
    pair = showdown_breakdown(SF_TWO_OF_THREE).between("A", "B")
    assert pair.segments == (-1, 1, 1)
    assert pair.royalties == (0, 0, 5)
    assert pair.sweep == 0


def test_seed_example_three_of_three_with_a_back_straight_flush_is_eleven_points() -> None:
    assert score_showdown(SF_THREE_OF_THREE) == {"A": 11, "B": -11}
    pair = showdown_breakdown(SF_THREE_OF_THREE).between("B", "A")
    assert (pair.segments, pair.sweep, pair.royalties, pair.total) == ((-1, -1, -1), -3, (0, 0, -5), -11)


def test_a_sweep_without_royalties_is_six_points() -> None:
    assert score_showdown({"A": A_SWEEPS, "B": B_SWEPT}) == {"A": 6, "B": -6}


# ------------------------------------------------------------------------------ royalties


# (name, front, middle, back, royalties front/middle/back): each a legal hand.
ROYALTY_HANDS = [
    ("back straight flush", "2c 3d 5h", "6c 7d 9h Jc Qd", "4s 5s 6s 7s 8s", (0, 0, 5)),
    ("back royal flush", "2c 3d 5h", "6c 7d 9h Jc Qd", "Ts Js Qs Ks As", (0, 0, 5)),
    ("back four of a kind", "2c 3d 5h", "6c 7d 9h Jc Qd", "4s 4c 4h 4d 8s", (0, 0, 4)),
    # A middle straight flush or quads forces at least as much behind it.
    ("middle straight flush", "2c 3d 5h", "4s 5s 6s 7s 8s", "9h Th Jh Qh Kh", (0, 10, 5)),
    ("middle four of a kind", "2c 3d 5h", "4s 4c 4h 4d 8s", "9s 9c 9h 9d 2s", (0, 8, 4)),
    ("middle full house", "4c 7d 9c", "3s 3c 3h 2d 2s", "Ah Ad Ac Kh Kd", (0, 2, 0)),
    ("front trips", "2c 2d 2h", "5s 5c 5h 9d Jc", "6c 7d 8h 9s Ts", (3, 0, 0)),
    ("no royalty: back full house, middle trips", "2c 3d 5h", "4s 4c 4h 9d Jc", "6s 6c 6h 2d 2s",
     (0, 0, 0)),
    ("no royalty: front pair of aces", "Ac Ad 2h", "3s 3c 4h 4d 9c", "5s 5c 5h 8d Jc", (0, 0, 0)),
]


@pytest.mark.parametrize(("name", "front", "middle", "back", "royalties"), ROYALTY_HANDS,
                         ids=[case[0] for case in ROYALTY_HANDS])
def test_every_royalty_is_collected_from_a_fouled_opponent_with_its_six(
    name: str, front: str, middle: str, back: str, royalties: tuple[int, int, int],
) -> None:
    arrangement = Arrangement.parse(front, middle, back)
    assert not arrangement.fouled, name
    assert arrangement.royalties() == royalties
    loser = _fouled_hand_without(arrangement.cards)
    points = score_hands({"A": PlayerHand.set_as(arrangement), "F": loser}).points
    assert points == {"A": 6 + sum(royalties), "F": -6 - sum(royalties)}


def test_the_back_straight_flush_royalty_goes_to_the_segment_winner_only() -> None:
    # A's back straight flush loses to B's royal flush: B collects 5, A's straight flush earns nothing.
    players = {
        "A": hand("2c 3d 5h", "6c 7d 9h Jc Qd", "4s 5s 6s 7s 8s"),
        "B": hand("Kc Kd 2d", "As Ad 3c 5c 6d", "Th Jh Qh Kh Ah"),
    }
    pair = showdown_breakdown(players).between("A", "B")
    assert pair.segments == (-1, -1, -1)
    assert pair.royalties == (0, 0, -5)
    assert pair.total == -6 - 5


def test_the_middle_royalty_is_collected_with_one_segment_of_three() -> None:
    # A wins only the middle, with a full house (+2): 1 - 2 + 2 = 1.
    players = {
        "A": hand("4c 7d 9c", "3s 3c 3h 2d 2s", "Ah Ad Ac Kh Kd"),
        "B": hand("Qc Qd 2c", "Ts Jd Qh Kc As", "5s 5c 5h 5d 2h"),
    }
    pair = showdown_breakdown(players).between("A", "B")
    assert pair.segments == (-1, 1, -1)
    assert pair.royalties == (0, 2, -4)
    assert score_showdown(players) == {"A": 1 - 2 + 2 - 4, "B": -(1 - 2 + 2 - 4)}


# -------------------------------------------------------------------------- super bonus


def test_super_bonus_sweeping_all_three_opponents_scores_nine_from_each() -> None:
    players = {"A": A_SWEEPS, "B": B_SWEPT, "C": C_SWEPT, "D": D_SWEPT}
    showdown = showdown_breakdown(players)
    assert showdown.super_bonus == {"A"}
    for other in "BCD":
        pair = showdown.between("A", other)
        assert (pair.segments, pair.sweep, pair.total) == ((1, 1, 1), 6, 9)
    assert showdown.points["A"] == 27
    assert sum(showdown.points.values()) == 0


def test_super_bonus_counts_a_fouled_opponent_as_swept() -> None:
    showdown = showdown_breakdown({"A": A_SWEEPS, "B": B_SWEPT, "C": C_SWEPT, "D": D_FOULED})
    assert showdown.readings["D"].fouled
    assert showdown.super_bonus == {"A"}
    assert showdown.between("A", "D").total == 9
    assert showdown.between("D", "A").matchup is Matchup.FOUL
    # The fouled hand pays 6 to the players without the super bonus.
    assert showdown.between("B", "D").total == 6
    assert showdown.between("C", "D").total == 6
    assert showdown.points["A"] == 27


def test_no_super_bonus_with_three_players() -> None:
    showdown = showdown_breakdown({"A": A_SWEEPS, "B": B_SWEPT, "C": C_SWEPT})
    assert showdown.super_bonus == frozenset()
    assert showdown.points["A"] == 12


def test_no_super_bonus_when_one_opponent_is_not_swept() -> None:
    # D's same cards set with a back straight flush: D takes the back (and its royalty of 5).
    d_takes_the_back = hand("8s 5h 4h", "Ac As 3d 3h Qc", "2s 3s 4s 5s 6s")
    showdown = showdown_breakdown({"A": A_SWEEPS, "B": B_SWEPT, "C": C_SWEPT, "D": d_takes_the_back})
    assert showdown.between("A", "D").segments == (1, 1, -1)
    assert showdown.super_bonus == frozenset()
    assert showdown.points["A"] == 6 + 6 + (1 - 5)


# ----------------------------------------------------------------------------- naturals


@pytest.mark.parametrize(("cards", "points"), [
    (DRAGON, 13), (SIX_PAIRS, 4), (SIX_PAIRS_WITH_QUADS, 4), (THREE_FLUSHES, 4),
    (THREE_STRAIGHTS_WHEEL_FRONT, 4),
], ids=["dragon", "six pairs", "six pairs with quads as two pairs", "three flushes",
        "three straights with an A-2-3 front"])
def test_a_declared_natural_collects_its_points_from_a_player_without_one(cards: str, points: int) -> None:
    opponent = _legal_hand_without(cards)
    showdown = showdown_breakdown({"N": natural(cards), "O": opponent})
    pair = showdown.between("N", "O")
    assert pair.matchup is Matchup.NATURAL
    assert (pair.segments, pair.royalties, pair.natural) == ((0, 0, 0), (0, 0, 0), points)
    assert showdown.points == {"N": points, "O": -points}


def test_a_natural_must_be_declared_or_the_hand_plays_as_set() -> None:
    cards = THREE_FLUSHES.split()
    undeclared = hand(" ".join(cards[:3]), " ".join(cards[3:8]), " ".join(cards[8:]))
    showdown = showdown_breakdown({"N": undeclared, "O": _legal_hand_without(THREE_FLUSHES)})
    assert showdown.between("N", "O").matchup is Matchup.PLAY


def test_a_natural_needs_no_legal_arrangement() -> None:
    # Six pairs declared with the hand set out of order: still the natural, not a foul.
    messy = hand("Qh Qs Ac", "6d 8h 8s Tc Td", "2c 2d 4c 4d 6c", natural=True)
    assert Arrangement.parse("Qh Qs Ac", "6d 8h 8s Tc Td", "2c 2d 4c 4d 6c").fouled
    assert score_showdown({"N": messy, "O": _legal_hand_without(SIX_PAIRS)}) == {"N": 4, "O": -4}


def test_a_natural_earns_no_royalties() -> None:
    # Three flushes whose back is a straight flush: declared, it collects 4 and no royalty.
    cards = "2h 7h 9h  3c 5c 8c Jc Kc  9s Ts Js Qs Ks"
    assert Arrangement.parse("2h 7h 9h", "3c 5c 8c Jc Kc", "9s Ts Js Qs Ks").royalties() == (0, 0, 5)
    assert score_showdown({"N": natural(cards), "O": _legal_hand_without(cards)}) == {"N": 4, "O": -4}


def test_a_natural_against_a_fouled_hand_collects_only_its_points() -> None:
    players = {"N": natural(SIX_PAIRS), "F": _fouled_spec_without(SIX_PAIRS)}
    showdown = showdown_breakdown(players)
    assert showdown.readings["F"].fouled
    assert showdown.between("N", "F").matchup is Matchup.NATURAL
    assert showdown.points == {"N": 4, "F": -4}


def test_dragon_beats_six_pairs_and_collects_thirteen() -> None:
    showdown = showdown_breakdown({"D": natural(DRAGON), "S": natural(SIX_PAIRS_BESIDE_DRAGON)})
    assert showdown.between("D", "S").matchup is Matchup.NATURAL
    assert showdown.points == {"D": 13, "S": -13}


def test_six_pairs_against_three_flushes_is_a_push() -> None:
    showdown = showdown_breakdown({"S": natural(SIX_PAIRS), "F": natural(THREE_FLUSHES_BESIDE_SIX_PAIRS)})
    assert showdown.between("S", "F").matchup is Matchup.NATURAL_PUSH
    assert showdown.points == {"S": 0, "F": 0}


def test_two_dragons_push() -> None:
    showdown = showdown_breakdown({"D1": natural(DRAGON), "D2": natural(DRAGON_2)})
    assert showdown.between("D1", "D2").matchup is Matchup.NATURAL_PUSH
    assert showdown.points == {"D1": 0, "D2": 0}


def test_two_naturals_push_and_each_collects_from_the_others() -> None:
    # Seed: "ein Push zwischen diesen beiden Spielern und sie sammeln jeweils von den anderen".
    rest = _remaining(SIX_PAIRS + " " + THREE_STRAIGHTS_BESIDE_SIX_PAIRS)
    players = {
        "S": natural(SIX_PAIRS),
        "T": natural(THREE_STRAIGHTS_BESIDE_SIX_PAIRS),
        "O": _legal_spec(rest[:13]),
    }
    assert score_showdown(players) == {"S": 4, "T": 4, "O": -8}


def test_declaring_a_natural_the_cards_do_not_hold_is_refused() -> None:
    players = {"A": dict(SF_TWO_OF_THREE["A"], declare_natural=True), "B": SF_TWO_OF_THREE["B"]}
    with pytest.raises(RuleError, match="automatic win"):
        score_showdown(players)


# -------------------------------------------------------------------------------- fouls


def test_a_fouled_hand_pays_six_to_every_other_player() -> None:
    players = {"F": FOULED, "A": hand("Ac Kd 2s", "3c 3d 9h Th Js", "4c 4s 5d 5s Qs"),
               "B": hand("Ah Kh 7s", "7c 7d 8h 8d 6s", "Ad As Kc Ks 6d")}
    showdown = showdown_breakdown(players)
    assert showdown.readings["F"].fouled
    assert showdown.between("A", "F").total == 6
    assert showdown.between("B", "F").total == 6
    assert showdown.points["F"] == -12


def test_wrong_segment_sizes_are_a_foul() -> None:
    wrong = hand("2h 3h 4d 9c", "Jc Jd 9d 5c", "Qc Qd 6h 7h 8c")
    players = {"F": wrong, "A": SF_TWO_OF_THREE["A"]}
    showdown = showdown_breakdown(players)
    assert showdown.readings["F"].foul == "Your front has 4 cards instead of 3."
    assert showdown.points == {"F": -11, "A": 11}


def test_two_fouled_hands_push() -> None:
    other_foul = hand("Ah Ad 3s", "As Kh Qh Js Ts", "Kc Ks 7s 7d 4h")
    showdown = showdown_breakdown({"F1": FOULED, "F2": other_foul})
    assert showdown.between("F1", "F2").matchup is Matchup.BOTH_FOULED
    assert showdown.points == {"F1": 0, "F2": 0}


def test_fouls_against_fouls_and_a_legal_hand() -> None:
    other_foul = hand("Ah Ad 3s", "As Kh Qh Js Ts", "Kc Ks 7s 7d 4h")
    used = " ".join(spec[part] for spec in (FOULED, other_foul) for part in ("front", "middle", "back"))
    legal = _legal_spec(_remaining(used)[:13])
    showdown = showdown_breakdown({"F1": FOULED, "F2": other_foul, "L": legal})
    assert showdown.between("F1", "F2").matchup is Matchup.BOTH_FOULED
    royalties = sum(showdown.readings["L"].royalties)
    assert showdown.points == {"F1": -6 - royalties, "F2": -6 - royalties, "L": 12 + 2 * royalties}


# --------------------------------------------------------------------------- ties


# A's hand against B's: A wins the back; the front (and the middle in the second case) tie.
A_WINS_THE_BACK = hand("5h 3d 2c", "Kc Kd 7c 7d 4h", "6s 6c 6d 8s 8c")
TIES = {
    "two segments won and one tied is two points": (
        hand("5c 3h 2h", "Qc Qd 8d 8h 2d", "4c 4d 4s 9h 9c"), (0, 1, 1), 2),
    "one segment won and two tied is one point": (
        hand("5c 3h 2h", "Ks Kh 7s 7h 4d", "8h 9h Tc Jh Qs"), (0, 0, 1), 1),
}


@pytest.mark.parametrize("case", list(TIES))
def test_a_tied_segment_scores_nothing_and_stops_the_sweep(case: str) -> None:
    other, segments, total = TIES[case]
    pair = showdown_breakdown({"A": A_WINS_THE_BACK, "B": other}).between("A", "B")
    assert pair.segments == segments
    assert (pair.sweep, pair.total) == (0, total)


def test_three_tied_segments_score_nothing() -> None:
    players = {
        "A": hand("5h 3d 2c", "Kc Kd 7c 7d 4h", "Ac Ad Qc Qd 9c"),
        "B": hand("5c 3h 2h", "Ks Kh 7s 7h 4d", "Ah As Qh Qs 9d"),
    }
    assert score_showdown(players) == {"A": 0, "B": 0}


# ------------------------------------------------------------------------- bad input


def test_a_card_in_two_hands_is_refused() -> None:
    players = {"A": SF_TWO_OF_THREE["A"], "B": hand("2c 3c 4c", "Qc Qd 8c 8d 2d", "Ac Kh Qh Jd Tc")}
    with pytest.raises(RuleError, match="2c is in two hands"):
        score_showdown(players)


@pytest.mark.parametrize("count", [1, 5])
def test_a_showdown_has_two_to_four_players(count: int) -> None:
    cards = [str(card) for card in FULL_DECK]
    players = {f"p{i}": hand(cards[3 * i], cards[3 * i + 1], cards[3 * i + 2]) for i in range(count)}
    with pytest.raises(RuleError, match="2 to 4 players"):
        score_showdown(players)


# ---------------------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(0, 3))
def test_points_sum_to_zero_and_pairs_are_antisymmetric(players: int, rng: random.Random, sets: int) -> None:
    deck = rng.sample(FULL_DECK, 52)
    specs = {}
    for index in range(players):
        cards = deck[13 * index : 13 * index + 13]
        if sets == 0:  # a random split: mostly fouled hands
            specs[f"p{index}"] = _split_spec([str(card) for card in cards])
        else:  # a sorted split: usually legal, sometimes fouled
            ordered = sorted(cards, key=lambda card: (card.rank, card.suit))
            specs[f"p{index}"] = _split_spec([str(card) for card in ordered])
    showdown = showdown_breakdown(specs)
    assert sum(showdown.points.values()) == 0
    for name in specs:
        opponents = [other for other in specs if other != name]
        assert showdown.points[name] == sum(showdown.between(name, other).total for other in opponents)
    for pair in showdown.pairs:
        assert pair.flipped().flipped() == pair
        assert pair.total == -showdown.between(pair.second, pair.first).total


# ------------------------------------------------------------------------------ helpers


def _remaining(used: str) -> list[str]:
    taken = {card for card in used.split()}
    return [str(card) for card in FULL_DECK if str(card) not in taken]


def _split_spec(cards: list[str]) -> dict[str, Any]:
    return hand(" ".join(cards[:3]), " ".join(cards[3:8]), " ".join(cards[8:13]))


def _legal_spec(cards: list[str]) -> dict[str, Any]:
    """The naive legal arrangement of these 13 cards."""
    from bot.games.chinese import naive_arrangement

    arrangement = naive_arrangement(" ".join(cards))
    return {**arrangement.to_dict(), "declare_natural": False}


def _legal_hand_without(used: str) -> dict[str, Any]:
    return _legal_spec(_remaining(used)[:13])


def _fouled_spec_without(used: str) -> dict[str, Any]:
    from bot.games.chinese import naive_arrangement

    arrangement = naive_arrangement(" ".join(_remaining(used)[:13]))
    spec = arrangement.to_dict()
    # Swap the back and the front's worth: the front takes the three best back cards' place.
    fouled = Arrangement.parse(spec["back"].split()[:3], spec["middle"],
                               spec["front"].split() + spec["back"].split()[3:])
    assert fouled.fouled
    return {**fouled.to_dict(), "declare_natural": False}


def _fouled_hand_without(used: tuple[Any, ...]) -> PlayerHand:
    text = " ".join(str(card) for card in used)
    spec = _fouled_spec_without(text)
    return PlayerHand.set_as(Arrangement.parse(spec["front"], spec["middle"], spec["back"]))
