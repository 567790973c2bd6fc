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
from typing import Any, Literal

from bot.i18n import N_, Command, Text, Words

ButtonStyle = Literal["primary", "secondary", "success", "danger"]
Place = Literal["table", "private"]


@dataclass(frozen=True)
class Wording:
    """One action as players meet it: ``command``, the subcommand's English name under the
    game's group (None: buttons only), and ``button``, its label's catalogue text (None: a
    command only), with how the button looks (``style``), the row it goes on and where it is:
    under the table message whenever the round offers the move, or only under a player's own
    cards (``place="private"``; ``menu``: the table button that opens that player's menu)."""

    command: str | None = None
    button: str | None = None
    style: ButtonStyle = "secondary"
    row: int = 0
    place: Place = "table"
    menu: str | None = None
    sizes: tuple[int, ...] = (1,)
    """A bet's buttons, in table minimums (within the maximum): the Ante has a bigger one too."""
    unit: str | None = None
    """The table option its sizes count in instead of the table minimum (the boxed games'
    Bonus: ``smallest_chip``)."""
    instead_of: str | None = None
    """A private button shown only when this action's is not offered (Confirm foul stands in
    for Confirm on a fouled hand)."""


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


MY_CARDS = Wording(button=N_("My cards"), style="primary", row=1)
RULES = Wording(command="rules")
TABLE_COMMANDS: Mapping[str, Wording] = {
    "rules": RULES, "buyin": Wording("buyin"), "leave": Wording("leave"), "stack": Wording("stack")}
"""The commands of the table itself (a stack-funded game's buy-in, stack and leave)."""

BETTING: Mapping[str, Wording] = {
    "ante": Wording("ante", N_("Ante {amount}"), "primary", sizes=(1, 5)),
    "rebet": Wording("rebet", N_("Rebet"), row=1),
    "undo": Wording("undo", N_("Undo"), row=1),
    "clear": Wording("clear", N_("Clear"), "danger", 1),
    "fold": Wording("fold", N_("Fold"), "danger"),
    "cards": MY_CARDS,
    "rules": RULES,
}
"""The actions the dealer games share, each named the same in all of them."""

UTH = Vocabulary("uth", {
    **BETTING,
    "clear": Wording(button=N_("Clear"), style="danger", row=1),
    "trips": Wording("trips", N_("Trips {amount}")),
    "double": Wording("double", N_("Double"), row=1),
    "raise": Wording("raise", N_("Raise {times}x"), "success"),
    "check": Wording("check", N_("Check")),
})

THREE_CARD = Vocabulary("threecard", {
    **BETTING,
    "pairplus": Wording("pairplus", N_("Pair Plus {amount}")),
    "play": Wording("play", N_("Play"), "success"),
})

BOXED: Mapping[str, Wording] = {
    **BETTING,
    "clear": Wording(button=N_("Clear"), style="danger", row=2),
    "rebet": Wording("rebet", N_("Rebet"), row=2),
    "undo": Wording("undo", N_("Undo"), row=2),
    "ante": Wording("ante", N_("Box {box}: Ante {amount}"), "primary"),
    "bonus": Wording("bonus", N_("Box {box}: Bonus {amount}"), row=1, unit="smallest_chip"),
    "open": Wording("open"),
    "bet": Wording("bet", N_("Bet"), "success"),
    "buy": Wording("buy", N_("Buy"), "primary"),
    "insure": Wording("insurance"),
    "exchange": Wording("exchange", N_("Exchange box {box}")),
    "goon": Wording("goon", N_("Go on"), "success"),
}
"""2 Plus 4's and Imperial's actions (the boxed games)."""

TWO_PLUS_FOUR = Vocabulary("twoplusfour", BOXED)

IMPERIAL = Vocabulary("imperial", {
    **BOXED,
    "draw": Wording("draw", N_("Draw"), place="private", menu="pick"),
    "pick": Wording(button=N_("Draw cards"), style="primary"),
})
"""``draw`` is the button under the card menu; ``pick`` opens that menu (the table's button)."""

HIGH_CARD_FLUSH = Vocabulary("hcf", {
    **{action: wording for action, wording in BETTING.items() if action != "undo"},
    "ante": Wording("ante", N_("Ante {amount}"), "primary", 1, sizes=(1, 5)),
    "rebet": Wording("rebet", N_("Rebet"), row=2),
    "clear": Wording("clear", N_("Clear"), "danger", 2),
    "start": Wording("deal", N_("Deal next hand"), "success"),
    "accept": Wording("bank", N_("Accept bank"), "success"),
    "decline": Wording("bank", N_("Decline bank"), "danger"),
    "straight_flush": Wording("bonus", N_("SF bonus {amount}"), row=1),
    "flush": Wording("bonus", N_("Flush bonus {amount}"), row=1),
    "raise": Wording("raise", N_("Raise {times}x"), "success"),
    **TABLE_COMMANDS,
})
"""The two bonuses are two buttons of one action (``bonus``) and one command."""

CHINESE = Vocabulary("chinese", {
    "deal": Wording("deal", N_("Deal"), "success"),
    "cards": Wording("hand", N_("Set my hand"), "primary"),
    "set": Wording("set"),
    "front": Wording(place="private"),
    "middle": Wording(place="private"),
    "auto": Wording("auto", N_("Auto-arrange"), row=2, place="private"),
    "confirm": Wording("confirm", N_("Confirm"), "success", 2, place="private"),
    "confirmfoul": Wording("confirm", N_("Confirm foul"), "danger", 2, place="private", instead_of="confirm"),
    "declare": Wording("declare", N_("Declare {natural}"), "primary", 2, place="private"),
    **TABLE_COMMANDS,
})
