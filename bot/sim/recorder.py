"""Collects each round's bets and events into running sums (no per-round lists)."""

from __future__ import annotations

from collections.abc import Iterable


class BetSums:
    """Running sums for one bet; ``round_*`` hold the round in progress."""

    __slots__ = ("sum_w", "sum_r", "sum_ww", "sum_rr", "sum_wr", "round_w", "round_r", "touched")

    def __init__(self) -> None:
        self.sum_w: float = 0
        self.sum_r: float = 0
        self.sum_ww: float = 0
        self.sum_rr: float = 0
        self.sum_wr: float = 0
        self.round_w: float = 0
        self.round_r: float = 0
        self.touched = False


class Recorder:
    """Handed to ``play_round``: ``record.bet(name, wagered, returned)``, ``record.event(name)``.

    A bet recorded twice in a round (two hands, a raise) is summed into one ``(w_i, r_i)`` pair
    before it enters the sums, because the confidence interval is over rounds, not over calls.
    """

    __slots__ = ("bets", "event_counts", "rounds", "_touched")

    def __init__(self, bet_names: Iterable[str], event_names: Iterable[str]) -> None:
        self.bets: dict[str, BetSums] = {name: BetSums() for name in bet_names}
        self.event_counts: dict[str, int] = dict.fromkeys(event_names, 0)
        self.rounds = 0
        self._touched: list[BetSums] = []

    def bet(self, name: str, wagered: float, returned: float) -> None:
        """Add chips wagered and returned (stake included) to bet ``name`` for this round."""
        sums = self.bets[name]  # a KeyError here means the game did not declare the bet
        if not sums.touched:
            sums.touched = True
            self._touched.append(sums)
        sums.round_w += wagered
        sums.round_r += returned

    def event(self, name: str) -> None:
        """Count one occurrence of event ``name``; its rate is occurrences per round."""
        self.event_counts[name] += 1  # a KeyError here means the game did not declare it

    def end_round(self) -> None:
        """Fold the round's totals into the running sums; the frame calls it after each round."""
        for sums in self._touched:
            w, r = sums.round_w, sums.round_r
            sums.sum_w += w
            sums.sum_r += r
            sums.sum_ww += w * w
            sums.sum_rr += r * r
            sums.sum_wr += w * r
            sums.round_w = sums.round_r = 0
            sums.touched = False
        self._touched.clear()
        self.rounds += 1
