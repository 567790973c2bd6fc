"""``python -m bot.i18n compile``: every language's ``.po`` catalogue to the ``.mo`` file the bot
reads (Babel's compiler; make runs it before the bot or the tests start, the package build
compiles them into a wheel, and the bot compiles a missing or stale one when it starts)."""

from __future__ import annotations

import sys

from bot.i18n import LOCALE_DIR
from bot.i18n.compiler import compile_tree


def main(argv: list[str]) -> int:
    if argv != ["compile"]:
        print("usage: python -m bot.i18n compile", file=sys.stderr)
        return 2
    for written in compile_tree(LOCALE_DIR):
        print(f"compiled {written.relative_to(LOCALE_DIR)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
