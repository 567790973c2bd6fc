"""What the code says to players, read from its source: the catalogue texts it uses, and any
English prose it would show without the catalogue.

Conventions the reading relies on (docs in bot/i18n): a reader's :class:`bot.i18n.Words` is
called ``w`` (or ``public`` for the server's) and is called with the English text itself,
``w("... {n} ...", n=3)`` or ``w.plural(singular, plural, count)``; ``UserError("...", **values)``
and ``N_("...")`` take catalogue texts too.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS_CALLS = {"w", "public", "N_", "Text", "StaleAction", "AlreadyApplied"}
"""Calls whose first argument is a catalogue text; so is a refusal's (any ``...Error`` of the
bot's own, and ``super().__init__`` in one), which the reader reads in their language."""
LOGGING = {"debug", "info", "warning", "error", "exception"}
RECORDS = {"reason", "description", "rules_description"}
PROGRAMMING_ERRORS = {"TypeError", "ValueError", "RuntimeError", "KeyError", "NotImplementedError",
                      "AssertionError"}
RECORD_CALLS = {"Movement", "Stake", "verify_saved"}
"""Calls whose texts are records for the books (a ledger entry's reason) or a developer's check."""
NOT_PROSE = "not prose"
"""A line whose comment ends with this holds words that are no message (a command line, a saved value,
a proper name)."""
"""Keyword arguments whose text is no message of the code's: a record for the books (a ledger
entry's reason), or a command's description (the command translator's, checked with the commands)."""
PROSE = re.compile(r"[A-Za-z]{2,}[,.:;!?']? [A-Za-z]")
"""Two words: text a person reads (identifiers, ids, patterns and single words do not match)."""


def catalogue_texts(path: Path) -> Iterator[tuple[str, ...]]:
    """Each catalogue text a module uses: ``(text,)`` or ``(singular, plural)``."""
    for call in _calls(ast.parse(path.read_text())):
        if _is_words_call(call) and call.args[0].value:  # type: ignore[attr-defined]  # "" is no text
            yield (call.args[0].value,)  # type: ignore[attr-defined]  # checked by _is_words_call
        elif _is_plural_call(call):
            yield (call.args[0].value, call.args[1].value)  # type: ignore[attr-defined]


def uncatalogued_prose(path: Path) -> list[str]:
    """English sentences in a module that reach players without the catalogue: string literals
    and f-strings outside a catalogue call, a docstring, a log line or a command declaration."""
    source = path.read_text()
    tree = ast.parse(source)
    marked = {number for number, line in enumerate(source.splitlines(), 1)
              if "#" in line and line.rstrip().endswith(NOT_PROSE)}
    allowed = set()
    for node in ast.walk(tree):
        called = getattr(node, "func", None)
        if isinstance(node, ast.Call) and getattr(called, "id", getattr(called, "attr", "")) in RECORD_CALLS:
            allowed |= {id(inner) for argument in node.args for inner in ast.walk(argument)}
        if isinstance(node, ast.Dict):  # keys name things; the values may be prose
            allowed |= {id(key) for key in node.keys if key is not None}
        if isinstance(node, ast.Subscript):
            allowed.add(id(node.slice))
        if isinstance(node, ast.Call) and (_is_words_call(node) or _is_plural_call(node)
                                           or _is_log_call(node)):
            allowed |= {id(inner) for argument in node.args for inner in ast.walk(argument)}
        if isinstance(node, ast.Raise) and _raises_a_programming_error(node) or isinstance(node, ast.Assert):
            allowed |= {id(inner) for inner in ast.walk(node)}  # for developers, not players
        if isinstance(node, ast.Assign) and any(isinstance(target, ast.Attribute) and target.attr in RECORDS
                                                for target in node.targets):
            allowed |= {id(inner) for inner in ast.walk(node.value)}
        if isinstance(node, ast.keyword) and node.arg in RECORDS:
            allowed |= {id(inner) for inner in ast.walk(node.value)}
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            allowed |= {id(inner) for decorator in node.decorator_list for inner in ast.walk(decorator)}
        if isinstance(node, ast.Call) and _names_a_command(node):
            allowed |= {id(inner) for inner in ast.walk(node)}
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            allowed.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            allowed.add(id(node.value))  # an attribute's docstring
    found = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if getattr(node, "lineno", None) in marked:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and PROSE.search(node.value):
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.JoinedStr):
            text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
            if PROSE.search(text):
                found.append(f"{path.name}:{node.lineno}: f{text!r}")
                allowed |= {id(part) for part in node.values}
    return found


def _raises_a_programming_error(node: ast.Raise) -> bool:
    """A built-in exception: a player never reads it (they get the "something went wrong" reply)."""
    call = node.exc
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id in PROGRAMMING_ERRORS)


def _calls(tree: ast.AST) -> Iterator[ast.Call]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.Call))


def _literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_words_call(call: ast.Call) -> bool:
    return bool(call.args) and _literal(call.args[0]) and (_is_refusal(call.func) or (
        isinstance(call.func, ast.Name) and call.func.id in WORDS_CALLS))


def _is_refusal(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id.endswith("Error") and not hasattr(builtins, func.id)
    return (isinstance(func, ast.Attribute) and func.attr == "__init__" and isinstance(func.value, ast.Call)
            and getattr(func.value.func, "id", "") == "super")


def _is_plural_call(call: ast.Call) -> bool:
    return (isinstance(call.func, ast.Attribute) and call.func.attr == "plural" and len(call.args) >= 2
            and _literal(call.args[0]) and _literal(call.args[1]))


def _is_log_call(call: ast.Call) -> bool:
    return (isinstance(call.func, ast.Attribute) and call.func.attr in LOGGING
            and isinstance(call.func.value, ast.Name) and call.func.value.id in {"log", "logging"})


def _names_a_command(call: ast.Call) -> bool:
    """``app_commands.Group(...)``/``Command(...)``/``Choice(...)`` and a table ``option(...)``
    (a ``/table`` slash option's description): their texts go through the command translator;
    so do the names in ``bot.i18n.Command("table open")``, a command named in a text."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    return name in {"Group", "Command", "Choice", "option"}
