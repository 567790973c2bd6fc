"""Random-round helpers shared by the boxed games' property tests (2 Plus 4 and Imperial run on
the same core; Imperial's round adds the Draw, offered here whenever the state has one)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from hypothesis import strategies as st

from bot.games.boxed import BoxedState, Phase

Move = tuple[str, int, int]

bet_layouts = st.dictionaries(
    st.integers(1, 4), st.tuples(st.sampled_from([0, 1, 2, 5]), st.sampled_from([0, 0, 1, 5])),
    min_size=1, max_size=4,
)


def legal_moves(state: BoxedState, seat: int) -> list[Move]:
    """Every action the seat may take now, as ``(name, box, amount)``, timeout included; an
    Imperial Draw is ``("draw", 0, n)``: the first ``n`` cards of the box on turn."""
    moves: list[Move] = [("timeout", 0, 0)]
    if state.phase is Phase.EXCHANGE:
        moves.append(("go_on", 0, 0))
        moves += [("pick", box, 0) for box in state.exchange_boxes(seat)]
        return moves
    current = state.current_box(seat)
    if state.can_buy(seat):
        moves.append(("buy", 0, 0))
    draw_max = getattr(state, "draw_max", None)
    if draw_max is not None:
        most = draw_max(seat)
        moves += [("draw", 0, count) for count in {1, 3, most} if 0 < count <= most]
    if state.can_bet(seat):
        moves.append(("bet", 0, 0))
        limits = state.insurance_range(seat, current) if current else None
        if limits:
            moves += [("bet", 0, limits[0]), ("bet", 0, limits[1])]
    if state.can_fold(seat):
        moves.append(("fold", 0, 0))
    if state.can_go_on(seat):
        moves.append(("go_on", 0, 0))
    for box in state.seats[seat].boxes:
        limits = state.insurance_range(seat, box)
        if limits and state.can_insure(seat, box, limits[0]):
            moves += [("insure", box, limits[0]), ("insure", box, limits[1])]
    return moves


def apply_move(state: Any, seat: int, move: Move) -> None:
    name, box, amount = move
    if name == "timeout":
        state.timeout(seat)
    elif name == "buy":
        state.buy(seat)
    elif name == "draw":
        current = state.current_box(seat)
        assert current is not None
        state.draw(seat, state.seats[seat].boxes[current].cards[:amount])
    elif name == "bet":
        state.bet(seat, amount)
    elif name == "fold":
        state.fold(seat)
    elif name == "go_on":
        state.go_on(seat)
    elif name == "insure":
        state.insure(seat, box, amount)
    else:
        state.pick_exchange(seat, box)


def check_privacy_and_saving(state: BoxedState,
                             restore: Callable[[Mapping[str, Any]], BoxedState]) -> None:
    """Saved and restored the state is the same; the public sees only face-up cards (none of
    the dealer's hidden ones before the reveal); a player sees only their own boxes' cards, a
    box waiting its turn face down; every card is in one place only."""
    data = json.loads(json.dumps(state.to_dict()))
    assert restore(data).to_dict() == data
    view = state.public_view()
    json.dumps(view.to_dict())
    shown = set(view.face_up_cards())
    assert shown <= set(state.dealt_cards())
    if not state.revealed:
        assert shown <= set(state.dealer_up)
    for action in state.history:
        for name in ("dealer_up", "cards", "replaced", "drawn"):
            assert set(getattr(action, name, ())) <= shown
    for seat, player in state.seats.items():
        private = state.private_view(seat)
        json.dumps(private.to_dict())
        own = {card for box in player.boxes.values() for card in box.cards}
        seen = {card for box in private.boxes for card in box.cards if card is not None}
        assert seen <= own
        if not state.revealed:
            waiting = {card for box in player.boxes.values() if box.stage == "waiting"
                       for card in box.cards}
            assert not seen & waiting
    held = [card for player in state.seats.values() for box in player.boxes.values()
            for card in box.cards] + list(state.dealer)
    assert len(set(held)) == len(held) and set(held) <= set(state.dealt_cards())


def place_layouts(state: BoxedState, layouts: list[dict[int, tuple[int, int]]]) -> None:
    """Seat by seat, each box's Ante (in units of 10) and bonus, where the rules allow them."""
    for seat, layout in enumerate(layouts, start=1):
        for box, (units, bonus) in layout.items():
            if units and state.can_place_ante(seat, box, 10 * units):
                state.place_ante(seat, box, 10 * units)
            if bonus and state.can_place_bonus(seat, box, bonus):
                state.place_bonus(seat, box, bonus)


def play_out(state: BoxedState, data: st.DataObject, deck: list[int],
             restore: Callable[[Mapping[str, Any]], BoxedState]) -> None:
    """Betting closed, the deck dealt and random legal moves until the round settles, the
    privacy and the saving checked after every step."""
    check_privacy_and_saving(state, restore)
    state.close_betting()
    if state.phase is Phase.DEALING:
        state.deal(deck)
    check_privacy_and_saving(state, restore)
    while state.phase is not Phase.SETTLED:
        seat = data.draw(st.sampled_from(state.pending_seats()))
        apply_move(state, seat, data.draw(st.sampled_from(legal_moves(state, seat))))
        check_privacy_and_saving(state, restore)


def check_settlement(state: BoxedState, caps: tuple[int, int]) -> None:
    """Every chip staked is returned or kept by the house, line by line as the flows say, and
    no bet nor seat wins more than the caps (per bet, per round)."""
    settlement = state.settlement
    assert settlement is not None
    flows = [flow for action in state.history for flow in action.flows]
    assert sum(flow.amount for flow in flows) == settlement.total_staked
    assert settlement.total_staked == settlement.total_returned + settlement.house_net
    for line in settlement.lines:
        assert line.staked > 0 and line.returned >= 0
        assert line.staked == sum(f.amount for f in flows if (f.seat, f.bet) == (line.seat, line.bet))
        assert line.net <= caps[0]
    for summary in settlement.summary.values():
        wins = sum(max(line.net, 0) for line in settlement.lines_of(summary.seat))
        assert wins <= caps[1]
