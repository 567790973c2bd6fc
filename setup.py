"""The package build compiles the gettext catalogues into the wheel (``bot/i18n/locale/*/
LC_MESSAGES/*.mo``), so a bot installed with ``pip install .`` or from a wheel starts with its
German texts without ``make``. Everything else is declared in pyproject.toml."""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
LOCALE = Path("bot", "i18n", "locale")


def _compiler():  # the compiler module alone: the bot's own dependencies are not installed here
    spec = importlib.util.spec_from_file_location("catalogue_compiler", HERE / "bot/i18n/compiler.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        super().run()
        _compiler().compile_tree(HERE / LOCALE, into=Path(self.build_lib) / LOCALE)


setup(cmdclass={"build_py": BuildWithCatalogues})
