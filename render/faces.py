"""Card faces and the card back, drawn once with vector shapes and cached.

Everything is drawn at ``SUPERSAMPLE`` times the final size and downsampled once, which is
the anti-aliasing; scenes are then composed by pasting these cached images. Cached images
are shared: paste them, never draw on them.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.poker.cards import Card
from render.fonts import font
from render.suits import DRAW_SUIT, Colour
from render.text import pixel_box

CARD_WIDTH, CARD_HEIGHT = 100, 140
CARD_SIZE = (CARD_WIDTH, CARD_HEIGHT)
SUPERSAMPLE = 4
CORNER_RADIUS = 8
INDEX_CAP, INDEX_CENTRE, INDEX_WIDTH = 31, 19, 32
"""The corner index: its capitals' height, the centre of its column and its widest ("10")."""
INDEX_SIZE = round(INDEX_CAP / 0.72)
"""The index's em size (Roboto's capitals are 0.72 em): what the phone rule measures."""
READABLE_STEP = INDEX_CENTRE + INDEX_WIDTH // 2 + 1
"""Overlapping cards at least this far apart (left edge to left edge) show every index whole:
"Q5K322 10" runs together below it."""

PAPER: Colour = (252, 252, 249)
EDGE: Colour = (150, 150, 150)
INK: Colour = (24, 24, 28)
RED: Colour = (206, 22, 38)
BLUE: Colour = (22, 84, 200)
GREEN: Colour = (16, 134, 52)
COURT_TINT: Colour = (248, 236, 204)
COURT_FRAME: Colour = (196, 156, 62)
BACK_BLUE: Colour = (28, 62, 140)
BACK_LINE: Colour = (88, 128, 210)

TWO_COLOURS: dict[str, Colour] = {"c": INK, "d": RED, "h": RED, "s": INK}
FOUR_COLOURS: dict[str, Colour] = {"c": GREEN, "d": BLUE, "h": RED, "s": INK}

CardLike = Card | int | str
"""A card as plain data: ``Card``, its index 0..51, or text like ``"As"``."""


def suit_colour(suit: str, four_colour: bool = False) -> Colour:
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def card_face(card: CardLike, four_colour: bool = False) -> Image.Image:
    """The RGBA face of ``card`` (shared from the cache: do not draw on it)."""
    return _cached_face(int(Card(card)), four_colour)


@cache
def _cached_face(index: int, four_colour: bool) -> Image.Image:
    return draw_face(Card(index), four_colour)


@lru_cache(maxsize=1)
def card_back() -> Image.Image:
    """The RGBA back of every card (shared from the cache: do not draw on it)."""
    return draw_back()


def warm_cache() -> None:
    """Draw every face in both colour schemes and the back, e.g. at start-up in an executor."""
    for index in range(52):
        _cached_face(index, False)
        _cached_face(index, True)
    card_back()


def clear_cache() -> None:
    """Forget the drawn faces (benchmarks measure the cold draw with this)."""
    _cached_face.cache_clear()
    card_back.cache_clear()


def draw_face(card: Card, four_colour: bool) -> Image.Image:
    """Draw one face from scratch, uncached."""
    s = SUPERSAMPLE
    image, draw = _blank_card()
    colour = suit_colour(card.suit, four_colour)
    draw_suit = DRAW_SUIT[card.suit]
    if card.rank in (11, 12, 13):
        # Court cards get a tinted panel so J, Q and K stand apart from the numbers at a glance.
        draw.rounded_rectangle((36 * s, 50 * s, 93 * s, 133 * s), radius=5 * s,
                               fill=COURT_TINT, outline=COURT_FRAME, width=2 * s)
        draw_suit(draw, 64.5 * s, 91.5 * s, 46 * s, colour)
    elif card.rank == 14:
        draw_suit(draw, 62 * s, 90 * s, 68 * s, colour)
    else:
        draw_suit(draw, 62 * s, 92 * s, 56 * s, colour)
    _draw_index(image, draw, card, colour)
    return _downsample(image)


def _draw_index(image: Image.Image, draw: ImageDraw.ImageDraw, card: Card,
                colour: Colour) -> None:
    # A large corner index: on the table cards overlap and only this corner stays visible.
    s = SUPERSAMPLE
    label = "10" if card.rank == 10 else card.rank_char
    mask = _text_mask(label, cap_height=INDEX_CAP * s, max_width=INDEX_WIDTH * s)
    centre_x, top = INDEX_CENTRE * s, 8 * s
    image.paste(colour, (centre_x - mask.width // 2, top), mask)
    DRAW_SUIT[card.suit](draw, centre_x, 56 * s, 22 * s, colour)


def _text_mask(text: str, cap_height: int, max_width: int) -> Image.Image:
    # Drawn alone so it can be squeezed sideways: "10" would not fit the corner otherwise.
    typeface = font(round(cap_height / 0.72))  # INDEX_SIZE at 1x
    weight = max(1, cap_height // 14)
    left, top, right, bottom = pixel_box(typeface.getbbox(text, anchor="lt",
                                                          stroke_width=weight))
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=typeface, anchor="lt",
                              stroke_width=weight, stroke_fill=255)
    if mask.width > max_width:
        mask = mask.resize((max_width, mask.height), Image.Resampling.LANCZOS)
    return mask


def draw_back() -> Image.Image:
    """Draw the card back from scratch, uncached: a blue lattice inside a white border."""
    s = SUPERSAMPLE
    image, draw = _blank_card()
    inset = 6 * s
    panel = (inset, inset, CARD_WIDTH * s - inset - 1, CARD_HEIGHT * s - inset - 1)
    draw.rounded_rectangle(panel, radius=4 * s, fill=BACK_BLUE)
    lattice = Image.new("RGBA", image.size, (0, 0, 0, 0))
    lattice_draw = ImageDraw.Draw(lattice)
    step = 12 * s
    span = CARD_WIDTH * s + CARD_HEIGHT * s
    for offset in range(-span, span, step):
        lattice_draw.line((offset, 0, offset + span, span), fill=BACK_LINE, width=s * 3 // 2)
        lattice_draw.line((offset, span, offset + span, 0), fill=BACK_LINE, width=s * 3 // 2)
    # Clip the lattice to the panel so the white border stays clean.
    clip = Image.new("L", image.size, 0)
    ImageDraw.Draw(clip).rounded_rectangle(panel, radius=4 * s, fill=255)
    image.paste(lattice, (0, 0), Image.composite(lattice.getchannel("A"), clip, clip))
    inner = (inset + 5 * s, inset + 5 * s, panel[2] - 5 * s, panel[3] - 5 * s)
    draw.rounded_rectangle(inner, radius=3 * s, outline=PAPER, width=s * 3 // 2)
    return _downsample(image)


def _blank_card() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = _blank_card_master().copy()
    return image, ImageDraw.Draw(image)


@lru_cache(maxsize=1)
def _blank_card_master() -> Image.Image:
    # The rounded outline is the slowest shape to draw; every face starts from one copy of it.
    s = SUPERSAMPLE
    image = Image.new("RGBA", (CARD_WIDTH * s, CARD_HEIGHT * s), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, CARD_WIDTH * s - 1, CARD_HEIGHT * s - 1),
        radius=CORNER_RADIUS * s, fill=PAPER, outline=EDGE, width=s,
    )
    return image


def _downsample(image: Image.Image) -> Image.Image:
    # The only resize: averaging each 4x4 block is the anti-aliasing (and far cheaper than
    # a Lanczos resize, with no ringing around the ink).
    return image.reduce(SUPERSAMPLE)
