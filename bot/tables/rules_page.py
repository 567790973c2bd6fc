"""The rules pages' text: written wrapped in source, shown as paragraphs."""

from __future__ import annotations

import re

PARAGRAPH_START = re.compile(r"\n(?![*-]|Strategy|Measured)")
"""A line break that is only wrapping: the next line opens no bold heading, list item, nor the
strategy or measured-figures paragraph."""


def reflow(text: str) -> str:
    """Join wrapped lines; keep a break before each heading, list item and figures paragraph."""
    return PARAGRAPH_START.sub(" ", text).strip()
