"""Card images: faces, strips, rows and the table, from plain data to PNG bytes."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.poker.cards import FULL_DECK, Card
from render import (
    CARD_HEIGHT,
    CARD_WIDTH,
    PNG_SIGNATURE,
    LabelledHand,
    SeatView,
    TableSnapshot,
    card_face,
    hand_strip,
    hand_strip_png,
    row_of_hands,
    table_scene,
    table_scene_png,
    to_png,
    warm_cache,
)
from render.faces import BLUE, EDGE, GREEN, INK, PAPER, RED
from render.hands import CARD_GAP, STRIP_MARGIN
from render.palette import SEAT_PANEL
from render.samples import SAMPLE_STRIP, sample_table
from render.sprites import card_clear, card_flat

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLE_PNG_BYTES = 150 * 1024


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    warm_cache()


def digest(image: Image.Image) -> str:
    return hashlib.sha256(image.tobytes()).hexdigest()


def strip_card_box(position: int) -> tuple[int, int, int, int]:
    left = STRIP_MARGIN + position * (CARD_WIDTH + CARD_GAP)
    return (left, STRIP_MARGIN, left + CARD_WIDTH, STRIP_MARGIN + CARD_HEIGHT)


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_card_face_is_distinct(four_colour: bool) -> None:
    digests = {digest(card_face(card, four_colour)) for card in FULL_DECK}
    assert len(digests) == 52


def ink_colour(card: Card, four_colour: bool) -> tuple[int, int, int]:
    """The most common opaque colour on the face other than the paper and its edge."""
    data = card_face(card, four_colour).convert("RGBA").tobytes()
    pixels = (tuple(data[i : i + 3]) for i in range(0, len(data), 4) if data[i + 3] == 255)
    counts = Counter(pixel for pixel in pixels if pixel not in {PAPER, EDGE})
    return counts.most_common(1)[0][0]


def test_four_colour_deck_recolours_clubs_and_diamonds_only() -> None:
    for card in FULL_DECK:
        classic, four = card_face(card), card_face(card, four_colour=True)
        changed = digest(classic) != digest(four)
        assert changed == (card.suit in "cd"), card
    assert ink_colour(Card("7d"), True) == BLUE
    assert ink_colour(Card("7c"), True) == GREEN
    assert ink_colour(Card("7h"), True) == ink_colour(Card("7d"), False) == RED
    assert ink_colour(Card("7s"), True) == ink_colour(Card("7c"), False) == INK


def test_strip_width_grows_with_card_count() -> None:
    widths = [hand_strip(SAMPLE_STRIP[:count]).width for count in range(1, 8)]
    steps = {later - earlier for earlier, later in zip(widths, widths[1:], strict=False)}
    assert steps == {CARD_WIDTH + CARD_GAP}
    assert hand_strip(SAMPLE_STRIP).height == CARD_HEIGHT + 2 * STRIP_MARGIN


def test_hidden_strip_cards_are_the_back_pixel_for_pixel_never_the_face() -> None:
    strip = hand_strip(["As", "Kd", None, "7c"], hidden={1})
    back, _ = card_clear(None, False)
    for position in (1, 2):
        assert digest(strip.crop(strip_card_box(position))) == digest(back)
    assert digest(strip.crop(strip_card_box(1))) != digest(card_clear("Kd", False)[0])
    assert digest(strip.crop(strip_card_box(0))) == digest(card_clear("As", False)[0])


def test_highlight_rings_only_the_chosen_cards() -> None:
    plain = hand_strip(SAMPLE_STRIP).convert("RGBA")
    ringed = hand_strip(SAMPLE_STRIP, highlight={2}).convert("RGBA")
    changed = ImageChops.difference(plain, ringed).getbbox()
    assert changed is not None
    left, _, right, _ = strip_card_box(2)
    assert left - STRIP_MARGIN <= changed[0] and changed[2] <= right + STRIP_MARGIN


def test_strip_background_is_transparent() -> None:
    strip = hand_strip(SAMPLE_STRIP).convert("RGBA")
    assert strip.getpixel((0, 0))[3] == 0
    assert strip.getpixel((strip.width // 2, strip.height // 2))[3] == 255


def test_hidden_row_cards_look_exactly_like_cards_never_dealt_face_up() -> None:
    shown = [LabelledHand("Alice", ["As", "Ks"], "Ante 10")]
    hidden = [LabelledHand("Alice", ["As", "Ks"], "Ante 10", hidden={0, 1})]
    face_down = [LabelledHand("Alice", [None, None], "Ante 10")]
    assert digest(row_of_hands(hidden)) == digest(row_of_hands(face_down))
    assert digest(row_of_hands(hidden)) != digest(row_of_hands(shown))


def test_hidden_table_cards_are_the_back() -> None:
    def scene(cards: tuple[str | None, ...]) -> Image.Image:
        seat = SeatView("Bob", cards, "Ante 10", "Waiting")
        return table_scene(TableSnapshot("UTH", seats=[seat])).convert("RGB")

    hidden, empty = scene((None, None)), scene(())
    box = ImageChops.difference(hidden, empty).getbbox()
    assert box is not None
    assert (box[2] - box[0], box[3] - box[1]) == (2 * CARD_WIDTH + CARD_GAP, CARD_HEIGHT)
    first_card = hidden.crop((box[0], box[1], box[0] + CARD_WIDTH, box[3]))
    back = card_flat(None, False, SEAT_PANEL).convert("RGB")
    assert digest(first_card) == digest(back)


def test_table_png_is_a_png_under_150_kb() -> None:
    data = table_scene_png(sample_table())
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) <= MAX_TABLE_PNG_BYTES
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == table_scene(sample_table()).size


def test_strip_png_round_trips_with_transparency() -> None:
    data = hand_strip_png(SAMPLE_STRIP, four_colour=True, hidden={6})
    assert data.startswith(PNG_SIGNATURE)
    decoded = Image.open(io.BytesIO(data)).convert("RGBA")
    assert decoded.getpixel((0, 0))[3] == 0


def test_to_png_also_takes_rgb_and_rgba_images() -> None:
    assert to_png(Image.new("RGB", (20, 10), (24, 106, 60))).startswith(PNG_SIGNATURE)
    assert to_png(Image.new("RGBA", (20, 10), (0, 0, 0, 0))).startswith(PNG_SIGNATURE)


def test_renders_from_plain_data_read_from_json() -> None:
    payload = json.loads("""{
        "title": "Imperial Pai Gow \u00b7 #poker",
        "dealer": [null, null, null],
        "community": [],
        "seats": [
            {"name": "Ann", "cards": ["As", 51, "10d"], "bet": "Ante 5", "status": "Set",
             "highlight": [0]},
            {"name": "A name far too long to fit in one seat panel, surely", "cards": [null],
             "bet": "", "status": "", "active": true}
        ],
        "footer": "Round #1",
        "four_colour": true
    }""")
    seats = [SeatView(**seat) for seat in payload.pop("seats")]
    snapshot = TableSnapshot(**payload, seats=seats)
    assert table_scene_png(snapshot).startswith(PNG_SIGNATURE)


def test_snapshots_are_frozen_dataclasses() -> None:
    # Frozen: a snapshot handed to an executor thread cannot change under the renderer.
    for snapshot in (TableSnapshot("t"), SeatView("n"), LabelledHand("l", [])):
        assert dataclasses.is_dataclass(snapshot)
        with pytest.raises(dataclasses.FrozenInstanceError):
            snapshot.name = "changed"  # type: ignore[misc, union-attr]  # the point of the test


def test_four_colour_table_differs_from_classic() -> None:
    classic = table_scene(sample_table())
    four = table_scene(sample_table(four_colour=True))
    assert digest(classic) != digest(four)


def test_render_imports_no_discord_store_or_cogs_at_run_time() -> None:
    code = (
        "import sys, render, render.samples\n"
        "render.table_scene_png(render.samples.sample_table())\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in {'discord', 'cogs'}"
        " or m.startswith(('bot.store', 'bot.tables'))]\n"
        "print(bad)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    assert result.stdout.strip() == "[]"


def test_render_source_imports_no_discord_store_or_cogs() -> None:
    forbidden = ("discord", "cogs", "bot.store", "bot.tables")
    for path in sorted((ROOT / "render").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(forbidden), f"{path.name} imports {name}"


def test_the_render_benchmark_reports_every_picture_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m bot bench render`` prints compose + PNG figures for every picture kind a
    player is sent, each a real picture drawn from its sample (at a tiny size: figures only)."""
    from bot.bench import render as bench

    assert bench.main(["--repeat", "4"]) == 0
    printed = capsys.readouterr().out
    for kind, draw in bench.PICTURE_KINDS.items():
        assert f"  {kind}" in printed
        assert draw().startswith(b"\x89PNG")
    assert set(bench.PICTURE_KINDS) == {"table (6 seats)", "result (Chinese showdown)",
                                        "private cards (7 cards)", "leaderboard", "profile", "recap"}
