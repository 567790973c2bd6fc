"""Sample pictures of every kind, shared by the benchmark, the tests and the README images.

``python -m render.samples docs`` rewrites ``docs/sample-table.png`` and ``docs/sample-hand.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from render.hands import LabelledHand, hand_strip
from render.png import to_png
from render.showdown import ShowdownHand, ShowdownSnapshot
from render.standings import BoardPicture, Chart, ProfilePicture, RecapPicture, ShownHand, StandingRow
from render.table import SeatView, TableSnapshot, table_scene

SAMPLE_STRIP = ("As", "Kd", "Th", "7c", "2s", "9h", "Qh")


def sample_table(*, four_colour: bool = False) -> TableSnapshot:
    """Six seats of Ultimate Texas Hold'em at showdown; the folded hands stay face down."""
    dot = " \u00b7 "
    return TableSnapshot(
        title=f"Ultimate Texas Hold'em{dot}#casino{dot}Showdown",
        dealer=("Jh", "9s"),
        dealer_status=f"Pair of sevens{dot}qualifies",
        community=("Ah", "Kd", "7s", "7c", "2d"),
        seats=(
            SeatView("Alice", ("As", "Ks"), f"Ante 10{dot}Blind 10{dot}Play 40",
                     f"Two pair{dot}wins 50", highlight=frozenset({0, 1})),
            SeatView("Bob", (None, None), f"Ante 25{dot}Blind 25", f"Folded{dot}lost 50"),
            SeatView("Charlotte", ("Qh", "Qd"), f"Ante 5{dot}Blind 5{dot}Play 10",
                     f"Two pair{dot}wins 15", highlight=frozenset({0, 1})),
            SeatView("Dmitri", (None, None), f"Ante 50{dot}Blind 50", f"Folded{dot}lost 100"),
            SeatView("Eve", ("Tc", "9c"), f"Ante 10{dot}Blind 10{dot}Play 10",
                     f"Pair of sevens{dot}loses 30"),
            SeatView("Farouk", ("8h", "8s"), f"Ante 100{dot}Blind 100{dot}Play 300",
                     f"Two pair{dot}wins 400", highlight=frozenset({0, 1})),
        ),
        footer=f"Round #1042{dot}shuffle commitment "
               "9f2c1e77a0b4d3c5e6f7a8b9c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f6a7b8c9d",
        four_colour=four_colour,
    )


DOT = " \u00b7 "
NAMES = ("Alice", "Bob", "Charlotte", "Dmitri", "Eve", "Farouk", "Gretchen", "Hiroshi", "Ines", "Jamal")


def sample_private_cards() -> list[LabelledHand]:
    """A High Card Flush player's seven cards, the flush first and ringed."""
    return [LabelledHand("Your cards", ("As", "Ks", "7s", "2s", "Qh", "9d", "3c"),
                         f"4-card flush A-K-7-2{DOT}you may raise 1x", highlight=frozenset(range(4)))]


def sample_showdown() -> ShowdownSnapshot:
    """A four-player Chinese Poker showdown: every hand in its three parts, every payment."""
    parts = (("Front", ("Qs", "Qd", "4c"), "Pair of Queens"),
             ("Middle", ("9h", "9c", "9s", "Kd", "2h"), "Three of a Kind, Nines"),
             ("Back", ("Ah", "Jh", "8h", "6h", "3h"), "Flush, Ace high"))
    hands = [ShowdownHand(name, parts, f"{points:+d} points{DOT}{points * 10:+d} chips")
             for name, points in zip(NAMES[:4], (7, -1, -2, -4), strict=True)]
    return ShowdownSnapshot(f"Chinese Poker{DOT}Round #1042{DOT}Result", hands,
                            lines=[f"{NAMES[1]} paid {NAMES[0]} 10", f"{NAMES[3]} paid {NAMES[0]} 40"],
                            footer=f"Round #1042{DOT}seed 9f2c1e77a0b4d3c5")


def _rows(count: int) -> list[StandingRow]:
    return [StandingRow(f"{rank}.", NAMES[rank - 1], f"+{(11 - rank) * 1250:,}",
                        f"{40 + rank} rounds", own=rank == 3, positive=True)
            for rank in range(1, count + 1)]


def sample_board() -> BoardPicture:
    """A server's leaderboard: the top 10 and the reader's own rank with its neighbours."""
    return BoardPicture(f"Leaderboard{DOT}All games", f"This week{DOT}Net winnings", _rows(10),
                        around=_rows(3), footer="Days follow the server's time zone (Europe/Berlin)")


def _chart() -> Chart:
    return Chart("Net, last 30 days", [("Alice", [0, 120, 80, 300, 260, 540, 610, 480, 900])],
                 first_label="Oct 28", last_label="Nov 26", scale_labels=("0", "+900"))


def sample_profile() -> ProfilePicture:
    """A member's profile card: the summary, a row per game, best hands and the net charts."""
    rows = [["Ultimate Texas Hold'em", "412", "+2,140", "47%", "+600 (#981)"],
            ["High Card Flush", "96", "-310", "41%", "+220 (#1003)"],
            ["Chinese Poker", "58", "+870", "55%", "+340 (#1040)"]]
    return ProfilePicture(f"Alice{DOT}Casino", ["566 rounds", "+2,700 net", "best streak 7"],
                          ["Game", "Rounds", "Net", "Win rate", "Biggest win"], rows,
                          hands=[ShownHand("Best hand: Straight Flush", ("9h", "8h", "7h", "6h", "5h"))],
                          charts=[_chart(), _chart()])


def sample_recap() -> RecapPicture:
    """A sitting's recap: everyone's net, their best hands and the stacks over the sitting."""
    return RecapPicture(f"Ultimate Texas Hold'em{DOT}the sitting is over",
                        f"42 rounds{DOT}6 players{DOT}95 min", _rows(6), chart=_chart(),
                        footer="Best hand per player",
                        hands=[ShownHand(f"{name}: Three of a Kind", ("7s", "7c", "7d", "Kh", "2c"))
                               for name in NAMES[:6]])


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sample-table.png").write_bytes(to_png(table_scene(sample_table())))
    strip = hand_strip(SAMPLE_STRIP, four_colour=True, hidden={6}, highlight={0, 1, 2})
    (folder / "sample-hand.png").write_bytes(to_png(strip))
    print(f"wrote {folder / 'sample-table.png'} and {folder / 'sample-hand.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
