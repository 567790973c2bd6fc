"""Colours shared by the composed images (the card faces keep theirs in faces.py)."""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKDROP: Colour = (43, 45, 49)        # Discord's dark message background, so edges vanish
RAIL: Colour = (86, 52, 30)
RAIL_EDGE: Colour = (58, 34, 20)
FELT: Colour = (24, 106, 60)
FELT_LINE: Colour = (64, 146, 96)
SEAT_PANEL: Colour = (16, 82, 46)
ACTIVE_FRAME: Colour = (244, 200, 66)
HIGHLIGHT: Colour = (255, 206, 58)
TEXT: Colour = (246, 246, 240)
MUTED_TEXT: Colour = (178, 214, 190)
BET_TEXT: Colour = (255, 222, 120)
CHIP: Colour = (196, 36, 44)
CHIP_EDGE: Colour = (250, 250, 246)
