"""The coach at Chinese Poker: each way to set the hand (the draft, the auto-arrange's, a natural
declared) with its points against the table's other players, sampled with its error shown and
within 3.5 standard errors of a long run; the same question gets the same answer, and it reads
only the player's own cards and draft."""

from __future__ import annotations

from bot.coach import chinese
from bot.games.chinese import ChineseOptions, moves
from bot.games.chinese.table import ChineseTable
from bot.poker import FULL_DECK, parse_cards

HAND = parse_cards("As Ad Kc Qh Jd 9s 8s 7h 5c 4d 3d 2h 2c")


def dealt(deck: list[int], players: int = 3) -> ChineseTable:
    stacks = tuple((seat, 200) for seat in range(1, players + 1))
    table = ChineseTable.open(ChineseOptions(point_value=5), stacks, None, (), frozenset())
    table.apply(1, moves.Deal())
    table.deal_cards(deck)
    return table


def test_each_way_to_set_the_hand_is_within_its_error_of_a_long_run() -> None:
    """A legal draft, the auto-arrange's proposal: each sampled figure (60 opponents' hands)
    within 3.5 standard errors of 600 others."""
    draft = (parse_cards("Kc Qh Jd"), parse_cards("2h 2c 5c 4d 3d"))
    asked = chinese.hint(HAND, draft, 1, seed=1)
    long_run = chinese.hint(HAND, draft, 1, seed=2, hands=600)
    assert asked.method == "sampled" and asked.unit == "point"
    assert {option.move for option in asked.options} == {"confirm", "auto"}
    for option in asked.options:
        other = long_run.value_of(option.name)
        assert 0 < option.stderr and 0 < other.stderr < option.stderr
        assert abs(option.ev - other.ev) < 3.5 * (option.stderr ** 2 + other.stderr ** 2) ** 0.5


def test_a_fouled_draft_is_confirm_foul_and_pays_every_opponent() -> None:
    """Aces in front over a pair of twos in the middle fouls: at least 6 points to each of the
    two opponents on every draw (their royalties on top)."""
    draft = (parse_cards("As Ad Kc"), parse_cards("2h 2c 5c 4d 3d"))
    asked = chinese.hint(HAND, draft, 2, seed=1)
    fouled = asked.value_of("confirmfoul")
    assert fouled.ev <= -12 and asked.best.name == "auto"


def test_a_natural_may_be_declared() -> None:
    dragon = parse_cards("Ac Kd Qh Js Tc 9d 8h 7s 6c 5d 4h 3s 2c")
    asked = chinese.hint(dragon, None, 3, seed=1, hands=6)
    assert asked.best.name == "declare" and asked.value_of("declare").ev == 39 and asked.best.stderr == 0


def test_a_hint_reads_only_the_players_own_cards_and_draft_and_repeats_itself() -> None:
    """Two deals that give seat 1 the same cards, the others' differing, ask the same hint, whose
    options are moves the engine offers the seat; asked twice, the same figures."""
    rest = [card for card in FULL_DECK if card not in HAND]
    asked = []
    for others in (rest, list(reversed(rest))):
        table = dealt([*HAND, *others])
        request = chinese.request(table, 1)
        assert request is not None and request.ante == 5
        legal = {option.kind for option in table.legal_moves(1)}
        assert {option.move for option in request.run().options} <= legal
        asked.append(request.args)
    assert asked[0] == asked[1]
    table = dealt([*HAND, *rest])
    table.apply(1, moves.SetHand(tuple(parse_cards("Kc Qh Jd")), tuple(parse_cards("2h 2c 5c 4d 3d"))))
    assert chinese.request(table, 1) is None, "the hand is set"
    assert chinese.request(table, 2) is not None
