"""Small drawing helpers shared by the strips and the table: cards, overlap, chips."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.faces import CARD_WIDTH, SUPERSAMPLE, CardLike, card_back, card_face, card_on
from render.palette import CHIP, CHIP_EDGE, Colour


def card_images(cards: Sequence[CardLike | None], four_colour: bool,
                hidden: Collection[int] = ()) -> list[Image.Image]:
    """Face or back for each card: ``None`` and positions in ``hidden`` show the back."""
    return [
        card_back() if card is None or position in hidden else card_face(card, four_colour)
        for position, card in enumerate(cards)
    ]


def card_step(count: int, max_width: int, gap: int) -> int:
    """Distance between card left edges so ``count`` cards fit in ``max_width``.

    Cards overlap when they must: the corner index stays readable down to a step of about
    30 px; below that, only part of each rank shows.
    """
    if count <= 1:
        return CARD_WIDTH + gap
    fitting = (max_width - CARD_WIDTH) // (count - 1)
    return max(min(CARD_WIDTH + gap, fitting), 1)


def strip_width(count: int, step: int) -> int:
    return 0 if count == 0 else CARD_WIDTH + step * (count - 1)


def paste_cards(canvas: Image.Image, cards: Sequence[CardLike | None], four_colour: bool,
                left: int, top: int, step: int, background: Colour) -> None:
    """Paste cards left to right onto an opaque canvas of colour ``background``.

    ``None`` cards are face down. Side by side, each card is a flattened copy (no mask);
    overlapping, each card's rounded corners are blended over the card beneath it.
    """
    overlapping = step < CARD_WIDTH
    for position, card in enumerate(cards):
        xy = (left + position * step, top)
        if overlapping:
            image = card_back() if card is None else card_face(card, four_colour)
            canvas.paste(image, xy, image)
        else:
            canvas.paste(card_on(card, four_colour, background), xy)


@lru_cache(maxsize=4)
def chip_on(background: Colour, radius: int) -> Image.Image:
    """A casino chip seen from above, to tag bet amounts: drawn 4x, reduced, flattened."""
    s = SUPERSAMPLE
    outer = radius * s
    chip = Image.new("RGB", (2 * outer, 2 * outer), background)
    draw = ImageDraw.Draw(chip)
    draw.ellipse((0, 0, 2 * outer - 1, 2 * outer - 1), fill=CHIP)
    inner = outer * 0.6
    draw.ellipse((outer - inner, outer - inner, outer + inner, outer + inner),
                 outline=CHIP_EDGE, width=max(s, outer // 6))
    mark = outer * 0.2
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        x, y = outer + dx * outer * 0.8, outer + dy * outer * 0.8
        draw.rectangle((x - mark, y - mark, x + mark, y + mark), fill=CHIP_EDGE)
    # The edge marks overhang the disc; trim them back to a circle.
    disc = Image.new("L", chip.size, 0)
    ImageDraw.Draw(disc).ellipse((0, 0, 2 * outer - 1, 2 * outer - 1), fill=255)
    flat = Image.new("RGB", chip.size, background)
    flat.paste(chip, (0, 0), disc)
    return flat.reduce(s)
