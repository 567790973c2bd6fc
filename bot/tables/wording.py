"""What players call each action of a game: its slash command and its button, in one place.

Every game declares one :class:`Vocabulary`, given to its declaration in :mod:`bot.catalog`:
for each action the subcommand that does it (its English name; the catalogue gives the other
languages, in the context "command", which the command sync sends Discord) and its button's
label (a catalogue text). The adapters label their buttons from it, and a text that tells a
player what to press or type takes the label or the command from it, so a German reader is
told to press exactly the button they see and to type a command their client lists. The
reply to an action names it by the engine's record, whose catalogue text uses the same word.
tests/test_wording.py holds every language to one word per action (a button's label carries
its command's name) and every command named here to one the game's cog declares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import N_, Command, Text, Words


@dataclass(frozen=True)
class Wording:
    """One action as players meet it: ``command``, the subcommand's English name under the
    game's group (None: buttons only), and ``button``, its label's catalogue text (None: a
    command only)."""

    command: str | None = None
    button: str | None = None


@dataclass(frozen=True)
class Vocabulary:
    """A game's actions by name ("raise"), as :class:`Wording`; ``game`` is its command group."""

    game: str
    actions: Mapping[str, Wording]

    def button(self, w: Words, action: str, /, **values: Any) -> str:
        """The label of ``action``'s button for this reader: ``w`` of its catalogue text."""
        return w(self._button(action), **values)

    def label(self, action: str, /, **values: Any) -> Text:
        """The label of ``action``'s button, for a text that tells a reader to press it."""
        return Text(self._button(action), **values)

    def command(self, action: str, /, **options: Any) -> Command:
        """``action``'s slash command ("/hcf deal"), for a text that tells a reader to type it."""
        return Command(f"{self.game} {self.name(action)}", **options)

    def name(self, action: str) -> str:
        """The English name of ``action``'s subcommand, as the cog declares it."""
        name = self.actions[action].command
        if name is None:
            raise KeyError(f"{self.game} has no command for {action!r}")
        return name

    def references(self) -> dict[str, Command | Text]:
        """Every command and every plain button label, for a long text (a rules page) to name
        them: ``{draw_command}`` ("/imperial draw"), ``{goon_button}`` ("Go on")."""
        named: dict[str, Command | Text] = {}
        for action, wording in self.actions.items():
            if wording.command is not None:
                named[f"{action}_command"] = Command(f"{self.game} {wording.command}")
            if wording.button is not None and "{" not in wording.button:
                named[f"{action}_button"] = Text(wording.button)
        return named

    def _button(self, action: str) -> str:
        button = self.actions[action].button
        if button is None:
            raise KeyError(f"{self.game} has no button for {action!r}")
        return button


MY_CARDS = Wording(button=N_("My cards"))
RULES = Wording(command="rules")
TABLE_COMMANDS: Mapping[str, Wording] = {
    "rules": RULES, "buyin": Wording("buyin"), "leave": Wording("leave"), "stack": Wording("stack")}
"""The commands of the table itself (a stack-funded game's buy-in, stack and leave)."""

BETTING: Mapping[str, Wording] = {
    "ante": Wording("ante", N_("Ante {amount}")),
    "rebet": Wording("rebet", N_("Rebet")),
    "undo": Wording("undo", N_("Undo")),
    "clear": Wording("clear", N_("Clear")),
    "fold": Wording("fold", N_("Fold")),
    "cards": MY_CARDS,
    "rules": RULES,
}
"""The actions the dealer games share, each named the same in all of them."""

UTH = Vocabulary("uth", {
    **BETTING,
    "clear": Wording(button=N_("Clear")),
    "trips": Wording("trips", N_("Trips {amount}")),
    "double": Wording("double", N_("Double")),
    "raise": Wording("raise", N_("Raise {times}x")),
    "check": Wording("check", N_("Check")),
})

THREE_CARD = Vocabulary("threecard", {
    **BETTING,
    "pairplus": Wording("pairplus", N_("Pair Plus {amount}")),
    "play": Wording("play", N_("Play")),
})

BOXED: Mapping[str, Wording] = {
    **BETTING,
    "clear": Wording(button=N_("Clear")),
    "ante": Wording("ante", N_("Box {box}: Ante {amount}")),
    "bonus": Wording("bonus", N_("Box {box}: Bonus {amount}")),
    "open": Wording("open"),
    "buy": Wording("buy", N_("Buy")),
    "bet": Wording("bet", N_("Bet")),
    "insure": Wording("insurance"),
    "exchange": Wording("exchange", N_("Exchange box {box}")),
    "goon": Wording("goon", N_("Go on")),
}
"""2 Plus 4's and Imperial's actions (the boxed games)."""

TWO_PLUS_FOUR = Vocabulary("twoplusfour", BOXED)

IMPERIAL = Vocabulary("imperial", {
    **BOXED,
    "draw": Wording("draw", N_("Draw")),
    "pick": Wording(button=N_("Draw cards")),
})
"""``draw`` is the button under the card menu; ``pick`` opens that menu (the table's button)."""

HIGH_CARD_FLUSH = Vocabulary("hcf", {
    **{action: wording for action, wording in BETTING.items() if action != "undo"},
    "start": Wording("deal", N_("Deal next hand")),
    "accept": Wording("bank", N_("Accept bank")),
    "decline": Wording("bank", N_("Decline bank")),
    "straight_flush": Wording("bonus", N_("SF bonus {amount}")),
    "flush": Wording("bonus", N_("Flush bonus {amount}")),
    "raise": Wording("raise", N_("Raise {times}x")),
    **TABLE_COMMANDS,
})
"""The two bonuses are two buttons of one action (``bonus``) and one command."""

CHINESE = Vocabulary("chinese", {
    "deal": Wording("deal", N_("Deal")),
    "cards": Wording("hand", N_("Set my hand")),
    "set": Wording("set"),
    "auto": Wording("auto", N_("Auto-arrange")),
    "confirm": Wording("confirm", N_("Confirm")),
    "confirmfoul": Wording("confirm", N_("Confirm foul")),
    "declare": Wording("declare", N_("Declare {natural}")),
    **TABLE_COMMANDS,
})
