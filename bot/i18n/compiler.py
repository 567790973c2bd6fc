"""The gettext catalogues compiled from their ``.po`` sources (Babel's compiler).

Kept free of the rest of the bot so the package build (``setup.py``) can load it on its own:
a wheel, ``pip install .`` and ``make`` all ship the same compiled catalogue, and a checkout
whose ``.mo`` is missing or older than its ``.po`` compiles it when the bot starts.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def compiled(source: Path, language: str) -> bytes:
    """The ``.mo`` bytes of the ``.po`` catalogue at ``source``."""
    with source.open("rb") as po:
        catalogue = read_po(po, locale=language)
    target = io.BytesIO()
    write_mo(target, catalogue)
    return target.getvalue()


def is_stale(source: Path, target: Path) -> bool:
    """``target`` (a ``.mo``) is missing or older than its ``source`` (a ``.po``)."""
    return not target.exists() or target.stat().st_mtime < source.stat().st_mtime


def compile_tree(locale_dir: Path, into: Path | None = None) -> list[Path]:
    """Every ``<language>/LC_MESSAGES/*.po`` under ``locale_dir`` compiled beside it (or at the
    same place under ``into``); the ``.mo`` files written."""
    written = []
    for source in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        target = (into or locale_dir) / source.relative_to(locale_dir).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(compiled(source, language=source.parent.parent.name))
        written.append(target)
    return written
