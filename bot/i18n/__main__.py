"""``python -m bot.i18n compile``: every language's ``.po`` catalogue to the ``.mo`` file the bot
reads (Babel's compiler; make runs it before the bot or the tests start)."""

from __future__ import annotations

import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, SOURCE_LANGUAGE, catalogue_path


def compile_catalogues() -> list[str]:
    """Compile every translated language; the languages compiled."""
    compiled = []
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        with catalogue_path(language, ".po").open("rb") as source:
            catalogue = read_po(source, locale=language)
        with catalogue_path(language, ".mo").open("wb") as target:
            write_mo(target, catalogue)
        compiled.append(f"{language}: {len(catalogue)} messages")
    return compiled


def main(argv: list[str]) -> int:
    if argv != ["compile"]:
        print("usage: python -m bot.i18n compile", file=sys.stderr)
        return 2
    for line in compile_catalogues():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
